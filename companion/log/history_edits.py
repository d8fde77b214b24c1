"""The history's writes: games from another companion or app, and corrections of finished games.

Every correction (a field of a game, a rename or merge of a player) is an entry of the
edit log with the values before it, so it can be undone. An undo puts those values
back, so it is refused while a later correction not undone touched any of them: the
same field of the same game (a game's seats and its score count as one, since the score
names the seated players), a game a rename or merge changed, or the same player's
profile. The refusal names the correction to undo first in the words the screens show
it by ("Undo 'Dan's total 12 -> 14' first ..."); undoing in the reverse order always
works. So whatever order corrections are made and undone in, a game's seats and its
score name the same players and each undo gives back exactly what was there before
(nothing is undone behind the player's back, as undoing the later ones along with it
would). A correction that would seat players other than its score names is refused.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice
from typing import Any, TypeVar

from companion.core.i18n import _, ngettext
from companion.games.base import PlayerInfo
from companion.log.database import Database
from companion.log.entries import Edit, GameRecord, ImportedGame, LogEntry, StoreError, lazy_json
from companion.log.limits import (
    LimitError,
    check_game_fields,
    check_name,
    history_overflow,
    normal_text,
)

DAY = 86400.0
#: games an import writes in one transaction: a move of the game being played waits for
#: one batch at most (tens of milliseconds), never for the whole import
IMPORT_BATCH = 50
_Game = TypeVar("_Game")
_Added = TypeVar("_Added")


class HistoryEdits(Database):
    """Imports and corrections of finished games (schema version 6: the edit log)."""

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
                         note: str | None = None, edits: Sequence[Edit] = (),
                         status: str = "finished") -> int:
        cursor = db.execute("INSERT INTO games (game, options, created, status, ended, "
                            "result, place, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (game, lazy_json().dumps(options), created, status, ended,
                             lazy_json().dumps(result), place, note))
        game_id = int(cursor.lastrowid or 0)
        _insert_edits(db, game_id, edits)
        db.executemany(
            "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, i, p.name, p.colour, p.seat, p.token) for i, p in enumerate(players)])
        db.executemany("INSERT INTO log VALUES (?, ?, ?, ?)", [
            (game_id, e.seq, e.kind, lazy_json().dumps(e.action.to_json()) if e.action else None)
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
                "ON p.game_id = g.id WHERE g.status IN ('open', 'finished') "
                "ORDER BY g.id, p.position"):
            games.setdefault(game_id, (game, created, []))[2].append(name)
        return [(game, created, tuple(names)) for game, created, names in games.values()]

    def import_games(self, games: Iterable[ImportedGame]) -> int:
        """Finished games from another companion, written a batch at a time (a game being
        played commits its moves between batches) and published together at the end: an
        error while ``games`` is being read (or written) keeps none of them. Returns how
        many."""
        def insert(db: sqlite3.Connection, game: ImportedGame) -> None:
            self._insert_imported(db, game.game, game.players, game.options, game.created,
                                  game.ended, game.result, game.entries, game.turn_times,
                                  game.place, game.note, game.edits, "importing")

        return len(self._import_in_batches(games, insert))

    def _import_in_batches(self, games: Iterable[_Game],
                           insert: Callable[[sqlite3.Connection, _Game], _Added],
                           publish: Callable[[sqlite3.Connection], object] = lambda db: None,
                           ) -> list[_Added]:
        """``insert`` each of ``games`` as ``importing``, :data:`IMPORT_BATCH` to a
        transaction with the writing lock let go between them; then one short transaction
        makes them all ``finished`` (after ``publish``, in it). A failure at any point
        deletes what was written, so the history gains all of them or none."""
        added: list[_Added] = []
        try:
            pending = iter(games)
            while batch := list(islice(pending, IMPORT_BATCH)):  # read outside the lock
                with self._writing() as db:
                    added.extend(insert(db, game) for game in batch)
                time.sleep(0)  # a move waiting for the lock takes it now
            with self._writing() as db:
                finished, importing = db.execute(
                    "SELECT count(*) FILTER (WHERE status = 'finished'), count(*) FILTER "
                    "(WHERE status = 'importing') FROM games").fetchone()
                refused = history_overflow(finished, importing)
                if refused is not None:  # games finished while this was being written
                    raise StoreError(refused)
                publish(db)
                db.execute("UPDATE games SET status = 'finished' WHERE status = 'importing'")
        except BaseException:
            with contextlib.suppress(StoreError):
                self.drop_unpublished()
            raise
        return added

    def drop_unpublished(self) -> int:
        """Delete the games of an import that failed or was cut off (a batch at a time, as
        they were written); how many."""
        dropped = 0
        while True:
            with self._writing() as db:
                gone = db.execute("DELETE FROM games WHERE id IN (SELECT id FROM games WHERE "
                                  "status = 'importing' LIMIT ?)", (IMPORT_BATCH,)).rowcount
            dropped += gone
            if gone < IMPORT_BATCH:
                return dropped

    # -- corrections (schema version 6): every one an entry of the edit log ----------------

    def edit_game(self, game_id: int, changes: dict[str, Any], who: str = "") -> int:
        """Correct fields of a finished game (``result``, ``created``, ``ended``, ``players``,
        ``place``, ``note``); the values before are kept in the edit log. Returns its id.
        An empty place or note is none, as :meth:`set_place` and the imports keep it."""
        changes = {key: (value or None) if key in ("place", "note") else value
                   for key, value in changes.items()}
        record = self.game(game_id)
        before = {key: _game_field(record, key) for key in changes}
        if "players" in changes or "result" in changes:
            _check_seats_and_score(changes.get("players", _game_field(record, "players")),
                                   changes.get("result", record.result))
        try:
            check_game_fields(changes, changes.get("created", record.created),
                              changes.get("ended", record.ended))
        except LimitError as exc:
            raise StoreError(exc.sentence()) from None
        with self._writing() as db:
            _set_game_fields(db, game_id, changes)
            if "players" in changes:
                _remember_seated(db, changes["players"], record)
            return _log_edit(db, game_id, who, "game", before, changes)

    def rename_player(self, old: str, new: str, who: str = "") -> int:
        """Rename a profile and its seats in every game; to an existing profile's name, merge
        the two (plays, colour, token come together). Refused when both sat in one game."""
        new = normal_text(new)
        if not new:
            raise StoreError(_("A player needs a name."))
        try:
            check_name(new)
        except LimitError as exc:
            raise StoreError(exc.sentence()) from None
        with self._writing() as db:
            target = db.execute("SELECT name FROM profiles WHERE name = ?", (new,)).fetchone()
            merge = target is not None and str(target[0]).casefold() != old.casefold()
            if merge:
                new = str(target[0])
            _refuse_same_name_at_a_game(db, old, new)
            before = _profile_snapshot(db, old, new)
            _move_player(db, old, new, merge)
            return _log_edit(db, None, who, "merge" if merge else "rename", before,
                             {"from": old, "to": new})

    def table_mates(self, name: str) -> set[str]:
        """The names (case-folded) of everybody who sat at one game with ``name``: one
        of them is another person, never to be merged with ``name``."""
        return {str(mate).casefold() for (mate,) in self._read(TABLE_MATES, (name,))}

    def edits(self, game_id: int | None = None) -> list[Edit]:
        """The edit log, newest first (of one game, with ``game_id``)."""
        where, parameters = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = self._read("SELECT id, game_id, made, who, kind, before, after, undone_by "
                          f"FROM edits {where} ORDER BY id DESC", parameters)
        return [Edit(i, g, m, w, k, lazy_json().loads(b), lazy_json().loads(a), u)
                for i, g, m, w, k, b, a, u in rows]

    def undo_edit(self, edit_id: int, who: str = "") -> int:
        """Put back what edit ``edit_id`` changed; the undo is an entry of the log too."""
        found = [e for e in self.edits() if e.id == edit_id]
        if not found or found[0].kind == "undo":
            raise StoreError(_("There is no correction number {id} to undo.").format(id=edit_id))
        edit = found[0]
        if edit.undone_by is not None:
            raise StoreError(_("That correction was already undone."))
        first = _first_to_undo(edit, self.edits())
        if first is not None:
            # putting back the old values would silently drop the later correction
            raise StoreError(self._undo_first(edit, first))
        if edit.kind == "game" and ("players" in edit.before or "result" in edit.before):
            # a log kept before undos waited for the later corrections may not fit
            assert edit.game_id is not None
            record = self.game(edit.game_id)
            _check_seats_and_score(edit.before.get("players", _game_field(record, "players")),
                                   edit.before.get("result", record.result))
        with self._writing() as db:
            if edit.kind == "game":
                assert edit.game_id is not None
                _set_game_fields(db, edit.game_id, edit.before)
            else:
                _restore_profiles(db, edit.before)
            undo = _log_edit(db, edit.game_id, who, "undo", {"edit": edit.id}, {})
            db.execute("UPDATE edits SET undone_by = ? WHERE id = ?", (undo, edit.id))
        return undo

    def _undo_first(self, edit: Edit, first: Edit) -> str:
        """The refusal of undoing ``edit``: which correction to undo first, and where."""
        change = describe_edit(first)
        if first.kind in ("rename", "merge"):
            return _("Undo '{change}' first, on the Players screen: it was made later and "
                     "changed the same players.").format(change=change)
        if first.game_id == edit.game_id:
            return _("Undo '{change}' first: it was made later and changed the same "
                     "thing.").format(change=change)
        assert first.game_id is not None
        day = time.strftime("%Y-%m-%d", time.localtime(self.game(first.game_id).created))
        return _("Undo '{change}' first, among the corrections of the game of {day}: it was "
                 "made later and changed the same game.").format(change=change, day=day)

    def add_imported_games(self, games: Sequence[dict[str, Any]]) -> list[int]:
        """Finished games from another app (no move log), written as :meth:`import_games`
        writes its games: all of them or none, yielding to a game being played.

        Each is a dict of ``game``, ``players`` (PlayerInfo), ``options``, ``created``,
        ``ended``, ``result``, ``place``, ``note``, ``source``, ``source_id``. A player not
        remembered yet becomes a profile; a remembered one keeps their colour.
        """
        def insert(db: sqlite3.Connection, game: dict[str, Any]) -> int:
            cursor = db.execute(
                "INSERT INTO games (game, options, created, status, ended, result, place, "
                "note, source, source_id) VALUES (?, ?, ?, 'importing', ?, ?, ?, ?, ?, ?)",
                (game["game"], lazy_json().dumps(game["options"]), game["created"],
                 game["ended"], lazy_json().dumps(game["result"]), game["place"],
                 game["note"], game["source"], game["source_id"]))
            game_id = int(cursor.lastrowid or 0)
            db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
                           [(game_id, i, p.name, p.colour, p.seat, p.token)
                            for i, p in enumerate(game["players"])])
            return game_id

        return self._import_in_batches(games, insert, _remember_imported_players)


def _remember_imported_players(db: sqlite3.Connection) -> None:
    """The players of the games being published: a new name becomes a profile (the colour
    and seat of its first game here), and every profile counts its games and last play."""
    imported = ("FROM games g JOIN players p ON p.game_id = g.id "
                "WHERE g.status = 'importing'")
    db.execute("INSERT OR IGNORE INTO profiles SELECT p.name, p.colour, p.seat, NULL, "
               f"g.created, 0 {imported} ORDER BY g.id, p.position")
    db.execute("UPDATE profiles SET games = games + seen.plays, "
               "last_played = max(last_played, seen.latest) FROM ("
               "SELECT p.name COLLATE NOCASE AS name, count(*) AS plays, "
               f"max(g.created) AS latest {imported} GROUP BY p.name COLLATE NOCASE) AS seen "
               "WHERE profiles.name = seen.name")


_GAME_FIELDS = ("result", "created", "ended", "players", "place", "note")


def _game_field(record: GameRecord, key: str) -> Any:
    if key not in _GAME_FIELDS:
        raise StoreError(_("{field} of a game cannot be corrected.").format(field=key))
    if key == "players":
        return [[p.name, p.colour, p.seat, p.token] for p in record.players]
    return getattr(record, key)


def _touched(edit: Edit) -> set[tuple[str, object]]:
    """What ``edit`` changed, as keys two corrections share when they touched one thing:
    (field, game), ("seating", game) for a game's seats and score together, and
    ("player", name) for a profile."""
    if edit.kind in ("rename", "merge"):
        games = {int(row[0]) for row in edit.before.get("seats", [])}
        games |= {int(game) for game in edit.before.get("results", {})}
        return ({("player", str(name).casefold()) for name in edit.before.get("names", [])}
                | {("seating", game) for game in games})
    if edit.kind != "game":
        return set()
    keys: set[tuple[str, object]] = {
        ("seating" if key in ("players", "result") else key, edit.game_id) for key in edit.after}
    if "players" in edit.after:
        seated = {(row[0], after[0]) for row, after in zip(
            edit.before.get("players") or [], edit.after["players"] or [], strict=False)}
        keys |= {("player", str(name).casefold()) for pair in seated if pair[0] != pair[1]
                 for name in pair}
    return keys


def _first_to_undo(edit: Edit, log: Sequence[Edit]) -> Edit | None:
    """The correction to undo before ``edit`` can be (None: it can be undone now): the
    newest later one still in effect that touched the same thing, or the one that must
    go before that, and so on."""
    blocking: Edit | None = None
    waiting = edit
    while True:
        mine = _touched(waiting)
        later = next((e for e in log  # the log is newest first
                      if e.id > waiting.id and e.kind != "undo" and e.undone_by is None
                      and mine & _touched(e)), None)
        if later is None:
            return blocking
        blocking = waiting = later


def _check_seats_and_score(seats: Sequence[Sequence[Any]], result: dict[str, Any] | None
                           ) -> None:
    """A game's players, each once, are the players its score names."""
    names = [str(row[0]) for row in seats]
    if any(not name.strip() for name in names):
        raise StoreError(_("A player needs a name."))
    if len({name.casefold() for name in names}) != len(names):
        raise StoreError(_("Two players of this game would have the same name."))
    if not result or "players" not in result:
        return
    scored = [str(p.get("name")) for p in result.get("players", [])]
    if sorted(scored) != sorted(names) or not set(result.get("winners", [])) <= set(names):
        raise StoreError(_("The players seated and the players scored would not be the "
                           "same; correct a seat by its name."))


