""""What now?" against the engine in 1,000+ random reachable Glory to Rome states: every
move the sentence offers is accepted, every kind the engine accepts is offered, every
refusal it names is one the engine gives (2-5 players, both card sets; Prisons, Academies,
Colosseums, Stairways and granting buildings in play, the game's end reached)."""

from __future__ import annotations

import random
from typing import Any

from glory_support import foundation, give, structure

from companion.games.base import Action, PlayerInfo, Rejected
from companion.games.glory_to_rome import RULES, GloryState
from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIALS,
    ROLES,
    buildings_in_set,
)
from companion.games.glory_to_rome.now import options, sentence
from companion.games.glory_to_rome.state import has_function

Move = tuple[str, dict[str, Any]]
STATES_PER_RUN = 1100
#: the refusals the sentence may name -> the move kind they stand for
REFUSALS = {"no foundation can be laid": "lay_foundation",
            "no foundation to add to": "add_material",
            "no room for another client": "hire_client", "the vault is full": "vault",
            "no structure worth opening": "stairway",
            "no client the Colosseum can take": "colosseum"}
#: the building whose owner alone a refusal is about
NEEDS = {"stairway": "Stairway", "colosseum": "Colosseum"}
#: structures handed out at the start so their powers come up
POWERS = ("Academy", "Colosseum", "Stairway", "Bath", "Palisade", "Wall", "Bridge", "Basilica",
          "Atrium", "School", "Amphitheatre")


def accepted(state: GloryState, move: Move, player: int | None) -> GloryState | None:
    try:
        return RULES.apply(state, Action(move[0], dict(move[1]), player))
    except Rejected:
        return None


def engine_moves(state: GloryState, me: int) -> dict[str, list[Move]]:
    """Every regular move a table could enter now, wider than "What now?" tries, by kind."""
    thinks: list[Move] = [("think", {"option": option, "hand": hand})
                          for option in ("refill", "draw_one") for hand in (0, 3, 99)]
    jack: list[Move] = [("think", {"option": "jack"})]
    if state.phase == "lead":
        return {**{f"lead:{r}": [("lead", {"role": r}), ("lead", {"role": r, "jacks": 1})]
                   for r in ROLES}, "think": thinks, "think:jack": jack}
    if state.phase == "follow":
        return {"follow": [("follow", {}), ("follow", {"jacks": 1})], "think": thinks,
                "think:jack": jack}
    players = range(len(state.players))
    names = buildings_in_set(state.card_set)
    every = {b.name for seat in state.players for b in seat.buildings}
    return {
        "lay_foundation": [("lay_foundation", {"building": name, "out_of_town": out,
                                               **({} if BUILDING_MATERIAL[name] else
                                                  {"material": "brick"})})
                           for name in names for out in (False, True)],
        "add_material": [("add_material", {"building": b}) for b in sorted(every)],
        "stairway": [("stairway", {"owner": p, "building": b}) for p in players
                     for b in sorted(every)],
        "hire_client": [("hire_client", {"role": r}) for r in ROLES],
        "vault": [("vault", {"material": m, "source": s}) for m in MATERIALS
                  for s in ("stockpile", "hand")] + [("vault", {"source": "deck"})],
        "colosseum": [("colosseum", {"from": p, "role": r}) for p in players if p != me
                      for r in ROLES],
        "act": [("act", {})], "done": [("done", {})]}  # act: an action not tracked


def side_moves(state: GloryState) -> list[tuple[Move, int]]:
    """Moves out of turn: granted building actions skipped or an Academy's Thought, and a
    Prison's exchanges."""
    moves: list[tuple[Move, int]] = []
    for grant in state.bonus:
        moves.append((("done", {"bonus": grant.building}), grant.player))
        if grant.building == "Academy":
            moves.append((("think", {"option": "jack", "bonus": "Academy"}), grant.player))
    for player in state.prison_due:
        moves += [(("prison_exchange", {"from": other, "building": b.name}), player)
                  for other, seat in enumerate(state.players) if other != player
                  for b in seat.buildings]
    return moves


