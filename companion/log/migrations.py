"""Schema versions of the game log, and the steps from each version to the next.

The database records its version in ``meta.schema_version`` (0: a new, empty file).
:func:`migrate` runs every step after that version, in order, inside one transaction:
all of them are applied or none is. A database newer than :data:`SCHEMA_VERSION` is
never touched (see :class:`~companion.log.store.Store`).

To change the schema, add a step; never edit one that has been released::

    @step(4)
    def _player_profiles(db: sqlite3.Connection) -> None:
        \"\"\"Players kept between game nights.\"\"\"
        db.execute("CREATE TABLE profiles (name TEXT PRIMARY KEY, colour TEXT NOT NULL)")

A step takes a database at version N-1 to version N with plain ``db.execute`` calls
(never ``executescript``: it commits, which would break the all-or-nothing), and must
work on a database that already holds game nights. Give each step a test in
``tests/store/test_migrations.py`` that builds a database at N-1 with
:func:`create_at_version`, migrates it and checks what the step promises. A new
database runs the same steps, so a migrated log and a new one cannot drift apart.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

Step = Callable[[sqlite3.Connection], None]

#: version -> the step that takes a database from version - 1 to version
STEPS: dict[int, Step] = {}


def step(version: int) -> Callable[[Step], Step]:
    """Register ``function`` as the step to ``version`` (one step per version, no gaps)."""

    def register(function: Step) -> Step:
        if version in STEPS:
            raise ValueError(f"two migration steps to schema version {version}")
        STEPS[version] = function
        return function

    return register


@step(1)
def _game_nights(db: sqlite3.Connection) -> None:
    """The first released schema: games, players, the log, snapshots and tags."""
    for statement in (
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE IF NOT EXISTS games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            created REAL NOT NULL,
            status TEXT NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'finished', 'abandoned')),
            ended REAL,
            result TEXT)""",
        """CREATE TABLE IF NOT EXISTS players (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            colour TEXT NOT NULL,
            seat INTEGER NOT NULL,
            token TEXT,
            PRIMARY KEY (game_id, position))""",
        """CREATE TABLE IF NOT EXISTS log (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
            action TEXT,
            PRIMARY KEY (game_id, seq))""",
        """CREATE TABLE IF NOT EXISTS snapshots (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            applied INTEGER NOT NULL,
            origin INTEGER NOT NULL,
            code TEXT NOT NULL,
            state BLOB NOT NULL,
            PRIMARY KEY (game_id, applied))""",
        """CREATE TABLE IF NOT EXISTS tags (
            uid TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            value TEXT NOT NULL,
            label TEXT NOT NULL)""",
    ):
        db.execute(statement)


@step(2)
def _database_id(db: sqlite3.Connection) -> None:
    """A random id of this database, so a write-ahead log of another one is recognised."""
    import uuid  # once per database, not at every start

    db.execute("INSERT OR IGNORE INTO meta VALUES ('database_id', ?)", (uuid.uuid4().hex,))


@step(3)
def _log_kept_aside(db: sqlite3.Connection) -> None:
    """Log entries that could not be replayed, set aside (never deleted) to play on."""
    db.execute("""CREATE TABLE log_aside (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        action TEXT,
        set_aside REAL NOT NULL,
        reason TEXT NOT NULL,
        PRIMARY KEY (game_id, seq, set_aside))""")


@step(4)
def _write_counter(db: sqlite3.Connection) -> None:
    """A counter every transaction bumps: it keeps the meta page (and the database's id)
    in every write-ahead log of ours, which is how a stranger's log is told apart."""
    db.execute("INSERT OR IGNORE INTO meta VALUES ('writes', '0')")


