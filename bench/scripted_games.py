"""Whole scripted evenings of each game, for the memory figure (peak RSS over a full game).

A script is found by a seeded search: at every step the table's "player" proposes a few
plausible moves, biased towards progress, and the real reducer decides: a move it
refuses (``Rejected``) is simply not made and the next proposal is tried. So every
script is a legal game from set-up to the end, as long and as varied as a real evening,
and the same seed always gives the same script.

``scripted_game(game, seed)`` returns ``(players, options, moves, entries)``: fold the
moves (``(type, payload, player)``) from ``RULES.setup(players, options)`` and the state
ends over; ``entries`` are the numbers the table types in for ``final_score``. Seed 0 is a
four-player evening; other seeds also vary the player count, options and end of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from companion.games import UnknownGame, get_rules
from companion.games.ave_roma import (
    ACTION,
    BOARD_SPACES,
    CARD_ROWS,
    EMPTY,
    FINAL,
    REFILL,
    RESOURCES,
    SETUP,
    TRAINING,
    TURN_ORDER,
    WORKERS_PER_PLAYER,
    AveRomaState,
    Seat,
    pending_overflow,
)
from companion.games.ave_roma import RULES as AVE_ROMA
from companion.games.base import Action, GameRules, PlayerInfo, Rejected
from companion.games.glory_to_rome import RULES as GLORY
from companion.games.glory_to_rome import THINKER, GloryState, hand_limit, has_function, pending
from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIALS,
    ROLES,
    buildings_in_set,
)
from companion.games.via_romana import RULES as VIA_ROMANA
from companion.games.via_romana import (
    Phase,
    ViaRomanaState,
    castles_left,
    extendable_ends,
    free_cities,
    road_colours,
)

Move = tuple[str, dict[str, Any], int | None]
Script = tuple[tuple[PlayerInfo, ...], dict[str, Any], list[Move], dict[str, int]]

NAMES = ("Livia", "Marcus", "Julia", "Gaius", "Octavia")
COLOURS = ("red", "blue", "green", "yellow", "purple")
#: more than any real evening takes; reaching it means the search went round in circles
MOVE_LIMIT = 5000


def scripted_game(game: str, seed: int = 0) -> Script:
    """(players, options, moves, endgame entries) for a whole evening of ``game`` that ends
    with ``RULES.is_over(state)`` true and ``final_score(state, entries)`` working."""
    scripts: dict[str, Callable[[random.Random, int], Script]] = {
        "glory-to-rome": _glory_script,
        "ave-roma": _ave_roma_script,
        "via-romana": _via_romana_script,
    }
    if game not in scripts:
        raise UnknownGame(game)
    return scripts[game](random.Random(f"{game}/{seed}"), seed)


def fold(game: str, players: tuple[PlayerInfo, ...], options: dict[str, Any],
         moves: Iterable[Move]) -> Any:
    """The state after folding ``moves`` from set-up (raises Rejected on an illegal one)."""
    rules = get_rules(game)
    state = rules.setup(players, options)
    for kind, payload, player in moves:
        state = rules.apply(state, Action(kind, payload, player, at=0.0))
    return state


def _seats(count: int) -> tuple[PlayerInfo, ...]:
    return tuple(PlayerInfo(NAMES[i], COLOURS[i], i) for i in range(count))


def _search(rules: GameRules[Any], state: Any, rng: random.Random,
            propose: Callable[[Any, random.Random], Iterator[Move]],
            finished: Callable[[Any], bool]) -> tuple[Any, list[Move]]:
    """Play from ``state``: the first proposal the reducer accepts is made, until done."""
    moves: list[Move] = []
    while not finished(state):
        if len(moves) >= MOVE_LIMIT:
            raise RuntimeError(f"{rules.key}: no end after {MOVE_LIMIT} moves")
        for kind, payload, player in propose(state, rng):
            try:
                state = rules.apply(state, Action(kind, payload, player, at=0.0))
            except Rejected:
                continue
            moves.append((kind, payload, player))
            break
        else:
            raise RuntimeError(f"{rules.key}: no proposal fits at {rules.status_line(state)}")
    return state, moves


def _weighted(rng: random.Random, weights: dict[str, int]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


# --- Glory to Rome ---------------------------------------------------------------------------

#: Leaders mostly build; the other roles fill the vault, the clientele and the stockpile.
LEAD_WEIGHTS = {"architect": 5, "craftsman": 5, "merchant": 2, "patron": 3, "laborer": 2,
                "legionary": 1}


@dataclass(frozen=True)
class _GloryPlan:
    deck_out_turn: int  # the turn the table confirms the deck ran out, if sites last
    #: before this turn nobody takes the last in-town site (which would end the game early)
    close_after_turn: int = 24


def _glory_script(rng: random.Random, seed: int) -> Script:
    players = _seats((4, 3, 5, 2)[seed % 4])
    options = {"card_set": ("imperium", "republic")[seed % 2], "jacks": rng.choice([5, 6]),
               "leader": rng.randrange(len(players))}
    plan = _GloryPlan(deck_out_turn=rng.randint(42, 60))
    state, moves = _search(GLORY, GLORY.setup(players, options), rng,
                           lambda s, r: _glory_moves(s, r, plan), GLORY.is_over)
    return players, options, moves, _glory_entries(state, rng)


def _glory_moves(state: GloryState, rng: random.Random, plan: _GloryPlan) -> Iterator[Move]:
    for due in state.prison_due:
        if rng.random() < 0.6:
            yield from _prison_exchanges(state, due, rng)
    me = GLORY.current_player(state)
    assert me is not None
    for grant in pending(state, me):  # granted actions come before the player's next move
        if grant.role == THINKER:
            yield from ((kind, {**payload, "bonus": grant.building}, player)
                        for kind, payload, player in _glory_thinks(state, me, rng))
        elif rng.random() < 0.7:
            yield "act", {"bonus": grant.building}, me
        yield "done", {"bonus": grant.building}, me
    if state.phase == "lead":
        if state.turn >= plan.deck_out_turn:
            yield "end_game", {"reason": "deck"}, None
        if rng.random() < 0.15:
            yield from _glory_thinks(state, me, rng)
        yield from _played_role(state, me, rng, "lead", {"role": _weighted(rng, LEAD_WEIGHTS)})
        yield from _glory_thinks(state, me, rng)
    elif state.phase == "follow":
        keen = 0.75 if state.led_role in ("architect", "craftsman") else 0.5
        if rng.random() < keen:
            yield from _played_role(state, me, rng, "follow", {})
        yield from _glory_thinks(state, me, rng)
        yield "follow", {}, me
    else:
        if rng.random() < 0.04:
            yield "done", {}, me
        yield from _glory_actions(state, me, rng, plan)
        yield "act", {}, me
        yield "done", {}, me


def _played_role(state: GloryState, me: int, rng: random.Random, kind: str,
                 payload: dict[str, Any]) -> Iterator[Move]:
    """Lead or follow with a role card, a Jack now and then, two cards with a Palace."""
    if has_function(state, me, "Palace") and rng.random() < 0.5:
        yield kind, {**payload, "cards": 2}, me
    if state.players[me].jacks and rng.random() < 0.6:
        yield kind, {**payload, "jacks": 1}, me
    yield kind, payload, me


def _glory_thinks(state: GloryState, me: int, rng: random.Random) -> Iterator[Move]:
    limit = hand_limit(state, me)
    if state.jacks_supply and rng.random() < 0.3:
        yield "think", {"option": "jack"}, me
    if rng.random() < 0.8:
        yield "think", {"option": "refill", "hand": rng.randint(0, limit - 1)}, me
    yield "think", {"option": "draw_one", "hand": limit + rng.randint(0, 2)}, me


def _glory_actions(state: GloryState, me: int, rng: random.Random,
                   plan: _GloryPlan) -> Iterator[Move]:
    role = state.led_role
    player = state.players[me]
    if role in ("architect", "craftsman"):
        unfinished = [b.name for b in player.buildings if not b.completed]
        rng.shuffle(unfinished)
        if role == "architect" and has_function(state, me, "Stairway") and rng.random() < 0.3:
            yield from _stairways(state, me, rng)
        if unfinished and rng.random() < 0.55:
            yield "add_material", {"building": unfinished[0]}, me
        for _attempt in range(3):
            yield "lay_foundation", _foundation(state, me, rng, plan), me
        for name in unfinished:
            yield "add_material", {"building": name}, me
    elif role == "merchant":
        material = rng.choice(MATERIALS)
        if has_function(state, me, "Atrium") and rng.random() < 0.3:
            yield "vault", {"source": "deck"}, me
        if has_function(state, me, "Basilica") and rng.random() < 0.3:
            yield "vault", {"material": material, "source": "hand"}, me
        yield "vault", {"material": material}, me
    elif role == "patron":
        yield "hire_client", {"role": rng.choice(ROLES)}, me
    elif role == "legionary" and has_function(state, me, "Colosseum"):
        for victim, other in enumerate(state.players):
            held = [r for r in ROLES if other.client_count(r)]
            if victim != me and held:
                yield "colosseum", {"from": victim, "role": rng.choice(held)}, me


def _foundation(state: GloryState, me: int, rng: random.Random,
                plan: _GloryPlan) -> dict[str, Any]:
    """A foundation the player does not have yet; in town while the site lasts, unless it
    is the last in-town site and the evening is still young."""
    owned = {b.name for b in state.players[me].buildings}
    names = [n for n in buildings_in_set(state.card_set) if n not in owned and n != "Catacomb"]
    name = rng.choice(names)
    site = BUILDING_MATERIAL[name] or rng.choice(MATERIALS)
    in_town = state.in_town[MATERIALS.index(site)] > 0
    if sum(state.in_town) == 1 and state.turn < plan.close_after_turn:
        in_town = False
    payload: dict[str, Any] = {"building": name}
    if not in_town or rng.random() < 0.1:
        payload["out_of_town"] = True
    if BUILDING_MATERIAL[name] is None:
        payload["material"] = site
    return payload


def _stairways(state: GloryState, me: int, rng: random.Random) -> Iterator[Move]:
    for owner, other in enumerate(state.players):
        done = [b.name for b in other.buildings if b.completed and b.name not in state.public]
        if owner != me and done:
            yield "stairway", {"owner": owner, "building": rng.choice(done)}, me


def _prison_exchanges(state: GloryState, due: int, rng: random.Random) -> Iterator[Move]:
    mine = {b.name for b in state.players[due].buildings}
    for victim, other in enumerate(state.players):
        done = [b.name for b in other.buildings if b.completed and b.name not in mine]
        if victim != due and done:
            yield "prison_exchange", {"from": victim, "building": rng.choice(done)}, due


def _glory_entries(state: GloryState, rng: random.Random) -> dict[str, int]:
    """Cards in hand, a Wall's stockpile, and Atrium cards revealed material by material."""
    entries: dict[str, int] = {}
    revealed: dict[int, dict[str, int]] = {}
    for field in GLORY.endgame_fields(state):
        if ".atrium." not in field.key:
            entries[field.key] = rng.randint(field.minimum, min(field.maximum, 9))
            continue
        assert field.player is not None
        if field.player not in revealed:  # every Atrium card turns out to be one material
            counts = dict.fromkeys(MATERIALS, 0)
            for _card in range(field.maximum):
                counts[rng.choice(MATERIALS)] += 1
            revealed[field.player] = counts
        entries[field.key] = revealed[field.player][field.key.rsplit(".", 1)[1]]
    return entries


