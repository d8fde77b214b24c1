"""Via Romana: build checks, connection scoring, signposts and the automatic final score.

Players build on the table; the companion checks each build against the card rules,
notices when a road between two built cities is complete, tells the table who picks a
city marker and who draws cards, counts signposts, runs the last turns and scores.
Rules: ``shared/rules/via_romana.md``; the map comes from a board file
(``docs/via_romana_board.md``).

Readings of the rules (where the sources leave room): a city space holds one piece (a
castle or a milestone), and every piece counts 1 towards the majority of a connection; road
spaces fill from both ends inwards; a road between two provinces may be paid in either end
city's colour; the game ends when the last signpost of the box (``signposts`` in the board
file, fewer than the roads, so the end is a race) is placed, and a road completed after that
is still scored, just without a signpost. An order board is a multiset of four colours: a
repeated colour needs two markers of it.

Options (``default_options()``)
-------------------------------
``board_file``: path of a board TOML file, or None for the shipped default.
``starting_castles``: castles each player places before play; None = 2 in a two-player
game, else 1 (sources disagree). ``castles_per_player`` (4), ``milestones_per_player`` (20).
The last signpost: the seed ends the game "sobald auch der letzte Wegweiser einen
Streckenabschluss markiert" - as soon as the box's last signpost marks a scored road,
whether or not other roads are still open - so the player who placed it builds no more
that turn (``last_signpost_placed``); the scorings it triggered are still picked.
The less certain readings (reviews): ``last_turns`` (True: the others play once more after
the last signpost; False: the game ends with that build), ``order_board_bonus`` (5),
``eagle_bonus`` (2). None takes the board file's value (the same keys at its top level,
with today's readings as defaults).
``board``: the board file's text, copied in by ``RULES.prepare_options`` when a game is
created, so the log replays the game whatever later happens to the file.

Actions
-------
``player`` is the seat index of the acting player. For builds and ``end_turn`` it may be
None (= the player whose turn it is). Cities are named by their board name (any case),
roads by their index in the board file (0-based, see ``Board.road_label``). A card is
``{"colour": "blue"}``, plus ``"symbol": "eagle"`` where the symbol matters.

``start_castle`` ``{"city": "Lutetia"}``
    Set-up: the player whose turn it is places a starting castle in an empty city (no
    cards). Players place in seat order, once per round of ``starting_castles``.
``order_board`` ``{"colours": ["blue", "grey", "violet", "green"]}``
    Records a player's order board (four colours, one may repeat); ``player`` is required.
    Allowed in any phase, once per player, so a secret board can be entered at the end.
``castle`` ``{"city": "Lutetia", "cards": [card, card]}``
    A castle in an empty city: 2 cards of the city's colour.
``milestone_city`` ``{"city": "Lutetia", "cards": [card] | [card, card]}``
    A milestone in an empty city: 1 card of its colour, or 2 cards of two different
    colours (joker).
``milestone_road`` ``{"road": 3, "from": "Lutetia", "cards": [card] | [card, card]}``
    A milestone on the next free road space counted from the city ``from``, which must be
    built. Cards as for a city milestone, in the colour of either end city (or of the
    road's ``colours`` if the board file lists them).
``two_milestones`` ``{"road": 3, "from": "Lutetia", "cards": [card]}``
    Two milestones at once on the next two free road spaces from the built city ``from``:
    one card matching that city in colour and symbol (the symbol must be given).
``pick_marker`` ``{"city": "Lutetia", "road": 3}``
    Resolves a pending road scoring: the player with most pieces takes the top marker of
    one of the road's two cities. ``road`` is optional (default: the first pending).
``end_turn`` ``{}``
    Ends the turn (also a pass). Refused while a scoring is pending.
``end_game`` ``{}``
    The table ends the game here and scores it ("end here and score"); refused in set-up
    and while a scoring is pending. Undo takes it back like any move.

Builds are allowed in phases ``play`` and ``last_turns`` on the acting player's turn, with
at most 3 cards per round. A build that completes roads queues their scorings
(``state.pending``); nothing else is accepted until every pending scoring is resolved.

What the table screen shows
---------------------------
- ``RULES.status_line(state)``: round, whose turn, cards used, or the pending pick.
- ``scoring_prompt(state)``: lines for the first pending road scoring (majority, tie in
  words, marker choices, card draws in order, signpost) or None.
- ``state.scored`` with ``describe(state, connection)``: history of scored roads.
- Board: ``state.cities`` (``Building`` or None per city), ``state.roads`` (owner per road
  space, from the road's first city), ``state.closed``, ``state.stacks`` (markers per
  city, top first), ``state.signposts_left``, ``state.eagle``.
- Per player: ``state.collected`` markers, ``castles_left``/``milestones_left``,
  ``castle_marker_values``, ``state.order_boards``, ``provisional_scores(state)``.
- Buttons: ``allowed_actions(state, player)`` (``shut_builds``: why the rest are not),
  ``cards_left(state)``,
  ``free_cities(state)``, ``extendable_ends(state)`` -> ``(road, from_city)`` pairs,
  ``road_colours(state, road, from_city)``; ``BUILD_ACTIONS`` lists the build types.
- Phase: ``state.phase`` (``Phase.SETUP``, ``PLAY``, ``LAST_TURNS``, ``OVER``);
  ``state.last_turns`` are the players still owed their last turn.
- Final screen: ``RULES.endgame_fields(state)`` (only unrecorded order boards, 1/0),
  ``RULES.final_score(state, entries)`` and ``breakdown_lines(player_score)``; a shared
  victory goes to the table's pick with ``RULES.break_tie(result, name_or_None)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.i18n import _
from companion.games.base import (
    Action,
    EntryField,
    PlayerInfo,
    Rejected,
    ScoreInputError,
    ScoreResult,
)
from companion.games.via_romana.allowed import free_spaces, last_signpost_placed
from companion.games.via_romana.board import (
    Board,
    board_text,
    check_playable,
    load_board,
    parse_board,
)
from companion.games.via_romana.cards import (
    Card,
    check_card_limit,
    check_castle_cards,
    check_double_cards,
    check_milestone_cards,
    parse_cards,
)
from companion.games.via_romana.connections import (
    pick_marker,
    score_completed,
)
from companion.games.via_romana.rescore import correctable, entries_of, rescore
from companion.games.via_romana.scoring import (
    ORDER_BOARD_COLOURS,
    PlayerTally,
    break_tie,
    score_tallies,
    tallies_from_json,
)
from companion.games.via_romana.state import (
    Building,
    Phase,
    Settings,
    ViaRomanaState,
    castles_left,
    milestones_left,
    name_of,
    next_space,
    replace_at,
    road_colours,
    tally,
)

DEFAULT_OPTIONS: dict[str, Any] = {
    "board_file": None, "starting_castles": None, "castles_per_player": 4,
    "milestones_per_player": 20,
    # None: as the board file says (by default True, 5 and 2)
    "last_turns": None, "order_board_bonus": None, "eagle_bonus": None,
    # the board file's text, copied in when the game starts (see ``prepare_options``)
    "board": None,
}


# --- payload reading ------------------------------------------------------------------------


def _city(state: ViaRomanaState, payload: Mapping[str, Any], key: str = "city") -> int:
    name = payload.get(key)
    if not isinstance(name, str) or not name.strip():
        raise Rejected(_("Say which city ({key}).").format(key=key))
    index = state.board.city_index(name)
    if index is None:
        raise Rejected(_("There is no city {name!r} on this board.").format(name=name))
    return index


def _road(state: ViaRomanaState, payload: Mapping[str, Any]) -> int:
    road = payload.get("road")
    if isinstance(road, bool) or not isinstance(road, int) or not 0 <= road < len(
            state.board.roads):
        raise Rejected(_("Say which road: a road number from 0 to {last}.").format(
            last=len(state.board.roads) - 1))
    return road


def _actor(state: ViaRomanaState, action: Action) -> int:
    """The acting player, who must be the player on turn."""
    player = state.current if action.player is None else action.player
    if not isinstance(player, int) or not 0 <= player < len(state.players):
        raise Rejected(_("Unknown player {player!r}.").format(player=action.player))
    if player != state.current:
        raise Rejected(_("It is {current}'s turn, not {player}'s.").format(
            current=name_of(state, state.current), player=name_of(state, player)))
    return player


def _require_building_turn(state: ViaRomanaState) -> None:
    if state.phase is Phase.SETUP:
        raise Rejected(_("Set-up is not finished: place the starting castles first."))
    if state.phase is Phase.OVER:
        raise Rejected(_("The game is over; only the final scoring remains."))
    if state.pending:
        raise Rejected(_("First finish the road scoring: {chooser} picks a city marker.").format(
            chooser=name_of(state, state.pending[0].chooser)))


def _require_build(state: ViaRomanaState) -> None:
    _require_building_turn(state)
    if last_signpost_placed(state):
        raise Rejected(_("The last signpost is placed, and the game ends as soon as it is: "
                         "{name} builds no more and ends the turn.").format(
            name=name_of(state, state.current)))


# --- the reducer ----------------------------------------------------------------------------


def _start_castle(state: ViaRomanaState, action: Action) -> ViaRomanaState:
    if state.phase is not Phase.SETUP:
        raise Rejected(_("Starting castles are placed during set-up only; build a castle with "
                         "2 cards instead."))
    player = _actor(state, action)
    city = _city(state, action.payload)
    if state.cities[city] is not None:
        raise Rejected(_("{city} is already built; choose an empty city.").format(
            city=state.board.cities[city].name))
    n = len(state.players)
    placed = state.starting_castles_placed + 1
    state = replace(state, cities=replace_at(state.cities, city, Building(player, True)),
                    starting_castles_placed=placed, current=placed % n)
    if placed == n * state.settings.starting_castles:
        state = replace(state, phase=Phase.PLAY, current=0, round=1)
    return state


def _order_board(state: ViaRomanaState, action: Action) -> ViaRomanaState:
    player = action.player
    if not isinstance(player, int) or not 0 <= player < len(state.players):
        raise Rejected(_("Say whose order board this is."))
    if state.order_boards[player] is not None:
        raise Rejected(_("{name}'s order board is already recorded; undo that entry to change "
                         "it.").format(name=name_of(state, player)))
    raw = action.payload.get("colours")
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise Rejected(_("List the four colours of the order board."))
    colours = tuple(c.strip().casefold() for c in raw)
    unknown = [c for c in colours if c not in state.board.colours]
    if unknown:
        raise Rejected(_("{colour!r} is not a province colour ({known}).").format(
            colour=unknown[0], known=", ".join(state.board.colours)))
    if len(colours) != ORDER_BOARD_COLOURS:
        raise Rejected(_("An order board shows exactly four colours (a colour may repeat)."))
    return replace(state, order_boards=replace_at(state.order_boards, player, colours))


def _pay(state: ViaRomanaState, cards: Sequence[Card]) -> ViaRomanaState:
    return replace(state, cards_this_turn=state.cards_this_turn + len(cards))


def _city_build(state: ViaRomanaState, action: Action, castle: bool) -> ViaRomanaState:
    _require_build(state)
    player = _actor(state, action)
    city_index = _city(state, action.payload)
    city = state.board.cities[city_index]
    if state.cities[city_index] is not None:
        raise Rejected(_("{city} is already built; each city space holds one piece.").format(
            city=city.name))
    cards = parse_cards(action.payload.get("cards"), state.board)
    if castle:
        check_castle_cards(cards, city)
        if castles_left(state, player) <= 0:
            raise Rejected(_("{name} has no castle left in the supply.").format(
                name=name_of(state, player)))
    else:
        check_milestone_cards(cards, (city.colour,), _("in {city}").format(city=city.name))
        if milestones_left(state, player) <= 0:
            raise Rejected(_("{name} has no milestone left in the supply.").format(
                name=name_of(state, player)))
    check_card_limit(state.cards_this_turn, cards)
    state = _pay(state, cards)
    state = replace(state, cities=replace_at(state.cities, city_index, Building(player, castle)))
    return score_completed(state, list(state.board.roads_of(city_index)), player)


def _road_build(state: ViaRomanaState, action: Action, count: int) -> ViaRomanaState:
    _require_build(state)
    player = _actor(state, action)
    road = _road(state, action.payload)
    from_city = _city(state, action.payload, "from")
    board = state.board
    r = board.roads[road]
    label = board.road_label(road)
    if from_city not in (r.a, r.b):
        raise Rejected(_("The road {road} does not start at {city}.").format(
            road=label, city=board.cities[from_city].name))
    if state.closed[road]:
        raise Rejected(_("The road {road} is closed by a signpost: no piece may be placed "
                         "there.").format(road=label))
    if state.cities[from_city] is None:
        raise Rejected(_("Milestones on a road must connect to a built city: {city} is still "
                         "empty. Build there first or extend from the other end.").format(
            city=board.cities[from_city].name))
    if free_spaces(state, road) < count:
        if count == 2 and free_spaces(state, road) == 1:
            raise Rejected(_("The road {road} has only one free space left; build a single "
                             "milestone.").format(road=label))
        raise Rejected(_("The road {road} is fully built.").format(road=label))
    cards = parse_cards(action.payload.get("cards"), board)
    if count == 2:
        check_double_cards(cards, board.cities[from_city])
    else:
        check_milestone_cards(cards, road_colours(state, road, from_city),
                              _("on {road}").format(road=label))
    if milestones_left(state, player) < count:
        raise Rejected(_("{name} has not enough milestones left in the supply.").format(
            name=name_of(state, player)))
    check_card_limit(state.cards_this_turn, cards)
    state = _pay(state, cards)
    spaces = state.roads[road]
    for _step in range(count):
        space = next_space(state, road, from_city)
        assert space is not None  # free spaces were counted above
        spaces = replace_at(spaces, space, player)
        state = replace(state, roads=replace_at(state.roads, road, spaces))
    return score_completed(state, [road], player)


def _pick_marker(state: ViaRomanaState, action: Action) -> ViaRomanaState:
    road = action.payload.get("road")
    road_index = None if road is None else _road(state, action.payload)
    city = _city(state, action.payload)
    return pick_marker(state, road_index, city, action.player)


def _end_turn(state: ViaRomanaState, action: Action) -> ViaRomanaState:
    _require_building_turn(state)
    _actor(state, action)
    state = replace(state, cards_this_turn=0)
    if state.phase is Phase.LAST_TURNS:
        if not state.last_turns:
            return replace(state, phase=Phase.OVER)
        return replace(state, current=state.last_turns[0], last_turns=state.last_turns[1:])
    following = (state.current + 1) % len(state.players)
    return replace(state, current=following,
                   round=state.round + (1 if following == 0 else 0))


def _end_game(state: ViaRomanaState, action: Action) -> ViaRomanaState:
    """The table ends the game here to score it (Abandon is for a game nobody scores)."""
    del action
    _require_building_turn(state)
    return replace(state, phase=Phase.OVER, cards_this_turn=0, last_turns=())


_HANDLERS: dict[str, Callable[[ViaRomanaState, Action], ViaRomanaState]] = {
    "start_castle": _start_castle,
    "order_board": _order_board,
    "castle": lambda s, a: _city_build(s, a, castle=True),
    "milestone_city": lambda s, a: _city_build(s, a, castle=False),
    "milestone_road": lambda s, a: _road_build(s, a, count=1),
    "two_milestones": lambda s, a: _road_build(s, a, count=2),
    "pick_marker": _pick_marker,
    "end_turn": _end_turn,
    "end_game": _end_game,
}


# --- options --------------------------------------------------------------------------------


def _option_int(options: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = options.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Rejected(_("Option {key} must be a whole number from {low} to {high}, not "
                         "{value!r}.").format(key=key, low=low, high=high, value=value))
    return value


def _settings(options: Mapping[str, Any], players: int, board: Board) -> Settings:
    known = set(DEFAULT_OPTIONS)
    unknown = sorted(set(options) - known)
    if unknown:
        raise Rejected(_("Unknown option {key!r}; Via Romana knows {known}.").format(
            key=unknown[0], known=", ".join(sorted(known))))
    castles = _option_int(options, "castles_per_player", 4, 1, 20)
    milestones = _option_int(options, "milestones_per_player", 20, 1, 200)
    starting = _option_int(options, "starting_castles", 2 if players == 2 else 1, 1, castles)
    last_turns = options.get("last_turns")
    if last_turns is None:
        last_turns = board.last_turns
    if not isinstance(last_turns, bool):
        raise Rejected(_("Option last_turns must be true or false, not {value!r}.").format(
            value=last_turns))
    return Settings(castles, milestones, starting, last_turns,
                    _option_int(options, "order_board_bonus", board.order_board_bonus, 0, 99),
                    _option_int(options, "eagle_bonus", board.eagle_bonus, 0, 99))


def _board_file(options: Mapping[str, Any]) -> str | None:
    board_file = options.get("board_file")
    if board_file is not None and not isinstance(board_file, str):
        raise Rejected(_("Option board_file must be a file path or empty."))
    return board_file or None


def _board(options: Mapping[str, Any]) -> Board:
    """The game's own copy of the board when it has one, else the board file."""
    board_file = _board_file(options)
    copy = options.get("board")
    if copy is None:
        return load_board(board_file)
    if not isinstance(copy, str):
        raise Rejected(_("The game's copy of the board is damaged (not text)."))
    return parse_board(copy, board_file or _("the shipped map"))


