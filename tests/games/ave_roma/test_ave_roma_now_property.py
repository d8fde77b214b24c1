""""What now?" against the engine in 1,000+ random reachable Ave Roma states: every
placement the sentence offers is accepted, every one the engine accepts is offered, every
refusal it names is one the engine gives (2-5 players, both tracking levels, resources
over the cap, the last round and the final actions reached with a short region deck)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from ave_roma_support import new_game
from test_ave_roma_fold import _next_action

from companion.games.ave_roma import (
    BOARD_SPACES,
    FINAL,
    RESOURCES,
    RULES,
    SPACES,
    AveRomaState,
    space_label,
    usable_workers,
)
from companion.games.ave_roma.model import REGION_FEE
from companion.games.ave_roma.now import options, sentence
from companion.games.ave_roma.play import acting_player
from companion.games.base import Action, Rejected

STATES_PER_RUN = 1100


def takes(state: AveRomaState, kind: str, payload: dict[str, Any], player: int) -> bool:
    try:
        RULES.apply(state, Action(kind, payload, player))
    except Rejected:
        return False
    return True


def payloads(state: AveRomaState, player: int, space: str,
             worker: dict[str, Any]) -> list[dict[str, Any]]:
    """Ways a table enters this placement (no coins a card would give), wider than the
    sentence's own probe."""
    base = {"space": space, **worker}
    if not state.tracks_supplies:
        return [base, {**base, "slot": 5}]
    held = [r for r, n in zip(RESOURCES, state.seat(player).resources, strict=True) if n]
    if space == "aedilis":
        return [{**base, "gain": {"ore": 2, "wine": 2}}, {**base, "gain": {"wood": 4}}]
    if space == "mercator":
        return [base, *({**base, "sell": {r: 1}} for r in held),
                {**base, "sell": dict(zip(RESOURCES, state.seat(player).resources,
                                          strict=True))}]
    if space == "propraetor":
        return [base, {**base, "bonus": "influence", "influence": {"1": 1}}]
    return [base]


def placeable(state: AveRomaState, player: int, space: str, worker: dict[str, Any]) -> bool:
    return any(takes(state, "place", p, player) for p in payloads(state, player, space, worker))


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d", text)}


def contradictions(state: AveRomaState) -> list[str]:
    said = sentence(state)
    found = options(state)
    me = acting_player(state)
    wrong: list[str] = []
    over = [i for i, seat in enumerate(state.seats) if seat.has_overflow]
    if over:
        name = state.name(over[0])
        if not said.startswith(f"{name} first puts the resources over the cap"):
            wrong.append("resources over the cap go unsaid")
        if me is not None and state.phase in ("action", FINAL) and (
                takes(state, "pass", {}, me) or placeable(state, me, "quaestor", {"worker": 1})):
            wrong.append("the engine lets the player on turn move before the surplus")
        return wrong
    if me is None or state.phase not in ("action", FINAL):
        return wrong
    workers = usable_workers(state, me)
    for space in SPACES:
        taken = {n for n in workers if placeable(state, me, space, {"worker": n})}
        if taken != set(found.numbers(space)):
            wrong.append(f"{space}: offered {found.numbers(space)}, engine takes {taken}")
    trained = state.seat(me).trained
    if trained is not None and state.phase == "action":
        for space in BOARD_SPACES:
            taken = {n for n in range(1, 6)
                     if placeable(state, me, space, {"trained": True, "acts_as": n})}
            if taken != set(found.trained_numbers(space)):
                wrong.append(f"trained at {space}: offered {found.trained_numbers(space)}, "
                             f"engine takes {taken}")
    if takes(state, "pass", {}, me) != ("passes" in said):
        wrong.append("passing misreported")
    for space in SPACES:
        label = space_label(space)
        refused = re.search(rf"; {label} not with ([\d, ]+)", said)
        if refused and any(placeable(state, me, space, {"worker": n})
                           for n in _numbers(refused.group(1))):
            wrong.append(f"says {label} refuses {refused.group(1)}, the engine takes one")
    closed = re.search(r"; ([A-Za-z, ]+) closed", said)
    for label in closed.group(1).split(", ") if closed else ():
        space = next(s for s in SPACES if space_label(s) == label)
        if any(placeable(state, me, space, {"worker": n}) for n in workers):
            wrong.append(f"says {label} closed, the engine takes a worker there")
    short = re.search(r"a second use of region ([\d, ]+) \(([A-Za-z, ]+)\) costs", said)
    if short:
        seat = state.seat(me)
        richer = state.with_seat(me, replace(seat, coins=seat.coins + REGION_FEE))
        for label in short.group(2).split(", "):
            space = next(s for s in SPACES if space_label(s) == label)
            for n in _numbers(short.group(1)) & set(dict(found.short)[space]):
                if placeable(state, me, space, {"worker": n}) or not placeable(
                        richer, me, space, {"worker": n}):
                    wrong.append(f"says {label} {n} wants coins; the engine disagrees")
    return wrong


def walk(rng: random.Random, steps: int) -> list[AveRomaState]:
    state = new_game(rng.randint(2, 5), tracking=rng.choice(["full", "essentials"]),
                     region_deck_size=rng.randint(0, 6))
    seen = [state]
    misses = 0
    while len(seen) < steps and not (RULES.is_over(state) and not any(
            seat.has_overflow for seat in state.seats)):
        action = _next_action(rng, state)
        if misses >= 5:
            action = Action("pass", {}, RULES.current_player(state), at=0.0)
        try:
            state = RULES.apply(state, action)
        except Rejected:
            misses += 1
            continue
        misses = 0
        seen.append(state)
    return seen


def test_what_now_agrees_with_the_engine_in_random_states() -> None:
    rng = random.Random(44)
    states: list[AveRomaState] = []
    while len(states) < STATES_PER_RUN:
        states += walk(rng, rng.randint(20, 150))
    wrong = {i: found for i, state in enumerate(states) if (found := contradictions(state))}
    assert {state.tracking for state in states} == {"full", "essentials"}
    assert {len(state.seats) for state in states} == {2, 3, 4, 5}
    assert any(seat.has_overflow for state in states for seat in state.seats)
    assert any(state.phase == FINAL for state in states)
    assert any(options(state).short for state in states)
    print(f"Ave Roma: {len(states)} states, {len(states)} sentences, "
          f"{len(wrong)} contradictions")
    assert not wrong, [(RULES.status_line(states[i]), sentence(states[i]), why)
                       for i, why in list(wrong.items())[:5]]
