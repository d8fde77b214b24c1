""""What now?" against the engine in 1,000+ random reachable Via Romana states: every
build the sentence offers is accepted, every build the engine accepts is offered, every
reason it names for a shut build is the engine's own (2-4 players, the shipped board and
a small one whose signposts run out, so the last turns and the end are reached)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from test_via_romana import card, play_random, players, write_board

from companion.games.base import Action, Rejected
from companion.games.via_romana import RULES, Phase, ViaRomanaState
from companion.games.via_romana.allowed import BUILD_ACTIONS, allowed_actions, shut_builds
from companion.games.via_romana.now import sentence
from companion.games.via_romana.state import extendable_ends, free_cities

STATES_PER_RUN = 1100
#: a reason the sentence gives -> what the engine says refusing such a build ("" when
#: the rules leave no such build to try at all)
ENGINE_SAYS = {"no castle left": "no castle left", "a castle needs 2 cards": "cards per round",
               "no milestone left": "milestone", "no card left this round": "cards per round",
               "only one milestone left": "not enough milestones",
               "no road with two free spaces": "only one free space",
               "no empty city": "", "no road to extend": "",
               "the last signpost is placed": "The last signpost is placed"}


def builds(state: ViaRomanaState) -> dict[str, list[dict[str, Any]]]:
    """Every build a table could enter now, by kind (payloads with fitting cards)."""
    board = state.board
    cities = [board.cities[i] for i in free_cities(state)]
    ends = extendable_ends(state)
    return {
        "castle": [{"city": c.name, "cards": [card(c.colour)] * 2} for c in cities],
        "milestone_city": [{"city": c.name, "cards": [card(c.colour)]} for c in cities],
        "milestone_road": [{"road": road, "from": board.cities[city].name,
                            "cards": [card(colour)]}
                           for road, city in ends for colour in board.roads[road].colours],
        "two_milestones": [{"road": road, "from": board.cities[city].name,
                            "cards": [card(board.cities[city].colour,
                                           board.cities[city].symbol)]}
                           for road, city in ends]}


def refusal(state: ViaRomanaState, kind: str, payload: dict[str, Any]) -> str | None:
    """The engine's refusal of a build (None: accepted)."""
    try:
        RULES.apply(state, Action(kind, payload, state.current))
    except Rejected as refused:
        return str(refused)
    return None


def contradictions(state: ViaRomanaState) -> list[str]:
    said = sentence(state)
    if state.phase not in (Phase.PLAY, Phase.LAST_TURNS) or state.pending:
        return []
    me = state.current
    allowed = allowed_actions(state, me)
    shut = shut_builds(state, me)
    wrong: list[str] = []
    for kind, payloads in builds(state).items():
        answers = [refusal(state, kind, p) for p in payloads]
        if any(a is None for a in answers) != (kind in allowed):
            wrong.append(f"{kind}: offered {kind in allowed}, engine disagrees")
        reason = shut.get(kind)
        if reason is None:
            continue
        if reason not in said:
            wrong.append(f"{kind}: the reason {reason!r} goes unsaid")
        expected = ENGINE_SAYS[reason]
        if expected and answers and not any(expected in (a or "") for a in answers):
            wrong.append(f"{kind}: says {reason!r}, the engine says {set(answers)}")
        if not expected and payloads:
            wrong.append(f"{kind}: says {reason!r} yet there is such a build to try")
    for kind in BUILD_ACTIONS:
        if (kind in allowed) == (kind in shut):
            wrong.append(f"{kind}: both offered and shut, or neither")
    return wrong


def test_what_now_agrees_with_the_engine_in_random_states(tmp_path: Path) -> None:
    rng = random.Random(44)
    boards = [None, write_board(tmp_path)]
    states: list[ViaRomanaState] = []
    while len(states) < STATES_PER_RUN:
        board = rng.choice(boards)
        state = RULES.setup(players(rng.randint(2, 4)), {"board_file": board})
        if rng.random() < 0.3:  # few milestones: the supply runs out on purpose
            state = RULES.setup(players(rng.randint(2, 4)),
                                {"board_file": board, "milestones_per_player": 3})
        states += play_random(state, rng, rng.randint(30, 200))
    wrong = {i: found for i, state in enumerate(states) if (found := contradictions(state))}
    assert {len(state.players) for state in states} == {2, 3, 4}
    assert len({state.board.name for state in states}) == 2
    assert any(state.phase is Phase.LAST_TURNS for state in states)
    assert any(state.phase is Phase.OVER for state in states)
    assert any(state.pending for state in states)
    print(f"Via Romana: {len(states)} states, {len(states)} sentences, "
          f"{len(wrong)} contradictions")
    assert not wrong, [(RULES.status_line(states[i]), sentence(states[i]), why)
                       for i, why in list(wrong.items())[:5]]
