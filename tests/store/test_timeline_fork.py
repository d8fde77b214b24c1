"""Moves checked against what is in flight: the fork agrees with a plain list model."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAME_MODULES
from companion.games.base import Action, PlayerInfo, Rejected
from companion.log.entries import LogEntry
from companion.log.session import GameSession, Submitted
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))

steps_strategy = st.lists(st.one_of(
    st.tuples(st.just("do"), st.integers(1, 3)),
    st.tuples(st.sampled_from(["undo", "redo", "ack"]), st.just(0)),
), max_size=40)


def _model_tallies(model: list[int], cursor: int) -> tuple[int, int]:
    tallies = [0, 0]
    for turn, amount in enumerate(model[:cursor]):
        tallies[turn % 2] += amount
    return tallies[0], tallies[1]


@settings(deadline=None, max_examples=150)
@given(steps_strategy)
def test_in_flight_moves_match_a_model(steps: list[tuple[str, int]]) -> None:
    GAME_MODULES["counter"] = "counter_game"
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder))
        session = GameSession.create(store, "counter", PLAYERS)
        in_flight: list[Submitted] = []
        model: list[int] = []
        cursor = 0
        for kind, amount in steps:
            if kind == "ack":  # the writer catches up with the oldest move in flight
                if in_flight:
                    oldest = in_flight.pop(0)
                    session.acknowledge(oldest, store.append(session.game_id, oldest.entry))
                continue
            entry = (LogEntry("do", _add(amount)) if kind == "do" else LogEntry(kind))
            try:
                handed = session.submit(entry)
            except Rejected:
                continue
            if handed is None:
                continue
            in_flight.append(handed)
            if kind == "do":
                model, cursor = model[:cursor] + [amount], cursor + 1
            elif kind == "undo":
                cursor -= 1
            else:
                cursor += 1
            assert session.can_undo == (cursor > 0)
            assert session.can_redo == (cursor < len(model))
            assert handed.state is None or kind == "undo" or \
                handed.state.tallies == _model_tallies(model, cursor)
        for submitted in in_flight:
            session.acknowledge(submitted, store.append(session.game_id, submitted.entry))
        assert session.state.tallies == _model_tallies(model, cursor)
        assert [a.payload["amount"] for a in session.actions] == model[:cursor]
        resumed = GameSession.resume(store)
        assert resumed is not None and resumed.state == session.state
        store.close()


def _add(amount: int) -> Action:
    return Action("add", {"amount": amount}, at=0.0)
