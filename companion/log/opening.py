"""Opening the game log: tell damage from a full, read-only or failing medium.

Only SQLite's own verdict means damage (``SQLITE_CORRUPT``, ``SQLITE_NOTADB`` or a
failed ``quick_check``): then the file is moved aside, never overwritten, and a new log
is begun. A full disk, read-only storage, missing permissions or I/O errors say nothing
about the file: it is opened read-only (``mode=ro``; ``immutable=1`` on a read-only
medium) so the table can still be seen and scored, with words for what to do. A
write-ahead log that belongs to another database, or an older one of this database
(it has seen fewer writes than the file), is moved aside before SQLite can apply it, and
a schema newer than this code knows is left untouched.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
import time
from dataclasses import field
from pathlib import Path

from companion.core.i18n import _
from companion.core.records import mutable
from companion.log.migrations import SCHEMA_VERSION, migrate, schema_version

DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
SIDECARS = ("-wal", "-shm")
WAL_MAGIC = (bytes.fromhex("377f0682"), bytes.fromhex("377f0683"))
WAL_HEADER = 32
WAL_FRAME_HEADER = 24
#: tables left to the background check at start: they grow with the history (the log,
#: and a time-on-turn stretch for about every move: 100,000 rows took 11 ms on a desktop)
GROWING_TABLES = ("log", "log_aside", "turn_times", "result_scores", "seat_turns")
#: beside the log when the background check found damage: the next start checks it all
CHECK_FAILED_SUFFIX = "-check-failed"
#: from this schema version on, every transaction of ours writes the meta page
#: (``meta.writes``), so a log of ours always holds it
TOUCHES_META_FROM = 4


class Damaged(sqlite3.DatabaseError):
    """SQLite's checks found the file damaged (not raised by SQLite itself)."""


@mutable
class Opened:
    """The connection to use, whether it may write, and what to tell the table."""

    db: sqlite3.Connection
    read_only: bool = False
    persistent: bool = True
    notices: list[str] = field(default_factory=list)
    #: why nothing is kept and what to do, in two sentences (None: persistent, or meant so)
    unsaved: str | None = None
    #: why a move cannot be saved, when ``read_only`` (the reason found at opening)
    refusal: str = ""