# --- the rules object -----------------------------------------------------------------------


class ViaRomanaRules:
    key = "via-romana"
    title = "Via Romana"
    min_players = 2
    max_players = 4

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def prepare_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a new game keeps in its log: with its own copy of the board.

        A board file edited or deleted after the game began then changes nothing for it.
        A copy already in ``options`` (options taken over from an earlier game) is replaced:
        a new game reads the file as it is now.
        """
        return {**options, "board": board_text(_board_file(options))}

    def break_tie(self, result: ScoreResult, winner: str | None) -> ScoreResult:
        """The table gives a shared victory to ``winner``, or keeps it shared (None)."""
        return break_tie(result, winner)

    def setup(self, players: Sequence[PlayerInfo], options: Mapping[str, Any]) -> ViaRomanaState:
        if not self.min_players <= len(players) <= self.max_players:
            raise Rejected(_("Via Romana is for {low} to {high} players, not {n}.").format(
                low=self.min_players, high=self.max_players, n=len(players)))
        board = _board(options)
        settings = _settings(options, len(players), board)
        if len(players) * settings.starting_castles > len(board.cities):
            raise Rejected(_("The board has only {n} cities, too few for the starting castles.")
                           .format(n=len(board.cities)))
        check_playable(board, len(players))
        closed_now = board.closed_at_start(len(players))
        n = len(players)
        return ViaRomanaState(
            board=board, players=tuple(players), settings=settings, phase=Phase.SETUP,
            current=0, round=0, cards_this_turn=0,
            cities=(None,) * len(board.cities),
            roads=tuple((None,) * r.spaces for r in board.roads),
            closed=tuple(i in closed_now for i in range(len(board.roads))),
            stacks=tuple(c.markers for c in board.cities),
            collected=((),) * n, order_boards=(None,) * n,
            signposts_left=board.signposts - len(closed_now),
        )

    def apply(self, state: ViaRomanaState, action: Action) -> ViaRomanaState:
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise Rejected(_("Via Romana has no action {type!r}.").format(type=action.type))
        if not isinstance(action.payload, Mapping):
            raise Rejected(_("The details of the action are malformed."))
        return handler(state, action)

    def current_player(self, state: ViaRomanaState) -> int | None:
        if state.pending:
            return state.pending[0].chooser
        if state.phase is Phase.OVER:
            return None
        return state.current

    def turn_order(self, state: ViaRomanaState) -> list[int]:
        if state.phase is Phase.OVER:
            return [state.pending[0].chooser] if state.pending else []
        if state.phase is Phase.LAST_TURNS:
            return [state.current, *state.last_turns]
        return list(range(len(state.players)))

    def status_line(self, state: ViaRomanaState) -> str:
        if state.phase is Phase.OVER and state.pending:
            return _("Last road scoring: {chooser} picks a city marker").format(
                chooser=name_of(state, state.pending[0].chooser))
        if state.phase is Phase.OVER:
            return _("Game over · final scoring")
        if state.phase is Phase.SETUP:
            total = len(state.players) * state.settings.starting_castles
            return _("Set-up · {name} places a starting castle ({k} of {total})").format(
                name=name_of(state, state.current), k=state.starting_castles_placed + 1,
                total=total)
        if state.phase is Phase.LAST_TURNS:
            head = _("Last turns · {name}'s turn ({k} more after this)").format(
                name=name_of(state, state.current), k=len(state.last_turns))
        else:
            head = _("Round {round} · {name}'s turn").format(
                round=state.round, name=name_of(state, state.current))
        if state.pending:
            return _("Round {round} · road scoring: {chooser} picks").format(
                round=state.round, chooser=name_of(state, state.pending[0].chooser))
        return head  # the cards played this round are pips on the player's panel

    def is_over(self, state: ViaRomanaState) -> bool:
        return state.phase is Phase.OVER and not state.pending

    def endgame_fields(self, state: ViaRomanaState) -> list[EntryField]:
        """Only the order boards nobody recorded (they are secret): fulfilled, 1 or 0."""
        return [EntryField(key=f"{p}.order_board",
                           label=_("{name}: all four order board colours collected?")
                           .format(name=name_of(state, p)),
                           player=p, minimum=0, maximum=1, default=0)
                for p in range(len(state.players)) if state.order_boards[p] is None]

    def final_score(self, state: ViaRomanaState, entries: Mapping[str, int]) -> ScoreResult:
        return score_tallies(self._tallies(state, entries))

    def final_entries(self, state: ViaRomanaState,
                      entries: Mapping[str, int]) -> dict[str, Any]:
        return entries_of(self._tallies(state, entries))

    def rescore(self, entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
        return rescore(entries, names)

    def correctable(self, entries: Mapping[str, Any], player: int) -> list[EntryField]:
        return correctable(entries, player)

    def _tallies(self, state: ViaRomanaState, entries: Mapping[str, int]) -> list[PlayerTally]:
        tallies = []
        for p in range(len(state.players)):
            fulfilled = False
            if state.order_boards[p] is None:
                value = entries.get(f"{p}.order_board", 0)
                if value not in (0, 1):
                    raise Rejected(_("{name}: enter 1 if the order board is fulfilled, else 0.")
                                   .format(name=name_of(state, p)))
                fulfilled = value == 1
            tallies.append(tally(state, p, fulfilled))
        return tallies

    def score_input(self, data: Mapping[str, Any]) -> ScoreResult:
        if not isinstance(data, Mapping):
            raise ScoreInputError("(top level)", _("expected a JSON object"))
        return score_tallies(tallies_from_json(data))


RULES = ViaRomanaRules()
