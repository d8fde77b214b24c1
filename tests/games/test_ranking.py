from __future__ import annotations

from companion.games.base import PlayerScore, rank


def scores(*totals: int) -> list[PlayerScore]:
    return [PlayerScore(name, total, {"points": total})
            for name, total in zip("ABCDE", totals, strict=False)]


def test_highest_total_wins_and_ranking_is_descending() -> None:
    result = rank(scores(5, 9, 7))
    assert [p.name for p in result.players] == ["B", "C", "A"]
    assert result.winners == ("B",)
    assert result.explanation == ""


def test_tie_broken_by_first_tiebreak_and_explained() -> None:
    result = rank(scores(9, 9, 3), [("most cards in hand", [1, 4, 9])])
    assert result.winners == ("B",)
    assert [p.name for p in result.players] == ["B", "A", "C"]
    assert "A, B tied on 9" in result.explanation
    assert "most cards in hand" in result.explanation


def test_tiebreaks_apply_in_order_then_share() -> None:
    result = rank(scores(9, 9, 9), [("most coins", [2, 5, 5]), ("most resources", [0, 3, 3])])
    assert result.winners == ("B", "C")
    assert "most coins" in result.explanation
    assert "B, C share the victory" in result.explanation


def test_empty() -> None:
    assert rank([]).winners == ()