def memory_database() -> sqlite3.Connection:
    """A store that keeps nothing: the last resort when no file can be used."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA foreign_keys = ON")
    migrate(db)
    return db


def is_damage(exc: BaseException) -> bool:
    """True only for SQLite's own word that the file is damaged."""
    if isinstance(exc, Damaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in DAMAGE_CODES


def connect(path: Path, uri_query: str | None = None) -> sqlite3.Connection:
    """An autocommit connection the writer thread may share; ``uri_query`` opens by URI."""
    target = f"{path.resolve().as_uri()}?{uri_query}" if uri_query else str(path)
    db = sqlite3.connect(target, uri=uri_query is not None, isolation_level=None,
                         check_same_thread=False)
    db.execute("PRAGMA foreign_keys = ON")
    return db


def medium_is_read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _probe_folder(folder: Path) -> OSError | None:
    """Try a small synced write in ``folder``: the OSError that says what is wrong, if any."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-") as probe:
            probe.write(b"\0" * 65536)
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        return exc
    return None


def describe_medium_problem(folder: Path, exc: BaseException) -> str:
    """Why a healthy log cannot be written, in words for the table, with what to do."""
    return medium_problem(folder, exc)[0]


def medium_problem(folder: Path, exc: BaseException) -> tuple[str, str]:
    """Why a healthy log cannot be written: the start-up notice (with what to do), and
    the words for each move refused meanwhile (the same reason, short: a full card is
    full at every move, not "read-only")."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    probe = None if medium_is_read_only(folder) else _probe_folder(folder)
    number = probe.errno if probe is not None else None
    if medium_is_read_only(folder) or number == errno.EROFS:
        return _("The storage holding the game log ({folder}) is read-only: the card may be "
                 "failing or locked. The games can be seen and scored, but nothing new is "
                 "saved. Check the card, then restart the companion.").format(
                     folder=folder), _("Not saved: the storage holding the game log is "
                                       "read-only.")
    if probe is None and code == sqlite3.SQLITE_READONLY:  # the folder takes files: the log
        return _("The game log file in {folder} is read-only (its permissions or owner). "
                 "The games can be seen and scored, but nothing new is saved. Make it "
                 "writable for the companion's user, then restart the companion.").format(
                     folder=folder), _("Not saved: the game log file is read-only.")
    if number in (errno.ENOSPC, errno.EDQUOT) or (probe is None and code == sqlite3.SQLITE_FULL):
        return _("The storage holding the game log ({folder}) is full. The games can be seen "
                 "and scored, but nothing new is saved. Free some space, then restart the "
                 "companion.").format(folder=folder), _(
                     "Not saved: the storage holding the game log is full. Free some space, "
                     "then restart the companion.")
    if number in (errno.EACCES, errno.EPERM) or (probe is None and code in (
            sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN)):
        return _("The companion may not write in its data folder {folder} ({error}). The games "
                 "can be seen and scored, but nothing new is saved. Check the folder's owner "
                 "and permissions.").format(folder=folder,
                                            error=probe.strerror if probe else exc), _(
                     "Not saved: the companion may not write in its data folder.")
    return _("The storage holding the game log ({folder}) reports errors ({error}). The games "
             "can be seen and scored, but nothing new is saved. The card may be failing: copy "
             "the folder off it, then restart.").format(
                 folder=folder, error=probe.strerror if probe else exc), _(
                     "Not saved: the storage holding the game log reports errors.")


def check_writable(db: sqlite3.Connection) -> None:
    """Raise SQLite's error if ``db`` cannot write (a read-only file opens without one:
    SQLite falls back to reading, and only the first move would fail). Nothing is kept."""
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE meta SET value = value WHERE key = 'writes'")
    finally:
        if db.in_transaction:
            db.execute("ROLLBACK")


def _database_id(path: Path, uri_query: str) -> str | None:
    return _meta_value(path, uri_query, "database_id")


def _meta_value(path: Path, uri_query: str, key: str) -> str | None:
    db = connect(path, uri_query)
    try:
        row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None
    finally:
        db.close()


def _writes(path: Path, uri_query: str) -> int | None:
    """``meta.writes`` (bumped by every transaction of ours) as ``uri_query`` sees it."""
    value = _meta_value(path, uri_query, "writes")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _meta_page_and_version(path: Path) -> tuple[int, int] | None:
    """(root page of ``meta``, schema version) of the main file alone, if it has them."""
    db = connect(path, "mode=ro&immutable=1")
    try:
        row = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'meta'").fetchone()
        return (int(row[0]), schema_version(db)) if row else None
    finally:
        db.close()


def committed_wal_pages(wal: Path) -> set[int]:
    """Pages that committed frames of ``wal`` hold (frames whose salts match its header)."""
    pages: set[int] = set()
    with wal.open("rb") as handle:
        header = handle.read(WAL_HEADER)
        if len(header) < WAL_HEADER or header[:4] not in WAL_MAGIC:
            return pages
        page_size = int.from_bytes(header[8:12], "big")
        salts = header[16:24]
        pending: set[int] = set()
        while True:
            frame = handle.read(WAL_FRAME_HEADER)
            if len(frame) < WAL_FRAME_HEADER or frame[8:16] != salts:
                return pages
            pending.add(int.from_bytes(frame[:4], "big"))
            if int.from_bytes(frame[4:8], "big"):  # a commit frame ends a transaction
                pages |= pending
                pending = set()
            handle.seek(page_size, os.SEEK_CUR)


def _aside_name(path: Path, label: str) -> Path:
    """A free name beside ``path`` (``companion-<label>-<stamp>[-n].db``): never overwrite."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    counter = 1
    aside = path.with_name(f"{path.stem}-{label}-{stamp}{path.suffix}")
    while any(Path(str(aside) + extra).exists() for extra in ("", *SIDECARS)):
        counter += 1
        aside = path.with_name(f"{path.stem}-{label}-{stamp}-{counter}{path.suffix}")
    return aside


def set_stranger_wal_aside(path: Path) -> str | None:
    """Move aside a write-ahead log that belongs to another database; the words, if so.

    Every transaction of ours writes the meta page, which holds the database's random
    id. So a log with committed frames but none for that page is a stranger; and so is
    one that changes the id, read from the main file alone (``immutable=1`` ignores the
    log) and as SQLite sees it with the log applied (read-only, so closing cannot fold
    the log in). A main file without an id tells nothing: nothing is moved then.
    """
    wal = Path(str(path) + "-wal")
    try:
        if not path.exists() or wal.stat().st_size == 0:
            return None
        pages = committed_wal_pages(wal)
    except OSError:
        return None
    if not pages:
        return None  # SQLite applies nothing from it
    try:
        own = _database_id(path, "mode=ro&immutable=1")
        layout = _meta_page_and_version(path)
    except sqlite3.Error:
        return None
    if own is None or layout is None:
        return None
    meta_page, version = layout
    if version >= TOUCHES_META_FROM and meta_page not in pages:
        seen: str | None = None
    else:
        try:
            seen = _database_id(path, "mode=ro")
        except sqlite3.Error as exc:
            if not (is_damage(exc) or "no such table" in str(exc)):
                return None  # cannot tell (e.g. no shared memory on a read-only medium)
            seen = None
    if seen == own:
        return _set_older_wal_aside(path, wal) if version >= TOUCHES_META_FROM else None
    aside = _aside_name(path, "stranger")
    _move_sidecars(path, aside, "a write-ahead log of another database")
    return _("A write-ahead log that belongs to another database was found beside the game "
             "log; it was not applied and was kept as {aside}.").format(aside=f"{aside}-wal")


def _set_older_wal_aside(path: Path, wal: Path) -> str | None:
    """Move aside a write-ahead log of this very database that is older than its file.

    Every transaction of ours bumps ``meta.writes``, so the log's last committed meta
    page says how many writes it has seen. Ours is never behind the file (a checkpoint
    copies the log into the file, never the other way); one that is was put back from
    an earlier copy of the folder, and applying it would undo the writes since.
    """
    try:
        in_file = _writes(path, "mode=ro&immutable=1")
        with_log = _writes(path, "mode=ro")
    except sqlite3.Error:
        return None
    if in_file is None or with_log is None or with_log >= in_file:
        return None
    aside = _aside_name(path, "older")
    _move_sidecars(path, aside, "an older write-ahead log")
    return _("An older write-ahead log of this game log was found beside it (it has seen "
             "{old} writes, the log {new}): applying it would undo later moves, so it was "
             "not applied and was kept as {aside}.").format(old=with_log, new=in_file,
                                                            aside=f"{aside}-wal")


def _move_sidecars(path: Path, aside: Path, what: str) -> None:
    try:
        for extra in SIDECARS:
            source = Path(str(path) + extra)
            if source.exists():
                source.rename(Path(str(aside) + extra))
    except OSError as exc:
        raise sqlite3.OperationalError(
            f"{what} could not be moved aside: {exc.strerror}") from exc


def check_failed_marker(path: Path) -> Path:
    return Path(str(path) + CHECK_FAILED_SUFFIX)


def start_check(db: sqlite3.Connection, full: bool = False) -> str:
    """``quick_check`` of what does not grow with the history ("ok" or the first problem).

    The log tables are left to :func:`full_check` in the background, so a 100,000-row
    history starts as fast as an empty one; ``full`` (after the background check found
    damage) checks everything before the log is used.
    """
    if full:
        return str(db.execute("PRAGMA quick_check").fetchone()[0])
    tables = [row[0] for row in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in ["sqlite_master", *tables]:
        if table in GROWING_TABLES:
            continue
        verdict = str(db.execute(f'PRAGMA quick_check("{table}")').fetchone()[0])
        if verdict != "ok":
            return verdict
    return "ok"


def full_check(path: Path) -> list[str]:
    """The full ``integrity_check`` on a read-only connection of its own ([] when ok).

    Damage found leaves a marker beside the log, so the next start checks everything
    and moves a damaged log aside before using it; a clean check removes the marker.
    """
    db = connect(path, "mode=ro")
    try:
        verdict = [str(row[0]) for row in db.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        verdict = [str(exc)]
    finally:
        db.close()
    marker = check_failed_marker(path)
    if verdict == ["ok"]:
        with contextlib.suppress(OSError):
            marker.unlink(missing_ok=True)
        return []
    with contextlib.suppress(OSError):
        marker.write_text("\n".join(verdict) + "\n")
    return verdict


def prepare(db: sqlite3.Connection) -> None:
    """WAL mode, full sync, and the schema brought up to date (in one transaction)."""
    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        error = sqlite3.OperationalError(f"cannot switch the log to WAL mode ({mode})")
        error.sqlite_errorcode = sqlite3.SQLITE_READONLY  # type: ignore[attr-defined]
        raise error
    db.execute("PRAGMA synchronous = FULL")
    migrate(db)
    drop_interrupted_import(db)


def drop_interrupted_import(db: sqlite3.Connection) -> None:
    """Delete the games an import had written but not yet published when the companion
    stopped (a pulled plug mid-import): the history gains a file's games all or none."""
    if not db.execute("SELECT 1 FROM games WHERE status = 'importing' LIMIT 1").fetchone():
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("DELETE FROM games WHERE status = 'importing'")
        db.execute("UPDATE meta SET value = value + 1 WHERE key = 'writes'")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def open_database(path: Path) -> Opened:
    """Open (or create) the log at ``path``, whatever state the file and medium are in."""
    notices: list[str] = []
    db: sqlite3.Connection | None = None
    try:
        stranger = set_stranger_wal_aside(path)
        if stranger:
            notices.append(stranger)
        db = connect(path)
        verdict = start_check(db, full=check_failed_marker(path).exists())
        if verdict != "ok":
            raise Damaged(f"integrity check failed: {verdict}")
        found = schema_version(db)
        if found > SCHEMA_VERSION:
            db.close()
            return Opened(memory_database(), persistent=False, notices=[_(
                "The game log at {path} was written by a newer version of the companion "
                "(schema {found}; this one knows up to {known}). It was left untouched. "
                "Update the companion to see those games; tonight's game will not be "
                "saved.").format(path=path, found=found, known=SCHEMA_VERSION)],
                          unsaved=_("The game log was written by a newer version of the "
                                    "companion. Update the companion to save games again."))
        prepare(db)
        check_writable(db)
        return Opened(db, notices=notices)
    except sqlite3.Error as exc:
        if is_damage(exc):
            # moved aside before the failed connection closes: closing would delete its WAL
            return _start_fresh(path, exc, notices, failed=db)
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()
        notice, refusal = medium_problem(path.parent, exc)
        notices.append(notice)
        opened = open_read_only(path, notices)
        opened.refusal = refusal
        return opened


def open_read_only(path: Path, notices: list[str]) -> Opened:
    """The log for reading only: ``mode=ro``, or ``immutable=1`` where nothing can lock."""
    queries = ["mode=ro", "mode=ro&immutable=1"]
    wal = Path(str(path) + "-wal")
    if medium_is_read_only(path.parent) and not (wal.exists() and wal.stat().st_size):
        queries.reverse()  # nothing can change it, and no lock file can be made there
    if path.exists():
        for query in queries:
            try:
                db = connect(path, query)
                db.execute("SELECT count(*) FROM games").fetchone()
            except sqlite3.Error:
                continue
            return Opened(db, read_only=True, notices=notices)
    notices.append(_("The game log at {path} cannot be read either; this game night will "
                     "not be saved.").format(path=path))
    return Opened(memory_database(), persistent=False, notices=notices,
                  unsaved=unusable_folder(path.parent))


def unusable_folder(folder: Path) -> str:
    """Why a data folder keeps nothing, and what to do, for the start of a game."""
    return _("The data folder {path} cannot be used. Free space on the card or fix the "
             "folder's permissions, then restart the companion.").format(path=folder)


def _start_fresh(path: Path, exc: sqlite3.Error, notices: list[str],
                 failed: sqlite3.Connection | None = None) -> Opened:
    """Move a damaged database and its -wal/-shm aside (never overwrite) and begin anew."""
    aside = _aside_name(path, "damaged")
    try:
        path.rename(aside)
        for extra in (*SIDECARS, CHECK_FAILED_SUFFIX):
            source = Path(str(path) + extra)
            if source.exists():
                source.rename(Path(str(aside) + extra))
    except OSError as move_error:
        if failed is not None:
            with contextlib.suppress(sqlite3.Error):
                failed.close()
        notices.append(_("The game log at {path} is damaged ({error}) and could not be moved "
                         "aside ({reason}); this game night will not be saved.").format(
                             path=path, error=exc, reason=move_error.strerror))
        return Opened(memory_database(), persistent=False, notices=notices,
                      unsaved=unusable_folder(path.parent))
    if failed is not None:
        with contextlib.suppress(sqlite3.Error):
            failed.close()
    notices.append(_("The game log was damaged ({error}). It was kept as {aside} and a new "
                     "log was started.").format(error=exc, aside=aside))
    try:
        db = connect(path)
        prepare(db)
    except sqlite3.Error as fresh_error:
        notices.append(describe_medium_problem(path.parent, fresh_error))
        return Opened(memory_database(), persistent=False, notices=notices,
                      unsaved=unusable_folder(path.parent))
    return Opened(db, notices=notices)
