"""Stats over finished games: per player and per game. Pure: records in, numbers out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field

from companion.records import mutable
from companion.store import GameRecord


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
        stats.durations.append(max(0.0, (record.ended or record.created) - record.created))
        winners = set(record.result.get("winners", []))
        best = [int(p["total"]) for p in record.result.get("players", [])
                if p["name"] in winners]
        if best:
            stats.winning_scores.append(max(best))
    return sorted(by_game.values(), key=lambda s: -s.games)