def _remember_seated(db: sqlite3.Connection, seats: Sequence[Sequence[Any]],
                     record: GameRecord) -> None:
    """A name a correction seats becomes a profile if it has none, as it would by
    playing a new game (so it can be renamed or merged on the Players screen). Undoing
    the correction keeps the profile, as an abandoned game does."""
    here = {p.name for p in record.players}
    for name, colour, seat, _token in seats:
        if name not in here:
            db.execute("INSERT OR IGNORE INTO profiles VALUES (?, ?, ?, NULL, ?, 1)",
                       (name, colour, seat, record.created))


def describe_edit(edit: Edit, seats: Sequence[str] = (),
                  labels: Mapping[str, str] | None = None) -> str:
    """One correction in the words a player knows it by ("Dan's total 12 -> 14"); a
    number that left the totals as they were by the number itself ("Dan's cards in hand
    1 -> 4": ``seats`` the names in seat order, ``labels`` the game's words for its
    entries' keys)."""
    if edit.kind == "undo":
        return _("a correction undone")
    if edit.kind in ("rename", "merge"):
        return _("{old} is now {new}").format(old=edit.after.get("from", ""),
                                              new=edit.after.get("to", ""))
    if "players" in edit.after:
        moves = [_("{new} sat where {old} was").format(old=before[0], new=after[0])
                 for before, after in zip(edit.before.get("players") or [],
                                          edit.after["players"] or [], strict=False)
                 if before[0] != after[0]]
        return ", ".join(moves) or _("a player seated under another name")
    if "result" in edit.after:
        before, after = edit.before.get("result") or {}, edit.after["result"] or {}
        totals = {p.get("name"): p.get("total") for p in before.get("players", [])}
        changed = [_("{name}'s total {before} -> {after}").format(
            name=p.get("name"), before=totals[p.get("name")], after=p.get("total"))
            for p in after.get("players", [])
            if p.get("name") in totals and totals[p.get("name")] != p.get("total")]
        if changed:
            return ", ".join(changed)
        changed = _entries_changed(before, after, seats, labels or {})
        if after.get("winners") != before.get("winners") and after.get("winners"):
            changed.append(_("the victory given to {names}").format(names=", ".join(
                after["winners"])))
        return ", ".join(changed) or _("the score corrected")
    if "created" in edit.after:
        days = ((edit.after["created"] or 0) - (edit.before.get("created") or 0)) / DAY
        if days != round(days) or not days:
            return _("the date moved")
        n = abs(round(days))
        return _("the date moved: {days}").format(days=(
            ngettext("{n} day earlier", "{n} days earlier", n) if days < 0
            else ngettext("{n} day later", "{n} days later", n)).format(n=n))
    return _("place or note changed")


