"""The crash-safe store of the game nights: games, players, the append-only log, tags.

One append-only ``log`` table holds every entry of every game night (actions, undos and
redos); ``games`` and ``players`` describe the nights; ``tags`` maps NFC UIDs to meanings.
A write returns only after its commit has reached the disk (:mod:`companion.log.database`),
so whatever the UI has acknowledged survives a pulled plug. A database that cannot be
opened or fails its integrity check is never overwritten: it is moved aside and a fresh
one is started (:mod:`companion.log.opening`).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.core.i18n import _
from companion.games.base import PlayerInfo
from companion.log.database import DB_NAME, default_data_dir
from companion.log.entries import (
    GameRecord,
    LogEntry,
    Profile,
    StoreError,
    TagMeaning,
    decode_entry,
    lazy_json,
)
from companion.log.history_edits import HistoryEdits
from companion.log.opening import unusable_folder


class Store(HistoryEdits):
    """The SQLite store. Open with :meth:`open`; :attr:`notices` say what happened."""

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

    def create_game(self, game: str, players: Sequence[PlayerInfo],
                    options: dict[str, Any], place: str | None = None,
                    note: str | None = None) -> int:
        """A new game (with where it is played and a note, if the table gave them)."""
        with self._writing() as db:
            cursor = db.execute("INSERT INTO games (game, options, created, place, note) "
                                "VALUES (?, ?, ?, ?, ?)",
                                (game, lazy_json().dumps(options), time.time(), place or None,
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
        payload = lazy_json().dumps(entry.action.to_json()) if entry.action else None
        with self._writing() as db:
            row = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM log WHERE game_id = ?",
                             (game_id,)).fetchone()
            seq = int(row[0])
            db.execute("INSERT INTO log VALUES (?, ?, ?, ?)", (game_id, seq, entry.kind, payload))
        return seq

    def finish_game(self, game_id: int, result: dict[str, Any]) -> None:
        with self._writing() as db:
            db.execute("UPDATE games SET status = 'finished', ended = ?, result = ? WHERE id = ?",
                       (time.time(), lazy_json().dumps(result), game_id))

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
        return [decode_entry(seq, kind, action) for seq, kind, action in rows]

    def log_rows(self, game_id: int) -> list[tuple[int, str, str | None]]:
        """(seq, kind, action as stored) of every entry, oldest first, nothing decoded
        (the export reads a long history's logs this way)."""
        return self._read("SELECT seq, kind, action FROM log WHERE game_id = ? ORDER BY seq",
                          (game_id,))

    def finished_ids(self) -> list[int]:
        """The ids of the finished games, the oldest start first (games started together:
        the later id first, as :meth:`finished_games` lists them)."""
        return [int(row[0]) for row in self._read(
            "SELECT id FROM games WHERE status = 'finished' ORDER BY created, id DESC")]

    def log_index(self, game_id: int) -> list[tuple[int, str]]:
        """(seq, kind) of every entry, oldest first: the shape of the log, nothing decoded."""
        return self._read("SELECT seq, kind FROM log WHERE game_id = ? ORDER BY seq",
                          (game_id,))

    def log_from(self, game_id: int, seq: int) -> list[LogEntry]:
        """The entries from ``seq`` on, decoded (the tail after a snapshot)."""
        rows = self._read("SELECT seq, kind, action FROM log WHERE game_id = ? AND seq >= ? "
                          "ORDER BY seq", (game_id, seq))
        return [decode_entry(seq, kind, action) for seq, kind, action in rows]

    def log_entry(self, game_id: int, seq: int) -> LogEntry:
        rows = self._read("SELECT seq, kind, action FROM log WHERE game_id = ? AND seq = ?",
                          (game_id, seq))
        if not rows:
            raise StoreError(_("Move {seq} is missing from the log.").format(seq=seq))
        return decode_entry(*rows[0])

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
                 lazy_json().dumps(e.action.to_json()) if e.action else None)
                for i, e in enumerate(entries)])

    def log_aside(self, game_id: int) -> list[LogEntry]:
        """Entries set aside by :meth:`set_log_aside`, oldest first."""
        rows = self._read("SELECT seq, kind, action FROM log_aside WHERE game_id = ? "
                          "ORDER BY set_aside, seq", (game_id,))
        return [decode_entry(seq, kind, action) for seq, kind, action in rows]

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

    def unfinished_game(self) -> GameRecord | None:
        """The most recent game that is neither finished nor abandoned."""
        games = self._games("status = 'open'", limit=1)
        return games[0] if games else None

    def finished_games(self, limit: int = -1, offset: int = 0,
                       oldest_first: bool = False) -> list[GameRecord]:
        """Finished games, newest first (a page of ``limit`` from ``offset``: History)."""
        return self._games("status = 'finished'", limit, offset, oldest_first)

    def finished_count(self) -> int:
        """How many finished games the history holds (against :data:`MAX_HISTORY`)."""
        return int(self._read("SELECT count(*) FROM games WHERE status = 'finished'")[0][0])

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

    def last_game(self, game: str | None = None) -> GameRecord | None:
        """The most recently started game that was not abandoned (its line-up and options);
        of the game ``game`` only, if given."""
        if game is None:
            games = self._games("status IN ('open', 'finished')", limit=1)
        else:
            games = self._games("status IN ('open', 'finished') AND game = ?", limit=1,
                                values=(game,))
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

    def unfinished_games(self, limit: int = -1) -> list[GameRecord]:
        return self._games("status = 'open'", limit)

    def set_place(self, game_id: int, place: str | None, note: str | None) -> None:
        """Where a game was played and a line about it (both optional)."""
        with self._writing() as db:
            db.execute("UPDATE games SET place = ?, note = ? WHERE id = ?",
                       (place or None, note or None, game_id))

    def places(self, limit: int = 6) -> list[str]:
        """Places typed before, the most recent first (offered again)."""
        rows = self._read("SELECT place FROM games WHERE place IS NOT NULL AND status != "
                          "'importing' GROUP BY place ORDER BY max(created) DESC LIMIT ?",
                          (limit,))
        return [str(row[0]) for row in rows]

    def last_place(self) -> tuple[str | None, str | None]:
        """The place and note of the game started last (abandoned or not): New game offers
        them again."""
        rows = self._read("SELECT place, note FROM games WHERE source IS NULL AND status "
                          "!= 'importing' ORDER BY created DESC, id DESC LIMIT 1")
        return (rows[0][0], rows[0][1]) if rows else (None, None)

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
        return lazy_json().loads(rows[0][0]) if rows else default

    def set_table_setting(self, key: str, value: Any) -> None:
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)",
                       (key, lazy_json().dumps(value)))

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
        rows = self._read("SELECT name FROM players WHERE game_id NOT IN (SELECT id FROM "
                          "games WHERE status = 'importing') GROUP BY name "
                          "ORDER BY max(game_id) DESC LIMIT ?", (limit,))
        return [str(row[0]) for row in rows]

    # -- the figures Stats adds up (schema version 8: result_scores, seat_turns) -----------

    def seated_names(self) -> list[str]:
        """Every name seated at a game, each spelling once: a player's figures are read for
        the spellings that fold to their name ("Ann" and "ann" are one player)."""
        return [str(row[0]) for row in self._read("SELECT DISTINCT name FROM players")]

    def player_figures(self, game: str | None = None,
                       names: Sequence[str] | None = None) -> list[tuple[Any, ...]]:
        """Per name as seated (of ``game`` only, if given; of ``names`` only, if given),
        over the finished games with a result: games, wins, the sum, count and best of
        their totals, the sum and count of the games' lengths, seconds on turn and games
        timed, and the start of their first and last game. SQL adds it up from the rows
        the triggers keep."""
        return self._read(f"""
            SELECT p.name, count(*), coalesce(sum(s.won), 0), coalesce(sum(s.total), 0),
                   count(s.total), max(s.total),
                   coalesce(sum(max(0.0, g.ended - g.created)), 0.0), count(g.ended),
                   coalesce(sum(CASE WHEN timed.game_id IS NOT NULL
                                THEN coalesce(t.seconds, 0.0) END), 0.0),
                   count(timed.game_id), min(g.created), max(g.created)
            FROM games g JOIN players p ON p.game_id = g.id
            LEFT JOIN result_scores s ON s.game_id = g.id AND s.name = p.name
            LEFT JOIN seat_turns t ON t.game_id = g.id AND t.player = p.position
            LEFT JOIN (SELECT DISTINCT game_id FROM seat_turns) timed ON timed.game_id = g.id
            WHERE g.status = 'finished' AND g.result IS NOT NULL
                  AND (?1 IS NULL OR g.game = ?1) {_OF_NAMES if names is not None else ""}
            GROUP BY p.name""",
            (game,) if names is None else (game, lazy_json().dumps(list(names))))

    def seat_at(self, name: str, created: float, game: str | None = None,
                last: bool = False) -> tuple[int, str] | None:
        """(game id, colour) of ``name``'s finished game started at ``created`` (of ``game``
        only, if given); of two started together the later id first, or with ``last``
        the earlier one (the order Stats reads the games in, oldest start first)."""
        rows = self._read(
            "SELECT g.id, p.colour FROM games g JOIN players p ON p.game_id = g.id "
            # the games started then (a few) first, not every game of the name
            "WHERE g.status = 'finished' AND g.created = ?1 AND +p.name = ?2 "
            "AND g.result IS NOT NULL AND (?3 IS NULL OR g.game = ?3) "
            f"ORDER BY g.id {'' if last else 'DESC'} LIMIT 1", (created, name, game))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def game_figures(self, game: str | None = None) -> list[tuple[Any, ...]]:
        """Per game (``game`` only, if given), over the finished games with a result: how
        many, the sum and count of their lengths, and the sum and count of the best
        winner's total, the game played most recently first."""
        return self._read("""
            SELECT g.game, count(*), coalesce(sum(max(0.0, g.ended - g.created)), 0.0),
                   count(g.ended), coalesce(sum(w.best), 0), count(w.best)
            FROM games g
            LEFT JOIN (SELECT game_id, max(total) AS best FROM result_scores
                       WHERE won AND total IS NOT NULL GROUP BY game_id) w
                ON w.game_id = g.id
            WHERE g.status = 'finished' AND g.result IS NOT NULL
                  AND (?1 IS NULL OR g.game = ?1)
            GROUP BY g.game ORDER BY max(g.created) DESC""", (game,))

    # -- one player's figures (their screens), read for the spellings of their name -------

    def last_scores(self, names: Sequence[str], limit: int) -> list[tuple[str, int]]:
        """(game, total) of the last ``limit`` finished games with a total of one of
        ``names``, oldest first (games started together: the later id first)."""
        rows = self._read(f"""
            SELECT g.game, s.total FROM players p JOIN games g ON g.id = p.game_id
            JOIN result_scores s ON s.game_id = g.id AND s.name = p.name
            WHERE g.status = 'finished' AND g.result IS NOT NULL AND s.total IS NOT NULL
                  {_OF_NAMES}
            ORDER BY g.created DESC, g.id LIMIT ?1""", (limit, lazy_json().dumps(list(names))))
        return [(str(game), int(total)) for game, total in reversed(rows)]

    def seat_results(self, names: Sequence[str],
                     game: str) -> list[tuple[int, bool, int | None]]:
        """(seat number from 1, won, their total or None) of each finished game of ``game``
        with a result where one of ``names`` sat, oldest start first (games started
        together: the later id first)."""
        rows = self._read(f"""
            SELECT p.position + 1, coalesce(s.won, 0), s.total {_PLAYED_AT}
            ORDER BY g.created, g.id DESC""", (game, lazy_json().dumps(list(names))))
        return [(int(seat), bool(won), total) for seat, won, total in rows]

    def meetings(self, names: Sequence[str], game: str) -> list[tuple[str, int, int]]:
        """(opponent as seated, the player's place, the opponent's place; 99: none) of
        every opponent in those games, in the same order, then by seat. A place is the
        result's own (``places``, as its tie-break left them) or else one more than the
        players ahead by total, a winner ahead of a tie."""
        return self._read(f"""
            WITH mine AS MATERIALIZED (
                SELECT g.id, g.created, g.result, p.name, p.position,
                       json_array_length(g.result, '$.places')
                           = json_array_length(g.result, '$.players') AS ranked
                {_PLAYED_AT}),
            placed AS MATERIALIZED (
                SELECT s.game_id, s.name, CASE WHEN m.ranked THEN (
                    SELECT CAST(json_extract(m.result, '$.places[' || e.key || ']') AS INTEGER)
                    FROM json_each(m.result, '$.players') e
                    WHERE json_extract(e.value, '$.name') = s.name
                    LIMIT 1)
                  ELSE 1 + (SELECT count(*) FROM result_scores r WHERE r.game_id = s.game_id
                            AND r.total IS NOT NULL AND (r.total, r.won) > (s.total, s.won))
                  END AS place
                FROM mine m JOIN result_scores s ON s.game_id = m.id
                WHERE s.total IS NOT NULL)
            SELECT o.name, coalesce(a.place, 99), coalesce(b.place, 99)
            FROM mine m JOIN players o ON o.game_id = m.id AND o.position != m.position
            LEFT JOIN placed a ON a.game_id = m.id AND a.name = m.name
            LEFT JOIN placed b ON b.game_id = m.id AND b.name = o.name
            ORDER BY m.created, m.id DESC, o.position""",
                          (game, lazy_json().dumps(list(names))))

    def last_colours(self, names: Sequence[str]) -> list[tuple[str, str, float, int]]:
        """(name, colour, start, game id) of each of ``names``' last finished game (games
        started together: the earlier id)."""
        return self._read(f"""
            SELECT name, colour, created, id FROM (
                SELECT p.name, p.colour, g.created, g.id, row_number() OVER (
                    PARTITION BY p.name ORDER BY g.created DESC, g.id) AS latest
                FROM players p JOIN games g ON g.id = p.game_id
                WHERE g.status = 'finished' {_OF_NAMES.replace("?2", "?1")})
            WHERE latest = 1""", (lazy_json().dumps(list(names)),))

    def length_figures(self, game: str) -> list[tuple[int, float, int]]:
        """(players seated, the sum and count of the lengths) of the finished games of
        ``game`` with a result and a length, by how many played, fewest first."""
        return self._read("""
            SELECT (SELECT count(*) FROM players p WHERE p.game_id = g.id) AS seated,
                   sum(g.ended - g.created), count(*)
            FROM games g WHERE g.status = 'finished' AND g.result IS NOT NULL
                 AND g.ended IS NOT NULL AND g.game = ?
            GROUP BY seated ORDER BY seated""", (game,))


#: the seats of the names in the JSON list ``?2`` (an index search per name)
_OF_NAMES = "AND p.name IN (SELECT value FROM json_each(?2))"
#: the finished games with a result of the game ``?1`` where one of the names ``?2`` sat
_PLAYED_AT = f"""FROM players p JOIN games g ON g.id = p.game_id
    LEFT JOIN result_scores s ON s.game_id = g.id AND s.name = p.name
    WHERE g.status = 'finished' AND g.result IS NOT NULL AND g.game = ?1 {_OF_NAMES}"""


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
