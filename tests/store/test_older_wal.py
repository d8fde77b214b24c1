"""An older write-ahead log of the same database (a folder copied back from a backup, a
card image restored over part of the folder) is set aside, not applied over newer moves.

Every transaction of ours bumps ``meta.writes``, and so writes the meta page: the WAL's
last committed meta page says how many writes it has seen. Fewer than the main file has
seen means the WAL is older than the file, and applying it would roll moves back.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.games.base import Action, PlayerInfo
from companion.log.database import DB_NAME
from companion.log.entries import LogEntry
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def _moves(store: Store, game_id: int, count: int) -> None:
    for n in range(count):
        store.append(game_id, LogEntry("do", Action("add", {"amount": 1 + n % 3})))


def test_an_older_wal_of_the_same_database_is_set_aside(tmp_path: Path,
                                                         counter_game: str) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game(counter_game, PLAYERS, {})
    _moves(store, game_id, 5)
    wal = tmp_path / f"{DB_NAME}-wal"
    older = wal.read_bytes()  # the log as a backup took it: 5 moves, not yet folded in
    _moves(store, game_id, 20)
    store.flush()  # all 25 moves folded into the database file
    store.close()
    wal.write_bytes(older)
    (tmp_path / f"{DB_NAME}-shm").unlink(missing_ok=True)

    reopened = Store.open(tmp_path)

    assert len(reopened.log(game_id)) == 25, "the older WAL rolled acknowledged moves back"
    assert reopened.notice is not None and "older" in reopened.notice
    kept = [p for p in tmp_path.iterdir() if "older" in p.name and p.name.endswith("-wal")]
    assert len(kept) == 1 and kept[0].read_bytes() == older
    assert reopened.integrity_ok()
    _moves(reopened, game_id, 1)  # and the log goes on
    reopened.close()
    probe = sqlite3.connect(tmp_path / DB_NAME)
    assert probe.execute("SELECT count(*) FROM log").fetchone()[0] == 26
    probe.close()


def test_our_own_newer_wal_is_applied(tmp_path: Path, counter_game: str) -> None:
    """The usual case after a pulled plug: the WAL holds moves the file has not folded in."""
    store = Store.open(tmp_path)
    game_id = store.create_game(counter_game, PLAYERS, {})
    _moves(store, game_id, 5)
    store.flush()
    _moves(store, game_id, 7)
    main = (tmp_path / DB_NAME).read_bytes()
    wal = (tmp_path / f"{DB_NAME}-wal").read_bytes()
    store.close()
    other = tmp_path / "copy"
    other.mkdir()
    (other / DB_NAME).write_bytes(main)
    (other / f"{DB_NAME}-wal").write_bytes(wal)

    reopened = Store.open(other)

    assert reopened.notice is None
    assert len(reopened.log(game_id)) == 12
    reopened.close()


def test_a_wal_already_folded_in_is_applied_quietly(tmp_path: Path, counter_game: str) -> None:
    """A checkpoint that did not truncate leaves the WAL holding what the file holds too:
    the same count of writes, nothing older, nothing to say."""
    store = Store.open(tmp_path)
    game_id = store.create_game(counter_game, PLAYERS, {})
    _moves(store, game_id, 6)
    store._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    main = (tmp_path / DB_NAME).read_bytes()
    wal = (tmp_path / f"{DB_NAME}-wal").read_bytes()
    store.close()
    other = tmp_path / "copy"
    other.mkdir()
    (other / DB_NAME).write_bytes(main)
    (other / f"{DB_NAME}-wal").write_bytes(wal)

    reopened = Store.open(other)

    assert reopened.notice is None and len(reopened.log(game_id)) == 6
    reopened.close()
