"""The store's tables around the games: player profiles, time on turn, table settings.

Kept apart from the game log's own schema (``companion.store``) so the two change
independently; :func:`create_tables` runs whenever the store is prepared and only ever
adds tables (``IF NOT EXISTS``), so an older log simply gains them.
"""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    # one row per player name the companion has seen: their usual colour, seat and token
    """CREATE TABLE IF NOT EXISTS profiles (
        name TEXT PRIMARY KEY COLLATE NOCASE,
        colour TEXT NOT NULL,
        seat INTEGER NOT NULL,
        token TEXT,
        last_played REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0)""",
    # each stretch of time a player was on turn (position in the game's seat order)
    """CREATE TABLE IF NOT EXISTS turn_times (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        player INTEGER NOT NULL,
        started REAL NOT NULL,
        ended REAL NOT NULL,
        PRIMARY KEY (game_id, started))""",
    # what the table set (the turn reminder); values are JSON
    """CREATE TABLE IF NOT EXISTS settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
)


def create_tables(db: sqlite3.Connection) -> None:
    """Add the tables a store lacks (plain ``execute``: safe inside a transaction)."""
    for statement in STATEMENTS:
        db.execute(statement)
