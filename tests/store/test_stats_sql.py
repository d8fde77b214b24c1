"""Stats added up by SQL (:func:`stored_player_stats`, :func:`stored_game_stats`, and a
player's own figures: their screens') give the same figures as the records added up in
Python, over random histories built through the writes that change them: finished games,
imports (some with the places a tie-break left), turn times saved again, corrections of a
result, renames, merges and deletions."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import PlayerInfo
from companion.history.stats import (
    game_stats,
    last_colours,
    last_scores,
    length_by_player_count,
    player_game_detail,
    player_stats,
    spellings,
    stored_game_stats,
    stored_last_colours,
    stored_last_scores,
    stored_lengths_by_player_count,
    stored_player_game_detail,
    stored_player_stats,
)
from companion.log.entries import StoreError
from companion.log.store import Store

GAMES = ("glory-to-rome", "ave-roma", "via-romana")
# "Straße" and "STRASSE" are one player only to Python's casefold, not to SQLite's NOCASE
NAMES = ("Ann", "ann", "Bob", "Cleo", "Dan", "DAN", "Straße", "STRASSE")
COLOURS = ("red", "blue", "green")

_PLAYERS = st.lists(st.sampled_from(NAMES), min_size=1, max_size=3,
                    unique_by=str.casefold)
_GAME = st.fixed_dictionaries({
    "game": st.sampled_from(GAMES),
    "names": _PLAYERS,
    "colours": st.lists(st.sampled_from(COLOURS), min_size=3, max_size=3),
    "created": st.sampled_from([1000.0, 2000.0, 3000.0]),  # games started together
    "length": st.one_of(st.none(), st.floats(0, 5000)),
    "totals": st.lists(st.integers(-5, 12), min_size=3, max_size=3),  # ties too
    "winners": st.integers(0, 3),  # how many of the first ones won
    "turns": st.lists(st.tuples(st.integers(0, 2), st.floats(0, 100)), max_size=4),
    "finished": st.booleans(),
    # the places a tie-break left (an imported result may carry them), or none
    "places": st.one_of(st.none(), st.lists(st.integers(1, 3), min_size=3, max_size=3)),
})
_CHANGE = st.one_of(
    st.tuples(st.just("rescore"), st.integers(0, 20), st.integers(-50, 200)),
    st.tuples(st.just("rename"), st.sampled_from(NAMES), st.sampled_from(NAMES + ("Eve",))),
    st.tuples(st.just("delete"), st.integers(0, 20)),
    st.tuples(st.just("turn again"), st.integers(0, 20), st.floats(0, 100)),
)


def _result(names: list[str], totals: list[int], winners: int,
            places: list[int] | None = None) -> dict[str, Any]:
    ranked = sorted(zip(names, totals, strict=False), key=lambda pair: -pair[1])
    players = [{"name": name, "total": total, "breakdown": {}} for name, total in ranked]
    result = {"players": players, "winners": [name for name, _total in ranked[:winners]],
              "explanation": ""}
    if places is not None:
        result["places"] = sorted(places[:len(players)])
    return result


def _build(store: Store, games: list[dict[str, Any]], changes: list[tuple[Any, ...]]) -> None:
    ids = []
    for game in games:
        players = tuple(PlayerInfo(n, c, i + 1) for i, (n, c) in
                        enumerate(zip(game["names"], game["colours"], strict=False)))
        result = _result(game["names"], game["totals"], game["winners"],
                         None if game["finished"] else game["places"])
        ended = None if game["length"] is None else game["created"] + game["length"]
        if game["finished"]:  # played here: turns saved while it ran, then the score
            game_id = store.create_game(game["game"], players, {})
            for player, seconds in game["turns"]:
                started = game["created"] + player * 1000 + seconds
                store.add_turn_time(game_id, player % len(players), started, started + seconds)
            store.finish_game(game_id, result)
        else:  # imported: no move log
            game_id = store.import_game(game["game"], players, {}, game["created"], ended,
                                        result, [], [(p % len(players), game["created"] + s,
                                                      game["created"] + 2 * s)
                                                     for p, s in game["turns"]])
        ids.append(game_id)
    for change in changes:
        kind, *rest = change
        try:
            if kind == "rescore" and ids:
                record = store.game(ids[rest[0] % len(ids)])
                result = dict(record.result or {})
                result["players"] = [dict(p, total=rest[1]) if i == 0 else p
                                     for i, p in enumerate(result.get("players", []))]
                store.edit_game(record.id, {"result": result})
            elif kind == "rename":
                store.rename_player(rest[0], rest[1])
            elif kind == "delete" and ids:
                store.delete_game(ids.pop(rest[0] % len(ids)))
            elif kind == "turn again" and ids:
                game_id = ids[rest[0] % len(ids)]
                times = store.turn_times(game_id)
                if times:  # the same stretch saved again with another end
                    player, started, _ended = times[0]
                    store.add_turn_time(game_id, player, started, started + rest[1])
        except StoreError:
            continue  # a refused correction changes nothing


def _same_players(stored: list[Any], computed: list[Any]) -> None:
    assert [(s.name, s.colour, s.games, s.wins, s.score_sum, s.scored, s.best_score,
             s.lengths, s.games_timed) for s in stored] == [
        (s.name, s.colour, s.games, s.wins, s.score_sum, s.scored, s.best_score,
         s.lengths, s.games_timed) for s in computed]
    for mine, theirs in zip(stored, computed, strict=True):
        assert mine.length_sum == pytest.approx(theirs.length_sum)
        assert mine.seconds_on_turn == pytest.approx(theirs.seconds_on_turn, abs=1e-6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games=st.lists(_GAME, max_size=8), changes=st.lists(_CHANGE, max_size=5))
def test_sql_figures_match_the_records(games: list[dict[str, Any]],
                                       changes: list[tuple[Any, ...]]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        store = Store.open(Path(directory))
        _build(store, games, changes)
        records = store.finished_games()
        times = store.times_on_turn()
        for game in (None, *GAMES):
            _same_players(stored_player_stats(store, game), player_stats(records, times, game))
        stored = {s.game: s for s in stored_game_stats(store)}
        computed = {s.game: s for s in game_stats(records)}
        assert stored.keys() == computed.keys()
        for key, theirs in computed.items():
            mine = stored[key]
            assert (mine.games, mine.lengths, mine.winning_sum, mine.wins_scored) == (
                theirs.games, theirs.lengths, theirs.winning_sum, theirs.wins_scored)
            assert mine.length_sum == pytest.approx(theirs.length_sum)
        store.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games=st.lists(_GAME, max_size=8), changes=st.lists(_CHANGE, max_size=5))
def test_a_players_figures_by_sql_match_the_records(games: list[dict[str, Any]],
                                                    changes: list[tuple[Any, ...]]) -> None:
    """What a player's two screens read by SQL (their stats per game, last scores, detail
    at each game, colours; a game's winning score and lengths) is the plain fold over the
    games, whichever spelling of the name they were opened with."""
    with tempfile.TemporaryDirectory() as directory:
        store = Store.open(Path(directory))
        _build(store, games, changes)
        records = store.finished_games()
        times = store.times_on_turn()
        seated = store.seated_names()
        for name in (*NAMES, "Eve"):
            names = spellings(seated, name)
            assert {n.casefold() for n in names} <= {name.casefold()}
            for game in (None, *GAMES):
                _same_players(stored_player_stats(store, game, names),
                              [s for s in player_stats(records, times, game)
                               if s.name.casefold() == name.casefold()])
            for limit in (2, 10):
                assert stored_last_scores(store, names, limit) == last_scores(records, name,
                                                                              limit)
            for game in GAMES:
                assert stored_player_game_detail(store, names, name, game) == \
                    player_game_detail(records, name, game)
            assert stored_last_colours(store, names) == {
                key: colour for key, colour in last_colours(records).items()
                if key == name.casefold()}
        for game in GAMES:
            stored_lengths = stored_lengths_by_player_count(store, game)
            assert stored_lengths == pytest.approx(length_by_player_count(records, game))
            assert [(s.games, s.lengths, s.winning_sum, s.wins_scored)
                    for s in stored_game_stats(store, game)] == [
                (s.games, s.lengths, s.winning_sum, s.wins_scored)
                for s in game_stats(records) if s.game == game]
        store.close()