# --- Ave Roma --------------------------------------------------------------------------------

SPACE_WEIGHTS = {"quaestor": 3, "aedilis": 4, "mercator": 3, "aedificator": 3, "legatus": 2,
                 "propraetor": 4, "rome": 2, "senatus": 2, "training": 1}


@dataclass(frozen=True)
class _AvePlan:
    row_out_round: int | None  # the round a card row cannot be refilled (trigger B), if ever


def _ave_roma_script(rng: random.Random, seed: int) -> Script:
    players = _seats((4, 3, 5, 2)[seed % 4])
    order = list(range(len(players)))
    rng.shuffle(order)
    options = {**AVE_ROMA.default_options(), "region_deck_size": 25 - 2 * (5 - len(players)),
               "turn_order": order, "tracking": "full"}
    plan = _AvePlan(row_out_round=rng.randint(6, 8) if seed % 2 else None)

    def finished(state: AveRomaState) -> bool:
        return AVE_ROMA.is_over(state) and not any(s.has_overflow for s in state.seats)

    state, moves = _search(AVE_ROMA, AVE_ROMA.setup(players, options), rng,
                           lambda s, r: _ave_moves(s, r, plan), finished)
    entries = {f"{i}.patron_vp": rng.randint(0, 4 + 2 * seat.patron_slots)
               for i, seat in enumerate(state.seats)}
    entries.update({field.key: field.default for field in AVE_ROMA.endgame_fields(state)
                    if field.key not in entries})  # political points as the track reads
    return players, options, moves, entries


