from __future__ import annotations

import queue
import time
from pathlib import Path

import pytest

from companion.core.events import CommitFailed, Committed, InputEvent
from companion.games.base import PlayerInfo, Rejected
from companion.log.entries import LogEntry, StoreError
from companion.log.session import GameSession
from companion.log.store import Store
from companion.log.writer import LogWriter

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def drain(events: queue.Queue[InputEvent], session: GameSession, count: int) -> list[str]:
    """Handle ``count`` writer outcomes the way the UI loop does; return their kinds."""
    seen = []
    for _ in range(count):
        event = events.get(timeout=5)
        if isinstance(event, Committed):
            session.acknowledge(event.submitted, event.seq)
            seen.append("committed")
        elif isinstance(event, CommitFailed):
            session.reject_pending(event.submitted)
            seen.append("failed")
    return seen


@pytest.fixture
def setup(tmp_path: Path, counter_game: str):  # type: ignore[no-untyped-def]
    store = Store.open(tmp_path)
    session = GameSession.create(store, counter_game, PLAYERS)
    events: queue.Queue[InputEvent] = queue.Queue()
    writer = LogWriter(events)
    yield store, session, events, writer
    writer.close()


def test_state_changes_only_when_acknowledged(setup) -> None:  # type: ignore[no-untyped-def]
    store, session, events, writer = setup
    writer.write(session.submit_action("add", {"amount": 2}))
    writer.write(session.submit_action("add", {"amount": 3}))
    assert session.saving
    assert session.state.tallies == (0, 0)  # nothing shown before its commit
    assert drain(events, session, 2) == ["committed", "committed"]
    assert session.state.tallies == (2, 3)
    assert not session.saving
    assert len(store.log(session.game_id)) == 2


def test_moves_are_checked_against_what_is_in_flight(setup) -> None:  # type: ignore[no-untyped-def]
    _store, session, events, writer = setup
    writer.write(session.submit_action("add", {"amount": 1}))
    assert session.can_undo  # the in-flight action can already be undone
    writer.write(session.submit(LogEntry("undo")))
    assert session.submit(LogEntry("undo")) is None  # nothing left to undo
    with pytest.raises(Rejected):
        session.submit_action("add", {"amount": 7})
    assert drain(events, session, 2) == ["committed", "committed"]
    assert session.state.tallies == (0, 0)
    assert session.can_redo


def test_failed_commit_drops_it_and_what_followed(setup) -> None:  # type: ignore[no-untyped-def]
    store, session, events, writer = setup
    writer.write(session.submit_action("add", {"amount": 1}))
    assert drain(events, session, 1) == ["committed"]
    store.read_only = True  # the medium turns read-only under us
    writer.write(session.submit_action("add", {"amount": 2}))
    writer.write(session.submit_action("add", {"amount": 3}))
    assert drain(events, session, 2) == ["failed", "failed"]
    assert session.state.tallies == (1, 0)
    assert not session.saving
    store.read_only = False  # space again: later moves are saved normally
    writer.write(session.submit_action("add", {"amount": 3}))
    assert drain(events, session, 1) == ["committed"]
    assert session.state.tallies == (1, 3)
    resumed = GameSession.resume(Store.open(store.path.parent))
    assert resumed is not None and resumed.state == session.state


def test_a_transient_failure_fails_what_was_checked_against_it(
        setup, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The second move was checked against the first; the disk recovers in between."""
    store, session, events, writer = setup
    real_append = store.append
    calls = []

    def flaky(game_id: int, entry: LogEntry) -> int:
        calls.append(entry)
        if len(calls) == 1:
            raise StoreError("the card hiccupped")
        return real_append(game_id, entry)

    monkeypatch.setattr(store, "append", flaky)
    writer.write(session.submit_action("add", {"amount": 2}))
    writer.write(session.submit_action("add", {"amount": 3}))
    assert drain(events, session, 2) == ["failed", "failed"]
    assert store.log(session.game_id) == []  # the second never stands without the first
    assert len(calls) == 1
    writer.write(session.submit_action("add", {"amount": 1}))
    assert drain(events, session, 1) == ["committed"]
    assert session.state.tallies == (1, 0)


def test_close_waits_for_a_slow_disk_to_take_every_move(  # type: ignore[no-untyped-def]
        setup, monkeypatch: pytest.MonkeyPatch) -> None:
    """Within its timeout, close lets the queue finish: nothing is abandoned."""
    store, session, events, writer = setup
    append = store.append

    def slow_append(game_id: int, entry: LogEntry) -> int:
        time.sleep(0.05)
        return append(game_id, entry)

    monkeypatch.setattr(store, "append", slow_append)
    amounts = [1, 2, 3, 1, 2]
    for amount in amounts:
        writer.write(session.submit_action("add", {"amount": amount}))
    assert writer.close(timeout=30) == 0
    assert [e.action.payload["amount"] for e in store.log(session.game_id)
            if e.action is not None] == amounts


def test_thirty_two_moves_may_wait_for_the_disk_and_the_next_is_refused(  # type: ignore[no-untyped-def]
        setup) -> None:
    """A stalled disk holds at most 32 moves the table has seen but the log has not:
    the 33rd is refused in words until the first is saved."""
    _store, session, events, writer = setup
    submitted = [session.submit_action("add", {"amount": 1}) for _move in range(32)]
    with pytest.raises(Rejected, match="Still saving the last 32 moves"):
        session.submit_action("add", {"amount": 1})
    writer.write(submitted[0])
    assert drain(events, session, 1) == ["committed"]
    assert session.submit_action("add", {"amount": 1}) is not None
