"""Each schema step on a log that already holds game nights; all or nothing; newer refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.games.base import Action, PlayerInfo
from companion.log import migrations
from companion.log.database import DB_NAME
from companion.log.entries import LogEntry, StoreError
from companion.log.migrations import SCHEMA_VERSION, create_at_version, migrate, schema_version
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def _database(path: Path, version: int) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    create_at_version(db, version)
    return db


def _tables(db: sqlite3.Connection) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _schema(db: sqlite3.Connection) -> list[tuple[str, str]]:
    return db.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()


def test_steps_have_no_gaps() -> None:
    assert sorted(migrations.STEPS) == list(range(1, SCHEMA_VERSION + 1))


def test_a_new_log_is_at_the_current_version(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert schema_version(store._db) == SCHEMA_VERSION


def test_a_migrated_log_has_the_schema_of_a_new_one(tmp_path: Path) -> None:
    old = _database(tmp_path / "old.db", 1)
    migrate(old)
    new = _database(tmp_path / "new.db", SCHEMA_VERSION)
    assert _schema(old) == _schema(new)


def test_step_1_creates_the_game_night_tables(tmp_path: Path) -> None:
    db = _database(tmp_path / "log.db", 0)
    assert schema_version(db) == 0
    migrate(db, 1)
    assert {"meta", "games", "players", "log", "snapshots", "tags"} <= _tables(db)
    assert schema_version(db) == 1


def _version_1_with_a_game(tmp_path: Path) -> Path:
    """A log as the first release left it: a game with moves, in schema version 1."""
    path = tmp_path / DB_NAME
    db = _database(path, 1)
    db.execute("INSERT INTO games (id, game, options, created) VALUES (1, 'counter', '{}', 0)")
    db.execute("INSERT INTO players VALUES (1, 0, 'Livia', 'red', 1, NULL)")
    db.execute("INSERT INTO players VALUES (1, 1, 'Marcus', 'blue', 2, NULL)")
    db.execute("""INSERT INTO log VALUES (1, 1, 'do',
                  '{"type": "add", "payload": {"amount": 2}, "player": null, "at": 0}')""")
    db.close()
    return path


def test_step_2_gives_the_log_an_id_and_keeps_the_games(tmp_path: Path) -> None:
    path = _version_1_with_a_game(tmp_path)
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, 2)
    (database_id,) = db.execute("SELECT value FROM meta WHERE key = 'database_id'").fetchone()
    assert len(database_id) == 32
    assert db.execute("SELECT count(*) FROM log").fetchone()[0] == 1
    other = _database(tmp_path / "other.db", 2)
    assert other.execute("SELECT value FROM meta WHERE key = 'database_id'").fetchone()[0] \
        != database_id


def test_step_3_adds_the_log_kept_aside(tmp_path: Path) -> None:
    db = _database(tmp_path / "log.db", 2)
    assert "log_aside" not in _tables(db)
    migrate(db, 3)
    assert "log_aside" in _tables(db)


def test_step_4_adds_the_write_counter_that_every_write_bumps(tmp_path: Path,
                                                               counter_game: str) -> None:
    db = _database(tmp_path / DB_NAME, 3)
    assert db.execute("SELECT value FROM meta WHERE key = 'writes'").fetchone() is None
    db.close()
    store = Store.open(tmp_path)
    writes = store._db.execute("SELECT value FROM meta WHERE key = 'writes'").fetchone()[0]
    store.create_game(counter_game, PLAYERS, {})
    after = store._db.execute("SELECT value FROM meta WHERE key = 'writes'").fetchone()[0]
    assert int(after) == int(writes) + 1


def test_step_5_remembers_the_players_of_earlier_game_nights(tmp_path: Path) -> None:
    """A log from before profiles gains them, filled from the games already played."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(str(path), isolation_level=None)
    create_at_version(db, 4)
    db.execute("INSERT INTO games (id, game, options, created) VALUES (1, 'ave-roma', '{}', 10)")
    db.execute("INSERT INTO games (id, game, options, created) VALUES (2, 'ave-roma', '{}', 20)")
    db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)", [
        (1, 0, "Livia", "red", 1, None), (1, 1, "Marcus", "blue", 2, None),
        (2, 0, "Livia", "green", 3, "04AA"), (2, 1, "Julia", "yellow", 1, None)])
    assert "profiles" not in _tables(db)
    assert migrate(db, 5) == 4 and schema_version(db) == 5
    rows = db.execute("SELECT name, colour, seat, token, games FROM profiles ORDER BY name")
    assert rows.fetchall() == [("Julia", "yellow", 1, None, 1), ("Livia", "green", 3, "04AA", 2),
                               ("Marcus", "blue", 2, None, 1)]
    db.close()
    store = Store(path)
    assert [p.name for p in store.profiles()] == ["Julia", "Livia", "Marcus"]
    store.close()


def test_step_6_keeps_the_finished_games_and_adds_corrections_and_places(
        tmp_path: Path) -> None:
    """A log from before corrections: its games read back unchanged, not imported, with no
    place, and can be corrected (the edit log starts empty)."""
    path = tmp_path / DB_NAME
    db = _database(path, 5)
    db.execute("INSERT INTO games (id, game, options, created, status, ended, result) VALUES "
               "(1, 'ave-roma', '{}', 10, 'finished', 70, ?)",
               ('{"players": [{"name": "Livia", "total": 5, "breakdown": {"coins": 5}}], '
                '"winners": ["Livia"], "explanation": ""}',))
    db.execute("INSERT INTO players VALUES (1, 0, 'Livia', 'red', 1, NULL)")
    assert "edits" not in _tables(db)
    assert migrate(db, 6) == 5 and schema_version(db) == 6
    assert "edits" in _tables(db)
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    assert {"place", "note", "source", "source_id"} <= columns
    db.close()
    store = Store(path)
    (record,) = store.finished_games()
    assert (record.place, record.note, record.imported) == (None, None, False)
    assert store.edits() == []
    store.edit_game(1, {"place": "Club"})
    assert store.game(1).place == "Club" and len(store.edits(1)) == 1
    store.close()