def _ave_moves(state: AveRomaState, rng: random.Random, plan: _AvePlan) -> Iterator[Move]:
    for player in range(len(state.seats)):
        for resource, amount in pending_overflow(state, player).items():
            kept = rng.randint(0, amount)
            yield "overflow", {"resource": resource, "surplus": kept, "sell": amount - kept}, player
            yield "overflow", {"resource": resource, "surplus": 0, "sell": amount}, player
            return
    me = AVE_ROMA.current_player(state)
    if state.phase == SETUP:
        yield "choose_start", {"resources": rng.sample(RESOURCES, 2)}, me
    elif state.phase in (ACTION, FINAL):
        assert me is not None
        seat = state.seat(me)
        if rng.random() < 0.04:  # a set bonus or a patron's power
            yield "effect", rng.choice([{"vp": rng.randint(1, 3)}, {"coins": 2}]), me
        if state.phase == ACTION and len(seat.hand) <= 2 and rng.random() < 0.1:
            yield "pass", {}, me
        for _attempt in range(10):
            yield "place", _placement(state, seat, rng), me
        yield "pass", {}, me
    elif state.phase == REFILL:
        if plan.row_out_round is not None and state.round >= plan.row_out_round:
            yield "row_not_refilled", {"row": rng.choice(CARD_ROWS)}, None
        if me is None:
            yield "rows_refilled", {}, None
            return
        yield from _take_backs(state, state.seat(me), me, rng)
    elif state.phase == TURN_ORDER:
        if rng.random() < 0.25:  # a player checks the hand the companion tracked
            checking = rng.randrange(len(state.seats))
            yield "workers", {"numbers": list(state.seat(checking).hand)}, checking
        yield "confirm_order", {}, None


