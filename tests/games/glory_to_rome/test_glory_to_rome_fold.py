"""Folding a long, random but valid Glory to Rome log: pure, deterministic, resumable."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import Action, PlayerInfo, Rejected
from companion.games.glory_to_rome import RULES, GloryState
from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIALS,
    ROLES,
    buildings_in_set,
)
from companion.games.glory_to_rome.state import clientele_limit, vault_limit


def candidates(state: GloryState, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """Plausible moves for whoever is to move; the reducer decides which are legal."""
    me = RULES.current_player(state)
    assert me is not None
    waiting = [grant.building for grant in state.bonus if grant.player == me]
    if waiting:  # granted actions first: skipped here, as the table may
        return [("done", {"bonus": waiting[0]})]
    hand = rng.randint(0, 8)
    think: list[tuple[str, dict[str, Any]]] = [
        ("think", {"option": "jack"}),
        ("think", {"option": "refill", "hand": hand}),
        ("think", {"option": "draw_one", "hand": hand}),
    ]
    if state.phase == "lead":
        role = rng.choice(ROLES)
        return [("lead", {"role": role}), ("lead", {"role": role, "jacks": 1}), *think]
    if state.phase == "follow":
        return [("follow", {}), ("follow", {"jacks": 1}), *think]
    own = [b.name for b in state.players[me].buildings if not b.completed]
    moves: list[tuple[str, dict[str, Any]]] = [
        ("hire_client", {"role": rng.choice(ROLES)}),
        ("vault", {"material": rng.choice(MATERIALS)}),
        ("act", {}), ("done", {}),
    ]
    moves += [("add_material", {"building": name}) for name in own]
    if rng.random() < 0.3:
        name = rng.choice(buildings_in_set(state.card_set))
        lay: dict[str, Any] = {"building": name, "out_of_town": rng.random() < 0.3}
        if BUILDING_MATERIAL[name] is None:
            lay["material"] = rng.choice(MATERIALS)
        moves.append(("lay_foundation", lay))
    return moves


def random_log(seed: int, players: int, length: int) -> tuple[GloryState, list[Action]]:
    rng = random.Random(seed)
    seats = [PlayerInfo(f"P{i}", "red", i) for i in range(players)]
    options = {"card_set": rng.choice(["imperium", "republic"]), "jacks": rng.choice([5, 6]),
               "leader": rng.randrange(players)}
    state = RULES.setup(seats, options)
    start, log = state, list[Action]()
    while len(log) < length and not RULES.is_over(state):
        moves = candidates(state, rng)
        rng.shuffle(moves)
        for kind, payload in moves:
            action = Action(kind, payload, RULES.current_player(state), at=float(len(log)))
            try:
                state = RULES.apply(state, action)
            except Rejected:
                continue
            log.append(action)
            break
        else:
            raise AssertionError(f"no legal move in {RULES.status_line(state)}")
    return start, log


def fold(start: GloryState, log: list[Action]) -> list[GloryState]:
    states = [start]
    for action in log:
        states.append(RULES.apply(states[-1], action))
    return states


def test_long_fold_never_mutates_earlier_states() -> None:
    start, log = random_log(seed=7, players=5, length=3000)
    assert len(log) > 1000
    logged = copy.deepcopy(log)
    snapshots = []
    states = [start]
    for action in log:
        snapshots.append(copy.deepcopy(states[-1]))
        states.append(RULES.apply(states[-1], action))
    assert states[:-1] == snapshots
    assert log == logged  # payloads untouched too
    assert fold(start, log)[-1] == states[-1]  # replaying the log is deterministic


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=2, max_value=5))
def test_random_games_keep_the_rules_invariants(seed: int, players: int) -> None:
    start, log = random_log(seed, players, length=400)
    for state in fold(start, log):
        assert 0 <= state.jacks_supply <= state.jacks_total
        held = sum(p.jacks for p in state.players) + sum(state.jacks_played)
        assert state.jacks_supply + held == state.jacks_total
        assert all(n >= 0 for n in (*state.in_town, *state.out_of_town))
        for seat, player in enumerate(state.players):
            assert sum(player.clients) <= clientele_limit(state, seat)
            assert len(player.vault) <= vault_limit(state, seat)
            names = [b.name for b in player.buildings]
            assert len(names) == len(set(names))
        assert RULES.status_line(state)
