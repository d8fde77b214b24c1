"""Glory to Rome scorer: the arithmetic, the JSON format's checks, and its invariants."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import ScoreInputError
from companion.games.glory_to_rome import RULES
from companion.games.glory_to_rome.data import MATERIALS
from companion.games.glory_to_rome.scoring import (
    ScoringRecord,
    merchant_bonus_holders,
    score_records,
)

LIVIA: dict[str, Any] = {
    "name": "Livia", "influence": 9, "hand": 3,
    "vault": {"rubble": 1, "wood": 0, "brick": 2, "concrete": 0, "stone": 1, "marble": 1},
    "stockpile": {"stone": 2, "brick": 3}, "structures": ["Statue", "Wall"],
}
MARCUS: dict[str, Any] = {
    "name": "Marcus", "influence": 7, "hand": 5, "vault": {"brick": 2, "stone": 3},
    "structures": ["Market"],
}


def score(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return RULES.score_input({"game": "glory-to-rome", "players": list(players),
                              **extra}).to_json()


def test_issue_example_with_breakdown() -> None:
    result = score(LIVIA, MARCUS, forum_winner=None)
    by_name = {p["name"]: p for p in result["players"]}
    # rubble and marble: Livia; stone: Marcus; brick tied 2-2: nobody.
    assert by_name["Livia"]["breakdown"] == {"influence": 9, "vault": 11, "merchant_bonus": 6,
                                             "structures": 3 + 2}
    assert by_name["Livia"]["total"] == 31
    assert by_name["Marcus"]["breakdown"] == {"influence": 7, "vault": 13, "merchant_bonus": 3,
                                              "structures": 0}
    assert result["winners"] == ["Livia"]
    assert [p["name"] for p in result["players"]] == ["Livia", "Marcus"]


def test_merchant_bonus_tie_at_the_top_cancels_it_for_everyone() -> None:
    records = [ScoringRecord("A", 2, vault={"stone": 3}), ScoringRecord("B", 2, vault={"stone": 3}),
               ScoringRecord("C", 2, vault={"stone": 2})]
    assert merchant_bonus_holders(records)["stone"] is None
    result = score_records(records)
    assert all(p.breakdown["merchant_bonus"] == 0 for p in result.players)


def test_merchant_bonus_needs_strictly_most_and_at_least_one_card() -> None:
    records = [ScoringRecord("A", 2, vault={"wood": 2}), ScoringRecord("B", 2, vault={"wood": 1})]
    holders = merchant_bonus_holders(records)
    assert holders["wood"] == 0
    assert holders["marble"] is None  # nobody vaulted marble
    assert [p.breakdown["merchant_bonus"] for p in score_records(records).players] == [3, 0]


@pytest.mark.parametrize(("stockpile", "points"), [(0, 0), (1, 0), (5, 2), (7, 3), (10, 5)])
def test_wall_scores_one_per_two_stockpile_materials_rounded_down(stockpile: int,
                                                                   points: int) -> None:
    wall = ScoringRecord("A", 2, stockpile=stockpile, wall=True)
    no_wall = ScoringRecord("B", 2, stockpile=stockpile)
    result = {p.name: p for p in score_records([wall, no_wall]).players}
    assert result["A"].breakdown["structures"] == points
    assert result["B"].breakdown["structures"] == 0


def test_tie_goes_to_most_cards_in_hand() -> None:
    result = score({"name": "A", "influence": 5, "hand": 1}, {"name": "B", "influence": 5,
                                                              "hand": 4})
    assert result["winners"] == ["B"]
    assert [p["name"] for p in result["players"]] == ["B", "A"]


def test_forum_winner_overrides_the_score() -> None:
    result = RULES.score_input({"players": [LIVIA, MARCUS], "forum_winner": "Marcus"})
    assert result.winners == ("Marcus",)
    assert result.players[0].name == "Marcus"
    assert "Forum" in result.explanation


def test_missing_optional_fields_default_and_extra_fields_are_ignored() -> None:
    result = score({"name": "A", "influence": 4, "colour": "red"}, {"name": "B", "influence": 2},
                   table="kitchen")
    assert result["players"][0] == {"name": "A", "total": 4, "breakdown": {
        "influence": 4, "vault": 0, "merchant_bonus": 0, "structures": 0}}


def test_structure_names_are_matched_without_regard_to_case() -> None:
    result = score({"name": "A", "influence": 2, "structures": ["statue", "Coliseum"]})
    assert result["players"][0]["breakdown"]["structures"] == 3


@pytest.mark.parametrize(("players", "field"), [
    ([{"name": "A", "influence": -1}], "players[0].influence"),
    ([{"name": "A", "influence": 2, "vault": {"gold": 1}}], "players[0].vault.gold"),
    ([{"name": "A", "influence": 2}, {"name": "B", "influence": 2, "vault": {"wood": -2}}],
     "players[1].vault.wood"),
    ([{"name": "A", "influence": 2, "stockpile": {"stone": 1.5}}], "players[0].stockpile.stone"),
    ([{"name": "A", "influence": 2, "hand": True}], "players[0].hand"),
    ([{"name": "A", "influence": 2, "structures": ["Colossus"]}], "players[0].structures[0]"),
    ([{"name": "A", "influence": 2, "structures": ["Wall", "wall"]}],
     "players[0].structures[1]"),
    ([{"name": "A", "influence": 2}, {"name": "A", "influence": 3}], "players[1].name"),
    ([{"influence": 2}], "players[0].name"),
    ([{"name": "A"}], "players[0].influence"),
    (["A"], "players[0]"),
    ([], "players"),
    ([{"name": f"P{i}", "influence": 2} for i in range(6)], "players"),
])
def test_malformed_input_names_the_field(players: list[Any], field: str) -> None:
    with pytest.raises(ScoreInputError) as error:
        RULES.score_input({"players": players})
    assert error.value.field_name == field
    assert "\n" not in str(error.value)


def test_forum_winner_must_be_a_player() -> None:
    with pytest.raises(ScoreInputError) as error:
        RULES.score_input({"players": [LIVIA], "forum_winner": "Nero"})
    assert error.value.field_name == "forum_winner"


# --- properties ------------------------------------------------------------------------

counts = st.integers(min_value=0, max_value=6)
records = st.lists(
    st.builds(
        ScoringRecord,
        name=st.just(""),
        influence=st.integers(min_value=0, max_value=40),
        hand=st.integers(min_value=0, max_value=12),
        vault=st.fixed_dictionaries({m: counts for m in MATERIALS}),
        stockpile=st.integers(min_value=0, max_value=20),
        statue=st.booleans(),
        wall=st.booleans(),
    ),
    min_size=1, max_size=5,
).map(lambda rs: [ScoringRecord(f"P{i}", r.influence, r.hand, r.vault, r.stockpile, r.statue,
                                r.wall) for i, r in enumerate(rs)])


@given(records)
def test_totals_are_never_negative_and_add_up(players: list[ScoringRecord]) -> None:
    for player in score_records(players).players:
        assert player.total >= 0
        assert all(part >= 0 for part in player.breakdown.values())
        assert player.total == sum(player.breakdown.values())


@given(records)
def test_each_merchant_bonus_is_awarded_at_most_once(players: list[ScoringRecord]) -> None:
    holders = merchant_bonus_holders(players)
    result = score_records(players)
    awarded = sum(p.breakdown["merchant_bonus"] for p in result.players)
    assert awarded == 3 * sum(1 for h in holders.values() if h is not None)
    assert awarded <= 3 * len(MATERIALS)
    for material, holder in holders.items():
        tops = [r.vault[material] for r in players]
        if holder is not None:
            assert tops.count(max(tops)) == 1 and tops[holder] == max(tops) > 0


@settings(max_examples=60)
@given(records, st.randoms(use_true_random=False))
def test_permuting_players_changes_nothing_but_order(players: list[ScoringRecord],
                                                     rng: Any) -> None:
    shuffled = copy.copy(players)
    rng.shuffle(shuffled)
    before, after = score_records(players), score_records(shuffled)
    assert {p.name: (p.total, dict(p.breakdown)) for p in before.players} == {
        p.name: (p.total, dict(p.breakdown)) for p in after.players}
    assert set(before.winners) == set(after.winners)
    assert [p.total for p in before.players] == [p.total for p in after.players]
