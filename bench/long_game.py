"""Build long, valid game logs for the resume and memory figures.

The log is a Glory to Rome evening played with the Laborer over and over (lead, follow,
one action each): every action is one the reducer checks and folds like any other.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

from companion.games.base import Action, PlayerInfo
from companion.games.glory_to_rome import RULES, GloryState
from companion.log.folding import SNAPSHOT_EVERY, snapshot_code
from companion.log.session import GameSession
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2),
           PlayerInfo("Julia", "green", 3), PlayerInfo("Gaius", "yellow", 4))


def next_action(state: GloryState) -> Action:
    """The next move of the Laborer-only evening."""
    player = RULES.current_player(state)
    payload: dict[str, Any] = {}
    if state.phase == "lead":
        kind, payload = "lead", {"role": "laborer"}
    elif state.phase == "follow":
        kind = "follow"
    else:
        kind = "act"
    return Action(kind, payload, player, at=0.0)


def build_store(data_dir: Path, actions: int) -> None:
    """A store in ``data_dir`` holding one unfinished game of ``actions`` actions.

    The log and its snapshots are what playing the evening leaves behind, written in one
    transaction: building the fixture is not what is measured.
    """
    store = Store.open(data_dir)
    session = GameSession.create(store, "glory-to-rome", PLAYERS)
    state = session.state
    rows = []
    for seq in range(1, actions + 1):
        action = next_action(state)
        state = RULES.apply(state, action)
        rows.append((session.game_id, seq, "do", json.dumps(action.to_json())))
        if seq % SNAPSHOT_EVERY == 0:
            store.save_snapshot(session.game_id, seq, seq, pickle.dumps(state),
                                code=snapshot_code())
    with store._writing() as db:
        db.executemany("INSERT INTO log VALUES (?, ?, ?, ?)", rows)
    store.close()


def build_history(data_dir: Path, rows: int, per_game: int = 200) -> None:
    """A store whose history holds ``rows`` log rows in finished games, as evenings leave it.

    Every finished game of ``per_game`` moves keeps its log, one time-on-turn stretch a
    move, its last snapshots and its scores; then one unfinished game with no moves, so the
    home screen is the one :func:`build_store` with no moves shows.
    """
    from companion.games.base import PlayerScore, ScoreResult
    from companion.log.entries import LogEntry

    store = Store.open(data_dir)
    result = ScoreResult(tuple(PlayerScore(p.name, 10 - i, {"vp": 10 - i})
                               for i, p in enumerate(PLAYERS)), (PLAYERS[0].name,)).to_json()
    state = RULES.setup(PLAYERS, RULES.default_options())
    moves, snapshots = [], []
    for seq in range(1, per_game + 1):  # every game the same evening: folded once
        action = next_action(state)
        state = RULES.apply(state, action)
        moves.append((seq, action))
        if seq % SNAPSHOT_EVERY == 0:
            snapshots.append((seq, pickle.dumps(state)))
    started = 1.7e9
    for _game in range(max(1, rows // per_game)):
        entries = [LogEntry("do", action, seq) for seq, action in moves]
        times = [(action.player or 0, started + seq * 30, started + seq * 30 + 25)
                 for seq, action in moves]
        game_id = store.import_game("glory-to-rome", PLAYERS, {}, started,
                                    started + per_game * 30, result, entries, times)
        for applied, pickled in snapshots[-3:]:
            store.save_snapshot(game_id, applied, applied, pickled, code=snapshot_code())
        started += 86_400
    store.close()
    build_store(data_dir, 0)
