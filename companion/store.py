"""The crash-safe store: SQLite in WAL mode with ``synchronous=FULL``.

One append-only ``log`` table holds every entry of every game night (actions, undos and
redos); ``games`` and ``players`` describe the nights; ``tags`` maps NFC UIDs to meanings.
A write returns only after its commit has reached the disk, so whatever the UI has
acknowledged survives a pulled plug. A database that cannot be opened or fails its
integrity check is never overwritten: it is moved aside and a fresh one is started.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.games.base import Action, PlayerInfo
from companion.i18n import _
from companion.opening import (
    Opened,
    full_check,
    memory_database,
    open_database,
    unusable_folder,
)
from companion.records import frozen

if TYPE_CHECKING:
    from companion.exchange_schema import ImportedGame

DB_NAME = "companion.db"
_GAME_COLUMNS = "id, game, options, created, status, ended, result, place, note, source, source_id"


class StoreError(Exception):
    """A store problem, in plain words for the table (disk full, read-only medium...)."""


@frozen
class TagMeaning:
    """What an enrolled NFC tag stands for.

    ``kind`` is ``player`` (value: player name), ``gtr-material`` (value: material) or
    ``vr-city-marker`` (value: ``"<colour>:<number>"``).
    """

    kind: str
    value: str
    label: str


@frozen
class LogEntry:
    """One row of the append-only log: an action, or an undo/redo of the cursor."""

    kind: str  # "do", "undo", "redo"
    action: Action | None = None
    seq: int = 0  # its place in the game's log, once written
    #: why the row could not be read back (then ``action`` is None); None: it was fine
    problem: str | None = None


@frozen
class GameRecord:
    id: int
    game: str
    options: dict[str, Any]
    players: tuple[PlayerInfo, ...]
    created: float
    status: str
    ended: float | None
    result: dict[str, Any] | None
    place: str | None = None
    note: str | None = None
    #: None: played on this companion; "bgstats": imported (no move log)
    source: str | None = None
    source_id: str | None = None

    @property
    def imported(self) -> bool:
        return self.source is not None


@frozen
class Edit:
    """One correction in the edit log: who made it, when, and the values before and after.

    ``kind`` is ``game`` (fields of a finished game), ``rename``/``merge`` (a profile), or
    ``undo`` (of the entry ``before["edit"]``). ``undone_by`` is set once it was undone.
    """

    id: int
    game_id: int | None
    made: float
    who: str
    kind: str
    before: dict[str, Any]
    after: dict[str, Any]
    undone_by: int | None = None


def _json() -> ModuleType:
    """``json``, imported at the first row that needs it: a start with no game to resume
    reads none before its first frame, and the import costs 2 ms there."""
    import json

    return json


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


class Store:
    """The SQLite store. Open with :meth:`open`; :attr:`notices` say what happened."""

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

    @classmethod
    def open(cls, data_dir: Path | None = None) -> Store:
        directory = data_dir or default_data_dir()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            store = cls(":memory:")
            store.unsaved = unusable_folder(directory)
            store.notices.append(_(
                "The data folder {path} cannot be used ({error}); this game night will not "
                "be saved.").format(path=directory, error=exc.strerror))
            return store
        return cls(directory / DB_NAME)

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

    def create_game(self, game: str, players: Sequence[PlayerInfo],
                    options: dict[str, Any], place: str | None = None,
                    note: str | None = None) -> int:
        """A new game (with where it is played and a note, if the table gave them)."""
        with self._writing() as db:
            cursor = db.execute("INSERT INTO games (game, options, created, place, note) "
                                "VALUES (?, ?, ?, ?, ?)",
                                (game, _json().dumps(options), time.time(), place or None,
                                 note or None))
            game_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, i, p.name, p.colour, p.seat, p.token) for i, p in enumerate(players)],
            )
            _remember_players(db, players)
        return game_id

    def append(self, game_id: int, entry: LogEntry) -> int:
        """Append one log entry; returns its sequence number once it is on disk."""
        payload = _json().dumps(entry.action.to_json()) if entry.action else None
        with self._writing() as db:
            row = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM log WHERE game_id = ?",
                             (game_id,)).fetchone()
            seq = int(row[0])
            db.execute("INSERT INTO log VALUES (?, ?, ?, ?)", (game_id, seq, entry.kind, payload))
        return seq

    def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        with self._writing() as db:
            db.execute("UPDATE games SET status = 'finished', ended = ?, result = ? WHERE id = ?",
                       (time.time(), _json().dumps(result), game_id))

    def abandon_game(self, game_id: int) -> None:
        with self._writing() as db:
            db.execute("UPDATE games SET status = 'abandoned', ended = ? WHERE id = ?",
                       (time.time(), game_id))

    def delete_game(self, game_id: int) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- reading -------------------------------------------------------------------------

    def log(self, game_id: int) -> list[LogEntry]:
        """The game's log, oldest first; a row that cannot be read says why in ``problem``."""
        rows = self._read("SELECT seq, kind, action FROM log WHERE game_id = ? ORDER BY seq",
                          (game_id,))
        return [_decode(seq, kind, action) for seq, kind, action in rows]

    def log_index(self, game_id: int) -> list[tuple[int, str]]:
        """(seq, kind) of every entry, oldest first: the shape of the log, nothing decoded."""
        return self._read("SELECT seq, kind FROM log WHERE game_id = ? ORDER BY seq",
                          (game_id,))

    def log_from(self, game_id: int, seq: int) -> list[LogEntry]:
        """The entries from ``seq`` on, decoded (the tail after a snapshot)."""
        rows = self._read("SELECT seq, kind, action FROM log WHERE game_id = ? AND seq >= ? "
                          "ORDER BY seq", (game_id, seq))
        return [_decode(seq, kind, action) for seq, kind, action in rows]

    def log_entry(self, game_id: int, seq: int) -> LogEntry:
        rows = self._read("SELECT seq, kind, action FROM log WHERE game_id = ? AND seq = ?",
                          (game_id, seq))
        if not rows:
            raise StoreError(_("Move {seq} is missing from the log.").format(seq=seq))
        return _decode(*rows[0])

    def set_log_aside(self, game_id: int, from_seq: int, reason: str) -> int:
        """Move the game's log from ``from_seq`` on to ``log_aside`` (kept, not deleted).

        Snapshots taken after that point described the moves set aside: they go.
        Returns how many entries were moved.
        """
        with self._writing() as db:
            return _set_aside(db, game_id, from_seq, reason)

    def replace_tail(self, game_id: int, from_seq: int, reason: str,
                     entries: Sequence[LogEntry]) -> None:
        """:meth:`set_log_aside` from ``from_seq``, then ``entries`` appended after every
        seq ever used (so none is reused), all in one transaction."""
        with self._writing() as db:
            _set_aside(db, game_id, from_seq, reason)
            row = db.execute("SELECT max(coalesce((SELECT max(seq) FROM log WHERE game_id = ?), "
                             "0), coalesce((SELECT max(seq) FROM log_aside WHERE game_id = ?), "
                             "0))", (game_id, game_id)).fetchone()
            first = int(row[0]) + 1
            db.executemany("INSERT INTO log VALUES (?, ?, ?, ?)", [
                (game_id, first + i, e.kind,
                 _json().dumps(e.action.to_json()) if e.action else None)
                for i, e in enumerate(entries)])

    def log_aside(self, game_id: int) -> list[LogEntry]:
        """Entries set aside by :meth:`set_log_aside`, oldest first."""
        rows = self._read("SELECT seq, kind, action FROM log_aside WHERE game_id = ? "
                          "ORDER BY set_aside, seq", (game_id,))
        return [_decode(seq, kind, action) for seq, kind, action in rows]

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
        return GameRecord(game_id, game, _json().loads(options), players, created, status, ended,
                          _json().loads(result) if result else None, *more)

    def _games(self, where: str) -> list[GameRecord]:
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} "
                          "ORDER BY created DESC, id DESC")
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

    # -- players remembered, time on turn, settings (schema version 5) --------

    def profiles(self, limit: int = 12) -> list[Profile]:
        """The players seen most recently first, with their usual colour, seat and token."""
        rows = self._read("SELECT name, colour, seat, token, last_played, games FROM profiles "
                          "ORDER BY last_played DESC, name LIMIT ?", (limit,))
        return [Profile(*row) for row in rows]

    def save_profile(self, profile: Profile) -> None:
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO profiles VALUES (?, ?, ?, ?, ?, ?)",
                       (profile.name, profile.colour, profile.seat, profile.token,
                        profile.last_played, profile.games))

    def forget_profile(self, name: str) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM profiles WHERE name = ?", (name,))

    def last_game(self) -> GameRecord | None:
        """The most recently started game that was not abandoned (its line-up and options)."""
        games = self._games("status != 'abandoned'")
        return games[0] if games else None

    def add_turn_time(self, game_id: int, player: int, started: float, ended: float) -> None:
        """One stretch on turn; ignored for a game that is no longer in the log."""
        with self._writing() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                db.execute("INSERT OR REPLACE INTO turn_times VALUES (?, ?, ?, ?)",
                           (game_id, player, started, ended))

    def turn_times(self, game_id: int) -> list[tuple[int, float, float]]:
        """(player, started, ended) of a game, in time order."""
        return [(int(p), float(s), float(e)) for p, s, e in self._read(
            "SELECT player, started, ended FROM turn_times WHERE game_id = ? ORDER BY started",
            (game_id,))]

    def time_on_turn(self, game_id: int) -> dict[int, float]:
        """Seconds each player (by seat-order position) spent on turn in a game."""
        rows = self._read("SELECT player, sum(ended - started) FROM turn_times "
                          "WHERE game_id = ? GROUP BY player", (game_id,))
        return {int(player): float(total) for player, total in rows}

    def unfinished_games(self) -> list[GameRecord]:
        return self._games("status = 'open'")

    def import_game(self, game: str, players: Sequence[PlayerInfo], options: dict[str, Any],
                    created: float, ended: float | None, result: dict[str, Any],
                    entries: Sequence[LogEntry],
                    turn_times: Sequence[Sequence[float]] = ()) -> int:
        """A finished game from another companion, log and all, in one transaction."""
        with self._writing() as db:
            return self._insert_imported(db, game, players, options, created, ended, result,
                                         entries, turn_times)

    @staticmethod
    def _insert_imported(db: sqlite3.Connection, game: str, players: Sequence[PlayerInfo],
                         options: dict[str, Any], created: float, ended: float | None,
                         result: dict[str, Any], entries: Sequence[LogEntry],
                         turn_times: Sequence[Sequence[float]], place: str | None = None,
                         note: str | None = None, edits: Sequence[Edit] = ()) -> int:
        cursor = db.execute("INSERT INTO games (game, options, created, status, ended, "
                            "result, place, note) VALUES (?, ?, ?, 'finished', ?, ?, ?, ?)",
                            (game, _json().dumps(options), created, ended,
                             _json().dumps(result), place, note))
        game_id = int(cursor.lastrowid or 0)
        _insert_edits(db, game_id, edits)
        db.executemany(
            "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, i, p.name, p.colour, p.seat, p.token) for i, p in enumerate(players)])
        db.executemany("INSERT INTO log VALUES (?, ?, ?, ?)", [
            (game_id, e.seq, e.kind, _json().dumps(e.action.to_json()) if e.action else None)
            for e in entries])
        db.executemany("INSERT OR REPLACE INTO turn_times VALUES (?, ?, ?, ?)",
                       [(game_id, int(t[0]), float(t[1]), float(t[2])) for t in turn_times])
        return game_id

    def line_ups(self) -> list[tuple[str, float, tuple[str, ...]]]:
        """(game, start time, player names in seat order) of every game not abandoned, in
        one query (what tells an imported game already here)."""
        games: dict[int, tuple[str, float, list[str]]] = {}
        for game_id, game, created, name in self._read(
                "SELECT g.id, g.game, g.created, p.name FROM games g JOIN players p "
                "ON p.game_id = g.id WHERE g.status != 'abandoned' ORDER BY g.id, p.position"):
            games.setdefault(game_id, (game, created, []))[2].append(name)
        return [(game, created, tuple(names)) for game, created, names in games.values()]

    def import_games(self, games: Iterable[ImportedGame]) -> int:
        """Finished games from another companion, all in one transaction: an error while
        ``games`` is being read (or written) keeps none of them. Returns how many."""
        count = 0
        with self._writing() as db:
            for game in games:
                self._insert_imported(db, game.game, game.players, game.options, game.created,
                                      game.ended, game.result, game.entries, game.turn_times,
                                      game.place, game.note, game.edits)
                count += 1
        return count

    # -- corrections (schema version 6): every one an entry of the edit log ----------------

    def edit_game(self, game_id: int, changes: dict[str, Any], who: str = "") -> int:
        """Correct fields of a finished game (``result``, ``created``, ``ended``, ``players``,
        ``place``, ``note``); the values before are kept in the edit log. Returns its id."""
        record = self.game(game_id)
        before = {key: _game_field(record, key) for key in changes}
        with self._writing() as db:
            _set_game_fields(db, game_id, changes)
            return _log_edit(db, game_id, who, "game", before, changes)

    def rename_player(self, old: str, new: str, who: str = "") -> int:
        """Rename a profile and its seats in every game; to an existing profile's name, merge
        the two (plays, colour, token come together). Refused when both sat in one game."""
        new = new.strip()
        if not new:
            raise StoreError(_("A player needs a name."))
        with self._writing() as db:
            target = db.execute("SELECT name FROM profiles WHERE name = ?", (new,)).fetchone()
            merge = target is not None and str(target[0]).casefold() != old.casefold()
            if merge:
                new = str(target[0])
                shared = db.execute(
                    "SELECT count(*) FROM players a JOIN players b ON a.game_id = b.game_id "
                    "WHERE a.name = ? AND b.name = ?", (old, new)).fetchone()[0]
                if shared:
                    raise StoreError(_("{a} and {b} sat at the same game: they are two "
                                       "players.").format(a=old, b=new))
            before = _profile_snapshot(db, old, new)
            _move_player(db, old, new, merge)
            return _log_edit(db, None, who, "merge" if merge else "rename", before,
                             {"from": old, "to": new})

    def edits(self, game_id: int | None = None) -> list[Edit]:
        """The edit log, newest first (of one game, with ``game_id``)."""
        where, parameters = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = self._read("SELECT id, game_id, made, who, kind, before, after, undone_by "
                          f"FROM edits {where} ORDER BY id DESC", parameters)
        return [Edit(i, g, m, w, k, _json().loads(b), _json().loads(a), u)
                for i, g, m, w, k, b, a, u in rows]

    def undo_edit(self, edit_id: int, who: str = "") -> int:
        """Put back what edit ``edit_id`` changed; the undo is an entry of the log too."""
        found = [e for e in self.edits() if e.id == edit_id]
        if not found or found[0].kind == "undo":
            raise StoreError(_("There is no correction number {id} to undo.").format(id=edit_id))
        edit = found[0]
        if edit.undone_by is not None:
            raise StoreError(_("That correction was already undone."))
        if any(_overlaps(later, edit) for later in self.edits()
               if later.id > edit.id and later.kind != "undo" and later.undone_by is None):
            # putting back the old values would silently drop the later correction
            raise StoreError(_("A later correction changed the same thing; undo that one "
                               "first."))
        with self._writing() as db:
            if edit.kind == "game":
                assert edit.game_id is not None
                _set_game_fields(db, edit.game_id, edit.before)
            else:
                _restore_profiles(db, edit.before)
            undo = _log_edit(db, edit.game_id, who, "undo", {"edit": edit.id}, {})
            db.execute("UPDATE edits SET undone_by = ? WHERE id = ?", (undo, edit.id))
        return undo

    def set_place(self, game_id: int, place: str | None, note: str | None) -> None:
        """Where a game was played and a line about it (both optional)."""
        with self._writing() as db:
            db.execute("UPDATE games SET place = ?, note = ? WHERE id = ?",
                       (place or None, note or None, game_id))

    def places(self, limit: int = 6) -> list[str]:
        """Places typed before, the most recent first (offered again)."""
        rows = self._read("SELECT place FROM games WHERE place IS NOT NULL GROUP BY place "
                          "ORDER BY max(created) DESC LIMIT ?", (limit,))
        return [str(row[0]) for row in rows]

    def last_place(self) -> tuple[str | None, str | None]:
        """The place and note of the game started last (abandoned or not): New game offers
        them again."""
        rows = self._read("SELECT place, note FROM games WHERE source IS NULL "
                          "ORDER BY created DESC, id DESC LIMIT 1")
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    def add_imported_games(self, games: Sequence[dict[str, Any]]) -> list[int]:
        """Finished games from another app (no move log), all in one transaction.

        Each is a dict of ``game``, ``players`` (PlayerInfo), ``options``, ``created``,
        ``ended``, ``result``, ``place``, ``note``, ``source``, ``source_id``. A player not
        remembered yet becomes a profile; a remembered one keeps their colour.
        """
        ids = []
        with self._writing() as db:
            for game in games:
                cursor = db.execute(
                    "INSERT INTO games (game, options, created, status, ended, result, place, "
                    "note, source, source_id) VALUES (?, ?, ?, 'finished', ?, ?, ?, ?, ?, ?)",
                    (game["game"], _json().dumps(game["options"]), game["created"],
                     game["ended"], _json().dumps(game["result"]), game["place"],
                     game["note"], game["source"], game["source_id"]))
                game_id = int(cursor.lastrowid or 0)
                ids.append(game_id)
                db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
                               [(game_id, i, p.name, p.colour, p.seat, p.token)
                                for i, p in enumerate(game["players"])])
                for player in game["players"]:
                    db.execute("INSERT OR IGNORE INTO profiles VALUES (?, ?, ?, NULL, ?, 0)",
                               (player.name, player.colour, player.seat, game["created"]))
                    db.execute("UPDATE profiles SET games = games + 1, last_played = "
                               "max(last_played, ?) WHERE name = ?",
                               (game["created"], player.name))
        return ids

    def times_on_turn(self) -> dict[int, dict[int, float]]:
        """Seconds on turn of every timed game: game id -> seat-order position -> seconds."""
        totals: dict[int, dict[int, float]] = {}
        for game_id, player, seconds in self._read(
                "SELECT game_id, player, sum(ended - started) FROM turn_times "
                "GROUP BY game_id, player"):
            totals.setdefault(int(game_id), {})[int(player)] = float(seconds)
        return totals

    def table_setting(self, key: str, default: Any = None) -> Any:
        """A value the table set in Settings (the turn reminder), ``default`` if never set."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        return _json().loads(rows[0][0]) if rows else default

    def set_table_setting(self, key: str, value: Any) -> None:
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, _json().dumps(value)))

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


@frozen
class Profile:
    """A player the companion remembers between game nights."""

    name: str
    colour: str
    seat: int
    token: str | None
    last_played: float
    games: int = 0


def _remember_players(db: sqlite3.Connection, players: Sequence[PlayerInfo]) -> None:
    """A new game updates its players' profiles: this colour, seat and token are now usual."""
    now = time.time()
    for player in players:
        row = db.execute("SELECT games, token FROM profiles WHERE name = ?",
                         (player.name,)).fetchone()
        games = int(row[0]) + 1 if row else 1
        token = player.token or (row[1] if row else None)
        db.execute("INSERT OR REPLACE INTO profiles VALUES (?, ?, ?, ?, ?, ?)",
                   (player.name, player.colour, player.seat, token, now, games))


