"""What an imported game may hold: every value's type, range, length and characters.

A game from a file is checked whole before anything of it is written: a value the
history, the export or a replay could not show (a NUL in a name, a result naming nobody,
an end before the start) would break those screens for good once it is in the log. The
bounds are far beyond what a club reaches, and small enough that a hostile file cannot
make an import take hours or the history unusable.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.i18n import _
from companion.games import GAME_MODULES, get_rules
from companion.games.base import Action, PlayerInfo, ScoreInputError
from companion.log.entries import Edit, ImportedGame, LogEntry
from companion.log.limits import (
    EARLIEST,
    LATEST,
    LONGEST_GAME,
    MAX_HISTORY,
    MAX_NAME,
    LimitError,
    check_name,
    check_note,
    check_place,
    check_score,
    check_times,
    readable,
)

#: games in one file, and in the history after an import: the one history limit
MAX_GAMES = MAX_HISTORY
#: characters of one game's text in the file (a 5,000-move log is about 1.3 million)
MAX_GAME_CHARS = 2 << 20
#: characters of the whole file (checked on its size before reading)
MAX_FILE_BYTES = 512 << 20
MAX_LOG_ENTRIES = 5_000
MAX_TURN_TIMES = 5_000
MAX_TEXT = 1_000
MAX_KEY = 64
MAX_ITEMS = 500  # entries of an options, payload or breakdown object, or of a list in one
MAX_DEPTH = 6
MAX_EDITS = 1_000
KINDS = ("do", "undo", "redo")
_COLOUR = re.compile(r"[A-Za-z0-9# -]{1,24}")
_ACTION_TYPE = re.compile(r"[a-z][a-z0-9_]{0,63}")
_TOKEN = re.compile(r"[0-9A-Za-z:-]{1,40}")


class SchemaError(Exception):
    """One value of one game is not acceptable; the text names it."""


def game_uid(game: str, created: float, players: Sequence[PlayerInfo]) -> str:
    """The same game on every device: its game, start time and line-up."""
    return line_up_uid(game, created, [p.name for p in players])


def line_up_uid(game: str, created: float, names: Sequence[str]) -> str:
    """:func:`game_uid` of a game known by its players' names alone."""
    text = json.dumps([game, round(created, 3), list(names)])
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _fail(where: str, key: str) -> SchemaError:
    return SchemaError(_("{where}: {key} is missing or not valid.").format(where=where, key=key))


def _number(value: Any, where: str, key: str, low: float, high: float) -> float:
    if (not isinstance(value, (int, float)) or isinstance(value, bool)
            or not math.isfinite(value) or not low <= value <= high):
        raise _fail(where, key)
    return float(value)


