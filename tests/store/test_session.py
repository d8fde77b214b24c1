from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.base import Action, PlayerInfo, Rejected
from companion.log.entries import LogEntry, StoreError
from companion.log.folding import effective_actions, snapshot_code
from companion.log.session import GameSession
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def new_session(tmp_path: Path, game: str) -> tuple[Store, GameSession]:
    store = Store.open(tmp_path)
    return store, GameSession.create(store, game, PLAYERS)


def test_actions_fold_into_state(tmp_path: Path, counter_game: str) -> None:
    _store, session = new_session(tmp_path, counter_game)
    session.dispatch("add", {"amount": 2})
    session.dispatch("add", {"amount": 3})
    session.dispatch("add", {"amount": 1})
    assert session.state.tallies == (3, 3)
    assert session.rules.current_player(session.state) == 1


def test_refused_action_writes_nothing(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    session.dispatch("add", {"amount": 2})
    with pytest.raises(Rejected, match="add 1 to 3"):
        session.dispatch("add", {"amount": 9})
    assert len(store.log(session.game_id)) == 1
    assert session.state.tallies == (2, 0)


def test_undo_redo_and_new_action_discards_tail(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    for amount in (1, 2, 3):
        session.dispatch("add", {"amount": amount})
    third = session.actions[2]
    assert session.undo() == third
    assert session.state.tallies == (1, 2)
    session.undo()
    assert session.state.tallies == (1, 0)
    assert session.can_redo
    session.redo()
    assert session.state.tallies == (1, 2)
    session.dispatch("add", {"amount": 1})  # discards the undone "3"
    assert not session.can_redo
    assert session.state.tallies == (2, 2)
    assert [a.payload["amount"] for a in session.actions] == [1, 2, 1]
    # the log keeps all of it: four actions, two undos, one redo
    kinds = [entry.kind for entry in store.log(session.game_id)]
    assert kinds == ["do", "do", "do", "undo", "undo", "redo", "do"]


def test_undo_at_start_and_redo_at_end_do_nothing(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    assert session.undo() is None
    session.dispatch("add", {"amount": 1})
    assert session.redo() is None
    assert len(store.log(session.game_id)) == 1


def test_resume_comes_back_exactly(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    for amount in (1, 2, 3, 1):
        session.dispatch("add", {"amount": amount})
    session.undo()
    before, cursor_actions = session.state, session.actions
    store.close()

    reopened = Store.open(tmp_path)
    resumed = GameSession.resume(reopened)
    assert resumed is not None
    assert resumed.state == before
    assert resumed.actions == cursor_actions
    assert resumed.can_redo
    resumed.redo()
    assert resumed.state.tallies == (4, 3)


def test_finished_game_is_history_not_resumed(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    session.dispatch("add", {"amount": 2})
    session.dispatch("end")
    result = session.rules.final_score(session.state, {"0.bonus": 0, "1.bonus": 5})
    session.finish(result)
    assert GameSession.resume(store) is None
    history = store.finished_games()
    assert [g.id for g in history] == [session.game_id]
    assert history[0].result is not None
    assert history[0].result["winners"] == ["Marcus"]


def test_abandoned_game_is_not_offered(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    session.abandon()
    assert GameSession.resume(store) is None
    assert store.finished_games() == []


@pytest.mark.parametrize(
    "players, message",
    [
        ((PlayerInfo("Livia", "red", 1),), "2 to 5 players"),
        (PLAYERS + (PlayerInfo("livia", "green", 3),), "same name"),
        ((PlayerInfo("A", "red", 1), PlayerInfo("B", "red", 2)), "same colour"),
        ((PlayerInfo("A", "red", 1), PlayerInfo("B", "blue", 1)), "same seat"),
        ((PlayerInfo("A", "red", 1), PlayerInfo(" ", "blue", 2)), "needs a name"),
    ],
)
def test_bad_tables_are_refused_before_writing(tmp_path: Path, counter_game: str,
                                               players: tuple[PlayerInfo, ...],
                                               message: str) -> None:
    store = Store.open(tmp_path)
    with pytest.raises(Rejected, match=message):
        GameSession.create(store, counter_game, players)
    assert store.unfinished_game() is None


def test_full_disk_is_reported_and_loses_nothing(tmp_path: Path, counter_game: str) -> None:
    store, session = new_session(tmp_path, counter_game)
    session.dispatch("add", {"amount": 1})
    page_count = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {page_count}")
    with pytest.raises(StoreError, match="storage is full"):
        for _ in range(2000):
            session.dispatch("add", {"amount": 1})
    acknowledged = list(session.actions)
    store.close()
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None
    assert resumed.actions == acknowledged


actions_strategy = st.lists(st.one_of(
    st.tuples(st.just("do"), st.integers(1, 3)),
    st.tuples(st.sampled_from(["undo", "redo"]), st.just(0)),
), max_size=40)


@given(actions_strategy)
def test_effective_actions_match_a_cursor_model(steps: list[tuple[str, int]]) -> None:
    entries: list[LogEntry] = []
    model: list[int] = []
    cursor = 0
    for kind, amount in steps:
        if kind == "do":
            entries.append(LogEntry("do", Action("add", {"amount": amount}, at=0.0)))
            model = model[:cursor] + [amount]
            cursor += 1
        elif kind == "undo":
            entries.append(LogEntry("undo"))
            cursor = max(0, cursor - 1)
        else:
            entries.append(LogEntry("redo"))
            cursor = min(len(model), cursor + 1)
    actions, got_cursor = effective_actions(entries)
    assert got_cursor == cursor
    assert [a.payload["amount"] for a in actions] == model


def _play(session: GameSession, count: int) -> None:
    for i in range(count):
        session.dispatch("add", {"amount": 1 + i % 3})


def test_resume_from_snapshot_matches_full_replay(tmp_path: Path, counter_game: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.log.folding.SNAPSHOT_EVERY", 10)
    store, session = new_session(tmp_path, counter_game)
    _play(session, 25)
    session.undo()
    assert len(store.snapshots(session.game_id, snapshot_code())) == 2  # at 10 and 20
    expected_state, expected_actions = session.state, session.actions

    resumed = GameSession(store, store.game(session.game_id))
    assert 20 in resumed._timeline.states and 5 not in resumed._timeline.states
    assert resumed.state == expected_state and resumed.actions == expected_actions
    # undo below the snapshot folds the missing states from the set-up
    for _ in range(20):
        resumed.undo()
    assert resumed.state.tallies == (1 + 3, 2 + 1)  # amounts 1, 2, 3, 1 in turn
    assert resumed.state == _fold(session, 4)
    resumed.redo()
    assert resumed.state == _fold(session, 5)


def _fold(session: GameSession, count: int) -> object:
    state = session.rules.setup(session.players, session.record.options)
    for action in session._timeline.actions[:count]:
        state = session.rules.apply(state, action)
    return state


def test_snapshot_of_a_replaced_past_is_not_used(tmp_path: Path, counter_game: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.log.folding.SNAPSHOT_EVERY", 10)
    store, session = new_session(tmp_path, counter_game)
    _play(session, 10)  # snapshot at 10
    for _ in range(3):
        session.undo()
    _play(session, 5)  # a new past: positions 8..12 differ from the snapshot's
    resumed = GameSession(store, store.game(session.game_id))
    assert resumed.state == session.state == _fold(session, 12)


def test_damaged_or_foreign_snapshot_falls_back_to_the_log(tmp_path: Path, counter_game: str,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr("companion.log.folding.SNAPSHOT_EVERY", 5)
    store, session = new_session(tmp_path, counter_game)
    _play(session, 7)
    with store._writing() as db:
        db.execute("UPDATE snapshots SET state = ?", (b"not a pickle",))
    resumed = GameSession(store, store.game(session.game_id))
    assert resumed.state == session.state
    store.save_snapshot(session.game_id, 5, 5, pickle.dumps("wrong"), code="other-code")
    assert GameSession(store, store.game(session.game_id)).state == session.state


def test_snapshot_code_covers_the_games_subpackages(monkeypatch: pytest.MonkeyPatch) -> None:
    """A change in any game module (packages included) makes old snapshots unusable."""
    from pathlib import Path as _Path

    import companion.log.folding as folding

    seen: list[_Path] = []
    real = _Path.read_bytes

    def reading(path: _Path) -> bytes:
        seen.append(path)
        return real(path)

    folding.snapshot_code.cache_clear()
    monkeypatch.setattr(_Path, "read_bytes", reading)
    folding.snapshot_code()
    folding.snapshot_code.cache_clear()
    assert any(path.parent.name != "games" for path in seen)  # a file in a game's package


def test_a_long_evening_keeps_few_states_and_undoes_to_the_same_ones(
        tmp_path: Path, counter_game: str) -> None:
    """Behind the newest moves only one state in STATE_EVERY stays in memory; undoing far
    back folds the missing ones and lands on exactly the states played."""
    from companion.log.folding import RECENT_STATES, STATE_EVERY

    _store, session = new_session(tmp_path, counter_game)
    moves = 600
    _play(session, moves)
    kept = session._timeline.states
    assert len(kept) <= RECENT_STATES + moves // STATE_EVERY + 2
    assert moves - RECENT_STATES // 2 in kept and 1 not in kept
    for undone in range(1, 300):
        session.undo()
        if undone % 37 == 0:
            assert session.state == _fold(session, moves - undone)
    for _ in range(10):
        session.redo()
    assert session.state == _fold(session, moves - 299 + 10)


def test_the_undo_is_prepared_so_it_folds_nothing_when_it_comes(
        tmp_path: Path, counter_game: str) -> None:
    """Below the states kept, the state an undo goes back to is worked out by
    ``prepare_undo`` (the loop calls it after each frame); the undo then replays nothing,
    and the count of actions in effect follows without building the list."""
    from companion.log.folding import STATE_EVERY

    _store, session = new_session(tmp_path, counter_game)
    moves = 3 * STATE_EVERY
    _play(session, moves)
    timeline = session._timeline
    for index in [i for i in timeline.states if 0 < i < moves]:
        del timeline.states[index]  # as after a resume from a snapshot: nothing below it
    applied: list[int] = []
    rules_apply = timeline.rules.apply

    def counting_apply(state: object, action: Action) -> object:
        applied.append(1)
        return rules_apply(state, action)

    timeline.rules = type("Counting", (), {"apply": staticmethod(counting_apply)})()
    # as the loop does: a call folds for a time slice at most (a loaded machine needs more)
    session.prepare_undo()
    for _call in range(10_000):
        if session.undo_ready:
            break
        session.prepare_undo()
    prepared = len(applied)
    assert prepared == moves - 1  # folded from the set-up, once
    session.undo()
    assert len(applied) == prepared  # the undo itself replayed nothing
    assert session.state == _fold(session, moves - 1)
    assert session.action_count == len(session.actions) == moves - 1
    session.prepare_undo()
    session.prepare_undo()  # kept now: asking again folds nothing more
    assert len(applied) == prepared


def test_the_undo_is_prepared_a_slice_at_a_time_when_folding_is_slow(
        tmp_path: Path, counter_game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One ``prepare_undo`` folds for about PREPARE_SLICE, so a loop step stays short on a
    slow machine; ``undo_ready`` says whether the loop must call it again, and the state
    it ends on is the one played, with no stepping stones left behind."""
    import time

    from companion.log import session as session_module

    _store, session = new_session(tmp_path, counter_game)
    moves = 60
    _play(session, moves)
    timeline = session._timeline
    for index in [i for i in timeline.states if 0 < i < moves]:
        del timeline.states[index]  # as after a resume from a snapshot: nothing below it
    rules_apply = timeline.rules.apply

    folded = 0

    def slow_apply(state: object, action: Action) -> object:
        nonlocal folded
        folded += 1
        time.sleep(0.001)  # a move's fold on a slow machine: at least 1 ms each
        return rules_apply(state, action)

    timeline.rules = type("Slow", (), {"apply": staticmethod(slow_apply)})()
    monkeypatch.setattr(session_module, "PREPARE_SLICE", 0.004)
    calls = 0
    while not session.undo_ready:
        before = folded
        session.prepare_undo()
        calls += 1
        # a slice, not the whole fold: no more folds of 1 ms or longer than fit in 4 ms and
        # the one that ends it (counted, not timed: a busy machine only makes it fewer)
        assert folded - before <= 5, folded - before
    assert calls > 3  # 59 moves of 1 ms each did not fold in one call
    kept_before_undo = set(timeline.states)
    session.undo()
    assert set(timeline.states) == kept_before_undo  # the undo folded nothing
    assert session.state == _fold(session, moves - 1)
    stones = [i for i in timeline.states if not timeline._worth_keeping(i, moves - 1)]
    assert stones == [], stones