def _set_aside(db: sqlite3.Connection, game_id: int, from_seq: int, reason: str) -> int:
    """Move the game's log from ``from_seq`` on to ``log_aside``, and drop the snapshots
    that described it; how many entries moved."""
    db.execute("INSERT INTO log_aside SELECT game_id, seq, kind, action, ?, ? FROM log "
               "WHERE game_id = ? AND seq >= ?", (time.time(), reason, game_id, from_seq))
    moved = db.execute("DELETE FROM log WHERE game_id = ? AND seq >= ?",
                       (game_id, from_seq)).rowcount
    db.execute("DELETE FROM snapshots WHERE game_id = ? AND origin >= ?",
               (game_id, from_seq))
    return int(moved)

_GAME_FIELDS = ("result", "created", "ended", "players", "place", "note")


def _game_field(record: GameRecord, key: str) -> Any:
    if key not in _GAME_FIELDS:
        raise StoreError(_("{field} of a game cannot be corrected.").format(field=key))
    if key == "players":
        return [[p.name, p.colour, p.seat, p.token] for p in record.players]
    return getattr(record, key)


def _overlaps(later: Edit, edit: Edit) -> bool:
    """Whether ``later`` changed something ``edit`` changed (then ``edit`` cannot be undone
    on its own)."""
    if edit.kind == "game":
        return later.kind == "game" and later.game_id == edit.game_id and bool(
            set(later.after) & set(edit.after))
    names = {n.casefold() for n in edit.before.get("names", [])}
    return later.kind in ("rename", "merge") and bool(
        names & {n.casefold() for n in later.before.get("names", [])})


