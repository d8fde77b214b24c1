"""Places as each game's tie-break leaves them: distinct where it decides, shared where not."""

from __future__ import annotations

from companion.games.base import PlayerScore, rank
from companion.games.via_romana.scoring import break_tie


def _scores(*totals: int) -> list[PlayerScore]:
    return [PlayerScore(name, total, {}) for name, total in zip("ABCD", totals, strict=False)]


def test_ave_roma_ties_go_to_coins_then_resources_then_stay_shared() -> None:
    result = rank(_scores(9, 9, 9, 9), [("coins", [3, 5, 3, 3]), ("resources", [1, 0, 2, 1])])
    assert [p.name for p in result.players] == ["B", "C", "A", "D"]
    assert result.placings() == (1, 2, 3, 3) and result.winners == ("B",)


def test_via_romana_knows_no_tie_break_until_the_table_gives_one() -> None:
    result = rank(_scores(7, 7, 4))
    assert result.placings() == (1, 1, 3) and len(result.winners) == 2
    given = break_tie(result, "B")
    assert [(p.name, place) for p, place in zip(given.players, given.placings(),
                                                strict=True)] == [("B", 1), ("A", 2), ("C", 3)]
