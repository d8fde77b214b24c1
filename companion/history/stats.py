"""Stats over finished games: per player and per game. Pure: records in, numbers out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from companion.core.records import mutable
from companion.games.base import ScoreResult
from companion.log.entries import GameRecord


@mutable
class PlayerStats:
    """One player's record, over all games or one game's."""

    name: str
    colour: str
    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)  # oldest first
    durations: list[float] = field(default_factory=list)
    seconds_on_turn: float = 0.0
    games_timed: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def best(self) -> int:
        return max(self.scores, default=0)

    @property
    def average_duration(self) -> float:
        return sum(self.durations) / len(self.durations) if self.durations else 0.0

    @property
    def average_on_turn(self) -> float:
        """Seconds on turn per game, over the games whose turns were timed."""
        return self.seconds_on_turn / self.games_timed if self.games_timed else 0.0


@mutable
class GameStats:
    game: str
    games: int = 0
    durations: list[float] = field(default_factory=list)
    winning_scores: list[int] = field(default_factory=list)

    @property
    def average_duration(self) -> float:
        return sum(self.durations) / len(self.durations) if self.durations else 0.0

    @property
    def average_winning_score(self) -> float:
        scores = self.winning_scores
        return sum(scores) / len(scores) if scores else 0.0


def player_stats(records: Sequence[GameRecord],
                 times: Mapping[int, Mapping[int, float]] | None = None,
                 game: str | None = None) -> list[PlayerStats]:
    """Every player of the finished ``records`` (of ``game`` only, if given), most wins
    first. ``times``: seconds on turn by game id and seat-order position."""
    by_name: dict[str, PlayerStats] = {}
    for record in sorted(records, key=lambda r: r.created):
        if record.result is None or (game is not None and record.game != game):
            continue
        totals = {p["name"]: int(p["total"]) for p in record.result.get("players", [])}
        winners = set(record.result.get("winners", []))
        on_turn = (times or {}).get(record.id, {})
        length = max(0.0, (record.ended or record.created) - record.created)
        for position, player in enumerate(record.players):
            key = player.name.casefold()
            stats = by_name.setdefault(key, PlayerStats(player.name, player.colour))
            stats.colour = player.colour  # the colour they played last
            stats.games += 1
            stats.wins += player.name in winners
            if player.name in totals:
                stats.scores.append(totals[player.name])
            if record.ended is not None:  # an imported play may not say how long it took
                stats.durations.append(length)
            if on_turn:
                stats.seconds_on_turn += on_turn.get(position, 0.0)
                stats.games_timed += 1
    return sorted(by_name.values(), key=lambda s: (-s.wins, -s.win_rate, s.name.casefold()))


def game_stats(records: Sequence[GameRecord]) -> list[GameStats]:
    """Per game: how often it was played, how long it takes, what a win scores."""
    by_game: dict[str, GameStats] = {}
    for record in records:
        if record.result is None:
            continue
        stats = by_game.setdefault(record.game, GameStats(record.game))
        stats.games += 1
        if record.ended is not None:
            stats.durations.append(max(0.0, record.ended - record.created))
        winners = set(record.result.get("winners", []))
        best = [int(p["total"]) for p in record.result.get("players", [])
                if p["name"] in winners]
        if best:
            stats.winning_scores.append(max(best))
    return sorted(by_game.values(), key=lambda s: -s.games)


# -- one player at one game, and a game's lengths by player count -------------------------

@mutable
class Rival:
    """How a player did against one regular opponent in the games they both played."""

    name: str
    games: int = 0
    ahead: int = 0  # games the player finished ahead of this opponent
    behind: int = 0


@mutable
class PlayerGameDetail:
    """What is worth opening for one player at one game."""

    name: str
    game: str
    #: seat-order position (1 = first in the seat order) -> [games, wins]
    seats: dict[int, list[int]] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)  # oldest first
    #: the latest run of results: +n wins in a row, -n games without a win, 0 none
    streak: int = 0
    longest_wins: int = 0
    rivals: list[Rival] = field(default_factory=list)


def _places(result: Mapping[str, Any]) -> dict[str, int]:
    """Each player's place from a ranked result, as its tie-break left it."""
    ranked = ScoreResult.from_json(result)
    return {player.name.casefold(): place
            for player, place in zip(ranked.players, ranked.placings(), strict=True)}


def player_game_detail(records: Sequence[GameRecord], name: str, game: str,
                       regulars: int = 4) -> PlayerGameDetail:
    """Wins by seat, scores, the current streak and head-to-head for ``name`` at ``game``
    (the ``regulars`` opponents met most often)."""
    detail = PlayerGameDetail(name, game)
    key = name.casefold()
    rivals: dict[str, Rival] = {}
    run = 0
    best_run = 0
    for record in sorted(records, key=lambda r: r.created):
        if record.game != game or record.result is None:
            continue
        names = [p.name.casefold() for p in record.players]
        if key not in names:
            continue
        won = key in {str(w).casefold() for w in record.result.get("winners", [])}
        seat = detail.seats.setdefault(names.index(key) + 1, [0, 0])
        seat[0] += 1
        seat[1] += won
        totals = {p["name"].casefold(): int(p["total"]) for p in record.result["players"]}
        if key in totals:
            detail.scores.append(totals[key])
        run = (max(run, 0) + 1) if won else (min(run, 0) - 1)
        best_run = max(best_run, run)
        places = _places(record.result)
        for other in record.players:
            if other.name.casefold() == key:
                continue
            rival = rivals.setdefault(other.name.casefold(), Rival(other.name))
            rival.games += 1
            mine, theirs = places.get(key, 99), places.get(other.name.casefold(), 99)
            rival.ahead += mine < theirs
            rival.behind += mine > theirs
    detail.streak = run
    detail.longest_wins = best_run
    detail.rivals = sorted(rivals.values(), key=lambda r: (-r.games, r.name.casefold())
                           )[:regulars]
    return detail


def histogram(scores: Sequence[int], buckets: int = 5) -> list[tuple[int, int, int]]:
    """(lowest, highest, how many) for up to ``buckets`` equal score ranges, low first."""
    if not scores:
        return []
    low, high = min(scores), max(scores)
    width = max(1, -(-(high - low + 1) // buckets))
    ranges = []
    start = low
    while start <= high:
        end = start + width - 1
        ranges.append((start, end, sum(start <= s <= end for s in scores)))
        start = end + 1
    return ranges


def length_by_player_count(records: Sequence[GameRecord], game: str) -> dict[int, float]:
    """Average seconds from set-up to final score, by how many played (timed games only:
    an imported play without a length is left out)."""
    lengths: dict[int, list[float]] = {}
    for record in records:
        if record.game != game or record.result is None or record.ended is None:
            continue
        lengths.setdefault(len(record.players), []).append(record.ended - record.created)
    return {count: sum(values) / len(values) for count, values in sorted(lengths.items())}