def _set_game_fields(db: sqlite3.Connection, game_id: int, fields: dict[str, Any]) -> None:
    for key, value in fields.items():
        if key == "players":
            db.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
            db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
                           [(game_id, i, *p) for i, p in enumerate(value)])
        elif key == "result":
            db.execute("UPDATE games SET result = ? WHERE id = ?",
                       (_json().dumps(value) if value is not None else None, game_id))
        elif key in _GAME_FIELDS:
            db.execute(f"UPDATE games SET {key} = ? WHERE id = ?", (value, game_id))
        else:
            raise StoreError(_("{field} of a game cannot be corrected.").format(field=key))


def _log_edit(db: sqlite3.Connection, game_id: int | None, who: str, kind: str,
              before: dict[str, Any], after: dict[str, Any]) -> int:
    cursor = db.execute("INSERT INTO edits (game_id, made, who, kind, before, after) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (game_id, time.time(), who, kind,
                                                      _json().dumps(before),
                                                      _json().dumps(after)))
    return int(cursor.lastrowid or 0)


def _insert_edits(db: sqlite3.Connection, game_id: int, edits: Sequence[Edit]) -> None:
    """A game's edit log from another companion, oldest first: numbered anew here, each
    undo still pointing at the correction it undid."""
    numbers: dict[int, int] = {}
    for edit in edits:
        before = ({"edit": numbers[int(edit.before["edit"])]} if edit.kind == "undo"
                  else edit.before)
        cursor = db.execute("INSERT INTO edits (game_id, made, who, kind, before, after) "
                            "VALUES (?, ?, ?, ?, ?, ?)",
                            (game_id, edit.made, edit.who, edit.kind, _json().dumps(before),
                             _json().dumps(edit.after)))
        numbers[edit.id] = int(cursor.lastrowid or 0)
    for edit in edits:
        if edit.undone_by is not None:
            db.execute("UPDATE edits SET undone_by = ? WHERE id = ?",
                       (numbers[edit.undone_by], numbers[edit.id]))


