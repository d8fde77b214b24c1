"""Export and import of finished games: our JSON (the whole log), CSV, BG Stats.

* JSON keeps everything needed to bring a game back on another companion: its game,
  options, players, times, result (with the entries it was scored from), every log entry,
  the time on turn, the place, the note and the edit log of its corrections. A game is
  known by its ``uid`` (game, start time and players), so importing the same file
  twice, or a file from a device that already has some of its games, adds none twice.
* CSV is one row per player per game (with the place), for a spreadsheet.
* BG Stats is that app's published import structure for a play (``sourceName``,
  ``sourcePlayId``, ``playDate``, ``game``, ``players`` with explicit ``winner`` and
  ``startPlayer``), one object per game, with the game's BoardGameGeek id and where it
  was played, so a group keeps its stats where it already keeps them.
  :mod:`companion.history.bgstats` reads it back (and BG Stats' own backup).
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from companion import __version__
from companion.core.i18n import _
from companion.games import GAME_MODULES, get_rules
from companion.games.base import ScoreResult
from companion.history.exchange_schema import (
    MAX_FILE_BYTES,
    MAX_GAME_CHARS,
    MAX_GAMES,
    SchemaError,
    check_game,
    game_uid,
    line_up_uid,
)
from companion.history.json_stream import StreamError, read_export
from companion.log.entries import GameRecord, ImportedGame, StoreError
from companion.log.limits import LimitError, check_game_fields, history_overflow
from companion.log.store import Store

FORMAT = "companion-games"
FORMAT_VERSION = 1
FORMATS = ("json", "csv", "bgstats")
CSV_FIELDS = ("game_uid", "game", "title", "started", "ended", "duration_minutes", "location",
              "position", "player", "colour", "seat", "score", "rank", "winner", "breakdown",
              "time_on_turn_seconds")


class ExchangeError(Exception):
    """A file that cannot be read back, in one line that names what is wrong."""


def _title(game: str) -> str:
    return get_rules(game).title if game in GAME_MODULES else game


def _stamp(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


#: finished games read from the store at a time while exporting (memory stays flat)
EXPORT_PAGE = 200


def chosen_games(store: Store, game_id: int | None = None) -> list[GameRecord]:
    """The finished games to export, oldest first (one, with ``game_id``)."""
    return list(each_chosen_game(store, game_id))


def each_chosen_game(store: Store, game_id: int | None = None) -> Iterator[GameRecord]:
    """:func:`chosen_games` read a page at a time: the largest history exports in a few
    megabytes."""
    if game_id is not None:
        record = store.game(game_id)
        if record.status != "finished":
            raise ExchangeError(_("Game {id} is not finished; only finished games are "
                                  "exported.").format(id=game_id))
        yield record
        return
    ids = store.finished_ids()
    for start in range(0, len(ids), EXPORT_PAGE):
        yield from store.games_of(ids[start:start + EXPORT_PAGE])


def _log_documents(store: Store, game_id: int) -> list[dict[str, Any]]:
    """The game's log as the export writes it: every action parsed in one call and put
    in :meth:`Action.to_json`'s shape (a long history's logs in seconds); a row that does
    not read as an action is written as the log gives it (no action)."""
    rows = store.log_rows(game_id)
    try:
        parsed = json.loads("[" + ",".join(action if kind == "do" and action else "null"
                                           for _seq, kind, action in rows) + "]")
        return [{"seq": seq, "kind": kind,
                 "action": None if kind != "do" else
                 {"type": str(data["type"]), "payload": dict(data.get("payload") or {}),
                  "player": data.get("player"), "at": float(data.get("at", 0.0))}}
                for (seq, kind, _action), data in zip(rows, parsed, strict=True)]
    except (ValueError, TypeError, KeyError, AttributeError):
        return [{"seq": e.seq, "kind": e.kind,
                 "action": e.action.to_json() if e.action else None}
                for e in store.log(game_id)]


def game_document(store: Store, record: GameRecord) -> dict[str, Any]:
    """Everything about one finished game, in plain JSON values."""
    return {
        "uid": game_uid(record.game, record.created, record.players),
        "game": record.game,
        "options": record.options,
        "created": record.created,
        "ended": record.ended,
        "result": record.result,
        "players": [{"name": p.name, "colour": p.colour, "seat": p.seat, "token": p.token}
                    for p in record.players],
        "log": _log_documents(store, record.id),
        "turn_times": [[player, started, ended]
                       for player, started, ended in store.turn_times(record.id)],
        "place": record.place,
        "note": record.note,
        "edits": [{"id": e.id, "made": e.made, "who": e.who, "kind": e.kind,
                   "before": e.before, "after": e.after, "undone_by": e.undone_by}
                  for e in reversed(store.edits(record.id))],
    }


def importable(record: GameRecord) -> None:
    """Refuse to export a game that would not import back (one kept before today's limits,
    a 30-character name from an older BG Stats import): the sentence names it and what to
    correct, rather than a backup that cannot be restored."""
    try:
        check_game_fields({"players": [[p.name] for p in record.players],
                           "result": record.result, "place": record.place,
                           "note": record.note}, record.created, record.ended)
    except LimitError as exc:
        raise ExchangeError(_("Game {id} of {date}: {problem} Correct it in the History, "
                              "then export again.").format(
            id=record.id, date=_stamp(record.created)[:10], problem=str(exc))) from None


def write_json(store: Store, records: Callable[[], Iterable[GameRecord]],
               out: TextIO) -> int:
    """Our JSON of the games ``records()`` gives, written to ``out`` a game a line (each
    line made by the C encoder: the largest history in seconds); how many were written.

    ``records`` is read twice: every game is checked first, so a game that would not
    import back stops the export before anything is written.
    """
    for record in records():
        importable(record)
    head = json.dumps({"format": FORMAT, "version": FORMAT_VERSION,
                       "companion": __version__, "games": []}, ensure_ascii=False)
    out.write(head[:head.rindex("[")] + "[")
    count = 0
    for record in records():
        out.write(("," if count else "") + "\n"
                  + json.dumps(game_document(store, record), ensure_ascii=False))
        count += 1
    out.write("\n]}\n")
    return count


def export_json(store: Store, records: Iterable[GameRecord]) -> str:
    """Our JSON of ``records``: every one imports back into an empty folder as it is."""
    records = list(records)
    out = io.StringIO()
    write_json(store, lambda: records, out)
    return out.getvalue()


def _ranks(result: Mapping[str, Any]) -> dict[str, int]:
    """Place of each player, as the game's tie-break left it, from the ranked result."""
    ranked = ScoreResult.from_json(result)
    return {p.name: place for p, place in zip(ranked.players, ranked.placings(), strict=True)}