def _set_game_fields(db: sqlite3.Connection, game_id: int, fields: dict[str, Any]) -> None:
    for key, value in fields.items():
        if key == "players":
            db.execute("DELETE FROM players WHERE game_id = ?", (game_id,))
            db.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)",
                           [(game_id, i, *p) for i, p in enumerate(value)])
        elif key == "result":
            db.execute("UPDATE games SET result = ? WHERE id = ?",
                       (lazy_json().dumps(value) if value is not None else None, game_id))
        elif key in _GAME_FIELDS:
            db.execute(f"UPDATE games SET {key} = ? WHERE id = ?", (value, game_id))
        else:
            raise StoreError(_("{field} of a game cannot be corrected.").format(field=key))


def _log_edit(db: sqlite3.Connection, game_id: int | None, who: str, kind: str,
              before: dict[str, Any], after: dict[str, Any]) -> int:
    cursor = db.execute("INSERT INTO edits (game_id, made, who, kind, before, after) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (game_id, time.time(), who, kind,
                                                      lazy_json().dumps(before),
                                                      lazy_json().dumps(after)))
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
                            (game_id, edit.made, edit.who, edit.kind, lazy_json().dumps(before),
                             lazy_json().dumps(edit.after)))
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


def _entries_changed(before: Mapping[str, Any], after: Mapping[str, Any],
                     seats: Sequence[str], labels: Mapping[str, str]) -> list[str]:
    """Each number of the kept entries a correction changed, with its old and new value."""
    old = (before.get("entries") or {}).get("players") or []
    new = (after.get("entries") or {}).get("players") or []
    said = []
    for seat, (was, now) in enumerate(zip(old, new, strict=False)):
        name = seats[seat] if seat < len(seats) else _("Seat {n}").format(n=seat + 1)
        for path, value_was, value_now in _leaves_changed(was, now, ""):
            said.append(_("{name}'s {part} {before} -> {after}").format(
                name=name, part=labels.get(path, path.replace(".", " ").replace("_", " ")),
                before=_number_words(value_was), after=_number_words(value_now)))
    return said