def _profile_snapshot(db: sqlite3.Connection, old: str, new: str) -> dict[str, Any]:
    """Everything a rename or merge of ``old`` into ``new`` touches, to put it back."""
    seats = db.execute("SELECT game_id, position, name FROM players WHERE name = ?",
                       (old,)).fetchall()
    games = sorted({int(row[0]) for row in seats})
    results = {str(g): db.execute("SELECT result FROM games WHERE id = ?", (g,)).fetchone()[0]
               for g in games}
    return {
        "seats": [list(row) for row in seats],
        "results": results,
        "profiles": [list(row) for row in db.execute(
            "SELECT * FROM profiles WHERE name IN (?, ?)", (old, new))],
        "tags": [list(row) for row in db.execute(
            "SELECT * FROM tags WHERE kind = 'player' AND value IN (?, ?)", (old, new))],
        "names": [old, new],
    }


def _move_player(db: sqlite3.Connection, old: str, new: str, merge: bool) -> None:
    seats = db.execute("SELECT DISTINCT game_id FROM players WHERE name = ?", (old,)).fetchall()
    db.execute("UPDATE players SET name = ? WHERE name = ?", (new, old))
    for (game_id,) in seats:
        row = db.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
        if row and row[0]:
            result = rename_in_result(_json().loads(row[0]), old, new)
            db.execute("UPDATE games SET result = ? WHERE id = ?",
                       (_json().dumps(result), game_id))
    db.execute("UPDATE tags SET value = ?, label = ? WHERE kind = 'player' AND value = ?",
               (new, new, old))
    mine = db.execute("SELECT colour, seat, token, last_played, games FROM profiles "
                      "WHERE name = ?", (old,)).fetchone()
    if mine is None:
        return
    if not merge:
        db.execute("UPDATE profiles SET name = ? WHERE name = ?", (new, old))
        return
    db.execute("DELETE FROM profiles WHERE name = ?", (old,))
    colour, seat, token, last_played, games = mine
    db.execute("UPDATE profiles SET token = coalesce(token, ?), games = games + ?, "
               "last_played = max(last_played, ?) WHERE name = ?",
               (token, games, last_played, new))
    del colour, seat  # the profile kept keeps its own colour and seat


