"""Stats over finished games: per player and per game. Pure: records in, numbers out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from typing import Any

from companion.core.records import mutable
from companion.games.base import ScoreResult
from companion.log.entries import GameRecord
from companion.log.store import Store


@mutable
class PlayerStats:
    """One player's record, over all games or one game's: sums and counts, so the same
    figures come from the records (:func:`player_stats`) or from SQL
    (:func:`stored_player_stats`)."""

    name: str
    colour: str
    games: int = 0
    wins: int = 0
    score_sum: int = 0
    scored: int = 0  # games with a total of theirs
    best_score: int | None = None
    length_sum: float = 0.0
    lengths: int = 0  # games with a length (an imported play may have none)
    seconds_on_turn: float = 0.0
    games_timed: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.score_sum / self.scored if self.scored else 0.0

    @property
    def best(self) -> int:
        return self.best_score if self.best_score is not None else 0

    @property
    def average_duration(self) -> float:
        return self.length_sum / self.lengths if self.lengths else 0.0

    @property
    def average_on_turn(self) -> float:
        """Seconds on turn per game, over the games whose turns were timed."""
        return self.seconds_on_turn / self.games_timed if self.games_timed else 0.0


@mutable
class GameStats:
    game: str
    games: int = 0
    length_sum: float = 0.0
    lengths: int = 0
    winning_sum: int = 0
    wins_scored: int = 0  # games whose winner has a total

    @property
    def average_duration(self) -> float:
        return self.length_sum / self.lengths if self.lengths else 0.0

    @property
    def average_winning_score(self) -> float:
        return self.winning_sum / self.wins_scored if self.wins_scored else 0.0


def _most_wins_first(stats: list[PlayerStats]) -> list[PlayerStats]:
    return sorted(stats, key=lambda s: (-s.wins, -s.win_rate, s.name.casefold()))


def player_stats(records: Sequence[GameRecord],
                 times: Mapping[int, Mapping[int, float]] | None = None,
                 game: str | None = None) -> list[PlayerStats]:
    """Every player of the finished ``records`` (of ``game`` only, if given), most wins
    first. ``times``: seconds on turn by game id and seat-order position. Names that
    differ only in case are one player: the name first seen, the colour played last."""
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
                total = totals[player.name]
                stats.score_sum += total
                stats.scored += 1
                stats.best_score = max(total, stats.best_score
                                       if stats.best_score is not None else total)
            if record.ended is not None:  # an imported play may not say how long it took
                stats.length_sum += length
                stats.lengths += 1
            if on_turn:
                stats.seconds_on_turn += on_turn.get(position, 0.0)
                stats.games_timed += 1
    return _most_wins_first(list(by_name.values()))


def stored_player_stats(store: Store, game: str | None = None,
                        names: Sequence[str] | None = None) -> list[PlayerStats]:
    """:func:`player_stats` of every finished game in ``store``, added up by SQL: a long
    history's Stats opens without reading its games (the same figures, to rounding).
    With ``names``: of those names as seated only (a player's :func:`spellings`)."""
    by_name: dict[str, tuple[tuple[float, int], tuple[float, int], PlayerStats]] = {}
    for (name, games, wins, score_sum, scored, best, length_sum, lengths, on_turn, timed,
         first, last) in store.player_figures(game, names):
        # the order the records are read in: the oldest start first, the later id first
        first_seat = store.seat_at(name, first, game)
        last_seat = store.seat_at(name, last, game, last=True)
        assert first_seat is not None and last_seat is not None
        first_key, last_key = (first, -first_seat[0]), (last, -last_seat[0])
        found = by_name.get(name.casefold())
        if found is None:
            by_name[name.casefold()] = (first_key, last_key, PlayerStats(
                name, last_seat[1], games, wins, score_sum, scored, best, length_sum, lengths,
                on_turn, timed))
            continue
        seen_first, seen_last, stats = found  # the same name in another case
        if first_key < seen_first:
            stats.name = name
        if last_key > seen_last:
            stats.colour = last_seat[1]
        stats.games += games
        stats.wins += wins
        stats.score_sum += score_sum
        stats.scored += scored
        if best is not None:
            stats.best_score = max(best, stats.best if stats.best_score is not None else best)
        stats.length_sum += length_sum
        stats.lengths += lengths
        stats.seconds_on_turn += on_turn
        stats.games_timed += timed
        by_name[name.casefold()] = (min(first_key, seen_first), max(last_key, seen_last),
                                    stats)
    return _most_wins_first([stats for _first, _last, stats in by_name.values()])


def spellings(seated: Iterable[str], *names: str) -> list[str]:
    """The ``seated`` names (:meth:`Store.seated_names`) that are one of ``names`` in any
    case: "Ann" and "ann" are one player, whose figures are read for both."""
    keys = {name.casefold() for name in names}
    return [name for name in seated if name.casefold() in keys]


def last_scores(records: Sequence[GameRecord], name: str,
                limit: int = 10) -> list[tuple[str, int]]:
    """(game, total) of ``name``'s last ``limit`` finished games with a total of theirs,
    oldest first."""
    key = name.casefold()
    return [(r.game, next(int(p["total"]) for p in (r.result or {}).get("players", [])
                          if p["name"].casefold() == key))
            for r in sorted(records, key=lambda r: r.created)
            if r.result and any(p["name"].casefold() == key
                                for p in r.result.get("players", []))][-limit:]


def stored_last_scores(store: Store, names: Sequence[str],
                       limit: int = 10) -> list[tuple[str, int]]:
    """:func:`last_scores` read by SQL for a player's ``names`` (their spellings)."""
    return store.last_scores(names, limit)


def game_stats(records: Sequence[GameRecord]) -> list[GameStats]:
    """Per game: how often it was played, how long it takes, what a win scores."""
    by_game: dict[str, GameStats] = {}
    for record in records:
        if record.result is None:
            continue
        stats = by_game.setdefault(record.game, GameStats(record.game))
        stats.games += 1
        if record.ended is not None:
            stats.length_sum += max(0.0, record.ended - record.created)
            stats.lengths += 1
        winners = set(record.result.get("winners", []))
        best = [int(p["total"]) for p in record.result.get("players", [])
                if p["name"] in winners]
        if best:
            stats.winning_sum += max(best)
            stats.wins_scored += 1
    return sorted(by_game.values(), key=lambda s: -s.games)


def stored_game_stats(store: Store, game: str | None = None) -> list[GameStats]:
    """:func:`game_stats` of every finished game in ``store`` (of ``game`` only, if
    given), added up by SQL."""
    return sorted((GameStats(*row) for row in store.game_figures(game)),
                  key=lambda s: -s.games)


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


#: one game of a player: (seat number from 1, won, their total or None)
SeatResult = tuple[int, bool, int | None]
#: one opponent met: (their name as seated, the player's place, theirs; 99: none)
Meeting = tuple[str, int, int]


def player_game_detail(records: Sequence[GameRecord], name: str, game: str,
                       regulars: int = 4) -> PlayerGameDetail:
    """Wins by seat, scores, the current streak and head-to-head for ``name`` at ``game``
    (the ``regulars`` opponents met most often), from the records."""
    key = name.casefold()
    games: list[SeatResult] = []
    meetings: list[Meeting] = []
    for record in sorted(records, key=lambda r: r.created):
        if record.game != game or record.result is None:
            continue
        names = [p.name.casefold() for p in record.players]
        if key not in names:
            continue
        won = key in {str(w).casefold() for w in record.result.get("winners", [])}
        totals = {p["name"].casefold(): int(p["total"]) for p in record.result["players"]}
        games.append((names.index(key) + 1, won, totals.get(key)))
        places = _places(record.result)
        meetings += [(other.name, places.get(key, 99), places.get(other.name.casefold(), 99))
                     for other in record.players if other.name.casefold() != key]
    return _detail(name, game, games, meetings, regulars)


def stored_player_game_detail(store: Store, names: Sequence[str], name: str, game: str,
                              regulars: int = 4) -> PlayerGameDetail:
    """:func:`player_game_detail` of a player's ``names`` (their spellings), the games and
    places read by SQL: the largest history opens without reading every game."""
    return _detail(name, game, store.seat_results(names, game), store.meetings(names, game),
                   regulars)


def _detail(name: str, game: str, games: Sequence[SeatResult], meetings: Sequence[Meeting],
            regulars: int) -> PlayerGameDetail:
    """The detail from a player's ``games`` and the opponents they ``meetings``, oldest
    first: the one way both readings add them up."""
    detail = PlayerGameDetail(name, game)
    run = 0
    best_run = 0
    for seat_number, won, total in games:
        seat = detail.seats.setdefault(seat_number, [0, 0])
        seat[0] += 1
        seat[1] += won
        if total is not None:
            detail.scores.append(total)
        run = (max(run, 0) + 1) if won else (min(run, 0) - 1)
        best_run = max(best_run, run)
    rivals: dict[str, Rival] = {}
    for other, mine, theirs in meetings:
        rival = rivals.setdefault(other.casefold(), Rival(other))
        rival.games += 1
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


def stored_lengths_by_player_count(store: Store, game: str) -> dict[int, float]:
    """:func:`length_by_player_count` added up by SQL."""
    return {count: total / games for count, total, games in store.length_figures(game)}


def last_colours(records: Sequence[GameRecord]) -> dict[str, str]:
    """Each player's colour (by folded name) in the last of the finished ``records`` they
    played."""
    return {p.name.casefold(): p.colour for r in sorted(records, key=lambda r: r.created)
            for p in r.players}


def stored_last_colours(store: Store, names: Sequence[str]) -> dict[str, str]:
    """:func:`last_colours` of ``names`` (every spelling of them), read by SQL."""
    latest: dict[str, tuple[float, int, str]] = {}
    for name, colour, created, game_id in store.last_colours(names):
        key = name.casefold()
        found = (float(created), -int(game_id), str(colour))
        latest[key] = max(found, latest.get(key, found))
    return {key: colour for key, (_created, _id, colour) in latest.items()}