def _leaves_changed(was: Any, now: Any, path: str) -> list[tuple[str, Any, Any]]:
    if isinstance(was, dict) and isinstance(now, dict):
        return [leaf for key in was if key in now
                for leaf in _leaves_changed(was[key], now[key], f"{path}.{key}".lstrip("."))]
    if isinstance(was, list) and isinstance(now, list):
        return [leaf for index, (a, b) in enumerate(zip(was, now, strict=False))
                for leaf in _leaves_changed(a, b, f"{path}.{index}".lstrip("."))]
    return [] if was == now else [(path, was, now)]


def _number_words(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


#: everybody who sat at one game with the player named by the parameter
TABLE_MATES = ("SELECT DISTINCT b.name FROM players a JOIN players b ON a.game_id = b.game_id "
               "AND a.position != b.position WHERE a.name = ?")


def _refuse_same_name_at_a_game(db: sqlite3.Connection, old: str, new: str) -> None:
    """A rename or merge may not give a game two players of one name, in any case ("ann"
    beside "Ann"), also where the other has no profile (a forgotten player): no game may
    hold that, and its export would not import back."""
    for (name,) in db.execute(TABLE_MATES, (old,)):
        if str(name).casefold() == new.casefold():
            raise StoreError(_("{a} and {b} sat at the same game: they are two "
                               "players.").format(a=old, b=name))


def _move_player(db: sqlite3.Connection, old: str, new: str, merge: bool) -> None:
    seats = db.execute("SELECT DISTINCT game_id FROM players WHERE name = ?", (old,)).fetchall()
    db.execute("UPDATE players SET name = ? WHERE name = ?", (new, old))
    for (game_id,) in seats:
        row = db.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
        if row and row[0]:
            result = rename_in_result(lazy_json().loads(row[0]), old, new)
            db.execute("UPDATE games SET result = ? WHERE id = ?",
                       (lazy_json().dumps(result), game_id))
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
    """A scored result with player ``old`` called ``new`` (in the ranking, the winners and
    what its explanation says)."""
    players = [dict(p, name=new) if p.get("name") == old else p
               for p in result.get("players", [])]
    winners = [new if name == old else name for name in result.get("winners", [])]
    renamed = {**result, "players": players, "winners": winners}
    if isinstance(result.get("said"), list):  # the names the explanation says
        renamed["said"] = [_renamed(item, old, new) for item in result["said"]]
    return renamed


def _renamed(value: Any, old: str, new: str) -> Any:
    if isinstance(value, dict):
        return {key: item if key in ("say", "rule") else _renamed(item, old, new)
                for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    return new if value == old else value
