"""Ave Roma final scoring: region push-down, the score formula, ties, the JSON input."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.ave_roma import RULES, PushedCube, push_down
from companion.games.base import ScoreInputError


def _after(marker: int, levels: list[int]) -> list[int | None]:
    """Each player's level after the push-down (None: off the track)."""
    moved = {cube.player: cube.after for cube in push_down(marker, levels)}
    return [moved.get(player, 0) for player in range(len(levels))]


# --- push-down ------------------------------------------------------------------------------

def test_cubes_at_or_below_the_marker_stay() -> None:
    assert _after(5, [5, 2, 0]) == [5, 2, 0]


def test_several_cubes_above_the_marker_stack_down_in_order() -> None:
    assert _after(4, [6, 5, 2]) == [4, 3, 2]
    assert _after(4, [9, 7, 5, 3]) == [4, 3, 2, 1]


def test_pushed_cubes_push_the_ones_below() -> None:
    assert _after(3, [6, 3, 2, 1]) == [3, 2, 1, None]


def test_cubes_pushed_below_one_leave_the_track_and_score_one() -> None:
    cubes = push_down(1, [8, 4, 2])
    assert [c.after for c in cubes] == [1, None, None]
    assert [c.points for c in cubes] == [1, 1, 1]
    assert _after(0, [3, 0]) == [None, 0]


def test_no_cube_no_entry() -> None:
    assert push_down(3, [0, 0]) == ()


@st.composite
def regions(draw: st.DrawFn) -> tuple[int, list[int]]:
    count = draw(st.integers(min_value=1, max_value=5))
    levels = draw(st.lists(st.integers(min_value=1, max_value=40), min_size=count,
                           max_size=count, unique=True))
    absent = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    levels = [0 if gone else level for level, gone in zip(levels, absent, strict=True)]
    return draw(st.integers(min_value=0, max_value=40)), levels


@given(regions())
def test_push_down_leaves_no_shared_level_and_nothing_above_the_marker(
        region: tuple[int, list[int]]) -> None:
    marker, levels = region
    cubes = push_down(marker, levels)
    on_track = [c.after for c in cubes if c.after is not None]
    assert len(on_track) == len(set(on_track))
    assert all(1 <= level <= marker for level in on_track)
    assert all(c.after is None or c.after <= c.before for c in cubes)
    assert sorted(c.player for c in cubes) == [p for p, lv in enumerate(levels) if lv > 0]


@given(regions())
def test_push_down_keeps_the_relative_order(region: tuple[int, list[int]]) -> None:
    marker, levels = region
    cubes: tuple[PushedCube, ...] = push_down(marker, levels)
    for higher in cubes:
        for lower in cubes:
            if higher.before > lower.before and lower.after is not None:
                assert higher.after is not None and higher.after > lower.after


# --- ``companion score ave-roma`` input -----------------------------------------------------

def _player(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, **fields}


EXAMPLE: dict[str, Any] = {
    "game": "ave-roma",
    "players": [
        {"name": "Livia", "coins": 17, "surplus": 2, "patron_vp": 5, "political_vp": 12,
         "track_vp": 31,
         "resources": {"wood": 2, "stone": 0, "livestock": 3, "wheat": 1, "ore": 0, "wine": 2}},
        {"name": "Marcus", "coins": 4, "surplus": 0, "patron_vp": 9, "political_vp": 33,
         "track_vp": 25, "resources": {"ore": 1}},
    ],
    "regions": [{"marker": 4, "influence": {"Livia": 6, "Marcus": 3}},
                {"marker": 1, "influence": {"Marcus": 2, "Livia": 1}},
                {"marker": 0, "influence": {}}],
}


