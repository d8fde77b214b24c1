"""Stats worth opening: wins by seat, the score histogram, streaks, head-to-head, and a
game's average length by player count; worked out from plain game records."""

from __future__ import annotations

from typing import Any

from companion.games.base import PlayerInfo
from companion.history.stats import (
    game_stats,
    histogram,
    length_by_player_count,
    player_game_detail,
    player_stats,
)
from companion.log.entries import GameRecord

GAME = "glory-to-rome"


def _record(number: int, scores: dict[str, int], winners: list[str] | None = None,
            minutes: float | None = 60, game: str = GAME) -> GameRecord:
    names = list(scores)
    ranked = sorted(names, key=lambda n: -scores[n])
    top = scores[ranked[0]]
    result: dict[str, Any] = {
        "players": [{"name": n, "total": scores[n], "breakdown": {}} for n in ranked],
        "winners": winners or [n for n in names if scores[n] == top], "explanation": ""}
    created = 1000.0 * number
    return GameRecord(number, game, {}, tuple(PlayerInfo(n, "red", i + 1)
                                              for i, n in enumerate(names)),
                      created, "finished", created + minutes * 60 if minutes else None, result)


EVENING = [
    _record(1, {"Livia": 10, "Marcus": 8}),                       # Livia wins from seat 1
    _record(2, {"Marcus": 12, "Livia": 9, "Julia": 3}),           # Marcus wins
    _record(3, {"Julia": 7, "Livia": 15, "Marcus": 15}, ["Livia"], minutes=90),  # tie given
    _record(4, {"Livia": 20, "Julia": 2}, minutes=None),          # imported, no length
    _record(5, {"Livia": 1, "Marcus": 30}, game="ave-roma"),      # another game
]


def test_wins_by_seat_streak_and_head_to_head() -> None:
    detail = player_game_detail(EVENING, "livia", GAME)
    assert detail.seats == {1: [2, 2], 2: [2, 1]}
    assert detail.scores == [10, 9, 15, 20]
    assert detail.streak == 2 and detail.longest_wins == 2
    julia, marcus = detail.rivals  # as often met: by name
    assert (marcus.name, marcus.games, marcus.ahead, marcus.behind) == ("Marcus", 3, 2, 1)
    assert (julia.name, julia.games, julia.ahead, julia.behind) == ("Julia", 3, 3, 0)
    marcus_detail = player_game_detail(EVENING, "Marcus", GAME)
    assert marcus_detail.streak == -1 and marcus_detail.longest_wins == 1


def test_score_histogram_covers_every_score_once() -> None:
    assert histogram([]) == []
    ranges = histogram([10, 9, 15, 20, 1], buckets=4)
    assert ranges[0][0] == 1 and ranges[-1][1] >= 20
    assert sum(count for _low, _high, count in ranges) == 5
    assert all(low <= high for low, high, _count in ranges)
    assert histogram([7, 7]) == [(7, 7, 2)]


def test_lengths_by_player_count_leave_out_plays_without_a_length() -> None:
    assert length_by_player_count(EVENING, GAME) == {2: 3600.0, 3: 4500.0}
    glory = next(s for s in game_stats(EVENING) if s.game == GAME)
    assert glory.games == 4 and glory.lengths == 3
    assert glory.average_winning_score == (10 + 12 + 15 + 20) / 4
    livia = next(s for s in player_stats(EVENING, game=GAME) if s.name == "Livia")
    assert livia.lengths == 3
