"""Via Romana: scoring a finished road (majority, ties, draws, signposts) and the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_via_romana import SMALL_BOARD, act, card, new_game, write_board

from companion.games.base import Rejected
from companion.games.via_romana import (
    RULES,
    Marker,
    Phase,
    ViaRomanaState,
    allowed_actions,
    cards_left,
    describe,
    scoring_prompt,
)
from companion.games.via_romana.now import sentence

FROM = "from"


@pytest.fixture
def game(tmp_path: Path) -> ViaRomanaState:
    """Four players; castles: Livia Aquae, Marcus Burgus, Julia Castra, Titus Emporium."""
    return new_game(write_board(tmp_path), 4, ["Aquae", "Burgus", "Castra", "Emporium"])


def refused(state: ViaRomanaState, type_: str, player: int | None = None,
            **payload: Any) -> str:
    with pytest.raises(Rejected) as info:
        act(state, type_, player, **payload)
    return str(info.value)


def pass_to(state: ViaRomanaState, player: int) -> ViaRomanaState:
    """End turns until ``player`` is on turn."""
    while state.current != player:
        state = act(state, "end_turn", state.current)
    return state


def test_most_pieces_picks_and_the_other_draws(game: ViaRomanaState) -> None:
    state = act(game, "two_milestones", 0, road=0, **{FROM: "Aquae"},
                cards=[card("blue", "eagle")])
    (connection,) = state.pending
    assert connection.pieces == (3, 1, 0, 0) and connection.chooser == 0
    assert connection.tied == (0,) and connection.draws == ((1, 1),)
    assert state.closed[0] and state.roads[0] == (None, None)
    assert state.signposts_left == 4
    assert state.cities[0] is not None and state.cities[1] is not None  # city pieces stay
    prompt = "\n".join(scoring_prompt(state) or [])
    assert "Aquae – Burgus is complete: Livia triggered the scoring." in prompt
    assert "Livia has the most pieces." in prompt
    assert "Aquae (top marker 4) or Burgus (top marker 3)" in prompt
    assert "Marcus draws 1 card: from the open display" in prompt
    assert "Roma signpost" in prompt
    assert "road scoring" in RULES.status_line(state)
    assert RULES.current_player(state) == 0
    assert RULES.current_player(state) == 0

    state = act(state, "pick_marker", 0, city="Burgus")
    assert state.collected[0] == (Marker("grey", 3),) and state.stacks[1] == (2,)
    assert not state.pending and state.scored[0].marker == Marker("grey", 3)
    assert "Livia took the marker 3 (grey) from Burgus." in describe(state, state.scored[0])
    # the trigger's turn goes on after the scoring
    assert state.current == 0 and cards_left(state) == 2


def test_tie_goes_to_the_trigger_when_tied(game: ViaRomanaState) -> None:
    state = act(game, "milestone_road", 0, road=0, **{FROM: "Aquae"}, cards=[card("blue")])
    state = act(state, "end_turn", 0)
    state = act(state, "milestone_road", 1, road=0, **{FROM: "Burgus"}, cards=[card("grey")])
    (connection,) = state.pending
    assert connection.pieces == (2, 2, 0, 0)
    assert connection.tied == (1, 0) and connection.chooser == 1
    assert connection.draws == ((0, 2),)
    assert "Marcus and Livia are tied; Marcus triggered the scoring and wins the tie." in (
        scoring_prompt(state) or [])


def _road2_with_livia_and_julia_on_two(game: ViaRomanaState) -> ViaRomanaState:
    """Road 2 (Aquae–Castra, 3 spaces): Livia and Julia 2 pieces each, middle space free."""
    state = act(game, "milestone_road", 0, road=2, **{FROM: "Aquae"}, cards=[card("blue")])
    state = pass_to(state, 2)
    return act(state, "milestone_road", 2, road=2, **{FROM: "Castra"}, cards=[card("green")])


def test_tie_goes_to_the_tied_player_next_after_the_trigger(game: ViaRomanaState) -> None:
    state = pass_to(_road2_with_livia_and_julia_on_two(game), 1)  # Marcus, round 2
    state = act(state, "milestone_road", 1, road=2, **{FROM: "Aquae"}, cards=[card("blue")])
    (connection,) = state.pending
    assert connection.trigger == 1 and connection.pieces == (2, 1, 2, 0)
    assert connection.tied == (2, 0) and connection.chooser == 2  # Julia sits next after Marcus
    assert connection.draws == ((1, 1), (0, 2))  # Marcus first (the trigger), then Livia
    assert ("Julia and Livia are tied; Julia is the tied player next after Marcus in turn "
            "order and wins the tie.") in (scoring_prompt(state) or [])
    assert "Julia picks" in RULES.status_line(state) and RULES.current_player(state) == 2


def test_tie_break_wraps_around_the_table(game: ViaRomanaState) -> None:
    state = pass_to(_road2_with_livia_and_julia_on_two(game), 3)  # Titus
    state = act(state, "milestone_road", 3, road=2, **{FROM: "Castra"}, cards=[card("green")])
    (connection,) = state.pending
    assert connection.tied == (0, 2) and connection.chooser == 0  # after Titus comes Livia
    assert connection.draws == ((3, 1), (2, 2))


def test_cards_are_drawn_in_turn_order_from_the_trigger(game: ViaRomanaState) -> None:
    state = act(game, "milestone_road", 0, road=2, **{FROM: "Aquae"}, cards=[card("blue")])
    state = pass_to(state, 1)
    state = act(state, "milestone_road", 1, road=2, **{FROM: "Castra"}, cards=[card("green")])
    state = pass_to(state, 3)
    state = act(state, "milestone_road", 3, road=2, **{FROM: "Aquae"}, cards=[card("blue")])
    (connection,) = state.pending
    assert connection.pieces == (2, 1, 1, 1) and connection.chooser == 0
    assert connection.draws == ((3, 1), (1, 1), (2, 1))  # Titus, then Marcus, then Julia
    lines = scoring_prompt(state) or []
    draw_lines = [line for line in lines if "draws" in line]
    assert [line.split()[0] for line in draw_lines] == ["Titus", "Marcus", "Julia"]


def test_only_the_chooser_picks_a_marker_of_one_of_the_two_cities(
        game: ViaRomanaState) -> None:
    state = act(game, "two_milestones", 0, road=0, **{FROM: "Aquae"},
                cards=[card("blue", "eagle")])
    assert "Livia picks the marker for Aquae – Burgus (most pieces), not Marcus" in refused(
        state, "pick_marker", 1, city="Aquae")
    assert "one of the two cities of the road: Aquae or Burgus" in refused(
        state, "pick_marker", 0, city="Castra")
    assert "First finish the road scoring" in refused(state, "end_turn", 0)
    assert "First finish the road scoring" in refused(state, "milestone_city", 0, city="Durum",
                                                       cards=[card("violet")])
    assert allowed_actions(state, 0) == ("order_board", "pick_marker")
    assert allowed_actions(state, 1) == ("order_board",)
    state = act(state, "pick_marker", None, city="Aquae")
    assert state.collected[0] == (Marker("blue", 4),) and state.stacks[0] == (3, 2)
    assert "no road is waiting" in refused(state, "pick_marker", 0, city="Aquae").lower()


def test_a_city_without_markers_cannot_be_picked_from(tmp_path: Path) -> None:
    state = new_game(write_board(tmp_path), 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = pass_to(state, 2)
    state = act(state, "milestone_city", 2, city="Durum", cards=[card("violet")])
    state = act(state, "milestone_road", 2, road=3, **{FROM: "Castra"}, cards=[card("green")])
    # Julia: Castra castle, Durum milestone, the road space: she picks; Durum has no markers
    assert state.pending[0].chooser == 2 and state.pending[0].draws == ()
    assert "Durum has no markers left; take one from Castra" in refused(
        state, "pick_marker", 2, city="Durum")
    state = act(state, "pick_marker", 2, city="Castra")
    assert state.collected[2] == (Marker("green", 2),) and state.stacks[2] == ()


def test_a_scoring_with_no_marker_left_in_either_city_resolves_by_itself(
        tmp_path: Path) -> None:
    board = write_board(tmp_path, SMALL_BOARD.replace("markers = [2]", "markers = []"))
    state = new_game(board, 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = pass_to(state, 2)
    state = act(state, "milestone_city", 2, city="Durum", cards=[card("violet")])
    state = act(state, "milestone_road", 2, road=3, **{FROM: "Castra"}, cards=[card("green")])
    assert not state.pending and state.closed[3]
    assert state.scored[0].marker is None
    assert "Neither Castra nor Durum has a marker left" in " ".join(
        describe(state, state.scored[0]))


def test_one_city_build_can_complete_two_roads(game: ViaRomanaState) -> None:
    state = pass_to(game, 2)
    state = act(state, "milestone_road", 2, road=3, **{FROM: "Castra"}, cards=[card("green")])
    state = act(state, "end_turn", 2)
    state = act(state, "two_milestones", 3, road=4, **{FROM: "Emporium"},
                cards=[card("blue", "helmet")])
    state = pass_to(state, 1)
    state = act(state, "milestone_city", 1, city="Durum", cards=[card("violet")])
    assert [c.road for c in state.pending] == [3, 4]
    assert [c.chooser for c in state.pending] == [2, 3]
    assert state.signposts_left == 3
    # Titus may resolve his road first
    state = act(state, "pick_marker", 3, road=4, city="Emporium")
    assert [c.road for c in state.pending] == [3]
    state = act(state, "pick_marker", 2, city="Castra")
    assert not state.pending and state.current == 1


def test_last_signpost_gives_the_eagle_and_one_more_turn_to_the_others(
        tmp_path: Path) -> None:
    board = write_board(tmp_path, SMALL_BOARD.replace("signposts = 5", "signposts = 2"))
    state = new_game(board, 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = act(state, "two_milestones", 0, road=0, **{FROM: "Aquae"},
                cards=[card("blue", "eagle")])
    state = act(state, "pick_marker", 0, city="Aquae")
    assert state.phase is Phase.PLAY and state.signposts_left == 1
    state = pass_to(state, 1)
    state = act(state, "milestone_road", 1, road=1, **{FROM: "Burgus"}, cards=[card("grey")])
    # the last signpost: Marcus takes the legion eagle; the others get one more turn
    assert state.signposts_left == 0 and state.eagle == 1
    assert state.phase is Phase.LAST_TURNS and state.last_turns == (2, 3, 0)
    state = act(state, "pick_marker", 1, city="Burgus")
    assert RULES.turn_order(state) == [1, 2, 3, 0]
    assert RULES.status_line(state).startswith("Last turns · Marcus's turn (3 more after this)")
    state = act(state, "end_turn", 1)
    state = act(state, "end_turn", 2)
    assert state.current == 3
    # Titus' last turn still scores a road (no signpost left to place)
    state = act(state, "milestone_city", 3, city="Durum", cards=[card("violet")])
    state = act(state, "milestone_road", 3, road=4, **{FROM: "Durum"}, cards=[card("violet")])
    state = act(state, "milestone_road", 3, road=4, **{FROM: "Durum"}, cards=[card("violet")])
    (connection,) = state.pending
    assert connection.road == 4 and not connection.signpost and state.closed[4]
    assert state.eagle == 1  # the eagle stays with whoever placed the last signpost
    assert "no signpost is left" in " ".join(scoring_prompt(state) or [])
    state = act(state, "pick_marker", 3, city="Emporium")
    state = act(state, "end_turn", 3)
    assert state.phase is Phase.LAST_TURNS and state.current == 0
    state = act(state, "end_turn", 0)
    assert RULES.is_over(state) and RULES.current_player(state) is None
    assert RULES.turn_order(state) == []
    assert RULES.status_line(state) == "Game over · final scoring"
    assert "The game is over" in refused(state, "milestone_city", 0, city="Castra",
                                         cards=[card("green")])
    assert "The game is over" in refused(state, "end_turn", 0)


def test_the_game_ends_after_the_last_open_road_with_two_players(tmp_path: Path) -> None:
    # two players: roads 2 and 4 start closed, so three signposts remain for roads 0, 1, 3
    state = new_game(write_board(tmp_path), 2, ["Aquae", "Burgus", "Castra", "Emporium"])
    assert state.signposts_left == 3
    state = act(state, "two_milestones", 0, road=0, **{FROM: "Aquae"},
                cards=[card("blue", "eagle")])
    state = act(state, "pick_marker", 0, city="Aquae")
    state = act(state, "milestone_road", 0, road=1, **{FROM: "Burgus"}, cards=[card("grey")])
    state = act(state, "pick_marker", 0, city="Castra")  # Livia: 1 space + her Castra castle
    state = act(state, "end_turn", 0)
    state = act(state, "milestone_city", 1, city="Durum", cards=[card("violet")])
    state = act(state, "milestone_road", 1, road=3, **{FROM: "Durum"}, cards=[card("violet")])
    assert state.eagle == 1 and state.phase is Phase.LAST_TURNS and state.last_turns == (0,)
    # Castra's only marker went to Livia and Durum has none: nothing to pick
    assert not state.pending and state.scored[-1].marker is None
    state = act(state, "end_turn", 1)
    state = act(state, "end_turn", 0)
    assert RULES.is_over(state)


def test_the_player_who_places_the_last_signpost_builds_no_more(tmp_path: Path) -> None:
    """The seed: the game ends "sobald auch der letzte Wegweiser einen Streckenabschluss
    markiert" - as soon as; so the last signpost's builder may not go on with another
    road (and another marker) in the same turn, though roads are still open."""
    board = write_board(tmp_path, SMALL_BOARD.replace("signposts = 5", "signposts = 1"))
    state = new_game(board, 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = act(state, "two_milestones", 0, road=0, **{FROM: "Aquae"},
                cards=[card("blue", "eagle")])
    state = act(state, "pick_marker", 0, city="Aquae")
    assert state.signposts_left == 0 and state.eagle == 0 and state.current == 0
    assert not all(state.closed)  # other roads are still open
    assert "builds no more" in refused(state, "milestone_road", 0, road=1,
                                       **{FROM: "Burgus"}, cards=[card("grey")])
    assert "builds no more" in refused(state, "milestone_city", 0, city="Durum",
                                       cards=[card("violet")])
    assert allowed_actions(state, 0) == ("order_board", "end_turn")
    assert "the last signpost is placed" in sentence(state)
    state = act(state, "end_turn", 0)
    assert state.current == 1  # the others' last turns: Marcus builds again
    state = act(state, "milestone_road", 1, road=1, **{FROM: "Burgus"}, cards=[card("grey")])
    assert state.phase is Phase.LAST_TURNS