def contradictions(state: GloryState) -> list[str]:
    """Where the sentence and the engine disagree in ``state`` (empty: none)."""
    said = sentence(state)
    found = options(state)
    me = found.player
    wrong: list[str] = []
    for (kind, payload), player in side_moves(state):
        if accepted(state, (kind, payload), player) is None:
            continue
        name = state.players[player].name
        if kind == "prison_exchange" and f"{name} may still exchange the Prison" not in said:
            wrong.append(f"a Prison exchange of {name} goes unsaid")
        if "bonus" in payload and not (f"{name} first takes or skips" in said
                                       or f"{name} takes or skips" in said
                                       or f"{name} may still take or skip" in said):
            wrong.append(f"{name}'s building actions go unsaid")
    for player in state.prison_due:
        name = state.players[player].name
        if f"{name} may still exchange the Prison" in said and not any(
                accepted(state, move, who) for move, who in side_moves(state)
                if move[0] == "prison_exchange" and who == player):
            wrong.append(f"a Prison exchange of {name} is said but refused")
    if me is None or state.phase == "over":
        return wrong
    regular = engine_moves(state, me)
    if state.led_role not in ("laborer", "legionary"):
        regular.pop("act", None)  # an untracked action of another role: "Done" stands for it
    taken = {kind for kind, moves in regular.items()
             if any(accepted(state, move, me) for move in moves)}
    if state.phase == "actions" and state.acting is None:
        return wrong + ([f"engine takes {sorted(taken)} while the turn waits"] if taken else [])
    if set(found.moves) != taken:
        wrong.append(f"offered {sorted(found.moves)}, engine takes {sorted(taken)}")
    for words, kind in REFUSALS.items():
        if words in said and (kind in taken or not (
                kind not in NEEDS or has_function(state, me, NEEDS[kind]))):
            wrong.append(f"says {words!r} but the engine does not refuse it so")
    jacks_out = "no Jack left to take" in said
    if jacks_out != ("think" in taken and "think:jack" not in taken):
        wrong.append("the Jack supply is misreported")
    return wrong


def new_table(rng: random.Random) -> GloryState:
    players = rng.randint(2, 5)
    state = RULES.setup([PlayerInfo(f"P{i}", "red", i) for i in range(players)],
                        {"card_set": rng.choice(["imperium", "republic"]),
                         "leader": rng.randrange(players)})
    names = set(buildings_in_set(state.card_set))
    for seat in range(players):
        owned = [structure(n, BUILDING_MATERIAL[n] or "brick")
                 for n in rng.sample(POWERS, rng.randint(0, 3)) if n in names]
        if rng.random() < 0.5:
            owned.append(foundation("Prison", "stone", 2))
        state = give(state, seat, buildings=tuple(owned))
    return state


def walk(rng: random.Random, steps: int) -> list[GloryState]:
    """States reached by random legal moves, the game's end among them."""
    state = new_table(rng)
    seen = [state]
    for _step in range(steps):
        if state.phase == "over":
            break
        me = RULES.current_player(state)
        choices: list[tuple[Move, int | None]] = list(side_moves(state))
        if me is not None:
            choices += [(move, me) for moves in engine_moves(state, me).values()
                        for move in moves]
        if rng.random() < 0.01:
            choices = [(("end_game", {"reason": "deck"}), None)]
        rng.shuffle(choices)
        for move, player in choices:
            after = accepted(state, move, player)
            if after is not None:
                state = after
                break
        else:
            raise AssertionError(f"no legal move in {RULES.status_line(state)}")
        seen.append(state)
    return seen


def test_what_now_agrees_with_the_engine_in_random_states() -> None:
    rng = random.Random(44)
    states: list[GloryState] = []
    while len(states) < STATES_PER_RUN:
        states += walk(rng, rng.randint(20, 120))
    wrong = {i: found for i, state in enumerate(states) if (found := contradictions(state))}
    sets = {state.card_set for state in states}
    sizes = {len(state.players) for state in states}
    assert sets == {"imperium", "republic"} and sizes == {2, 3, 4, 5}
    assert any(state.prison_due for state in states)
    assert any(g.building == "Academy" for state in states for g in state.bonus)
    assert any(state.phase == "over" for state in states)
    print(f"Glory to Rome: {len(states)} states, {len(states)} sentences, "
          f"{len(wrong)} contradictions")
    assert not wrong, [(RULES.status_line(states[i]), sentence(states[i]), why)
                       for i, why in list(wrong.items())[:5]]
