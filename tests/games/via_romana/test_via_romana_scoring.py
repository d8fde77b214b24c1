"""Via Romana final score: the shared arithmetic, the tracked game, the JSON input."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_via_romana import act, card, new_game, play_random, players, write_board

from companion.games.base import Rejected, ScoreInputError
from companion.games.via_romana import (
    RULES,
    Marker,
    Phase,
    PlayerTally,
    ViaRomanaState,
    breakdown_lines,
    castle_marker_values,
    milestones_left,
    provisional_scores,
    score_tally,
)

BOARD = ("blue", "grey", "violet", "green")


def tally(markers: list[tuple[str, int]], castles: Sequence[int] = (),
          board: tuple[str, ...] | None = BOARD, eagle: bool = False,
          fulfilled: bool = False) -> PlayerTally:
    return PlayerTally("Livia", tuple(Marker(c, v) for c, v in markers), tuple(castles), board,
                       eagle, fulfilled)


def test_score_adds_markers_castles_order_board_and_eagle() -> None:
    score = score_tally(tally([("blue", 4), ("grey", 3), ("violet", 2), ("green", 2),
                               ("blue", 1)], [3, 1], eagle=True))
    assert dict(score.breakdown) == {"markers": 12, "castles": 4, "order_board": 5, "eagle": 2}
    assert score.total == 23


def test_order_board_needs_all_four_colours() -> None:
    three = score_tally(tally([("blue", 4), ("grey", 3), ("violet", 2), ("violet", 3)]))
    assert three.breakdown["order_board"] == 0 and three.total == 12
    # a fifth colour does not replace a missing one
    other = score_tally(tally([("blue", 1), ("grey", 1), ("violet", 1), ("yellow", 1)]))
    assert other.breakdown["order_board"] == 0


def test_unrecorded_order_board_uses_the_tables_answer() -> None:
    assert score_tally(tally([], board=None, fulfilled=True)).breakdown["order_board"] == 5
    assert score_tally(tally([], board=None)).breakdown["order_board"] == 0


# --- from the tracked game ------------------------------------------------------------------


@pytest.fixture
def finished(tmp_path: Path) -> ViaRomanaState:
    """Two players on the small board, played to the end (see the connection tests)."""
    state = new_game(write_board(tmp_path), 2, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = act(state, "two_milestones", 0, road=0, **{"from": "Aquae"},
                cards=[card("blue", "eagle")])
    state = act(state, "pick_marker", 0, city="Aquae")  # Livia: blue 4
    state = act(state, "milestone_road", 0, road=1, **{"from": "Burgus"}, cards=[card("grey")])
    state = act(state, "pick_marker", 0, city="Burgus")  # Livia: grey 3
    state = act(state, "end_turn", 0)
    state = act(state, "milestone_city", 1, city="Durum", cards=[card("violet")])
    state = act(state, "milestone_road", 1, road=3, **{"from": "Durum"}, cards=[card("violet")])
    state = act(state, "pick_marker", 1, city="Castra")  # Marcus: green 2, last signpost
    state = act(state, "end_turn", 1)
    state = act(state, "end_turn", 0)
    assert RULES.is_over(state) and state.eagle == 1
    return state


def test_final_score_from_the_tracked_game(finished: ViaRomanaState) -> None:
    # castles: Livia Aquae (top 3) and Castra (empty: base 1); Marcus Burgus (2), Emporium (4)
    assert castle_marker_values(finished, 0) == (3, 1)
    assert castle_marker_values(finished, 1) == (2, 4)
    fields = RULES.endgame_fields(finished)
    assert [(f.key, f.minimum, f.maximum) for f in fields] == [("0.order_board", 0, 1),
                                                               ("1.order_board", 0, 1)]
    result = RULES.final_score(finished, {"0.order_board": 0, "1.order_board": 1})
    by_name = {p.name: p for p in result.players}
    assert dict(by_name["Livia"].breakdown) == {"markers": 7, "castles": 4, "order_board": 0,
                                                "eagle": 0}
    assert dict(by_name["Marcus"].breakdown) == {"markers": 2, "castles": 6, "order_board": 5,
                                                 "eagle": 2}
    assert result.winners == ("Marcus",) and result.players[0].total == 15
    assert breakdown_lines(result.players[0]) == [
        "City markers collected: 2", "Castles (marker beside each city): 6", "Order board: 5",
        "Legion eagle: 2", "Total: 15"]


def test_recorded_order_boards_are_scored_without_asking(finished: ViaRomanaState) -> None:
    state = act(finished, "order_board", 0, colours=["blue", "grey", "green", "violet"])
    state = act(state, "order_board", 1, colours=["blue", "grey", "green", "violet"])
    assert RULES.endgame_fields(state) == []
    result = RULES.final_score(state, {})
    assert {p.name: p.breakdown["order_board"] for p in result.players} == {"Livia": 0,
                                                                           "Marcus": 0}
    # Livia 7 + 4 = 11, Marcus 2 + 6 + 2 = 10
    assert result.winners == ("Livia",)
    assert provisional_scores(state) == result


def test_ties_are_shared() -> None:
    tied = RULES.score_input({"players": [
        {"name": "Livia", "markers": [{"colour": "blue", "value": 3}], "castle_markers": [2],
         "order_board": list(BOARD)},
        {"name": "Marcus", "markers": [{"colour": "grey", "value": 3}], "castle_markers": [],
         "order_board": list(BOARD), "legion_eagle": True}]})
    assert [p.total for p in tied.players] == [5, 5]
    assert set(tied.winners) == {"Livia", "Marcus"}
    assert "share the victory" in tied.explanation


def test_final_score_refuses_an_entry_that_is_not_yes_or_no(finished: ViaRomanaState) -> None:
    with pytest.raises(Rejected, match="Livia: enter 1 if the order board is fulfilled"):
        RULES.final_score(finished, {"0.order_board": 5})


# --- companion score JSON -------------------------------------------------------------------


def livia(**changes: Any) -> dict[str, Any]:
    player: dict[str, Any] = {
        "name": "Livia", "markers": [{"colour": "blue", "value": 3},
                                     {"colour": "grey", "value": 2}],
        "castle_markers": [2, 1], "order_board": ["blue", "grey", "violet", "green"],
        "legion_eagle": True}
    player.update(changes)
    return player


def test_score_input_example_from_the_issue() -> None:
    result = RULES.score_input({"game": "via-romana", "players": [livia()]})
    (score,) = result.players
    assert dict(score.breakdown) == {"markers": 5, "castles": 3, "order_board": 0, "eagle": 2}
    assert score.total == 10 and result.winners == ("Livia",)


def test_score_input_defaults_optional_fields_and_ignores_extras() -> None:
    result = RULES.score_input({"players": [
        {"name": "Titus", "order_board": ["blue", "grey", "violet", "green"], "note": "x"}]})
    assert result.players[0].total == 0


@pytest.mark.parametrize(("players", "field", "words"), [
    ([livia(markers=[{"colour": "blue", "value": 0}])], "players[0].markers[0].value",
     "at least 1"),
    ([livia(castle_markers=[2, 0])], "players[0].castle_markers[1]", "at least 1"),
    ([livia(markers=[{"colour": "blue", "value": "3"}])], "players[0].markers[0].value",
     "whole number"),
    ([livia(markers=[{"value": 3}])], "players[0].markers[0].colour", "non-empty text"),
    ([livia(markers={"blue": 3})], "players[0].markers", "expected a list"),
    ([livia(), livia(name="Marcus")], "players[1].legion_eagle",
     "only one legion eagle, but Livia and Marcus both hold it"),
    ([livia(order_board=["blue", "grey", "violet"])], "players[0].order_board",
     "exactly four colours"),
    ([livia(order_board=["blue", "grey", "violet", "grey", "blue"])], "players[0].order_board",
     "exactly four colours"),
    ([{"name": "Livia"}], "players[0].order_board", "missing"),
    ([livia(legion_eagle="yes")], "players[0].legion_eagle", "true or false"),
    ([livia(name="")], "players[0].name", "non-empty text"),
    ([livia(), livia(name="livia", legion_eagle=False)], "players[1].name", "used twice"),
    ([], "players", "non-empty list"),
    (["Livia"], "players[0]", "expected an object"),
])
def test_score_input_errors_name_the_field(players: list[Any], field: str, words: str) -> None:
    with pytest.raises(ScoreInputError) as info:
        RULES.score_input({"players": players})
    assert info.value.field_name == field and words in info.value.message
    assert "\n" not in str(info.value)


# --- folding long games ---------------------------------------------------------------------


def test_folding_a_long_random_game_never_mutates_earlier_states(tmp_path: Path) -> None:
    start = new_game(write_board(tmp_path), 3, ["Aquae", "Burgus", "Castra"])
    states = play_random(start, random.Random(7), 600)
    assert any(s.scored for s in states)  # the walk really scored roads
    snapshots = [copy.deepcopy(s) for s in states]
    again = play_random(start, random.Random(7), 600)  # replay over the same earlier states
    assert again == states
    for before, now in zip(snapshots, states, strict=True):
        assert before == now


def test_default_board_long_game_reaches_the_end() -> None:
    state = RULES.setup(players(4), {})
    states = play_random(state, random.Random(3), 5000)
    final = states[-1]
    assert final.phase is Phase.OVER and final.eagle is not None
    assert final.signposts_left == 0
    # more roads than signposts: the game ends with roads still open
    assert final.board.signposts <= sum(final.closed) < len(final.board.roads)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(2, 4))
def test_random_games_keep_the_books_balanced(seed: int, count: int) -> None:
    state = RULES.setup(players(count), {})
    total_markers = sum(sum(stack) for stack in state.stacks)
    for s in play_random(state, random.Random(seed), 400):
        assert sum(sum(stack) for stack in s.stacks) + sum(
            m.value for markers in s.collected for m in markers) == total_markers
        assert 0 <= s.cards_this_turn <= 3 and s.signposts_left >= 0
        assert all(milestones_left(s, p) >= 0 for p in range(count))
        for road, closed in enumerate(s.closed):
            if closed:
                assert s.roads[road] == (None,) * len(s.roads[road])
        assert (s.eagle is None) == (s.phase in (Phase.SETUP, Phase.PLAY))