def test_example_breakdown() -> None:
    result = RULES.score_input(EXAMPLE)
    scores = {p.name: p for p in result.players}
    # region 1: Livia 6 -> 4, Marcus 3 -> 3; region 2: Marcus 2 -> 1, Livia pushed off (1 VP)
    assert scores["Livia"].breakdown == {"coins": 3, "goods": 3, "patrons": 5, "political": 12,
                                         "regions": 5, "track": 31}
    assert scores["Marcus"].breakdown == {"coins": 0, "goods": 0, "patrons": 9,
                                          "political": 30, "regions": 4, "track": 25}
    assert (scores["Livia"].total, scores["Marcus"].total) == (59, 68)
    assert result.winners == ("Marcus",)
    assert [p.name for p in result.players] == ["Marcus", "Livia"]
    assert "Region 2 (marker 1): Marcus 2→1, Livia 1→off the track" in result.explanation


def test_ties_go_to_most_coins() -> None:
    data = {"players": [_player("A", coins=9, track_vp=9), _player("B", coins=14, track_vp=8)]}
    result = RULES.score_input(data)
    assert [p.total for p in result.players] == [10, 10]
    assert result.winners == ("B",) and "most coins" in result.explanation


def test_ties_then_go_to_most_resources_then_are_shared() -> None:
    richer = {"players": [_player("A", coins=5, resources={"wood": 1}, surplus=2),
                          _player("B", coins=5, resources={"wood": 2, "ore": 1})]}
    result = RULES.score_input(richer)
    assert result.winners == ("B",) and "most resources" in result.explanation
    even = {"players": [_player("A", coins=5), _player("B", coins=5)]}
    shared = RULES.score_input(even)
    assert shared.winners == ("A", "B") and "share" in shared.explanation


def test_missing_optional_fields_default_to_zero_and_extras_are_ignored() -> None:
    result = RULES.score_input({"players": [_player("A", colour="red")]})
    assert result.players[0].total == 0


@pytest.mark.parametrize(("data", "field", "words"), [
    ({"players": []}, "players", "non-empty"),
    ({"players": [_player("A", coins=-1)]}, "players[0].coins", "at least 0"),
    ({"players": [_player("A"), _player("B", coins="7")]}, "players[1].coins", "whole number"),
    ({"players": [_player("A", coins=True)]}, "players[0].coins", "whole number"),
    ({"players": [_player("A", resources={"gold": 1})]}, "players[0].resources.gold",
     "unknown resource"),
    ({"players": [_player("A", resources={"wood": 4})]}, "players[0].resources.wood",
     "at most 3"),
    ({"players": [_player("A"), _player("A")]}, "players[1].name", "twice"),
    ({"players": [{"coins": 3}]}, "players[0].name", "name"),
    ({"players": [_player("A"), _player("B")],
      "regions": [{"marker": 3, "influence": {"A": 2, "B": 2}}]},
     "regions[0].influence.B", "never share"),
    ({"players": [_player("A")], "regions": [{"marker": 3}, {"marker": 2, "influence": {"A": 0}}]},
     "regions[1].influence.A", "at least 1"),
    ({"players": [_player("A")], "regions": [{"influence": {"A": 1}}]}, "regions[0].marker",
     "missing"),
    ({"players": [_player("A")], "regions": [{"marker": 1, "influence": {"Z": 1}}]},
     "regions[0].influence.Z", "no player"),
    ({"players": [_player("A")], "regions": [{"marker": 1}] * 6}, "regions", "five"),
])
def test_bad_input_names_the_field(data: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(ScoreInputError) as caught:
        RULES.score_input(data)
    assert caught.value.field_name == field
    assert words in caught.value.message


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["A", "B", "wood", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["name", "coins", "surplus", "resources", "wood", "gold", "marker",
                         "influence", "A", "B", "players", "regions", "track_vp"]),
        inner, max_size=5),
    max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.sampled_from(["players", "regions", "game"]), JSON_VALUES,
                       max_size=3))
def test_any_json_scores_or_names_a_field(data: dict[str, Any]) -> None:
    try:
        result = RULES.score_input(data)
    except ScoreInputError as error:
        assert error.field_name and error.message and "\n" not in str(error)
    else:
        assert result.winners
