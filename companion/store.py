"""The crash-safe store: SQLite in WAL mode with ``synchronous=FULL``.

One append-only ``log`` table holds every entry of every game night (actions, undos and
redos); ``games`` and ``players`` describe the nights; ``tags`` maps NFC UIDs to meanings.
A write returns only after its commit has reached the disk, so whatever the UI has
acknowledged survives a pulled plug. A database that cannot be opened or fails its
integrity check is never overwritten: it is moved aside and a fresh one is started.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.base import Action, PlayerInfo
from companion.i18n import _

DB_NAME = "companion.db"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'abandoned')),
    ended REAL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS players (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token TEXT,
    PRIMARY KEY (game_id, position)
);
CREATE TABLE IF NOT EXISTS log (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
    action TEXT,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    applied INTEGER NOT NULL,
    origin INTEGER NOT NULL,
    code TEXT NOT NULL,
    state BLOB NOT NULL,
    PRIMARY KEY (game_id, applied)
);
CREATE TABLE IF NOT EXISTS tags (
    uid TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    label TEXT NOT NULL
);
"""


class StoreError(Exception):
    """A store problem, in plain words for the table (disk full, read-only medium...)."""


@dataclass(frozen=True)
class TagMeaning:
    """What an enrolled NFC tag stands for.

    ``kind`` is ``player`` (value: player name), ``gtr-material`` (value: material) or
    ``vr-city-marker`` (value: ``"<colour>:<number>"``).
    """

    kind: str
    value: str
    label: str


@dataclass(frozen=True)
class LogEntry:
    """One row of the append-only log: an action, or an undo/redo of the cursor."""

    kind: str  # "do", "undo", "redo"
    action: Action | None = None
    seq: int = 0  # its place in the game's log, once written


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    options: dict[str, Any]
    players: tuple[PlayerInfo, ...]
    created: float
    status: str
    ended: float | None
    result: dict[str, Any] | None