def _placement(state: AveRomaState, seat: Seat, rng: random.Random) -> dict[str, Any]:
    """A worker on a space, with what the card there gives and costs as the table enters it."""
    final = state.phase == FINAL
    space = _weighted(rng, SPACE_WEIGHTS)
    if final and space == TRAINING:
        space = "quaestor"
    payload: dict[str, Any] = {"space": space}
    if not final and seat.trained is not None and space != TRAINING and rng.random() < 0.6:
        number = min(5, max(1, seat.trained + rng.choice([-1, 0, 1])))
        payload.update(trained=True, acts_as=number)
    else:
        number = rng.choice(seat.hand) if seat.hand and not final else rng.randint(1, 5)
        payload["worker"] = number
    if space in ("aedilis", "mercator") and state.regions[number - 1].card == EMPTY:
        payload["space"] = space = "quaestor"
    payload.update(_space_effects(space, number, seat, rng))
    return payload


def _space_effects(space: str, number: int, seat: Seat,
                   rng: random.Random) -> dict[str, Any]:
    def some(count: int) -> dict[str, int]:
        picked: dict[str, int] = {}
        for resource in rng.choices(RESOURCES, k=count):
            picked[resource] = picked.get(resource, 0) + 1
        return picked

    def held(count: int) -> dict[str, int]:
        pool = [r for r in RESOURCES for _unit in range(seat.amount(r))]
        picked: dict[str, int] = {}
        for resource in rng.sample(pool, min(count, len(pool))):
            picked[resource] = picked.get(resource, 0) + 1
        return picked

    if space == "aedilis":
        return {"gain": some(4)}
    if space == "mercator":
        bought = rng.randint(0, min(4, seat.coins // 2))
        effects: dict[str, Any] = {"gain": some(bought), "coins": -2 * bought}
        if rng.random() < 0.4 and seat.resource_total:
            effects["sell"] = held(1)
        return effects
    if space == "propraetor":
        if rng.random() < 0.6:
            return {"gain": some(2), "influence": {str(number): rng.randint(1, 3)}}
        return {"gain": some(3)}
    if space in CARD_ROWS:
        effects = {"slot": rng.randint(number, 5)}
        if space == "senatus":
            effects["coins"] = -rng.randint(1, 4)
        else:
            effects["pay"] = held(rng.randint(2, 3))
            if rng.random() < 0.3:  # a second copy of a card: its set bonus
                effects["vp"] = rng.randint(1, 3)
        return effects
    if space == "rome":
        return {"political": number, "coins": -min(seat.coins, rng.randint(0, number))}
    if space == TRAINING:
        return {"coins": -1}
    return {}


def _take_backs(state: AveRomaState, seat: Seat, me: int, rng: random.Random) -> Iterator[Move]:
    areas = [space for space in BOARD_SPACES if state.area(space)]
    rng.shuffle(areas)
    room = WORKERS_PER_PLAYER - len(seat.hand)
    for area in areas:
        lying = list(state.area(area))
        if len(lying) <= room:
            yield "take_back", {"area": area}, me
        else:
            yield "take_back", {"area": area, "workers": sorted(rng.sample(lying, room))}, me


# --- Via Romana ------------------------------------------------------------------------------


def _via_romana_script(rng: random.Random, seed: int) -> Script:
    players = _seats((4, 3, 2)[seed % 3])
    options = VIA_ROMANA.default_options()
    state = VIA_ROMANA.setup(players, options)
    open_boards = tuple(p for p in range(len(players)) if rng.random() < 0.5)
    boards = {p: rng.sample(state.board.colours, 4) for p in open_boards}
    state, moves = _search(VIA_ROMANA, state, rng, lambda s, r: _via_moves(s, r, boards),
                           VIA_ROMANA.is_over)
    entries = {field.key: rng.choice([0, 1]) for field in VIA_ROMANA.endgame_fields(state)}
    return players, options, moves, entries


def _via_moves(state: ViaRomanaState, rng: random.Random,
               boards: dict[int, list[str]]) -> Iterator[Move]:
    board = state.board
    if state.phase is Phase.SETUP:
        for player, colours in boards.items():
            if state.order_boards[player] is None:
                yield "order_board", {"colours": colours}, player
        for city in rng.sample(free_cities(state), 3):
            yield "start_castle", {"city": board.cities[city].name}, state.current
        return
    if state.pending:
        connection = state.pending[0]
        road = board.roads[connection.road]
        cities = [c for c in (road.a, road.b) if state.stacks[c]]
        cities.sort(key=lambda c: (state.stacks[c][0], rng.random()), reverse=True)
        for city in cities:
            yield "pick_marker", {"road": connection.road, "city": board.cities[city].name}, \
                connection.chooser
        return
    me = state.current
    played = state.cards_this_turn
    stop = 0.08 if not played else 0.3  # a pass, or a hand without more fitting cards
    if played < 3 and rng.random() >= stop:
        yield from _via_builds(state, me, rng)
    yield "end_turn", {}, me


def _via_builds(state: ViaRomanaState, me: int, rng: random.Random) -> Iterator[Move]:
    """Finish a road when possible, else extend roads and settle cities, in mixed order."""
    board = state.board
    ends = extendable_ends(state)
    rng.shuffle(ends)

    def free(road: int) -> int:
        return state.roads[road].count(None)

    def other_end(road: int, city: int) -> int:
        r = board.roads[road]
        return r.b if city == r.a else r.a

    finishing = [(road, city) for road, city in ends
                 if free(road) <= 2 and state.cities[other_end(road, city)] is not None]
    if finishing and rng.random() < 0.7:
        road, city = finishing[0]
        source = board.cities[city]
        if free(road) == 2 and rng.random() < 0.5:
            yield "two_milestones", {"road": road, "from": source.name,
                                     "cards": [{"colour": source.colour,
                                                "symbol": source.symbol}]}, me
        yield "milestone_road", {"road": road, "from": source.name,
                                 "cards": [{"colour": road_colours(state, road, city)[0]}]}, me
    built = {i for i, b in enumerate(state.cities) if b is not None}
    near = [c for c in free_cities(state)
            if any(other_end(r, c) in built for r in board.roads_of(c))]
    cities = near if near and rng.random() < 0.7 else free_cities(state)
    proposals: list[Move] = []
    for road, city in ends[:3]:
        source = board.cities[city]
        if free(road) >= 2 and rng.random() < 0.12:  # the card matches colour and symbol
            cards = [{"colour": source.colour, "symbol": source.symbol}]
            proposals.append(("two_milestones", {"road": road, "from": source.name,
                                                 "cards": cards}, me))
        cards = [{"colour": rng.choice(road_colours(state, road, city))}]
        if rng.random() < 0.15:  # a joker: two cards of two different colours
            cards = [{"colour": c} for c in rng.sample(board.colours, 2)]
        proposals.append(("milestone_road", {"road": road, "from": source.name,
                                             "cards": cards}, me))
    for city in rng.sample(cities, min(2, len(cities))):
        target = board.cities[city]
        if castles_left(state, me) > 0 and rng.random() < 0.4:
            proposals.append(("castle", {"city": target.name,
                                         "cards": [{"colour": target.colour}] * 2}, me))
        proposals.append(("milestone_city", {"city": target.name,
                                             "cards": [{"colour": target.colour}]}, me))
    rng.shuffle(proposals)
    yield from proposals