def test_opening_a_version_1_log_migrates_it_and_keeps_its_game(tmp_path: Path,
                                                                counter_game: str) -> None:
    _version_1_with_a_game(tmp_path)
    store = Store.open(tmp_path)
    assert store.notice is None and schema_version(store._db) == SCHEMA_VERSION
    record = store.unfinished_game()
    assert record is not None and record.players == PLAYERS
    assert store.log(1) == [LogEntry("do", Action("add", {"amount": 2}, at=0.0), 1)]


def test_a_failing_step_leaves_the_log_as_it_was(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = _version_1_with_a_game(tmp_path)

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("the step fails halfway")

    monkeypatch.setitem(migrations.STEPS, 3, broken)
    db = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="halfway"):
        migrate(db)
    assert schema_version(db) == 1
    assert "half_done" not in _tables(db)
    assert db.execute("SELECT value FROM meta WHERE key = 'database_id'").fetchone() is None
    assert not db.in_transaction


def test_a_newer_schema_is_refused_and_left_untouched(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store._db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                      (str(SCHEMA_VERSION + 1),))
    store.close()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    refused = Store.open(tmp_path)

    assert refused.notice is not None and "newer version" in refused.notice
    assert f"schema {SCHEMA_VERSION + 1}" in refused.notice
    assert not refused.persistent
    refused.close()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_write_after_a_refused_newer_schema_does_not_reach_the_file(tmp_path: Path,
                                                                     counter_game: str) -> None:
    store = Store.open(tmp_path)
    store._db.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    store.close()
    refused = Store.open(tmp_path)
    game_id = refused.create_game(counter_game, PLAYERS, {})  # tonight, in memory only
    refused.append(game_id, LogEntry("do", Action("add", {"amount": 1})))
    refused.close()
    probe = sqlite3.connect(tmp_path / DB_NAME)
    assert probe.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    with pytest.raises(StoreError):
        refused.append(game_id, LogEntry("undo"))


def test_step_5_matches_profile_names_whatever_their_case(tmp_path: Path) -> None:
    """"Livia" and "livia" are one player: one profile with both games, the latest spelling,
    and a later game as "LIVIA" counts for it too."""
    path = tmp_path / DB_NAME
    db = sqlite3.connect(str(path), isolation_level=None)
    create_at_version(db, 4)
    db.execute("INSERT INTO games (id, game, options, created) VALUES (1, 'ave-roma', '{}', 10)")
    db.execute("INSERT INTO games (id, game, options, created) VALUES (2, 'ave-roma', '{}', 20)")
    db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)", [
        (1, 0, "Livia", "red", 1, None), (1, 1, "Marcus", "blue", 2, None),
        (2, 0, "livia", "green", 3, None), (2, 1, "Marcus", "blue", 2, None)])
    migrate(db, 5)
    rows = db.execute("SELECT name, colour, games FROM profiles ORDER BY name").fetchall()
    assert rows == [("livia", "green", 2), ("Marcus", "blue", 2)]
    db.close()
    store = Store.open(tmp_path)
    store.create_game("ave-roma", (PlayerInfo("LIVIA", "red", 1), PLAYERS[1]), {})
    assert [(p.name, p.games) for p in store.profiles()] == [("LIVIA", 3), ("Marcus", 3)]
    store.close()


def test_step_8_fills_the_stats_rows_from_the_games_already_kept(tmp_path: Path) -> None:
    """A log from before the stats rows gains them from its results and turn times, and
    the triggers keep them after: a correction of a result, a stretch saved again."""
    db = sqlite3.connect(str(tmp_path / "old.db"), isolation_level=None)
    create_at_version(db, 7)
    result = ('{"players": [{"name": "Livia", "total": 12}, {"name": "Marcus", "total": 9}],'
              ' "winners": ["Livia"]}')
    db.execute("INSERT INTO games (id, game, options, created, status, ended, result) "
               "VALUES (1, 'ave-roma', '{}', 10, 'finished', 70, ?)", (result,))
    db.executemany("INSERT INTO turn_times VALUES (1, ?, ?, ?)",
                   [(0, 10, 15), (1, 15, 30), (0, 30, 32)])
    migrate(db, 8)
    assert db.execute("SELECT name, total, won FROM result_scores ORDER BY name").fetchall() \
        == [("Livia", 12, 1), ("Marcus", 9, 0)]
    assert db.execute("SELECT player, seconds FROM seat_turns ORDER BY player").fetchall() \
        == [(0, 7.0), (1, 15.0)]
    db.execute("UPDATE games SET result = ? WHERE id = 1",
               (result.replace('"Livia"]', '"Marcus"]').replace("9}", "19}"),))
    db.execute("INSERT OR REPLACE INTO turn_times VALUES (1, 1, 15, 20)")
    assert db.execute("SELECT name, total, won FROM result_scores ORDER BY name").fetchall() \
        == [("Livia", 12, 0), ("Marcus", 19, 1)]
    assert db.execute("SELECT player, seconds FROM seat_turns ORDER BY player").fetchall() \
        == [(0, 7.0), (1, 5.0)]
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("DELETE FROM games WHERE id = 1")
    assert db.execute("SELECT count(*) FROM result_scores").fetchone() == (0,)
    assert db.execute("SELECT count(*) FROM seat_turns").fetchone() == (0,)
    db.close()
