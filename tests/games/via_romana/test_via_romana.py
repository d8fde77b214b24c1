"""Via Romana: set-up, the card rules of every build, the 3-card limit, closed roads.

Also holds the small known board and game builders the other Via Romana tests import.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from via_romana_support import SMALL_BOARD

from companion.games import get_rules
from companion.games.base import Action, GameRules, PlayerInfo, Rejected
from companion.games.via_romana import (
    RULES,
    Phase,
    ViaRomanaState,
    allowed_actions,
    extendable_ends,
    free_cities,
)

# Cities: Aquae (blue, eagle), Burgus (grey, helmet), Castra (green, eagle),
# Durum (violet, helmet), Emporium (blue, helmet).
# Roads: 0 Aquae–Burgus (2 spaces), 1 Burgus–Castra (1), 2 Aquae–Castra (3, closed for 2),
# 3 Castra–Durum (1), 4 Durum–Emporium (2, closed for 2 and 3, may be paid in grey or violet).

NAMES = ("Livia", "Marcus", "Julia", "Titus")


def players(n: int) -> list[PlayerInfo]:
    colours = ("red", "blue", "green", "yellow")
    return [PlayerInfo(NAMES[i], colours[i], i) for i in range(n)]


def write_board(tmp_path: Path, text: str = SMALL_BOARD, name: str = "board.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def new_game(board_file: str | None, n: int, starting: Sequence[str],
             **options: Any) -> ViaRomanaState:
    """A game past set-up: ``starting`` are the starting castle cities in placing order."""
    state = RULES.setup(players(n), {"board_file": board_file, "starting_castles":
                                     len(starting) // n, **options})
    for city in starting:
        state = RULES.apply(state, Action("start_castle", {"city": city}))
    assert state.phase is Phase.PLAY
    return state


def act(state: ViaRomanaState, type_: str, player: int | None = None,
        **payload: Any) -> ViaRomanaState:
    return RULES.apply(state, Action(type_, payload, player))


def card(colour: str, symbol: str | None = None) -> dict[str, str]:
    return {"colour": colour} if symbol is None else {"colour": colour, "symbol": symbol}


def random_valid_action(state: ViaRomanaState, rng: random.Random) -> Action:
    """A plausible action for the state (the rules may still refuse some, e.g. card limit)."""
    board = state.board
    if state.phase is Phase.SETUP:
        city = rng.choice(free_cities(state))
        return Action("start_castle", {"city": board.cities[city].name}, state.current)
    if state.pending:
        connection = state.pending[0]
        scored_road = board.roads[connection.road]
        options = [c for c in (scored_road.a, scored_road.b) if state.stacks[c]]
        return Action("pick_marker", {"city": board.cities[rng.choice(options)].name},
                      connection.chooser)
    player = state.current
    choices = [a for a in allowed_actions(state, player) if a != "order_board"]
    kind = rng.choice(choices + ["end_turn"] * 2)
    if kind in ("castle", "milestone_city"):
        target = board.cities[rng.choice(free_cities(state))]
        cards = [card(target.colour)] * (2 if kind == "castle" else 1)
        return Action(kind, {"city": target.name, "cards": cards}, player)
    if kind in ("milestone_road", "two_milestones"):
        road, from_city = rng.choice(extendable_ends(state))
        source = board.cities[from_city]
        colours = board.roads[road].colours
        if kind == "two_milestones":
            payload_cards = [card(source.colour, source.symbol)]
        elif rng.random() < 0.2:
            payload_cards = [card(board.colours[0]), card(board.colours[1])]
        else:
            payload_cards = [card(rng.choice(colours))]
        return Action(kind, {"road": road, "from": source.name, "cards": payload_cards}, player)
    return Action("end_turn", {}, player)


def play_random(state: ViaRomanaState, rng: random.Random,
                steps: int) -> list[ViaRomanaState]:
    """Fold ``steps`` random actions (refused ones skipped); returns every state reached."""
    states = [state]
    for _step in range(steps):
        if RULES.is_over(state):
            break
        try:
            state = RULES.apply(state, random_valid_action(state, rng))
        except Rejected:
            state = RULES.apply(state, Action("end_turn", {}, state.current)) \
                if not state.pending else state
        states.append(state)
    return states


# --- fixtures -------------------------------------------------------------------------------


@pytest.fixture
def board_file(tmp_path: Path) -> str:
    return write_board(tmp_path)


@pytest.fixture
def game(board_file: str) -> ViaRomanaState:
    """Four players; Livia has a castle in Aquae, Marcus in Burgus, Julia in Castra,
    Titus in Emporium. Durum is empty."""
    return new_game(board_file, 4, ["Aquae", "Burgus", "Castra", "Emporium"])


def refused(state: ViaRomanaState, type_: str, player: int | None = None,
            **payload: Any) -> str:
    with pytest.raises(Rejected) as info:
        act(state, type_, player, **payload)
    return str(info.value)


# --- set-up ---------------------------------------------------------------------------------


def test_rules_object_is_registered_and_fulfils_the_contract() -> None:
    rules: GameRules[ViaRomanaState] = RULES  # mypy checks the protocol here
    assert get_rules("via-romana") is rules
    assert (rules.key, rules.min_players, rules.max_players) == ("via-romana", 2, 4)
    assert rules.default_options() == {
        "board_file": None, "starting_castles": None, "castles_per_player": 4,
        "milestones_per_player": 20, "last_turns": None, "order_board_bonus": None,
        "eagle_bonus": None, "board": None}


def test_setup_places_starting_castles_in_seat_order(board_file: str) -> None:
    state = RULES.setup(players(2), {"board_file": board_file})
    assert state.settings.starting_castles == 2  # two-player default
    assert RULES.status_line(state).startswith("Set-up · Livia")
    assert "It is Livia's turn" in refused(state, "start_castle", 1, city="Aquae")
    state = act(state, "start_castle", 0, city="Aquae")
    assert "already built" in refused(state, "start_castle", 1, city="aquae")
    for city in ("Burgus", "Castra", "Emporium"):
        state = act(state, "start_castle", None, city=city)
    assert state.phase is Phase.PLAY and state.round == 1 and state.current == 0
    owners = [(b.player, b.castle) if b else None for b in state.cities]
    assert owners == [(0, True), (1, True), (0, True), None, (1, True)]
    assert "set-up only" in refused(state, "start_castle", 0, city="Durum")


def test_setup_refuses_bad_player_counts_and_options(board_file: str) -> None:
    with pytest.raises(Rejected, match="2 to 4 players, not 1"):
        RULES.setup(players(1), {})
    with pytest.raises(Rejected, match="2 to 4 players, not 5"):
        RULES.setup(players(4) + [PlayerInfo("Quintus", "white", 4)], {})
    with pytest.raises(Rejected, match="Unknown option 'boardfile'"):
        RULES.setup(players(2), {"boardfile": board_file})
    with pytest.raises(Rejected, match="starting_castles must be a whole number from 1 to 4"):
        RULES.setup(players(2), {"starting_castles": 0})
    with pytest.raises(Rejected, match="nowhere.toml"):
        RULES.setup(players(2), {"board_file": "/nowhere/nowhere.toml"})


def test_default_board_game_starts(board_file: str) -> None:
    state = RULES.setup(players(3), RULES.default_options())
    assert len(state.board.roads) == 26 and state.settings.starting_castles == 1
    assert sum(state.closed) == 3 and state.signposts_left == 17


def test_unknown_action_and_unknown_city_are_refused(game: ViaRomanaState) -> None:
    assert "no action 'build'" in refused(game, "build", 0)
    assert "no city 'Roma'" in refused(game, "castle", 0, city="Roma", cards=[card("blue")])


def test_order_board_is_recorded_once_with_four_colours(game: ViaRomanaState) -> None:
    assert "whose order board" in refused(game, "order_board", None, colours=[])
    assert "exactly four colours" in refused(game, "order_board", 1,
                                             colours=["blue", "grey", "green"])
    assert "exactly four colours" in refused(game, "order_board", 1,
                                             colours=["blue", "grey", "green", "grey", "blue"])
    assert "'pink' is not a province colour" in refused(
        game, "order_board", 1, colours=["blue", "grey", "green", "pink"])
    state = act(game, "order_board", 1, colours=["Blue", "grey", "green", "violet"])
    assert state.order_boards[1] == ("blue", "grey", "green", "violet")
    assert "order_board" not in allowed_actions(state, 1)
    assert "already recorded" in refused(state, "order_board", 1,
                                         colours=["blue", "grey", "green", "violet"])


# --- castles --------------------------------------------------------------------------------


def test_castle_costs_two_cards_of_the_city_colour(game: ViaRomanaState) -> None:
    state = act(game, "end_turn", 0)
    state = act(state, "end_turn", 1)
    state = act(state, "end_turn", 2)  # Titus
    state = act(state, "castle", 3, city="Durum", cards=[card("violet"), card("violet")])
    building = state.cities[3]
    assert building is not None and building.player == 3 and building.castle
    assert state.cards_this_turn == 2


@pytest.mark.parametrize(("cards", "reason"), [
    ([card("violet")], "exactly 2 cards"),
    ([card("violet")] * 3, "exactly 2 cards"),
    ([card("blue"), card("blue")], "needs 2 cards in violet; blue, blue does not match"),
    ([card("violet"), card("grey")], "needs 2 cards in violet; grey does not match"),
])
def test_castle_with_wrong_cards_is_refused(game: ViaRomanaState, cards: list[dict[str, str]],
                                            reason: str) -> None:
    assert reason in refused(game, "castle", 0, city="Durum", cards=cards)


def test_castle_on_a_built_city_and_without_supply_are_refused(board_file: str) -> None:
    state = new_game(board_file, 2, ["Aquae", "Burgus"], castles_per_player=1)
    assert "already built" in refused(state, "castle", 0, city="Burgus",
                                      cards=[card("grey")] * 2)
    assert "no castle left" in refused(state, "castle", 0, city="Durum",
                                       cards=[card("violet")] * 2)


# --- milestones in cities -------------------------------------------------------------------


def test_milestone_in_city_with_one_matching_card(game: ViaRomanaState) -> None:
    state = act(game, "milestone_city", 0, city="Durum", cards=[card("violet")])
    building = state.cities[3]
    assert building is not None and building.player == 0 and not building.castle
    assert state.cards_this_turn == 1


def test_milestone_in_city_with_a_joker_of_two_different_colours(
        game: ViaRomanaState) -> None:
    state = act(game, "milestone_city", 0, city="Durum", cards=[card("blue"), card("grey")])
    assert state.cities[3] is not None and state.cards_this_turn == 2


@pytest.mark.parametrize(("cards", "reason"), [
    ([card("blue")], "needs a card in violet, not blue"),
    ([card("blue"), card("blue")], "A joker is 2 cards of two different colours"),
    ([card("violet"), card("violet")], "A joker is 2 cards of two different colours"),
    ([card("blue"), card("grey"), card("green")], "not 3 cards"),
    ([], "List the cards played"),
    ([card("pink")], "No card has the colour pink"),
])
def test_milestone_in_city_with_wrong_cards_is_refused(
        game: ViaRomanaState, cards: list[dict[str, str]], reason: str) -> None:
    assert reason in refused(game, "milestone_city", 0, city="Durum", cards=cards)


# --- milestones on roads --------------------------------------------------------------------


def test_road_milestone_from_a_built_city_in_its_colour(game: ViaRomanaState) -> None:
    state = act(game, "milestone_road", 0, road=0, **{"from": "Aquae"}, cards=[card("blue")])
    assert state.roads[0] == (0, None)
    # the next one from the other end goes on the last space
    state = act(state, "end_turn", 0)
    state = act(state, "milestone_road", 1, road=0, **{"from": "Burgus"},
                cards=[card("green"), card("violet")])  # joker
    # road 0 is now complete and scored: its spaces are cleared
    assert state.closed[0] and state.roads[0] == (None, None) and state.pending


def test_road_milestone_refusals(game: ViaRomanaState) -> None:
    def road(**payload: Any) -> str:
        return refused(game, "milestone_road", 0, **payload)

    assert "needs a card in blue or grey, not green" in road(road=0, cards=[card("green")],
                                                          **{"from": "Aquae"})
    assert "A joker is 2 cards of two different colours" in road(
        road=0, cards=[card("blue"), card("blue")], **{"from": "Aquae"})
    assert "does not start at Castra" in road(road=0, cards=[card("green")],
                                              **{"from": "Castra"})
    assert "must connect to a built city: Durum is still empty" in road(
        road=3, cards=[card("violet")], **{"from": "Durum"})
    assert "Say which road" in road(road=99, cards=[card("blue")], **{"from": "Aquae"})
    assert "Say which city (from)" in road(road=0, cards=[card("blue")])


def test_road_milestone_extends_only_the_next_free_space(game: ViaRomanaState) -> None:
    state = act(game, "milestone_road", 0, road=0, **{"from": "Aquae"}, cards=[card("blue")])
    state = act(state, "milestone_road", 0, road=0, **{"from": "Aquae"}, cards=[card("blue")])
    # both spaces filled from Aquae; Burgus (Marcus' castle) was already built: scored
    assert state.pending[0].road == 0 and state.pending[0].pieces == (3, 1, 0, 0)


def test_road_colours_from_the_board_file_override_the_city_colour(board_file: str) -> None:
    state = new_game(board_file, 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = act(state, "end_turn", 0)
    state = act(state, "end_turn", 1)
    state = act(state, "end_turn", 2)
    # road 4 (Durum–Emporium) may be paid in grey or violet, not in Emporium's blue
    assert "needs a card in grey or violet, not blue" in refused(
        state, "milestone_road", 3, road=4, **{"from": "Emporium"}, cards=[card("blue")])
    state = act(state, "milestone_road", 3, road=4, **{"from": "Emporium"}, cards=[card("grey")])
    assert state.roads[4] == (None, 3)


# --- two milestones at once -----------------------------------------------------------------


def test_two_milestones_with_a_card_matching_colour_and_symbol(game: ViaRomanaState) -> None:
    state = act(game, "two_milestones", 0, road=0, **{"from": "Aquae"},
                cards=[card("blue", "eagle")])
    # both spaces of road 0 filled at once by Livia for one card: the road scores
    assert state.cards_this_turn == 1
    assert state.pending[0].pieces == (3, 1, 0, 0)


@pytest.mark.parametrize(("cards", "reason"), [
    ([card("blue", "helmet")], "in colour AND symbol (blue, eagle)"),
    ([card("grey", "eagle")], "in colour AND symbol (blue, eagle)"),
    ([card("blue")], "Say the card's symbol too"),
    ([card("blue", "eagle"), card("blue", "eagle")], "exactly 1 card"),
    ([card("blue", "crown")], "no card symbol 'crown'"),
])
def test_two_milestones_with_wrong_cards_are_refused(
        game: ViaRomanaState, cards: list[dict[str, str]], reason: str) -> None:
    assert reason in refused(game, "two_milestones", 0, road=0, **{"from": "Aquae"},
                             cards=cards)


def test_two_milestones_need_a_built_city_and_two_free_spaces(game: ViaRomanaState) -> None:
    assert "Durum is still empty" in refused(game, "two_milestones", 0, road=3,
                                             **{"from": "Durum"}, cards=[card("violet", "helmet")])
    assert "only one free space" in refused(game, "two_milestones", 0, road=1,
                                            **{"from": "Burgus"}, cards=[card("grey", "helmet")])


# --- the 3-card limit and turns -------------------------------------------------------------


def test_three_cards_per_round_then_refused_until_the_next_round(game: ViaRomanaState) -> None:
    state = act(game, "milestone_city", 0, city="Durum", cards=[card("violet")])
    state = act(state, "milestone_road", 0, road=2, **{"from": "Aquae"},
                cards=[card("blue"), card("grey")])
    assert state.cards_this_turn == 3
    assert "At most 3 cards per round: 3 already played" in refused(
        state, "milestone_road", 0, road=2, **{"from": "Aquae"}, cards=[card("blue")])
    assert "two_milestones" not in allowed_actions(state, 0)
    assert allowed_actions(state, 0) == ("order_board", "end_turn")
    for player in range(4):
        state = act(state, "end_turn", player)
    assert state.round == 2 and state.cards_this_turn == 0
    state = act(state, "milestone_road", 0, road=2, **{"from": "Aquae"}, cards=[card("blue")])
    assert state.roads[2] == (0, 0, None)


def test_a_castle_does_not_fit_after_two_cards(game: ViaRomanaState) -> None:
    state = act(game, "milestone_road", 0, road=2, **{"from": "Aquae"},
                cards=[card("blue"), card("grey")])
    assert "this build needs 2" in refused(state, "castle", 0, city="Durum",
                                           cards=[card("violet")] * 2)


def test_only_the_player_on_turn_builds(game: ViaRomanaState) -> None:
    assert "It is Livia's turn, not Marcus's" in refused(
        game, "milestone_city", 1, city="Durum", cards=[card("violet")])
    assert "It is Livia's turn" in refused(game, "end_turn", 2)
    assert RULES.current_player(game) == 0
    state = act(game, "end_turn", None)
    assert RULES.current_player(state) == 1 and "Round 1 · Marcus's turn" in RULES.status_line(
        state)


# --- closed roads ---------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "closed", "signposts_left"), [
    (2, [2, 4], 3), (3, [4], 4), (4, [], 5)])
def test_roads_closed_before_the_game_by_player_count(
        board_file: str, count: int, closed: list[int], signposts_left: int) -> None:
    state = RULES.setup(players(count), {"board_file": board_file})
    assert [i for i, c in enumerate(state.closed) if c] == closed
    assert state.signposts_left == signposts_left


def test_building_on_a_closed_road_is_refused(board_file: str) -> None:
    state = new_game(board_file, 2, ["Aquae", "Burgus", "Castra", "Emporium"])
    assert "closed by a signpost" in refused(state, "milestone_road", 0, road=2,
                                             **{"from": "Aquae"}, cards=[card("blue")])
    assert (2, 0) not in extendable_ends(state)