@step(5)
def _players_remembered(db: sqlite3.Connection) -> None:
    """Player profiles (usual colour, seat, token), time on turn, and table settings."""
    db.execute("""CREATE TABLE profiles (
        name TEXT PRIMARY KEY COLLATE NOCASE,
        colour TEXT NOT NULL,
        seat INTEGER NOT NULL,
        token TEXT,
        last_played REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0)""")
    # each stretch a player (position in the game's seat order) was on turn
    db.execute("""CREATE TABLE turn_times (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        player INTEGER NOT NULL,
        started REAL NOT NULL,
        ended REAL NOT NULL,
        PRIMARY KEY (game_id, started))""")
    # what the table set (the turn reminder); values are JSON
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    # the players of the game nights so far become profiles, the latest line-up winning
    db.execute("""INSERT OR REPLACE INTO profiles (name, colour, seat, token, last_played, games)
        SELECT p.name, p.colour, p.seat, p.token, g.created,
               (SELECT count(*) FROM players q WHERE q.name = p.name COLLATE NOCASE)
        FROM players p JOIN games g ON g.id = p.game_id ORDER BY g.created""")


@step(6)
def _corrections_and_places(db: sqlite3.Connection) -> None:
    """Corrections of finished games and of players, kept as entries (never overwritten),
    and per game an optional place, a note, and where an imported game came from."""
    db.execute("""CREATE TABLE edits (
        id INTEGER PRIMARY KEY,
        game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
        made REAL NOT NULL,
        who TEXT NOT NULL,
        kind TEXT NOT NULL,
        before TEXT NOT NULL,
        after TEXT NOT NULL,
        undone_by INTEGER)""")
    # NULL: played on this companion; "bgstats": brought in from a BG Stats file
    for column in ("place TEXT", "note TEXT", "source TEXT", "source_id TEXT"):
        db.execute(f"ALTER TABLE games ADD COLUMN {column}")



@step(7)
def _history_indexes(db: sqlite3.Connection) -> None:
    """Indexes that keep the screens of a long history fast: a page of History, the last
    game at New game and the players' names read without scanning every game."""
    db.execute("CREATE INDEX games_by_status ON games (status, created, id)")
    db.execute("CREATE INDEX players_by_name ON players (name, game_id)")


#: a game's result as rows: each name in it, their total and whether they won
_SCORES_OF = """INSERT INTO result_scores (game_id, name, total, won)
    SELECT {game}, name, max(total), max(won) FROM (
        SELECT json_extract(value, '$.name') AS name,
               CAST(json_extract(value, '$.total') AS INTEGER) AS total, 0 AS won
        FROM json_each({result}, '$.players')
        UNION ALL SELECT value, NULL, 1 FROM json_each({result}, '$.winners'))
    WHERE typeof(name) = 'text' GROUP BY name"""


