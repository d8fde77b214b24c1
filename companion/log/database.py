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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.core.i18n import _
from companion.games.base import PlayerInfo
from companion.log.entries import GameRecord, StoreError, lazy_json
from companion.log.opening import Opened, full_check, memory_database, open_database

DB_NAME = "companion.db"
#: games whose players are read by their ids; more are read as one range of ids
_FEW_GAMES = 200
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
        return self._records([row])[0]

    def _records(self, rows: list[tuple[Any, ...]]) -> list[GameRecord]:
        """The games of ``rows`` with their players, read in one query (not one a game)."""
        seated: dict[int, list[PlayerInfo]] = {int(row[0]): [] for row in rows}
        if 0 < len(seated) <= _FEW_GAMES:
            marks = ", ".join("?" * len(seated))
            found = self._read("SELECT game_id, name, colour, seat, token FROM players "
                               f"WHERE game_id IN ({marks}) ORDER BY game_id, position",
                               tuple(seated))
        elif seated:  # many: one range scan, the games between left out below
            found = self._read("SELECT game_id, name, colour, seat, token FROM players "
                               "WHERE game_id BETWEEN ? AND ? ORDER BY game_id, position",
                               (min(seated), max(seated)))
        else:
            found = []
        for game_id, name, colour, seat, token in found:
            if game_id in seated:
                seated[game_id].append(PlayerInfo(name, colour, seat, token))
        loads = lazy_json().loads
        return [GameRecord(game_id, game, loads(options), tuple(seated[int(game_id)]), created,
                           status, ended, loads(result) if result else None, *more)
                for game_id, game, options, created, status, ended, result, *more in rows]

    def _games(self, where: str, limit: int = -1, offset: int = 0,
               oldest_first: bool = False, values: tuple[object, ...] = ()) -> list[GameRecord]:
        """The games matching ``where`` (its ``?`` filled from ``values``), newest first
        (``limit`` of them from ``offset``); ``oldest_first``: by start time the other way
        (games started together: the same)."""
        order = "created" if oldest_first else "created DESC"
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} "
                          f"ORDER BY {order}, id DESC LIMIT ? OFFSET ?",
                          (*values, limit, offset))
        return self._records(rows)

    def games_of(self, ids: Sequence[int]) -> list[GameRecord]:
        """The games of ``ids`` (a page of them), in that order."""
        marks = ", ".join("?" * len(ids))
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id IN ({marks})",
                          tuple(ids))
        where = {int(row[0]): index for index, row in enumerate(rows)}
        records = self._records(rows)
        return [records[where[game_id]] for game_id in ids if game_id in where]