def _restore_profiles(db: sqlite3.Connection, before: dict[str, Any]) -> None:
    """Undo a rename or merge from its snapshot: seats, results, profiles, tags."""
    old, new = before["names"]
    for game_id, position, name in before["seats"]:
        db.execute("UPDATE players SET name = ? WHERE game_id = ? AND position = ?",
                   (name, game_id, position))
    for game_id, result in before["results"].items():
        db.execute("UPDATE games SET result = ? WHERE id = ?", (result, int(game_id)))
    db.execute("DELETE FROM profiles WHERE name IN (?, ?)", (old, new))
    db.executemany("INSERT INTO profiles VALUES (?, ?, ?, ?, ?, ?)", before["profiles"])
    db.execute("DELETE FROM tags WHERE kind = 'player' AND value IN (?, ?)", (old, new))
    db.executemany("INSERT OR REPLACE INTO tags VALUES (?, ?, ?, ?)", before["tags"])


def rename_in_result(result: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A scored result with player ``old`` called ``new`` (in the ranking and the winners)."""
    players = [dict(p, name=new) if p.get("name") == old else p
               for p in result.get("players", [])]
    winners = [new if name == old else name for name in result.get("winners", [])]
    return {**result, "players": players, "winners": winners}


def _decode(seq: int, kind: str, action: str | None) -> LogEntry:
    if kind != "do":
        return LogEntry(kind, None, seq)
    try:
        return LogEntry(kind, Action.from_json(_json().loads(action or "")), seq)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        return LogEntry(kind, None, seq, problem=_("move {seq} cannot be read: {error}").format(
            seq=seq, error=exc))
