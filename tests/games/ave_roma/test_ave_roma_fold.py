"""Folding a long random-but-valid Ave Roma log: states are never mutated, replay is exact."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from ave_roma_support import new_game

from companion.games.ave_roma import (
    BOARD_SPACES,
    RESOURCES,
    RULES,
    SPACES,
    AveRomaState,
    pending_overflow,
    trained_numbers,
)
from companion.games.base import Action, Rejected


def _resources(rng: random.Random, count: int) -> dict[str, int]:
    chosen: dict[str, int] = {}
    for _ in range(count):
        resource = rng.choice(RESOURCES)
        chosen[resource] = chosen.get(resource, 0) + 1
    return chosen


def _placement(rng: random.Random, state: AveRomaState, player: int) -> dict[str, Any]:
    seat = state.seat(player)
    space = rng.choice(SPACES)
    payload: dict[str, Any] = {"space": space}
    if state.phase == "final":
        payload["worker"] = rng.randint(1, 5)
    elif seat.trained is not None and space != "training" and rng.random() < 0.5:
        payload.update(trained=True, acts_as=rng.choice(trained_numbers(seat.trained)))
    else:
        payload["worker"] = rng.choice(seat.hand) if seat.hand else 1
    payload["slot"] = 5
    if space == "aedilis":
        payload["gain"] = _resources(rng, 4)
    elif space == "mercator":
        payload["gain"] = _resources(rng, rng.randint(0, 4))
        payload["coins"] = -rng.randint(0, 2)
    elif space == "propraetor":
        payload["gain"] = _resources(rng, 2)
        payload["influence"] = {str(rng.randint(1, 5)): rng.randint(1, 3)}
    elif space == "rome":
        payload["political"] = rng.randint(0, 4)
    elif space == "training":
        payload["coins"] = -1
    return payload


def _any_overflow(state: AveRomaState) -> bool:
    return any(seat.has_overflow for seat in state.seats)


def _next_action(rng: random.Random, state: AveRomaState) -> Action:
    for player in range(len(state.seats)):
        overflow = pending_overflow(state, player)
        if overflow:
            resource, amount = next(iter(overflow.items()))
            into_surplus = rng.randint(0, amount)
            return Action("overflow", {"resource": resource, "surplus": into_surplus,
                                       "sell": amount - into_surplus}, player, at=0.0)
    current = RULES.current_player(state)
    if state.phase in ("action", "final"):
        assert current is not None
        if rng.random() < 0.15:
            return Action("pass", {}, current, at=0.0)
        return Action("place", _placement(rng, state, current), current, at=0.0)
    if state.phase == "refill":
        if state.round >= 40 and rng.random() < 0.2:
            return Action("row_not_refilled", {"row": "senatus"}, None, at=0.0)
        if current is None:
            return Action("rows_refilled", {}, None, at=0.0)
        room = 5 - len(state.seat(current).hand)
        area = rng.choice([s for s in BOARD_SPACES if state.area(s)])
        workers = list(state.area(area))[:room]
        return Action("take_back", {"area": area, "workers": workers}, current, at=0.0)
    if rng.random() < 0.5:
        return Action("confirm_order", {}, None, at=0.0)
    checking = rng.randrange(len(state.seats))
    return Action("workers", {"numbers": list(state.seat(checking).hand)}, checking, at=0.0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_long_fold_never_mutates_earlier_states(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(rng.randint(2, 5), region_deck_size=120)
    states = [state]
    snapshots = [copy.deepcopy(state)]
    log: list[Action] = []
    refusals = in_a_row = 0
    while len(log) < 3000 and not (RULES.is_over(state) and not _any_overflow(state)):
        action = _next_action(rng, state)
        if in_a_row >= 5:  # nothing random fits: the player passes
            action = Action("pass", {}, RULES.current_player(state), at=0.0)
        try:
            state = RULES.apply(state, action)
        except Rejected:
            refusals += 1
            in_a_row += 1
            continue
        in_a_row = 0
        log.append(action)
        states.append(state)
        snapshots.append(copy.deepcopy(state))
    assert len(log) > 500 and refusals > 0
    assert RULES.is_over(state)
    for kept, snapshot in zip(states, snapshots, strict=True):
        assert kept == snapshot
    replayed = states[0]
    for action in log:
        replayed = RULES.apply(replayed, action)
    assert replayed == state
    result = RULES.final_score(state, {f"{i}.patron_vp": 1 for i in range(len(state.seats))})
    assert len(result.players) == len(state.seats) and result.winners