def _memory_database() -> sqlite3.Connection:
    """A store that keeps nothing: the last resort when no file can be used."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA foreign_keys = ON")
    db.executescript(SCHEMA)
    return db


def default_data_dir() -> Path:
    """``$COMPANION_DATA_DIR``, else the platform's user data directory."""
    if os.environ.get("COMPANION_DATA_DIR"):
        return Path(os.environ["COMPANION_DATA_DIR"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def _describe_write_error(exc: sqlite3.Error) -> str:
    text = str(exc).lower()
    if "full" in text:
        return _("The game could not be saved: the storage is full. Free some space; "
                 "the last move was not recorded.")
    if "readonly" in text or "read-only" in text:
        return _("The game could not be saved: the storage is read-only. "
                 "The last move was not recorded.")
    return _("The game could not be saved ({error}). The last move was not recorded.").format(
        error=exc)


class Store:
    """The SQLite store. Open with :meth:`open`; read :attr:`notice` for what happened."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path) if str(path) != ":memory:" else Path(":memory:")
        self.notice: str | None = None
        self.read_only = False
        self._lock = threading.RLock()  # the log writer thread shares the connection
        self._db = self._open_checked()

    @classmethod
    def open(cls, data_dir: Path | None = None) -> Store:
        directory = data_dir or default_data_dir()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            store = cls(":memory:")
            store.notice = _("The data folder {path} cannot be used ({error}); this game "
                             "night will not be saved.").format(path=directory,
                                                                error=exc.strerror)
            return store
        return cls(directory / DB_NAME)

    # -- opening -------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _open_checked(self) -> sqlite3.Connection:
        if str(self.path) == ":memory:":
            return _memory_database()
        try:
            db = self._connect()
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                db.close()
                raise sqlite3.DatabaseError(f"integrity check failed: {verdict}")
            self._prepare(db)
            return db
        except sqlite3.OperationalError as exc:
            if "readonly" in str(exc).lower() or "read-only" in str(exc).lower():
                return self._open_read_only(exc)
            return self._start_fresh(exc)
        except sqlite3.DatabaseError as exc:
            return self._start_fresh(exc)

    def _prepare(self, db: sqlite3.Connection) -> None:
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise sqlite3.OperationalError(f"attempt to write a readonly database ({mode})")
        db.execute("PRAGMA synchronous = FULL")
        db.executescript(SCHEMA)
        db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)",
                   (str(SCHEMA_VERSION),))

    def _open_read_only(self, exc: sqlite3.Error) -> sqlite3.Connection:
        self.read_only = True
        self.notice = _("The game log at {path} is on read-only storage: old games can be "
                        "seen, but nothing new will be saved.").format(path=self.path)
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None,
                                 check_same_thread=False)
            db.execute("SELECT count(*) FROM games").fetchone()
            return db
        except sqlite3.Error:
            return _memory_database()

    def _start_fresh(self, exc: sqlite3.Error) -> sqlite3.Connection:
        """Move a damaged database aside (never overwrite it) and begin a new one."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}-damaged-{stamp}{self.path.suffix}")
        counter = 1
        while aside.exists():
            counter += 1
            aside = self.path.with_name(
                f"{self.path.stem}-damaged-{stamp}-{counter}{self.path.suffix}")
        try:
            self.path.rename(aside)
            for sidecar in ("-wal", "-shm"):
                extra = Path(str(self.path) + sidecar)
                if extra.exists():
                    extra.rename(Path(str(aside) + sidecar))
        except OSError as move_error:
            self.notice = _("The game log at {path} is damaged and could not be moved aside "
                            "({error}); this game night will not be saved.").format(
                                path=self.path, error=move_error.strerror)
            return _memory_database()
        self.notice = _("The game log was damaged ({error}). It was kept as {aside} and a new "
                        "log was started.").format(error=exc, aside=aside)
        db = self._connect()
        self._prepare(db)
        return db

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def flush(self) -> None:
        """Fold the write-ahead log into the database file (before the power goes off).

        Every acknowledged action is already on disk; this only leaves one tidy file.
        """
        if self.read_only or str(self.path) == ":memory:":
            return
        try:
            with self._lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            raise StoreError(_describe_write_error(exc)) from exc

    def integrity_ok(self) -> bool:
        return bool(self._read("PRAGMA integrity_check")[0][0] == "ok")

    # -- writing -------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One committed transaction; errors come out as StoreError in plain words."""
        if self.read_only:
            raise StoreError(_("The game log is on read-only storage; nothing can be saved."))
        db = self._db
        with self._lock:
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise StoreError(_describe_write_error(exc)) from exc

    def _read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, parameters).fetchall()

    def create_game(self, game: str, players: Sequence[PlayerInfo],
                    options: dict[str, Any]) -> int:
        with self._writing() as db:
            cursor = db.execute("INSERT INTO games (game, options, created) VALUES (?, ?, ?)",
                                (game, json.dumps(options), time.time()))
            game_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, i, p.name, p.colour, p.seat, p.token) for i, p in enumerate(players)],
            )
        return game_id

    def append(self, game_id: int, entry: LogEntry) -> int:
        """Append one log entry; returns its sequence number once it is on disk."""
        payload = json.dumps(entry.action.to_json()) if entry.action else None
        with self._writing() as db:
            row = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM log WHERE game_id = ?",
                             (game_id,)).fetchone()
            seq = int(row[0])
            db.execute("INSERT INTO log VALUES (?, ?, ?, ?)", (game_id, seq, entry.kind, payload))
        return seq

    def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        with self._writing() as db:
            db.execute("UPDATE games SET status = 'finished', ended = ?, result = ? WHERE id = ?",
                       (time.time(), json.dumps(result), game_id))

    def abandon_game(self, game_id: int) -> None:
        with self._writing() as db:
            db.execute("UPDATE games SET status = 'abandoned', ended = ? WHERE id = ?",
                       (time.time(), game_id))

    def delete_game(self, game_id: int) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- reading -------------------------------------------------------------------------

    def log(self, game_id: int) -> list[LogEntry]:
        rows = self._read("SELECT seq, kind, action FROM log WHERE game_id = ? ORDER BY seq",
                          (game_id,))
        return [LogEntry(kind, Action.from_json(json.loads(action)) if action else None, seq)
                for seq, kind, action in rows]

    def save_snapshot(self, game_id: int, applied: int, origin: int, state: bytes,
                      code: str) -> None:
        """Keep a state snapshot (the last few per game) so resume need not fold it all."""
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?, ?)",
                       (game_id, applied, origin, code, state))
            db.execute("DELETE FROM snapshots WHERE game_id = ? AND applied NOT IN (SELECT "
                       "applied FROM snapshots WHERE game_id = ? ORDER BY applied DESC "
                       "LIMIT 3)", (game_id, game_id))

    def snapshots(self, game_id: int, code: str) -> list[tuple[int, int, bytes]]:
        """(applied, origin, state) of a game's snapshots for ``code``, newest first."""
        return self._read("SELECT applied, origin, state FROM snapshots WHERE game_id = ? "
                          "AND code = ? ORDER BY applied DESC", (game_id, code))

    def game(self, game_id: int) -> GameRecord:
        rows = self._read("SELECT id, game, options, created, status, ended, result "
                          "FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(_("There is no game number {id} in the log.").format(id=game_id))
        return self._record(rows[0])

    def _record(self, row: tuple[Any, ...]) -> GameRecord:
        game_id, game, options, created, status, ended, result = row
        players = tuple(
            PlayerInfo(name, colour, seat, token)
            for name, colour, seat, token in self._read(
                "SELECT name, colour, seat, token FROM players WHERE game_id = ? "
                "ORDER BY position", (game_id,))
        )
        return GameRecord(game_id, game, json.loads(options), players, created, status, ended,
                          json.loads(result) if result else None)

    def _games(self, where: str) -> list[GameRecord]:
        rows = self._read("SELECT id, game, options, created, status, ended, result "
                          f"FROM games WHERE {where} ORDER BY id DESC")
        return [self._record(row) for row in rows]

    def unfinished_game(self) -> GameRecord | None:
        """The most recent game that is neither finished nor abandoned."""
        games = self._games("status = 'open'")
        return games[0] if games else None

    def finished_games(self) -> list[GameRecord]:
        return self._games("status = 'finished'")

    # -- tags ----------------------------------------------------------------------------

    def enrol_tag(self, uid: str, meaning: TagMeaning) -> None:
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO tags VALUES (?, ?, ?, ?)",
                       (uid.upper(), meaning.kind, meaning.value, meaning.label))

    def tag_meaning(self, uid: str) -> TagMeaning | None:
        rows = self._read("SELECT kind, value, label FROM tags WHERE uid = ?", (uid.upper(),))
        return TagMeaning(*rows[0]) if rows else None

    def forget_tag(self, uid: str) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM tags WHERE uid = ?", (uid.upper(),))

    def tags(self) -> dict[str, TagMeaning]:
        rows = self._read("SELECT uid, kind, value, label FROM tags ORDER BY uid")
        return {uid: TagMeaning(kind, value, label) for uid, kind, value, label in rows}

    # -- settings and remembered names -----------------------------------------------------

    def setting(self, key: str) -> str | None:
        """A remembered choice of the table (the language), None if never made."""
        rows = self._read("SELECT value FROM meta WHERE key = ?", (f"setting.{key}",))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str) -> None:
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"setting.{key}", value))

    def recent_player_names(self, limit: int = 12) -> list[str]:
        """Names players have used, the most recent game first (to pick instead of typing)."""
        rows = self._read("SELECT name FROM players GROUP BY name ORDER BY max(game_id) DESC "
                          "LIMIT ?", (limit,))
        return [str(row[0]) for row in rows]
