"""Resume and snapshots at their edges: the app's snapshots, a redo with nothing to redo,
a snapshot that no longer matches the log."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from companion.games.base import Action, PlayerInfo
from companion.log.entries import LogEntry
from companion.log.folding import effective_actions, snapshot_code
from companion.log.session import GameSession
from companion.log.store import Store
from companion.ui.app_loop import App

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def _add(amount: int) -> LogEntry:
    return LogEntry("do", Action("add", {"amount": amount}))


def test_the_apps_log_writer_saves_snapshots_at_their_log_entry(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Moves made through the app (its writer thread) leave a snapshot every SNAPSHOT_EVERY
    moves, stamped with the log entry it follows, and a resume starts from it."""
    monkeypatch.setattr("companion.log.folding.SNAPSHOT_EVERY", 3)
    app = counter_app
    session = app.session
    assert session is not None
    for amount in (1, 2, 3, 1):
        assert app.dispatch("add", {"amount": amount})
        app.settle()
    assert app.moves.writer.drain()
    store = app.store
    snapshots = store.snapshots(session.game_id, snapshot_code())
    assert [(applied, origin) for applied, origin, _state in snapshots] == [(3, 3)]
    assert pickle.loads(snapshots[0][2]).tallies == (4, 2)
    read_from: list[int] = []
    real = store.log_from

    def log_from(game_id: int, seq: int) -> list[LogEntry]:
        read_from.append(seq)
        return real(game_id, seq)

    monkeypatch.setattr(store, "log_from", log_from)
    resumed = GameSession(store, store.game(session.game_id))
    assert resumed.state.tallies == (4, 3) and read_from == [4]  # from the snapshot on


@pytest.mark.parametrize("tail", [["redo"], ["undo", "redo", "redo"], ["redo", "redo"]])
def test_a_log_ending_in_a_redo_with_nothing_to_redo_resumes(tmp_path: Path, counter_game: str,
                                                             tail: list[str]) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game(counter_game, PLAYERS, {})
    for entry in (_add(1), _add(2), *(LogEntry(kind) for kind in tail)):
        store.append(game_id, entry)
    actions, cursor = effective_actions(store.log(game_id))
    assert (len(actions), cursor) == (2, 2)
    store.close()
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None and resumed.replay_notice is None
    assert resumed.state.tallies == (1, 2)
    assert resumed.can_undo and not resumed.can_redo
    resumed.undo()
    assert resumed.state.tallies == (1, 0) and resumed.can_redo
    resumed.redo()
    assert resumed.state.tallies == (1, 2)


def test_a_snapshot_that_disagrees_with_the_log_is_not_used(tmp_path: Path,
                                                            counter_game: str) -> None:
    """A snapshot after move 3 whose move 3 was since undone and replaced: the log says
    otherwise, so the state is folded from the log and the snapshot left alone."""
    store = Store.open(tmp_path)
    session = GameSession.create(store, counter_game, PLAYERS)
    for amount in (1, 1, 3):
        session.dispatch("add", {"amount": amount})
    stale = pickle.dumps(session.state)
    store.save_snapshot(session.game_id, 3, 3, stale, code=snapshot_code())
    session.undo()
    session.dispatch("add", {"amount": 2})  # log: add add add undo add -> seq 5 is move 3
    assert session.state.tallies == (3, 1)
    store.close()
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None
    assert resumed.state.tallies == (3, 1), "the stale snapshot (4, 1) was taken for the log"


def test_a_snapshot_that_cannot_be_read_is_passed_over(tmp_path: Path,
                                                       counter_game: str) -> None:
    store = Store.open(tmp_path)
    session = GameSession.create(store, counter_game, PLAYERS)
    for amount in (1, 2, 3):
        session.dispatch("add", {"amount": amount})
    store.save_snapshot(session.game_id, 3, 3, b"not a pickle", code=snapshot_code())
    store.close()
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None and resumed.state.tallies == (4, 2)