@step(8)
def _stats_tables(db: sqlite3.Connection) -> None:
    """The figures Stats adds up, as rows SQL sums without reading a result's JSON or a
    game's every turn: each result's totals and winners (``result_scores``) and each seat's
    seconds on turn (``seat_turns``). Triggers keep them in the same transaction as the
    write they follow, whatever writes it (a finish, an import, a correction, a rename or
    merge, a deletion by cascade), so no writer can forget them."""
    db.execute("""CREATE TABLE result_scores (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        total INTEGER,
        won INTEGER NOT NULL,
        PRIMARY KEY (game_id, name))""")
    db.execute("""CREATE TABLE seat_turns (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        player INTEGER NOT NULL,
        seconds REAL NOT NULL,
        PRIMARY KEY (game_id, player))""")
    scores = _SCORES_OF.format(game="NEW.id", result="NEW.result")
    db.execute(f"""CREATE TRIGGER result_scores_added AFTER INSERT ON games
        WHEN NEW.result IS NOT NULL BEGIN {scores}; END""")
    db.execute(f"""CREATE TRIGGER result_scores_changed AFTER UPDATE OF result ON games BEGIN
        DELETE FROM result_scores WHERE game_id = NEW.id; {scores}; END""")
    # a stretch saved again (INSERT OR REPLACE, the same start) first takes the old one off
    db.execute("""CREATE TRIGGER seat_turns_replaced BEFORE INSERT ON turn_times BEGIN
        UPDATE seat_turns SET seconds = seconds - (
            SELECT t.ended - t.started FROM turn_times t
            WHERE t.game_id = NEW.game_id AND t.started = NEW.started)
        WHERE game_id = NEW.game_id AND player = (
            SELECT t.player FROM turn_times t
            WHERE t.game_id = NEW.game_id AND t.started = NEW.started); END""")
    db.execute("""CREATE TRIGGER seat_turns_added AFTER INSERT ON turn_times BEGIN
        INSERT INTO seat_turns VALUES (NEW.game_id, NEW.player, NEW.ended - NEW.started)
        ON CONFLICT (game_id, player) DO UPDATE SET seconds = seconds + excluded.seconds;
        END""")
    db.execute("""CREATE TRIGGER seat_turns_removed AFTER DELETE ON turn_times BEGIN
        UPDATE seat_turns SET seconds = seconds - (OLD.ended - OLD.started)
        WHERE game_id = OLD.game_id AND player = OLD.player;
        DELETE FROM seat_turns WHERE game_id = OLD.game_id AND player = OLD.player
            AND NOT EXISTS (SELECT 1 FROM turn_times t WHERE t.game_id = OLD.game_id
                            AND t.player = OLD.player); END""")
    # the games and turns already kept
    for game_id, result in db.execute("SELECT id, result FROM games WHERE result IS NOT NULL"
                                      ).fetchall():
        db.execute(_SCORES_OF.format(game="?1", result="?2"), (game_id, result))
    db.execute("INSERT INTO seat_turns SELECT game_id, player, sum(ended - started) "
               "FROM turn_times GROUP BY game_id, player")


@step(9)
def _games_being_imported(db: sqlite3.Connection) -> None:
    """A game's status may be ``importing``: an import writes its games in short
    transactions (a game being played commits its moves between them), and one last one
    publishes them as ``finished``; until then every reader leaves them out, and a failed
    or interrupted import deletes them. Only the CHECK of ``games.status`` changes, so
    the table's text in the schema is edited in place (SQLite's documented way to change
    a CHECK constraint; no row is touched)."""
    (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' "
                        "AND name = 'games'").fetchone()
    widened = sql.replace("'abandoned'))", "'abandoned', 'importing'))")
    if widened == sql:
        raise sqlite3.DatabaseError("the games table's status check is not the one expected")
    (version,) = db.execute("PRAGMA schema_version").fetchone()
    db.execute("PRAGMA writable_schema = ON")
    try:
        db.execute("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'games'",
                   (widened,))
        db.execute(f"PRAGMA schema_version = {int(version) + 1}")
    finally:
        db.execute("PRAGMA writable_schema = OFF")


@step(10)
def _scored_games_index(db: sqlite3.Connection) -> None:
    """An index holding what Stats reads of each finished game with a result (its id,
    game, start and end): Stats adds up the largest history without reading the games'
    rows, whose result, options and notes make them many times larger."""
    db.execute("CREATE INDEX games_scored ON games (status, id, game, created, ended) "
               "WHERE result IS NOT NULL")


SCHEMA_VERSION = max(STEPS)


def schema_version(db: sqlite3.Connection) -> int:
    """The version recorded in the database; 0 for a file without the meta table."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
                      ).fetchone():
        return 0
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def migrate(db: sqlite3.Connection, target: int | None = None) -> int:
    """Bring ``db`` (an autocommit connection) to ``target``; returns the version it had.

    One ``BEGIN IMMEDIATE`` transaction: a failing step leaves the file as it was.
    """
    goal = SCHEMA_VERSION if target is None else target
    db.execute("BEGIN IMMEDIATE")
    try:
        before = schema_version(db)
        for version in range(before + 1, goal + 1):
            STEPS[version](db)
        if goal > before:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(goal),))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return before


def create_at_version(db: sqlite3.Connection, version: int) -> None:
    """A new database at an older ``version`` (for the tests of the steps after it)."""
    migrate(db, version)
