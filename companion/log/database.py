"""The store's connection: SQLite in WAL mode with ``synchronous=FULL``, and its checks.

Every write is one transaction that returns only after its commit has reached the disk,
so whatever the UI has acknowledged survives a pulled plug; every read and write failure
comes out as a :class:`StoreError` in words for the table. The queries of the game night
and of the history are built on this (:mod:`companion.log.store`,
:mod:`companion.log.history_edits`).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.core.i18n import _
from companion.games.base import PlayerInfo
from companion.log.entries import GameRecord, StoreError, lazy_json
from companion.log.opening import Opened, full_check, memory_database, open_database

DB_NAME = "companion.db"
_GAME_COLUMNS = "id, game, options, created, status, ended, result, place, note, source, source_id"


def default_data_dir() -> Path:
    """``$COMPANION_DATA_DIR``, else the platform's user data directory."""
    if os.environ.get("COMPANION_DATA_DIR"):
        return Path(os.environ["COMPANION_DATA_DIR"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def describe_write_error(exc: sqlite3.Error) -> str:
    """A failed write in words: what happened to the move, and why."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    text = str(exc).lower()
    if code == sqlite3.SQLITE_FULL or "full" in text:
        return _("The game could not be saved: the storage is full. Free some space; "
                 "the last move was not recorded.")
    if code == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text:
        return _("The game could not be saved: the storage is read-only. "
                 "The last move was not recorded.")
    return _("The game could not be saved ({error}). The last move was not recorded.").format(
        error=exc)


class Database:
    """One SQLite file (or memory) opened for the store; the queries live in subclasses."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()  # the log writer thread shares the connection
        self._closed = False
        opened = (Opened(memory_database(), persistent=False) if str(path) == ":memory:"
                  else open_database(self.path))
        self._db = opened.db
        self.read_only = opened.read_only
        #: the words for a move refused because the log is read-only (why it is)
        self.refusal = opened.refusal or _(
            "The game log is on read-only storage; nothing can be saved.")
        #: False when nothing is kept on disk (no usable file): tonight is not saved
        self.persistent = opened.persistent
        #: what the table must be told about the log, oldest first, until shown
        self.notices: list[str] = opened.notices
        #: why a game played now would not be kept, and what to do (None: it is kept, or
        #: this store is in memory on purpose)
        self.unsaved: str | None = opened.unsaved

    @property
    def notice(self) -> str | None:
        """All notices in one text (None: nothing to tell)."""
        return "\n".join(self.notices) if self.notices else None

    def close(self) -> None:
        """Close the connection; a write still waiting for it then fails in words."""
        with self._lock:
            self._closed = True
            self._db.close()

    def flush(self) -> None:
        """Fold the write-ahead log into the database file (before the power goes off).

        Every acknowledged action is already on disk; this only leaves one tidy file.
        """
        if self.read_only or not self.persistent:
            return
        try:
            with self._lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            raise StoreError(describe_write_error(exc)) from exc

    def integrity_problems(self) -> list[str]:
        """The full ``integrity_check`` (slow on a long history: on demand, not at start)."""
        verdict = [str(row[0]) for row in self._read("PRAGMA integrity_check")]
        return [] if verdict == ["ok"] else verdict

    def integrity_ok(self) -> bool:
        return not self.integrity_problems()

    def check_in_background(self, on_damage: Callable[[str], None]) -> threading.Thread | None:
        """The full integrity check on its own connection and thread (long histories).

        ``on_damage`` gets the words for the table if it fails (called on that thread).
        """
        if not self.persistent or self.read_only:
            return None
        path = self.path

        def check() -> None:
            problems = full_check(path)
            if problems:
                on_damage(_("The game log at {path} shows damage ({problem}). What is on "
                            "screen is what could be read. The log will be kept aside and a "
                            "new one begun at the next start; copy the data folder off the "
                            "card first.").format(path=path, problem=problems[0]))

        thread = threading.Thread(target=check, name="integrity-check", daemon=True)
        thread.start()
        return thread

    # -- writing -------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One committed transaction; errors come out as StoreError in plain words."""
        if self.read_only:
            raise StoreError(self.refusal)
        db = self._db
        with self._lock:
            if self._closed:
                raise StoreError(_("The game log is already closed; the move was not "
                                   "recorded."))
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                # every transaction writes the meta page: see opening.set_stranger_wal_aside
                db.execute("UPDATE meta SET value = value + 1 WHERE key = 'writes'")
                db.execute("COMMIT")
            except BaseException as exc:  # a failed write, or the caller gave up midway
                if db.in_transaction:
                    db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(describe_write_error(exc)) from exc
                raise

    def _read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        """Rows of one query; a page that cannot be read is a StoreError in words."""
        with self._lock:
            try:
                return self._db.execute(sql, parameters).fetchall()
            except sqlite3.DatabaseError as exc:
                raise StoreError(_("The game log could not be read ({error}). Copy the data "
                                   "folder off the card; the next start checks it.").format(
                                       error=exc)) from exc

    # -- reading -------------------------------------------------------------------------

    def game(self, game_id: int) -> GameRecord:
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(_("There is no game number {id} in the log.").format(id=game_id))
        return self._record(rows[0])

    def _record(self, row: tuple[Any, ...]) -> GameRecord:
        game_id, game, options, created, status, ended, result, *more = row
        players = tuple(
            PlayerInfo(name, colour, seat, token)
            for name, colour, seat, token in self._read(
                "SELECT name, colour, seat, token FROM players WHERE game_id = ? "
                "ORDER BY position", (game_id,))
        )
        return GameRecord(game_id, game, lazy_json().loads(options), players, created, status,
                          ended, lazy_json().loads(result) if result else None, *more)

    def _games(self, where: str) -> list[GameRecord]:
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} "
                          "ORDER BY created DESC, id DESC")
        return [self._record(row) for row in rows]
