"""Shared set-up for the Ave Roma tests (no tests here): a started game, a short way to act."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.ave_roma import RULES, AveRomaState
from companion.games.base import Action, PlayerInfo, Rejected

NAMES = ("Livia", "Marcus", "Titus", "Julia", "Gaius")
#: what an Aedilis placement takes when the row offers one of each
AEDILIS_GAIN = {"wood": 1, "stone": 1, "wheat": 1, "ore": 1}


def new_game(players: int = 3, **options: Any) -> AveRomaState:
    """A game past set-up: every player starts with wood and wine at 2.

    Full tracking unless ``tracking`` says otherwise: most rules are about the supplies."""
    chosen = {**RULES.default_options(), "tracking": "full", **options}
    infos = [PlayerInfo(NAMES[i], f"colour{i}", i) for i in range(players)]
    state = RULES.setup(infos, chosen)
    for player in range(players if state.phase == "setup" else 0):
        state = act(state, "choose_start", player, resources=["wood", "wine"])
    return state


def act(state: AveRomaState, kind: str, player: int | None, **payload: Any) -> AveRomaState:
    return RULES.apply(state, Action(kind, payload, player, at=0.0))


def pass_all(state: AveRomaState) -> AveRomaState:
    """Everyone still in the action phase passes, in turn."""
    while state.phase == "action":
        current = RULES.current_player(state)
        assert current is not None
        state = act(state, "pass", current)
    return state


def refused(state: AveRomaState, kind: str, player: int | None, **payload: object) -> str:
    """Apply an action that must be refused; check the state is untouched; the reason."""
    before = repr(state)
    with pytest.raises(Rejected) as caught:
        act(state, kind, player, **payload)
    assert repr(state) == before
    return str(caught.value)
