"""Export and import of finished games: our JSON (the whole log), CSV, BG Stats.

* JSON keeps everything needed to bring a game back on another companion: its game,
  options, players, times, result, every log entry and the time on turn. A game is
  known by its ``uid`` (game, start time and players), so importing the same file
  twice, or a file from a device that already has some of its games, adds none twice.
* CSV is one row per player per game, for a spreadsheet.
* BG Stats is that app's published import structure for a play (``sourceName``,
  ``sourcePlayId``, ``playDate``, ``game``, ``players`` with explicit ``winner`` and
  ``startPlayer``), one object per game, with the game's BoardGameGeek id and where it
  was played, so a group keeps its stats where it already keeps them.
  :mod:`companion.bgstats` reads it back (and BG Stats' own backup).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion import __version__
from companion.games import GAME_MODULES, get_rules
from companion.games.base import Action, PlayerInfo
from companion.i18n import _
from companion.store import GameRecord, LogEntry, Store, StoreError

FORMAT = "companion-games"
FORMAT_VERSION = 1
FORMATS = ("json", "csv", "bgstats")
CSV_FIELDS = ("game_uid", "game", "title", "started", "ended", "duration_minutes", "position",
              "player", "colour", "seat", "score", "rank", "winner", "breakdown",
              "time_on_turn_seconds")


class ExchangeError(Exception):
    """A file that cannot be read back, in one line that names what is wrong."""


def game_uid(game: str, created: float, players: Sequence[PlayerInfo]) -> str:
    """The same game on every device: its game, start time and line-up."""
    text = json.dumps([game, round(created, 3), [p.name for p in players]])
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _title(game: str) -> str:
    return get_rules(game).title if game in GAME_MODULES else game


def _stamp(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


def chosen_games(store: Store, game_id: int | None = None) -> list[GameRecord]:
    """The finished games to export, oldest first (one, with ``game_id``)."""
    if game_id is not None:
        record = store.game(game_id)
        if record.status != "finished":
            raise ExchangeError(_("Game {id} is not finished; only finished games are "
                                  "exported.").format(id=game_id))
        return [record]
    return sorted(store.finished_games(), key=lambda r: r.created)


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
        "log": [{"seq": e.seq, "kind": e.kind,
                 "action": e.action.to_json() if e.action else None}
                for e in store.log(record.id)],
        "turn_times": [[player, started, ended]
                       for player, started, ended in store.turn_times(record.id)],
    }


def export_json(store: Store, records: Iterable[GameRecord]) -> str:
    documents = [game_document(store, record) for record in records]
    return json.dumps({"format": FORMAT, "version": FORMAT_VERSION,
                       "companion": __version__, "games": documents},
                      indent=2, ensure_ascii=False) + "\n"


def _ranks(result: Mapping[str, Any]) -> dict[str, int]:
    """Place of each player (equal totals share a place), from the ranked result."""
    places: dict[str, int] = {}
    previous: int | None = None
    place = 0
    for index, player in enumerate(result.get("players", [])):
        if player["total"] != previous:
            place, previous = index + 1, player["total"]
        places[player["name"]] = place
    return places


def export_csv(store: Store, records: Iterable[GameRecord]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
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
            writer.writerow({
                "game_uid": game_uid(record.game, record.created, record.players),
                "game": record.game, "title": _title(record.game),
                "started": _stamp(record.created),
                "ended": _stamp(record.ended) if record.ended else "",
                "duration_minutes": f"{length:.1f}", "position": position + 1,
                "player": player.name, "colour": player.colour, "seat": player.seat,
                "score": score.get("total", ""), "rank": ranks.get(player.name, ""),
                "winner": "yes" if player.name in winners else "no",
                "breakdown": "; ".join(f"{k}={v}" for k, v in
                                       (score.get("breakdown") or {}).items()),
                "time_on_turn_seconds": f"{on_turn[position]:.0f}" if position in on_turn
                else "",
            })
    return out.getvalue()


def bgstats_play(store: Store, record: GameRecord) -> dict[str, Any]:
    """One game as a BG Stats play."""
    result = record.result or {}
    scores = {p["name"]: p["total"] for p in result.get("players", [])}
    ranks = _ranks(result)
    winners = set(result.get("winners", []))
    from companion.bgstats import BGG_IDS

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
    records = chosen_games(store, game_id)
    if fmt == "json":
        return export_json(store, records)
    if fmt == "csv":
        return export_csv(store, records)
    if fmt == "bgstats":
        return export_bgstats(store, records)
    raise ExchangeError(_("Unknown format {fmt!r}: choose json, csv or bgstats.").format(
        fmt=fmt))


# -- import ------------------------------------------------------------------------------

def _require(document: Mapping[str, Any], key: str, kind: type | tuple[type, ...],
             where: str) -> Any:
    value = document.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ExchangeError(_("{where}: {key} is missing or not valid.").format(where=where,
                                                                                key=key))
    return value


def parse_games(text: str) -> list[dict[str, Any]]:
    """The game documents of one of our JSON exports; ExchangeError says what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExchangeError(_("Not a JSON file (line {line}: {error}).").format(
            line=exc.lineno, error=exc.msg)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExchangeError(_("Not a companion export: only files written by "
                              "'companion export --format json' can be imported."))
    if data.get("version") != FORMAT_VERSION:
        raise ExchangeError(_("Export version {found} is not known here (this companion "
                              "reads version {known}).").format(found=data.get("version"),
                                                                known=FORMAT_VERSION))
    games = _require(data, "games", list, _("the file"))
    for number, game in enumerate(games, start=1):
        where = _("game {n}").format(n=number)
        if not isinstance(game, dict):
            raise ExchangeError(_("{where} is not an object.").format(where=where))
        name = _require(game, "game", str, where)
        if name not in GAME_MODULES:
            raise ExchangeError(_("{where}: the game {name!r} is not known here.").format(
                where=where, name=name))
        _require(game, "created", (int, float), where)
        _require(game, "players", list, where)
        _require(game, "log", list, where)
        _require(game, "result", dict, where)
        for player in game["players"]:
            if not isinstance(player, dict) or not isinstance(player.get("name"), str):
                raise ExchangeError(_("{where}: a player without a name.").format(where=where))
    return games


def _players(document: Mapping[str, Any]) -> tuple[PlayerInfo, ...]:
    return tuple(PlayerInfo(str(p["name"]), str(p.get("colour", "grey")), int(p.get("seat", 0)),
                            p.get("token")) for p in document["players"])


def import_text(store: Store, text: str) -> tuple[int, int]:
    """Add the games of one of our JSON exports; returns (added, already here)."""
    documents = parse_games(text)
    known = {game_uid(r.game, r.created, r.players)
             for r in store.finished_games() + store.unfinished_games()}
    fresh: list[tuple[dict[str, Any], tuple[PlayerInfo, ...], list[LogEntry]]] = []
    skipped = 0
    for document in documents:  # read every game before adding any: all or nothing
        players = _players(document)
        uid = game_uid(document["game"], float(document["created"]), players)
        if uid in known:
            skipped += 1
            continue
        try:
            entries = [LogEntry(str(e["kind"]), Action.from_json(e["action"])
                                if e.get("action") else None, int(e["seq"]))
                       for e in document["log"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ExchangeError(_("A log entry of a game of {title} cannot be read ({error}).")
                                .format(title=_title(document["game"]), error=exc)) from None
        fresh.append((document, players, entries))
        known.add(uid)
    for document, players, entries in fresh:
        store.import_game(document["game"], players, dict(document.get("options") or {}),
                          float(document["created"]), document.get("ended"),
                          dict(document["result"]), entries,
                          [tuple(t) for t in document.get("turn_times") or []])
    return len(fresh), skipped


def import_file(store: Store, path: Path) -> tuple[int, int]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ExchangeError(_("Cannot read {path}: {error}").format(path=path, error=exc)
                            ) from None
    try:
        return import_text(store, text)
    except StoreError as exc:
        raise ExchangeError(str(exc)) from None
