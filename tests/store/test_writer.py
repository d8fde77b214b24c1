from __future__ import annotations

import queue
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