def _integer(value: Any, where: str, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(where, key)
    return value


def _text(value: Any, where: str, key: str, longest: int, newlines: bool = False) -> str:
    if not isinstance(value, str) or len(value) > longest or not readable(value, newlines):
        raise _fail(where, key)
    return value


def _name(value: Any, where: str, key: str) -> str:
    try:
        return check_name(value, _("winner") if key == "winners" else None)
    except LimitError as exc:
        raise SchemaError(exc.at(where)) from None


def _score(value: Any, where: str, key: str) -> int:
    try:
        return check_score(value, key)
    except LimitError as exc:
        raise SchemaError(exc.at(where)) from None


def _plain(value: Any, where: str, key: str, depth: int = 0) -> Any:
    """A small JSON value (options, a move's details): bounded depth, size and text."""
    if depth > MAX_DEPTH:
        raise SchemaError(_("{where}: {key} is nested too deeply.").format(where=where, key=key))
    if value is None or isinstance(value, (bool, int)):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2 ** 53:
            raise _fail(where, key)
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _fail(where, key)
        return value
    if isinstance(value, str):
        return _text(value, where, key, MAX_TEXT)
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise _fail(where, key)
        return [_plain(item, where, key, depth + 1) for item in value]
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise _fail(where, key)
        return {_text(k, where, key, MAX_KEY): _plain(v, where, key, depth + 1)
                for k, v in value.items()}
    raise _fail(where, key)


def _object(value: Any, where: str, key: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, key)
    return value


def _list(value: Any, where: str, key: str, longest: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > longest:
        raise _fail(where, key)
    return value


def check_game(document: Any, number: int) -> ImportedGame:
    """The game at place ``number`` of a file, checked; SchemaError names what is wrong."""
    where = _("game {n}").format(n=number)
    if not isinstance(document, dict):
        raise SchemaError(_("{where} is not an object.").format(where=where))
    game = document.get("game")
    if not isinstance(game, str) or len(game) > MAX_KEY:
        raise _fail(where, "game")
    if game not in GAME_MODULES:
        raise SchemaError(_("{where}: the game {name!r} is not known here.").format(
            where=where, name=game))
    players = _players(document.get("players"), where, game)
    try:
        created, ended = check_times(document.get("created"), document.get("ended"))
        place = check_place(document.get("place"))
        note = check_note(document.get("note"))
    except LimitError as exc:
        raise SchemaError(exc.at(where)) from None
    options = _plain(document.get("options") or {}, where, "options")
    if not isinstance(options, dict):
        raise _fail(where, "options")
    return ImportedGame(
        game=game, options=options, created=created, ended=ended,
        result=_result(document.get("result"), where, players, game),
        players=players, entries=_entries(document.get("log"), where, len(players)),
        turn_times=_turn_times(document.get("turn_times"), where, len(players)),
        place=place, note=note,
        edits=_edits(document.get("edits"), where, players, game))


def _players(value: Any, where: str, game: str) -> tuple[PlayerInfo, ...]:
    rules = get_rules(game)
    items = _list(value, where, "players", rules.max_players)
    if len(items) < rules.min_players:
        raise _fail(where, "players")
    players = []
    for item in items:
        player = _object(item, where, "players")
        colour = player.get("colour", "grey")
        token = player.get("token")
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise _fail(where, "colour")
        if token is not None and (not isinstance(token, str) or not _TOKEN.fullmatch(token)):
            raise _fail(where, "token")
        players.append(PlayerInfo(_name(player.get("name"), where, "name"), colour,
                                  _integer(player.get("seat", 0), where, "seat", 0, 63), token))
    if len({p.name.casefold() for p in players}) != len(players):
        raise SchemaError(_("{where}: two players have the same name.").format(where=where))
    return tuple(players)


def _result(value: Any, where: str, players: tuple[PlayerInfo, ...], game: str,
            own_names: bool = False) -> dict[str, Any]:
    """The final score: every player once, totals in range, winners among them; the
    entries it was worked out from, if kept, must score again by the game's own scoring.
    (``own_names``: a result of the edit log, which may name players seated before a
    correction: as many names as seats, each once.)"""
    result = _object(value, where, "result")
    names = {p.name for p in players}
    scored: list[dict[str, Any]] = []
    for item in _list(result.get("players"), where, "result", len(players)):
        score = _object(item, where, "result")
        name = _name(score.get("name"), where, "result")
        breakdown = _object(score.get("breakdown", {}), where, "breakdown")
        if len(breakdown) > MAX_ITEMS:
            raise _fail(where, "breakdown")
        scored.append({
            "name": name,
            "total": _score(score.get("total"), where, "total"),
            "breakdown": {_text(k, where, "breakdown", MAX_KEY): _score(v, where, "breakdown")
                          for k, v in breakdown.items()}})
    if own_names:
        names = {s["name"] for s in scored}
    if {s["name"] for s in scored} != names or len(scored) != len(players):
        raise SchemaError(_("{where}: the result does not name each player once.").format(
            where=where))
    winners = [_name(w, where, "winners") for w in
               _list(result.get("winners"), where, "winners", len(players))]
    if not set(winners) <= names or len(set(winners)) != len(winners):
        raise _fail(where, "winners")
    checked: dict[str, Any] = {
        "players": scored, "winners": winners,
        "explanation": _text(result.get("explanation", ""), where, "explanation", MAX_TEXT,
                             newlines=True)}
    if result.get("places") is not None:  # as the game's tie-break left them
        checked["places"] = [_integer(place, where, "places", 1, len(scored)) for place in
                             _list(result["places"], where, "places", len(scored))]
        if len(checked["places"]) != len(scored):
            raise _fail(where, "places")
    if result.get("said") is not None:  # what the explanation says, keys and numbers
        said = _plain(result["said"], where, "said")
        if not isinstance(said, list) or not all(isinstance(item, dict) and isinstance(
                item.get("say"), str) for item in said):
            raise _fail(where, "said")
        checked["said"] = said
    if result.get("entries") is not None:
        entries = _plain(result["entries"], where, "entries")
        try:
            get_rules(game).rescore(entries, [p.name for p in players])
        except (ScoreInputError, KeyError, IndexError, TypeError, ValueError):
            raise _fail(where, "entries") from None
        checked["entries"] = entries
    return checked


def _edits(value: Any, where: str, players: tuple[PlayerInfo, ...],
           game: str) -> tuple[Edit, ...]:
    """The game's edit log: corrections of its fields and undos of earlier ones."""
    edits: list[Edit] = []
    for item in _list(value if value is not None else [], where, "edits", MAX_EDITS):
        edit = _object(item, where, "edits")
        number = _integer(edit.get("id"), where, "edits", 1, 1 << 62)
        if edits and number <= edits[-1].id:
            raise _fail(where, "edits")
        kind = edit.get("kind")
        before = _object(edit.get("before"), where, "edits")
        after = _object(edit.get("after"), where, "edits")
        if kind == "game":
            if set(before) != set(after) or not set(after) <= set(EDITABLE):
                raise _fail(where, "edits")
            before = _fields(before, where, players, game)
            after = _fields(after, where, players, game)
        elif kind == "undo":
            undone = _integer(before.get("edit"), where, "edits", 1, 1 << 62)
            if after or set(before) != {"edit"} or all(e.id != undone for e in edits):
                raise _fail(where, "edits")
            before = {"edit": undone}
        else:
            raise _fail(where, "edits")
        undone_by = edit.get("undone_by")
        if undone_by is not None:
            undone_by = _integer(undone_by, where, "edits", number + 1, 1 << 62)
        edits.append(Edit(number, None, _number(edit.get("made"), where, "edits", EARLIEST,
                                                  LATEST),
                                  _text(edit.get("who", ""), where, "edits", MAX_NAME), kind,
                                  dict(before), dict(after), undone_by))
    numbers = {e.id for e in edits}
    if any(e.undone_by is not None and e.undone_by not in numbers for e in edits):
        raise _fail(where, "edits")
    return tuple(edits)


#: the fields of a finished game a correction changes (as ``Store.edit_game`` takes them)
EDITABLE = ("result", "created", "ended", "players", "place", "note")


def _fields(values: Mapping[str, Any], where: str, players: tuple[PlayerInfo, ...],
            game: str) -> dict[str, Any]:
    """The values one correction set, or found, checked as the game's own would be."""
    checked: dict[str, Any] = {}
    if "players" in values:
        rows = _list(values["players"], where, "edits", len(players))
        if len(rows) != len(players) or not all(isinstance(r, list) and len(r) == 4
                                                for r in rows):
            raise _fail(where, "edits")
        seated = _players([{"name": r[0], "colour": r[1], "seat": r[2], "token": r[3]}
                           for r in rows], where, game)
        checked["players"] = [[p.name, p.colour, p.seat, p.token] for p in seated]
    for key, value in values.items():
        if key == "result":
            checked[key] = None if value is None else _result(value, where, players, game,
                                                              own_names=True)
        elif key in ("created", "ended"):
            checked[key] = None if value is None else _number(value, where, key, EARLIEST,
                                                              LATEST)
        elif key in ("place", "note"):
            try:
                checked[key] = check_place(value) if key == "place" else check_note(value)
            except LimitError as exc:
                raise SchemaError(exc.at(where)) from None
    return checked


def _entries(value: Any, where: str, seats: int) -> tuple[LogEntry, ...]:
    entries = []
    previous = 0
    for item in _list(value, where, "log", MAX_LOG_ENTRIES):
        entry = _object(item, where, "log")
        seq = _integer(entry.get("seq"), where, "seq", previous + 1, 1 << 31)
        kind = entry.get("kind")
        if kind not in KINDS:
            raise _fail(where, "kind")
        action = None
        if kind == "do":
            action = _action(entry.get("action"), where, seats)
        elif entry.get("action") is not None:
            raise _fail(where, "action")
        entries.append(LogEntry(str(kind), action, seq))
        previous = seq
    return tuple(entries)


def _action(value: Any, where: str, seats: int) -> Action:
    data = _object(value, where, "action")
    kind = data.get("type")
    if not isinstance(kind, str) or not _ACTION_TYPE.fullmatch(kind):
        raise _fail(where, "type")
    payload = _plain(data.get("payload") or {}, where, "payload")
    if not isinstance(payload, dict):
        raise _fail(where, "payload")
    player = data.get("player")
    if player is not None:
        player = _integer(player, where, "player", 0, seats - 1)
    return Action(kind, payload, player, _number(data.get("at", 0.0), where, "at", 0.0, LATEST))


def _turn_times(value: Any, where: str, seats: int) -> tuple[tuple[int, float, float], ...]:
    times = []
    for item in _list(value if value is not None else [], where, "turn_times", MAX_TURN_TIMES):
        if not isinstance(item, list) or len(item) != 3:
            raise _fail(where, "turn_times")
        started = _number(item[1], where, "turn_times", EARLIEST, LATEST)
        times.append((_integer(item[0], where, "turn_times", 0, seats - 1), started,
                      _number(item[2], where, "turn_times", started, started + LONGEST_GAME)))
    return tuple(times)
