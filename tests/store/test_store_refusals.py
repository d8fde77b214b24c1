"""What a log that cannot be written says: at start-up once, and the same reason at each move.

A full card used to open read-only with the right notice and then call every refused move
"read-only storage"; a read-only database file opened without a word, and only the first
move failed.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from mounts import fill, small_tmpfs
from ordinary_user import run_as_ordinary_user

from companion.games.base import Action, PlayerInfo
from companion.log import opening
from companion.log.database import DB_NAME
from companion.log.entries import LogEntry, StoreError
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def _store_with_moves(folder: Path) -> int:
    store = Store.open(folder)
    game_id = store.create_game("counter", PLAYERS, {})
    store.append(game_id, LogEntry("do", Action("add", {"amount": 1})))
    store.close()
    return game_id


def _refusals(store: Store, game_id: int, moves: int = 3) -> list[str]:
    words = []
    for _move in range(moves):
        with pytest.raises(StoreError) as refused:
            store.append(game_id, LogEntry("do", Action("add", {"amount": 2})))
        words.append(str(refused.value))
    return words


def test_a_full_card_says_full_at_every_refused_move_never_read_only(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "card") as card:
        data = card / "data"
        game_id = _store_with_moves(data)
        fill(card)
        store = Store.open(data)
        try:
            assert store.read_only
            assert store.notices and "full" in store.notices[0]
            refusals = _refusals(store, game_id)
            assert len(set(refusals)) == 1  # one reason, said the same way each time
            assert "full" in refusals[0] and "read-only" not in refusals[0]
            with pytest.raises(StoreError, match="full"):
                store.create_game("counter", PLAYERS, {})
        finally:
            store.close()


def _open_read_only_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite opens a file it may not write read-only, silently: the same, as root too."""
    connect = opening.connect

    def read_only(path: Path, uri_query: str | None = None) -> sqlite3.Connection:
        return connect(path, uri_query or "mode=ro")

    monkeypatch.setattr(opening, "connect", read_only)


def test_a_read_only_database_file_gets_a_start_up_notice(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    game_id = _store_with_moves(tmp_path)
    _open_read_only_file(monkeypatch)
    store = Store.open(tmp_path)
    try:
        assert store.read_only and store.persistent
        assert len(store.notices) == 1
        assert "game log file" in store.notices[0] and "read-only" in store.notices[0]
        assert "damaged" not in store.notices[0]
        assert len(store.log(game_id)) == 1  # still seen and scored
        assert set(_refusals(store, game_id)) == {"Not saved: the game log file is read-only."}
    finally:
        store.close()
    assert not [path for path in tmp_path.iterdir() if "damaged" in path.name]


def test_a_database_file_without_write_permission_gets_a_notice(tmp_path: Path) -> None:
    def check() -> None:
        _store_with_moves(tmp_path)
        for name in (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"):
            if (tmp_path / name).exists():
                os.chmod(tmp_path / name, 0o444)
        store = Store.open(tmp_path)
        try:
            assert store.read_only
            assert store.notices and "read-only" in store.notices[0]
        finally:
            store.close()

    run_as_ordinary_user(check)


def test_a_writable_log_opens_writable_and_the_check_leaves_no_trace(tmp_path: Path) -> None:
    game_id = _store_with_moves(tmp_path)
    before = sqlite3.connect(tmp_path / DB_NAME).execute(
        "SELECT value FROM meta WHERE key = 'writes'").fetchone()
    store = Store.open(tmp_path)
    try:
        assert not store.read_only and store.notices == []
        assert sqlite3.connect(tmp_path / DB_NAME).execute(
            "SELECT value FROM meta WHERE key = 'writes'").fetchone() == before
        store.append(game_id, LogEntry("do", Action("add", {"amount": 3})))
    finally:
        store.close()
