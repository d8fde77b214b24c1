"""Opening the log whatever the medium: damage is moved aside, a full or read-only
medium opens read-only with the right words, a stranger WAL is set aside."""

from __future__ import annotations

import os
import sqlite3
import struct
from pathlib import Path

import pytest
from mounts import fill, read_only_view, small_tmpfs
from ordinary_user import run_as_ordinary_user

from companion.games.base import Action, PlayerInfo
from companion.log import opening
from companion.log.database import DB_NAME
from companion.log.entries import LogEntry, StoreError
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def _store_with_moves(folder: Path, moves: int = 3) -> int:
    store = Store.open(folder)
    game_id = store.create_game("counter", PLAYERS, {})
    for amount in range(moves):
        store.append(game_id, LogEntry("do", Action("add", {"amount": amount % 3 + 1})))
    store.close()
    return game_id


def _files(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir()}


def _sqlite_error(code: int, text: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(text)
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    return error


# -- a full disk ----------------------------------------------------------------------


def test_full_disk_at_start_opens_read_only_and_keeps_the_log(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "card") as card:
        data = card / "data"
        game_id = _store_with_moves(data)
        original = (data / DB_NAME).read_bytes()
        fill(card)
        for _start in range(3):  # systemd restarts it: every start must behave the same
            store = Store.open(data)
            assert store.read_only and store.persistent
            assert store.notice is not None and "full" in store.notice
            assert "Free some space" in store.notice and "damaged" not in store.notice
            assert len(store.log(game_id)) == 3  # the table can still be seen and scored
            with pytest.raises(StoreError):
                store.append(game_id, LogEntry("undo"))
            store.close()
            assert not [name for name in _files(data) if "damaged" in name]
        assert (data / DB_NAME).read_bytes() == original


def test_sqlite_full_error_is_not_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    game_id = _store_with_moves(tmp_path)

    def full(db: sqlite3.Connection) -> None:
        raise _sqlite_error(sqlite3.SQLITE_FULL, "database or disk is full")

    monkeypatch.setattr(opening, "prepare", full)
    monkeypatch.setattr(opening, "_probe_folder", lambda folder: None)
    store = Store.open(tmp_path)
    assert store.read_only and store.notice is not None and "full" in store.notice
    assert len(store.log(game_id)) == 3
    assert _files(tmp_path) <= {DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"}


def test_io_error_at_start_opens_read_only_with_words(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = _store_with_moves(tmp_path)

    def failing(db: sqlite3.Connection) -> None:
        raise _sqlite_error(sqlite3.SQLITE_IOERR, "disk I/O error")

    monkeypatch.setattr(opening, "prepare", failing)
    monkeypatch.setattr(opening, "_probe_folder", lambda folder: None)
    store = Store.open(tmp_path)
    assert store.read_only
    assert store.notice is not None and "reports errors" in store.notice
    assert "copy the folder off it" in store.notice
    assert len(store.log(game_id)) == 3
    assert not [name for name in _files(tmp_path) if "damaged" in name]


# -- read-only storage ----------------------------------------------------------------


def test_read_only_medium_opens_immutable_with_the_right_words(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game_id = _store_with_moves(data)
    with read_only_view(data):
        store = Store.open(data)
        assert store.read_only and store.persistent
        assert store.notice is not None and "read-only" in store.notice
        assert "damaged" not in store.notice and "No such file" not in store.notice
        assert len(store.log(game_id)) == 3
        with pytest.raises(StoreError, match="read-only"):
            store.create_game("counter", PLAYERS, {})
        store.close()
        assert _files(data) == {DB_NAME}  # nothing could be (or was) created


def test_missing_data_folder_on_read_only_medium_says_so(tmp_path: Path) -> None:
    (tmp_path / "card").mkdir()
    with read_only_view(tmp_path / "card"):
        store = Store.open(tmp_path / "card" / "data")
        assert not store.persistent
        assert store.notice is not None and "Read-only file system" in store.notice
        assert "damaged" not in store.notice


def test_read_only_open_is_flagged_root_or_not(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only connection made by the store's own code, no permissions needed."""
    game_id = _store_with_moves(tmp_path)

    def refuse(db: sqlite3.Connection) -> None:
        raise _sqlite_error(sqlite3.SQLITE_READONLY, "attempt to write a readonly database")

    monkeypatch.setattr(opening, "prepare", refuse)
    monkeypatch.setattr(opening, "_probe_folder", lambda folder: None)
    store = Store.open(tmp_path)
    assert store.read_only
    assert store.notice is not None and "read-only" in store.notice
    with pytest.raises(StoreError, match="read-only"):
        store.append(game_id, LogEntry("undo"))
    assert len(store.log(game_id)) == 3


def test_unwritable_data_dir_is_not_called_damaged(tmp_path: Path) -> None:
    def check() -> None:
        data = tmp_path / "data"
        _store_with_moves(data)
        os.chmod(data, 0o555)
        try:
            store = Store.open(data)
            assert store.notice is not None and "damaged" not in store.notice
            store.close()
        finally:
            os.chmod(data, 0o755)

    run_as_ordinary_user(check)


# -- damage -----------------------------------------------------------------------------


def _damage_an_index_page(path: Path, index: str) -> None:
    """Two cells of a leaf page of ``index`` on the same bytes: the check *reports* it."""
    db = sqlite3.connect(path)
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)
                      ).fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    leaves = [n for n in range(2, len(data) // page_size + 1)
              if data[(n - 1) * page_size] == 0x0A]
    def cells(number: int) -> int:
        return int.from_bytes(data[(number - 1) * page_size + 3:(number - 1) * page_size + 5],
                              "big")

    # the root, or else the fullest leaf (a big index's, not a small table's one-cell page)
    page = root if root in leaves else max(leaves, key=cells)
    start = (page - 1) * page_size
    data[start + 10:start + 12] = data[start + 8:start + 10]
    path.write_bytes(bytes(data))


def _check_reports(path: Path) -> list[tuple[str]]:
    probe = sqlite3.connect(path)
    verdict = probe.execute("PRAGMA integrity_check").fetchall()
    probe.close()
    return verdict


def test_integrity_check_that_reports_errors_means_damage(tmp_path: Path) -> None:
    _store_with_moves(tmp_path)
    path = tmp_path / DB_NAME
    _damage_an_index_page(path, "sqlite_autoindex_players_1")
    assert _check_reports(path) != [("ok",)]  # the check returns errors; it does not raise
    original = path.read_bytes()

    store = Store.open(tmp_path)

    aside = [p for p in tmp_path.iterdir() if "damaged" in p.name and p.suffix == ".db"]
    assert len(aside) == 1 and aside[0].read_bytes() == original
    assert store.notice is not None and "integrity check failed" in store.notice
    assert store.unfinished_game() is None and not store.read_only


def test_damage_in_the_long_log_is_found_in_the_background_then_set_aside(
        tmp_path: Path) -> None:
    """The start leaves the log to the background check; its verdict counts next time."""
    game_id = _store_with_moves(tmp_path, moves=1500)
    path = tmp_path / DB_NAME
    _damage_an_index_page(path, "sqlite_autoindex_log_1")
    assert _check_reports(path) != [("ok",)]
    store = Store.open(tmp_path)
    assert store.notice is None  # the start-up check skips the log: it grows with history
    assert len(store.log(game_id)) == 1500
    found: list[str] = []
    thread = store.check_in_background(found.append)
    assert thread is not None
    thread.join(30)
    assert len(found) == 1 and "shows damage" in found[0]
    store.close()

    restarted = Store.open(tmp_path)

    assert restarted.notice is not None and "integrity check failed" in restarted.notice
    kept = [p for p in tmp_path.iterdir() if "damaged" in p.name and p.suffix == ".db"]
    assert len(kept) == 1 and Path(f"{kept[0]}-check-failed").exists()
    assert restarted.unfinished_game() is None


def test_a_clean_background_check_reports_nothing(tmp_path: Path) -> None:
    _store_with_moves(tmp_path)
    store = Store.open(tmp_path)
    found: list[str] = []
    thread = store.check_in_background(found.append)
    assert thread is not None
    thread.join(30)
    assert found == [] and not Path(f"{tmp_path / DB_NAME}-check-failed").exists()


def test_two_damaged_logs_in_the_same_second_are_both_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening.time, "strftime", lambda _format: "20261201-081500")
    path = tmp_path / DB_NAME
    contents = []
    for night in (b"first", b"second"):
        path.write_bytes(b"not a database: " + night * 200)
        contents.append(path.read_bytes())
        Store.open(tmp_path).close()
    kept = sorted(p for p in tmp_path.iterdir() if "damaged" in p.name and p.suffix == ".db")
    assert len(kept) == 2
    assert {p.read_bytes() for p in kept} == set(contents)


def test_wal_and_shm_go_aside_with_a_damaged_log(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_bytes(b"garbage, not a database " * 100)
    Path(f"{path}-wal").write_bytes(b"its write-ahead log")
    Path(f"{path}-shm").write_bytes(b"its shared memory")
    store = Store.open(tmp_path)
    aside = next(p for p in tmp_path.iterdir() if "damaged" in p.name and p.suffix == ".db")
    assert Path(f"{aside}-wal").read_bytes() == b"its write-ahead log"
    assert Path(f"{aside}-shm").exists()  # SQLite's scratch index: moved, not left behind
    assert store.integrity_ok() and store.create_game("counter", PLAYERS, {}) == 1


# -- a write-ahead log from another database --------------------------------------------


def _pulled_plug(folder: Path, players: tuple[PlayerInfo, ...]) -> tuple[bytes, bytes]:
    """(main file, WAL) as a pulled plug leaves them: the newest game only in the WAL."""
    folder.mkdir(parents=True, exist_ok=True)
    store = Store.open(folder)
    store.flush()
    store._db.execute("PRAGMA wal_autocheckpoint = 0")
    store.create_game("counter", players, {})
    files = (folder / DB_NAME).read_bytes(), Path(f"{folder / DB_NAME}-wal").read_bytes()
    store.close()
    return files


def test_stranger_wal_is_moved_aside_not_applied(tmp_path: Path) -> None:
    ours = tmp_path / "ours"
    game_id = _store_with_moves(ours)
    _main, stranger = _pulled_plug(tmp_path / "theirs", (PlayerInfo("Other", "green", 1),
                                                         PlayerInfo("Table", "white", 2)))
    Path(f"{ours / DB_NAME}-wal").write_bytes(stranger)
    before = (ours / DB_NAME).read_bytes()

    store = Store.open(ours)

    assert store.notice is not None and "another database" in store.notice
    record = store.unfinished_game()
    assert record is not None and record.id == game_id and record.players == PLAYERS
    assert len(store.log(game_id)) == 3
    kept = [p for p in ours.iterdir() if "stranger" in p.name and p.name.endswith("-wal")]
    assert len(kept) == 1 and kept[0].read_bytes() == stranger
    store.close()
    probe = sqlite3.connect(f"file:{ours / DB_NAME}?immutable=1", uri=True)
    assert probe.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    probe.close()
    assert before[:16] == (ours / DB_NAME).read_bytes()[:16]


def test_stranger_wal_that_leaves_our_meta_page_alone_is_set_aside(tmp_path: Path) -> None:
    """A log written by other code (no meta page in it) over our own game's pages."""
    ours = tmp_path / "ours"
    game_id = _store_with_moves(ours)
    theirs = tmp_path / "theirs"
    _store_with_moves(theirs)
    other = sqlite3.connect(theirs / DB_NAME, isolation_level=None)
    other.execute("PRAGMA wal_autocheckpoint = 0")
    other.execute("UPDATE players SET name = 'Stranger'")
    stranger = Path(f"{theirs / DB_NAME}-wal").read_bytes()
    other.close()
    Path(f"{ours / DB_NAME}-wal").write_bytes(stranger)

    store = Store.open(ours)

    assert store.notice is not None and "another database" in store.notice
    assert store.game(game_id).players == PLAYERS


def test_our_own_wal_after_a_pulled_plug_is_applied(tmp_path: Path) -> None:
    folder = tmp_path / "ours"
    _store_with_moves(folder)
    main, wal = _pulled_plug(folder, (PlayerInfo("Late", "green", 1),
                                      PlayerInfo("Game", "white", 2)))
    (folder / DB_NAME).write_bytes(main)
    Path(f"{folder / DB_NAME}-wal").write_bytes(wal)
    reopened = Store.open(folder)
    assert reopened.notice is None
    record = reopened.unfinished_game()
    assert record is not None and record.players[0].name == "Late"


def test_wal_header_is_what_sqlite_writes(tmp_path: Path) -> None:
    """The stranger check relies on SQLite reading the WAL; make sure one was written."""
    _main, wal = _pulled_plug(tmp_path, PLAYERS)
    magic = struct.unpack(">I", wal[:4])[0]
    assert magic in (0x377F0682, 0x377F0683)
