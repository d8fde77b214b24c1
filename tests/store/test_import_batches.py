"""An import writes in batches and publishes at the end: a game being played keeps saving
its moves meanwhile, and a failed or cut-off import leaves the history as it was."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.history import stats
from companion.log import history_edits
from companion.log.entries import ImportedGame, LogEntry, StoreError
from companion.log.store import Store
from companion.ui.demo import DEMO_PLAYERS, demo_history

#: enough games for many batches (a move waits for one at most)
GAMES = 16 * history_edits.IMPORT_BATCH
#: an import that fails after several batches were written
FAILING = 4 * history_edits.IMPORT_BATCH


def _finished_store(path: Path) -> Store:
    store = Store.open(path)
    demo_history(store, start=1_760_000_000.0)
    return store


def _copies(store: Store, count: int) -> list[ImportedGame]:
    """``count`` games like the store's first finished one, a day apart after it, each
    placed (so a reader of places would see them)."""
    record = store.finished_games()[0]
    entries = tuple(store.log(record.id))
    times = tuple(store.turn_times(record.id))
    return [ImportedGame(record.game, record.options, record.created + day * 86_400.0,
                         (record.ended or record.created) + day * 86_400.0,
                         record.result or {}, record.players, entries, times,
                         place=f"Villa {day}")
            for day in range(1, count + 1)]


def _rows(store: Store) -> dict[str, int]:
    """Rows of every table an imported game writes into."""
    return {table: int(store._read(f"SELECT count(*) FROM {table}")[0][0])
            for table in ("games", "players", "log", "turn_times", "result_scores",
                          "seat_turns", "profiles")}


def _what_readers_see(store: Store) -> tuple[Any, ...]:
    return (store.finished_count(), store.finished_ids(), store.places(),
            store.last_game(), store.last_place(), store.recent_player_names(),
            store.line_ups(), stats.stored_player_stats(store),
            stats.stored_game_stats(store))


def test_moves_are_saved_while_an_import_writes(tmp_path: Path) -> None:
    store = _finished_store(tmp_path)
    games = _copies(store, GAMES)
    entry = store.log(store.finished_ids()[0])[0]
    playing = store.create_game("glory-to-rome", DEMO_PLAYERS, {})
    window: dict[str, float] = {}

    def run_import() -> None:
        window["start"] = time.perf_counter()
        store.import_games(games)
        window["end"] = time.perf_counter()

    importer = threading.Thread(target=run_import)
    importer.start()
    started_at: list[tuple[float, float]] = []  # (when a move was handed over, its wait)
    while importer.is_alive():
        began = time.perf_counter()
        store.append(playing, LogEntry("do", entry.action, 0))
        started_at.append((began, time.perf_counter() - began))
        time.sleep(0.002)  # a table's pace, far quicker than any hand
    importer.join()
    whole = window["end"] - window["start"]
    during = [wait for began, wait in started_at if window["start"] <= began < window["end"]]
    assert len(during) >= 3, "no move was played while the import wrote"
    assert max(during) < whole / 3, (max(during), whole)  # one batch: about whole / 16
    assert store.finished_count() == 3 + GAMES
    assert len(store.log(playing)) == len(started_at)


def test_a_failure_in_a_late_batch_leaves_nothing(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = _finished_store(tmp_path)
    before_rows, before_seen = _rows(store), _what_readers_see(store)
    games = _copies(store, FAILING)
    seen_mid_import: list[tuple[Any, ...]] = []
    insert = history_edits.HistoryEdits._insert_imported
    calls = 0

    def failing_late(db: sqlite3.Connection, *args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        if calls == FAILING - 10:  # several batches are written, not yet published
            assert int(store._read("SELECT count(*) FROM games WHERE status = "
                                   "'importing'")[0][0]) >= history_edits.IMPORT_BATCH
            seen_mid_import.append(_what_readers_see(store))
            raise StoreError("The storage is full.")
        return insert(db, *args, **kwargs)

    monkeypatch.setattr(history_edits.HistoryEdits, "_insert_imported",
                        staticmethod(failing_late))
    with pytest.raises(StoreError, match="full"):
        store.import_games(games)
    assert seen_mid_import == [before_seen]  # no reader saw the games being written
    assert _rows(store) == before_rows
    assert _what_readers_see(store) == before_seen


def test_an_error_reading_the_games_late_leaves_nothing(tmp_path: Path) -> None:
    store = _finished_store(tmp_path)
    before_rows = _rows(store)
    games = _copies(store, FAILING)

    def read_until_broken() -> Iterator[ImportedGame]:
        yield from games[:FAILING - 10]
        raise ValueError("the file ends in the middle of a game")

    with pytest.raises(ValueError, match="middle"):
        store.import_games(read_until_broken())
    assert _rows(store) == before_rows


def test_a_bgstats_import_failing_late_adds_no_game_and_no_profile(tmp_path: Path) -> None:
    store = _finished_store(tmp_path)
    before_rows, before_profiles = _rows(store), store.profiles(limit=1000)
    plays: list[dict[str, Any]] = [
        {"game": "ave-roma", "players": DEMO_PLAYERS, "options": {},
         "created": 1.0e9 + day * 86_400.0, "ended": None, "result": {"players": [],
                                                                      "winners": []},
         "place": None, "note": None, "source": "bgstats", "source_id": f"play-{day}"}
        for day in range(FAILING)]
    plays[-5]["options"] = {"not": object()}  # cannot be written: the last batch fails
    with pytest.raises(TypeError):
        store.add_imported_games(plays)
    assert _rows(store) == before_rows
    assert store.profiles(limit=1000) == before_profiles


def test_a_bgstats_import_counts_each_players_games_once_published(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    names = ("Livia", "livia", "Titus")
    plays: list[dict[str, Any]] = [
        {"game": "ave-roma", "players": (dataclasses.replace(DEMO_PLAYERS[0],
                                                             name=names[day % 3]),
                                         DEMO_PLAYERS[1]),
         "options": {}, "created": 1.0e9 + day, "ended": None,
         "result": {"players": [], "winners": []}, "place": None, "note": None,
         "source": "bgstats", "source_id": f"play-{day}"}
        for day in range(FAILING + 1)]
    store.add_imported_games(plays)
    profiles = {p.name.casefold(): p for p in store.profiles(limit=100)}
    first_seat = DEMO_PLAYERS[0]
    assert profiles["livia"].name == "Livia"  # the first spelling seen
    assert profiles["livia"].games == len([p for p in range(FAILING + 1) if p % 3 < 2])
    assert profiles["livia"].colour == first_seat.colour
    assert profiles["livia"].last_played == max(
        1.0e9 + day for day in range(FAILING + 1) if day % 3 < 2)
    assert profiles[DEMO_PLAYERS[1].name.casefold()].games == FAILING + 1


def test_an_import_cut_off_by_a_crash_is_gone_at_the_next_start(tmp_path: Path) -> None:
    store = _finished_store(tmp_path)
    before_rows, before_seen = _rows(store), _what_readers_see(store)
    with store._writing() as db:  # batches written, the publishing never came
        for game in _copies(store, 3):
            store._insert_imported(db, game.game, game.players, game.options, game.created,
                                   game.ended, game.result, game.entries, game.turn_times,
                                   game.place, game.note, status="importing")
    assert _what_readers_see(store) == before_seen
    store.close()
    again = Store.open(tmp_path)
    assert _rows(again) == before_rows
    assert _what_readers_see(again) == before_seen


def test_step_9_keeps_the_games_and_lets_an_import_mark_its_own(tmp_path: Path) -> None:
    from companion.log.migrations import create_at_version, migrate

    db = sqlite3.connect(tmp_path / "log.db", isolation_level=None)
    create_at_version(db, 8)
    db.execute("INSERT INTO games (game, options, created, status) "
               "VALUES ('ave-roma', '{}', 1.0, 'finished')")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO games (game, options, created, status) "
                   "VALUES ('ave-roma', '{}', 2.0, 'importing')")
    assert migrate(db, 9) == 8
    db.execute("INSERT INTO games (game, options, created, status) "
               "VALUES ('ave-roma', '{}', 2.0, 'importing')")
    assert db.execute("SELECT status FROM games ORDER BY id").fetchall() == [
        ("finished",), ("importing",)]
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO games (game, options, created, status) "
                   "VALUES ('ave-roma', '{}', 3.0, 'lost')")
