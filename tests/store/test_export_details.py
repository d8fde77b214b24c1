"""Export details a spreadsheet or BG Stats relies on: ids, ranks, the start player, no
duplicates on a round trip, a length of at least a minute."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from companion.games.base import Action, PlayerInfo
from companion.history.exchange import export_text, import_text
from companion.log.entries import LogEntry
from companion.log.store import Store

TRIO = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2), PlayerInfo("Cy", "green", 3))
START = 1_760_000_000.25


def _result(totals: dict[str, int]) -> dict[str, Any]:
    ranked = sorted(totals.items(), key=lambda item: -item[1])
    best = ranked[0][1]
    return {"players": [{"name": n, "total": t, "breakdown": {}} for n, t in ranked],
            "winners": [n for n, t in ranked if t == best], "explanation": ""}


def _game(store: Store, created: float = START, length: float = 3600.0,
          totals: dict[str, int] | None = None, turn_times: tuple[tuple[int, float, float], ...]
          = (), entries: tuple[LogEntry, ...] = ()) -> int:
    return store.import_game("glory-to-rome", TRIO, {}, created, created + length,
                             _result(totals or {"Ana": 3, "Ben": 2, "Cy": 1}), entries,
                             turn_times)


def _plays(store: Store) -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = json.loads(export_text(store, "bgstats"))
    return plays


def _rows(store: Store) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export_text(store, "csv"), newline="")))


def test_a_plays_id_keeps_the_start_times_precision(tmp_path: Path) -> None:
    """Two games of the same line-up begun within a second are two plays."""
    store = Store.open(tmp_path)
    _game(store, START)
    _game(store, START + 0.2)
    ids = [play["sourcePlayId"] for play in _plays(store)]
    assert len(set(ids)) == 2
    assert len({row["game_uid"] for row in _rows(store)}) == 2
    exported = json.loads(export_text(store, "json"))
    assert [game["created"] for game in exported["games"]] == [START, START + 0.2]
    other = Store.open(tmp_path / "other")
    assert import_text(other, export_text(store, "json")) == (2, 0)


def test_tied_players_share_a_rank_and_the_next_rank_skips(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    _game(store, totals={"Ana": 10, "Ben": 10, "Cy": 7})
    ranks = {p["name"]: p["rank"] for p in _plays(store)[0]["players"]}
    assert ranks == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert {row["player"]: row["rank"] for row in _rows(store)} == {"Ana": "1", "Ben": "1",
                                                                    "Cy": "3"}
    assert {p["name"] for p in _plays(store)[0]["players"] if p["winner"]} == {"Ana", "Ben"}


def test_the_start_player_is_the_first_on_turn(tmp_path: Path) -> None:
    """The first recorded stretch on turn says who began, whatever the seat order; without
    times, the first move's player does."""
    store = Store.open(tmp_path)
    _game(store, START, turn_times=((2, START + 5, START + 60), (0, START + 60, START + 90)))
    _game(store, START + 7200, entries=(LogEntry("do", Action("lead", {}, 1), 1),))
    first, second = _plays(store)
    assert [p["name"] for p in first["players"] if p["startPlayer"]] == ["Cy"]
    assert [p["name"] for p in second["players"] if p["startPlayer"]] == ["Ben"]


def test_an_imported_game_is_never_imported_twice(tmp_path: Path) -> None:
    """There and back again: a game goes to a second companion, is exported from there and
    the file is imported where it began; and a file listing a game twice adds it once."""
    home = Store.open(tmp_path / "home")
    _game(home)
    away = Store.open(tmp_path / "away")
    assert import_text(away, export_text(home, "json")) == (1, 0)
    assert import_text(home, export_text(away, "json")) == (0, 1)
    assert len(home.finished_games()) == 1
    document = json.loads(export_text(home, "json"))
    document["games"].append(document["games"][0])
    third = Store.open(tmp_path / "third")
    assert import_text(third, json.dumps(document)) == (1, 1)
    assert len(third.finished_games()) == 1


def test_two_games_of_one_line_up_started_at_one_moment_both_come_back(tmp_path: Path) -> None:
    """A date corrected onto another game's of the same players: the history holds two
    games with one uid, and its export must restore both (only a game listed twice in
    the file, every value alike, is added once)."""
    home = Store.open(tmp_path / "home")
    _game(home)
    _game(home, length=1800.0, totals={"Ana": 1, "Ben": 5, "Cy": 2})
    elsewhere = Store.open(tmp_path / "elsewhere")
    assert import_text(elsewhere, export_text(home, "json")) == (2, 0)
    ends = sorted(r.ended or 0.0 for r in elsewhere.finished_games())
    assert ends == [START + 1800, START + 3600]
    assert import_text(elsewhere, export_text(home, "json")) == (0, 2)


def test_a_plays_length_is_never_zero_minutes(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    _game(store, START, length=20.0)
    _game(store, START + 7200, length=0.0)
    _game(store, START + 14400, length=95 * 60.0)
    assert [play["durationMin"] for play in _plays(store)] == [1, 1, 95]