#: a cell beginning with one of these is a formula to a spreadsheet (OWASP, CSV injection)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def _cell(value: object) -> object:
    """A CSV value a spreadsheet shows as text: a leading ``'`` before a formula's first
    character (a name typed as ``=HYPERLINK(...)``); plain numbers stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(
            value):
        return "'" + value
    return value


def export_csv(store: Store, records: Iterable[GameRecord]) -> str:
    out = io.StringIO()
    # RFC 4180's CRLF: a field holding a lone CR is then quoted, not read as a row's end
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for record in records:
        result = record.result or {}
        scores = {p["name"]: p for p in result.get("players", [])}
        ranks = _ranks(result)
        winners = set(result.get("winners", []))
        on_turn = store.time_on_turn(record.id)
        length = ((record.ended or record.created) - record.created) / 60
        for position, player in enumerate(record.players):
            score = scores.get(player.name, {})
            writer.writerow({key: _cell(value) for key, value in {
                "game_uid": game_uid(record.game, record.created, record.players),
                "game": record.game, "title": _title(record.game),
                "started": _stamp(record.created),
                "ended": _stamp(record.ended) if record.ended else "",
                "duration_minutes": f"{length:.1f}", "location": record.place or "",
                "position": position + 1,
                "player": player.name, "colour": player.colour, "seat": player.seat,
                "score": score.get("total", ""), "rank": ranks.get(player.name, ""),
                "winner": "yes" if player.name in winners else "no",
                "breakdown": "; ".join(f"{k}={v}" for k, v in
                                       (score.get("breakdown") or {}).items()),
                "time_on_turn_seconds": f"{on_turn[position]:.0f}" if position in on_turn
                else "",
            }.items()})
    return out.getvalue()


def bgstats_play(store: Store, record: GameRecord) -> dict[str, Any]:
    """One game as a BG Stats play."""
    result = record.result or {}
    scores = {p["name"]: p["total"] for p in result.get("players", [])}
    ranks = _ranks(result)
    winners = set(result.get("winners", []))
    from companion.history.bgstats import BGG_IDS

    first = _first_player(store, record)
    play: dict[str, Any] = {
        "sourceName": "Game-night companion",
        "sourcePlayId": record.source_id or game_uid(record.game, record.created,
                                                     record.players),
        "playDate": _stamp(record.created),
        "game": {"name": _title(record.game), "sourceGameId": record.game,
                 "highestWins": True, "noPoints": False},
        "players": [{"name": p.name, "sourcePlayerId": p.name,
                     "score": str(scores.get(p.name, "")),
                     "winner": p.name in winners, "startPlayer": index == first,
                     "rank": ranks.get(p.name, 0), "color": p.colour, "seatOrder": index + 1}
                    for index, p in enumerate(record.players)],
    }
    if BGG_IDS.get(record.game) is not None:
        play["game"]["bggId"] = BGG_IDS[record.game]
    if record.place:
        play["location"] = {"name": record.place, "sourceLocationId": record.place}
    if record.note:
        play["comments"] = record.note
    if record.ended:
        play["durationMin"] = max(1, round((record.ended - record.created) / 60))
    return play


def _first_player(store: Store, record: GameRecord) -> int:
    """Who was on turn first: the first recorded stretch, else the first move's player
    (an imported game: as its file said)."""
    if isinstance(record.options.get("start_player"), int):
        return int(record.options["start_player"])
    times = store.turn_times(record.id)
    if times:
        return times[0][0]
    for entry in store.log(record.id):
        if entry.action is not None and entry.action.player is not None:
            return entry.action.player
    return 0


def export_bgstats(store: Store, records: Iterable[GameRecord]) -> str:
    plays = [bgstats_play(store, record) for record in records]
    return json.dumps(plays, indent=2, ensure_ascii=False) + "\n"


def export_text(store: Store, fmt: str, game_id: int | None = None) -> str:
    """The export in ``fmt`` (json, csv or bgstats) of all finished games or one."""
    if fmt == "json":
        out = io.StringIO()
        write_json(store, lambda: each_chosen_game(store, game_id), out)
        return out.getvalue()
    records = chosen_games(store, game_id)
    if fmt == "csv":
        return export_csv(store, records)
    if fmt == "bgstats":
        return export_bgstats(store, records)
    raise ExchangeError(_("Unknown format {fmt!r}: choose json, csv or bgstats.").format(
        fmt=fmt))


# -- import ------------------------------------------------------------------------------

def _checked_games(handle: TextIO) -> Iterator[ImportedGame]:
    """Every game of one of our JSON exports, read one at a time and checked whole;
    ExchangeError in one line for the first thing that is wrong."""
    header: dict[str, Any] = {}
    number = 0
    try:
        for number, document in enumerate(read_export(handle, MAX_GAME_CHARS, header),
                                          start=1):
            if number == 1:
                _check_header(header)
            if number > MAX_GAMES:
                raise ExchangeError(_("The file holds more than {n} games; this companion "
                                      "imports at most {n} at a time.").format(n=MAX_GAMES))
            yield check_game(document, number)
    except (StreamError, SchemaError) as exc:
        raise ExchangeError(str(exc)) from None
    except UnicodeDecodeError:
        raise ExchangeError(_("Not a companion export: the file is not UTF-8 text.")) from None
    if number == 0:
        _check_header(header)
        if "games" not in header:
            raise ExchangeError(_("{where}: {key} is missing or not valid.").format(
                where=_("the file"), key="games"))


def _check_header(header: Mapping[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise ExchangeError(_("Not a companion export: only files written by "
                              "'companion export --format json' can be imported."))
    if header.get("version") != FORMAT_VERSION:
        version = header.get("version")
        raise ExchangeError(_("Export version {found} is not known here (this companion "
                              "reads version {known}).").format(
                                  found=str(version)[:20], known=FORMAT_VERSION))


def _uid_of(game: ImportedGame) -> str:
    return game_uid(game.game, game.created, game.players)


def import_stream(store: Store, opener: Callable[[], TextIO]) -> tuple[int, int]:
    """Add the games of one of our JSON exports; returns (added, already here).

    The file is read twice, one game at a time: first every game is checked and counted
    (nothing is written if anything is wrong), then the new ones are written in one
    transaction, so a failure at any point adds none. ``opener`` opens the text afresh.
    """
    # A game listed twice in one file (the same game, every value alike) is added once;
    # two games of one line-up started at the same moment (a date corrected onto
    # another's) are two games, and the export of a history holding them restores both.
    known = {line_up_uid(game, created, names) for game, created, names in store.line_ups()}
    fresh: set[str] = set()
    skipped = 0
    with opener() as handle:
        for game in _checked_games(handle):
            whole = repr(game)
            if _uid_of(game) in known or whole in fresh:
                skipped += 1
            else:
                fresh.add(whole)
    refused = history_overflow(store.finished_count(), len(fresh))
    if refused is not None:
        raise ExchangeError(refused)
    if not fresh:
        return 0, skipped

    def new_games(handle: TextIO) -> Iterator[ImportedGame]:
        for game in _checked_games(handle):
            whole = repr(game)
            if whole in fresh:
                fresh.discard(whole)
                yield game

    count = len(fresh)
    with opener() as handle:
        try:
            added = store.import_games(new_games(handle))
        except StoreError as exc:
            raise ExchangeError(str(exc)) from None
    if added != count:  # the file changed between the two readings: nothing was kept
        raise ExchangeError(_("The file changed while it was being imported; nothing was "
                              "added. Try again."))
    return added, skipped


def import_text(store: Store, text: str) -> tuple[int, int]:
    """Add the games of one of our JSON exports, given as text; (added, already here)."""
    return import_stream(store, lambda: io.StringIO(text))


def import_file(store: Store, path: Path) -> tuple[int, int]:
    """Add the games of the export at ``path``; refused on its size before it is read."""
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise ExchangeError(_("Cannot read {path}: it is not a file.").format(path=path))
    except OSError as exc:
        raise ExchangeError(_("Cannot read {path}: {error}").format(
            path=path, error=exc.strerror or exc)) from None
    if size > MAX_FILE_BYTES:
        raise ExchangeError(_("{path} is {size} MB; this companion imports files of at "
                              "most {limit} MB.").format(path=path, size=size >> 20,
                                                         limit=MAX_FILE_BYTES >> 20))
    try:
        return import_stream(store, lambda: path.open(encoding="utf-8"))
    except OSError as exc:
        raise ExchangeError(_("Cannot read {path}: {error}").format(
            path=path, error=exc.strerror or exc)) from None
