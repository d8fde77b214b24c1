"""Plays from BG Stats: its backup / play file, or the play list ``--format bgstats`` writes.

Two shapes are read. The app's own backup and ``.bgsplay`` files hold ``games``, ``players``,
``locations`` and ``plays``, a play naming its game and players by ``gameRefId`` and
``playerScores[].playerRefId``. The import structure the app publishes for other
programs (what ``companion export --format bgstats`` writes) is a list of plays, each with
its ``game`` (``name``, ``bggId``), ``players`` by name and a ``location``.

A play is matched to one of our games by its BoardGameGeek id, else by its name; other
games are counted and left out. Players become profiles (a name seen for the first time
is a new one; a name close to a profile, "Anna" beside "Ana", is asked once or listed).
A play already here (the same source id, or the same game, minute and line-up) is
skipped. The rest is added in one transaction, as finished games with no move log,
marked as imported. Anything wrong in the file stops the import before anything is added.

An id the file gives twice is named in the summary with the plays it touches. A game or
player id naming two different games or people is ambiguous: the plays that use it are
left out (with the rest added), since a user exporting their BG Stats history wants the
years of plays that are clear, and not one play under the wrong name; a later import of a
mended file adds just those. A location id naming two places leaves those plays without a
place. A play's uuid twice on one date is one play listed twice, added once; on two dates
they are two plays, both added (the second known by its uuid and date).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from companion.core.i18n import _, ngettext
from companion.core.records import frozen, mutable
from companion.games import GAME_MODULES, get_rules
from companion.games.base import PlayerInfo
from companion.history.bgstats_values import (
    BgStatsError,
    _bgg_id,
    _minutes,
    _name,
    _ref,
    _score,
    _seat_order,
    _shown,
    _source_id,
    _text,
    _when,
)
from companion.history.json_stream import bounded_int
from companion.log.entries import GameRecord, StoreError
from companion.log.limits import MAX_NAME, MAX_NOTE, MAX_PLACE, history_overflow, shortened
from companion.log.store import Store

SOURCE = "bgstats"
#: BoardGameGeek ids of our games. Via Romana's could not be confirmed here: it is matched
#: by its name until someone fills it in.
BGG_IDS: dict[str, int | None] = {"glory-to-rome": 19857, "ave-roma": 184459,
                                  "via-romana": None}
#: a backup of a few thousand plays is a few megabytes; anything this large is not one
MAX_BYTES = 32 * 1024 * 1024
MAX_PLAYS = 100_000
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")


@frozen
class SeatedPlayer:
    name: str
    score: int | None
    winner: bool
    start: bool
    colour: str | None = None
    #: the place BG Stats gives (a tie broken by the game's rule has distinct ones)
    rank: int | None = None


@frozen
class Play:
    """One play of one of our games, as read (names not yet matched to profiles)."""

    game: str
    created: float
    minutes: int | None
    players: tuple[SeatedPlayer, ...]
    source_id: str
    place: str | None = None
    note: str | None = None


@mutable
class Summary:
    """What an import did (or, with ``dry``, would do)."""

    added: int = 0
    already_here: int = 0
    other_games: int = 0
    other_titles: list[str] = field(default_factory=list)
    new_players: list[str] = field(default_factory=list)
    #: names close to a profile and kept apart (nobody was asked, or the answer was no)
    unsure: list[tuple[str, str]] = field(default_factory=list)
    #: ids the file gives twice: each a sentence naming the plays and what was done
    notices: list[str] = field(default_factory=list)


#: plays named in one notice; the count says how many more
NAMED_PLAYS = 5


@mutable
class _Clash:
    """One id of the file given to different games, people or places."""

    names: list[str]
    plays: list[str] = field(default_factory=list)


@mutable
class _Reading:
    """What reading a file found that the summary names: ids given twice."""

    clashes: dict[tuple[str, object], _Clash] = field(default_factory=dict)
    #: each play's source id: the play it was first seen at and its date
    seen: dict[str, tuple[str, str]] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    #: names longer than ours, as the file gives them, and the name kept
    shortened: dict[str, str] = field(default_factory=dict)

    def name(self, value: object, where: str) -> str:
        """A player's name from the file, shortened (and noted) if longer than ours."""
        name = _name(value, where)
        if len(name) <= MAX_NAME:
            return name
        return self.shortened.setdefault(name, shortened(name, MAX_NAME))

    def fits(self, game: str, seated: Sequence[SeatedPlayer], play: str) -> bool:
        """Whether the game is played by as many as sat at the play; if not, say so."""
        rules = get_rules(game)
        if rules.min_players <= len(seated) <= rules.max_players:
            return True
        self.notices.append(_("{play}: {title} is played by {low} to {high} players, not "
                              "{n}; the play was left out.").format(
            play=play, title=rules.title, low=rules.min_players, high=rules.max_players,
            n=len(seated)))
        return False

    def clash(self, kind: str, ref: object, names: Sequence[str], play: str) -> None:
        self.clashes.setdefault((kind, ref), _Clash(list(dict.fromkeys(names)))).plays.append(
            play)

    def source_id(self, source_id: str, date: str, play: str) -> str | None:
        """The id the play is known by; None for a play the file already listed."""
        first = self.seen.get(source_id)
        if first is None:
            self.seen[source_id] = (play, date)
            return source_id
        if first[1] == date:
            self.notices.append(_("{play} repeats {first} (uuid {uuid}): added once.").format(
                play=play, first=first[0], uuid=source_id))
            return None
        self.notices.append(_("{play} has the uuid {uuid} of {first}, on another date: both "
                              "were added.").format(play=play, uuid=source_id, first=first[0]))
        return self.source_id(f"{source_id}@{date}", date, play)

    def sentences(self) -> list[str]:
        sentences = []
        for (kind, ref), found in self.clashes.items():
            shown = ", ".join(found.plays[:NAMED_PLAYS]) + (
                ", ..." if len(found.plays) > NAMED_PLAYS else "")
            sentences.append(_clash_sentence(kind, len(found.plays)).format(
                id=_shown(ref), names=", ".join(found.names), n=len(found.plays),
                plays=shown))
        sentences += [_("The name {long} is longer than {n} characters: its plays were "
                        "added as {short}.").format(long=_shown(long), n=MAX_NAME,
                                                    short=_shown(short))
                      for long, short in self.shortened.items()]
        return sentences + self.notices


def _clash_sentence(kind: str, plays: int) -> str:
    if kind == "game":
        return ngettext("Game id {id} names {names} in the file: its play was left out "
                        "({plays}).", "Game id {id} names {names} in the file: its {n} plays "
                        "were left out ({plays}).", plays)
    if kind == "player":
        return ngettext("Player id {id} names {names} in the file: the play it sits at was "
                        "left out, so that it goes to no wrong name ({plays}).",
                        "Player id {id} names {names} in the file: the {n} plays it sits at "
                        "were left out, so that none goes to a wrong name ({plays}).", plays)
    return ngettext("Location id {id} names {names} in the file: its play was added without "
                    "a place ({plays}).", "Location id {id} names {names} in the file: its "
                    "{n} plays were added without a place ({plays}).", plays)


def game_for(bgg_id: object, name: object, source_game: object = None) -> str | None:
    """Our game key for a BG Stats game: by BoardGameGeek id, then our own key, then name."""
    if isinstance(bgg_id, (int, str)) and str(bgg_id).strip().isdigit():
        for key, known in BGG_IDS.items():
            if known is not None and int(bgg_id) == known:
                return key
    if isinstance(source_game, str) and source_game in GAME_MODULES:
        return source_game
    if isinstance(name, str):
        wanted = " ".join(name.casefold().split())
        for key in GAME_MODULES:
            if wanted in (get_rules(key).title.casefold(), key.replace("-", " ")):
                return key
    return None


# -- reading -------------------------------------------------------------------------------

def read_text(path: Path) -> str:
    """The file's text; too large, unreadable or not UTF-8 is one line."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise BgStatsError(_("{path} is {size} MB: larger than any BG Stats export "
                                 "(at most {limit} MB are read).").format(
                path=path, size=size // (1024 * 1024), limit=MAX_BYTES // (1024 * 1024)))
        return path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise BgStatsError(_("Cannot read {path}: {error}").format(
            path=path, error=exc.strerror)) from None
    except UnicodeDecodeError:
        raise BgStatsError(_("{path} is not UTF-8 text.").format(path=path)) from None


def parse(text: str) -> tuple[list[Play], list[str], list[str]]:
    """The plays of our games in a BG Stats file, the titles of the other plays, and a
    sentence for each id the file gives twice (the plays it touches, what was done)."""
    if len(text) > MAX_BYTES:
        raise BgStatsError(_("The file is larger than any BG Stats export."))
    try:
        data = json.loads(text, parse_int=bounded_int)
    except json.JSONDecodeError as exc:
        raise BgStatsError(_("Not a complete JSON file (line {line}: {error}).").format(
            line=exc.lineno, error=exc.msg)) from None
    if isinstance(data, dict) and isinstance(data.get("plays"), list) and "games" in data:
        return _backup_plays(data)
    if isinstance(data, list) or (isinstance(data, dict) and "sourcePlayId" in data):
        return _import_plays(data if isinstance(data, list) else [data])
    raise BgStatsError(_("Not a BG Stats file: expected its backup (games, players, plays) "
                         "or a list of plays."))


def _check_count(plays: Sequence[object]) -> None:
    if len(plays) > MAX_PLAYS:
        raise BgStatsError(_("The file holds {n} plays; at most {limit} are read at once.")
                           .format(n=len(plays), limit=MAX_PLAYS))


def _seated_once(seated: Sequence[SeatedPlayer], where: str) -> tuple[SeatedPlayer, ...]:
    seen: set[str] = set()
    for player in seated:
        if player.name.casefold() in seen:
            raise BgStatsError(_("{where}: {name} is seated twice.").format(where=where,
                                                                           name=player.name))
        seen.add(player.name.casefold())
    return tuple(seated)


def _objects(data: Mapping[str, Any], key: str) -> dict[object, list[Mapping[str, Any]]]:
    """The backup's games, players or locations by id; an id given twice has two."""
    items = data.get(key) or []
    if not isinstance(items, list):
        raise BgStatsError(_("Not a BG Stats file: {key} is not a list.").format(key=key))
    objects: dict[object, list[Mapping[str, Any]]] = {}
    for number, item in enumerate(items, start=1):
        if isinstance(item, dict) and item.get("id") is not None:
            where = _("the {key} list, entry {n}").format(key=key, n=number)
            objects.setdefault(_ref(item["id"], where, "id"), []).append(item)
    return objects


def _game_key(game: Mapping[str, Any], where: str) -> str | None:
    return game_for(_bgg_id(game.get("bggId"), where), game.get("name"), None) or game_for(
        None, game.get("bggName"))


def _labelled(play: Mapping[str, Any], where: str) -> tuple[float, str, str]:
    """The play's start, its date as written, and how a notice names it."""
    created = _when(play.get("playDate"), where)
    date = str(play["playDate"]).strip()
    return created, date, f"{where} ({date})"


def _backup_plays(data: Mapping[str, Any]) -> tuple[list[Play], list[str], list[str]]:
    games, people, places = (_objects(data, key) for key in ("games", "players", "locations"))
    raw = data["plays"]
    _check_count(raw)
    plays: list[Play] = []
    others: list[str] = []
    reading = _Reading()
    for number, play in enumerate(raw, start=1):
        where = _("play {n}").format(n=number)
        if not isinstance(play, dict):
            raise BgStatsError(_("{where} is not an object.").format(where=where))
        game_ref = _ref(play.get("gameRefId"), where, "gameRefId")
        found = games.get(game_ref)
        if not found:
            raise BgStatsError(_("{where}: its game is not in the file.").format(where=where))
        created, date, label = _labelled(play, where)
        keys = {_game_key(game, where) for game in found}
        if len(keys) > 1:
            reading.clash("game", game_ref, [_text(g.get("name"), where, "game name") or "?"
                                             for g in found], label)
            continue
        key = keys.pop()
        if key is None:
            others.append(_text(found[0].get("name"), where, "game name")
                          or _text(found[0].get("bggName"), where, "game name") or "?")
            continue
        scores = play.get("playerScores")
        if not isinstance(scores, list) or not scores:
            raise BgStatsError(_("{where}: no players.").format(where=where))
        seated = []
        ambiguous = False
        ordered = sorted((s for s in scores if isinstance(s, dict)),
                         key=lambda s: _seat_order(s.get("seatOrder"), where))
        for score in ordered:
            player_ref = _ref(score.get("playerRefId"), where, "playerRefId")
            names = [reading.name(person.get("name"), where)
                     for person in people.get(player_ref, [])]
            if not names:
                raise BgStatsError(_("{where}: a player who is not in the file.").format(
                    where=where))
            if len({name.casefold() for name in names}) > 1:
                reading.clash("player", player_ref, names, label)
                ambiguous = True
            name = names[0]
            seated.append(SeatedPlayer(name, _score(score.get("score"), where, name),
                                       score.get("winner") is True,
                                       score.get("startPlayer") is True,
                                       _text(score.get("color") or score.get("role"), where,
                                             "color", 20), _rank(score.get("rank"))))
        if ambiguous:
            continue
        location_ref = _ref(play.get("locationRefId"), where, "locationRefId")
        place_names = list(dict.fromkeys(_text(place.get("name"), where, "location",
                                               MAX_PLACE)
                                         for place in places.get(location_ref, [])))
        if len(place_names) > 1:
            reading.clash("location", location_ref, [n or "?" for n in place_names], label)
        source_id = reading.source_id(_source_id(play.get("uuid"), number, where, "uuid"),
                                      date, label)
        if source_id is None or not reading.fits(key, seated, label):
            continue
        plays.append(Play(key, created, _minutes(play.get("durationMin")),
                          _seated_once(seated, where), source_id,
                          place_names[0] if len(place_names) == 1 else None,
                          _text(play.get("comments"), where, "comments", MAX_NOTE)))
    return plays, others, reading.sentences()


def _import_plays(raw: list[Any]) -> tuple[list[Play], list[str], list[str]]:
    _check_count(raw)
    plays: list[Play] = []
    others: list[str] = []
    reading = _Reading()
    for number, play in enumerate(raw, start=1):
        where = _("play {n}").format(n=number)
        if not isinstance(play, dict) or not isinstance(play.get("game"), dict):
            raise BgStatsError(_("{where} has no game.").format(where=where))
        game = play["game"]
        key = game_for(_bgg_id(game.get("bggId"), where), game.get("name"),
                       game.get("sourceGameId"))
        if key is None:
            others.append(_text(game.get("name"), where, "game name") or "?")
            continue
        people = play.get("players")
        if not isinstance(people, list) or not people:
            raise BgStatsError(_("{where}: no players.").format(where=where))
        ordered = sorted((p for p in people if isinstance(p, dict)),
                         key=lambda p: _seat_order(p.get("seatOrder"), where))
        seated = []
        for person in ordered:
            name = reading.name(person.get("name"), where)
            seated.append(SeatedPlayer(name, _score(person.get("score"), where, name),
                                       person.get("winner") is True,
                                       person.get("startPlayer") is True,
                                       _text(person.get("color"), where, "color", 20),
                                       _rank(person.get("rank"))))
        location = play.get("location")
        place = (_text(location.get("name"), where, "location", MAX_PLACE)
                 if isinstance(location, dict) else None)
        created, date, label = _labelled(play, where)
        source_id = reading.source_id(_source_id(play.get("sourcePlayId"), number, where,
                                                 "sourcePlayId"), date, label)
        if source_id is None or not reading.fits(key, seated, label):
            continue
        plays.append(Play(key, created, _minutes(play.get("durationMin")),
                          _seated_once(seated, where), source_id, place,
                          _text(play.get("comments"), where, "comments", MAX_NOTE)))
    return plays, others, reading.sentences()


# -- adding --------------------------------------------------------------------------------

def close_profile(name: str, profiles: Sequence[str]) -> str | None:
    """A profile that may be the same person (another case or spelling), or None."""
    if name in profiles:
        return None
    for profile in profiles:
        if profile.casefold() == name.casefold():
            return profile
    close = difflib.get_close_matches(name, profiles, n=1, cutoff=0.8)
    return close[0] if close else None


def _rank(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def result_of(play: Play) -> dict[str, Any]:
    """A scored result as the companion keeps one: ranked by score (equal scores by the
    places BG Stats gives), the winners BG Stats marked (or, with none marked, the best
    score); its places kept where they agree with the scores."""
    players = sorted(play.players, key=lambda p: (-(p.score or 0), p.rank or 0))
    winners = [p.name for p in play.players if p.winner]
    if not winners and players and players[0].score is not None:
        winners = [p.name for p in players if p.score == players[0].score]
    result: dict[str, Any] = {
        "players": [{"name": p.name, "total": p.score or 0, "breakdown": {}}
                    for p in players],
        "winners": winners, "explanation": ""}
    places = [p.rank for p in players]
    if all(place is not None and place <= len(players) for place in places) and all(
            a <= b for a, b in zip(places, places[1:], strict=False)):  # type: ignore[operator]
        result["places"] = places
    return result


def _line_up_key(game: str, created: float, names: Sequence[str]) -> tuple[str, int,
                                                                           tuple[str, ...]]:
    return game, int(created // 60), tuple(sorted(n.casefold() for n in names))


def _known(records: Sequence[GameRecord]) -> tuple[set[str], set[tuple[str, int,
                                                                      tuple[str, ...]]]]:
    from companion.history.exchange_schema import game_uid

    ids = {r.source_id for r in records if r.source_id}
    ids |= {game_uid(r.game, r.created, r.players) for r in records}
    keys = {_line_up_key(r.game, r.created, [p.name for p in r.players]) for r in records}
    return ids, keys


def import_plays(store: Store, plays: Sequence[Play], others: Sequence[str],
                 notices: Sequence[str] = (),
                 same_person: Callable[[str, str], bool] | None = None) -> Summary:
    """Add the plays not here yet, all in one transaction; ``same_person(name, profile)``
    is asked once for each name close to a profile (None: nobody to ask, kept apart).
    ``notices``, from :func:`parse`, go into the summary as they are."""
    summary = Summary(other_games=len(others), other_titles=sorted(set(others)),
                      notices=list(notices))
    profiles = {p.name: p for p in store.profiles(limit=100_000)}
    ids, keys = _known(store.finished_games() + store.unfinished_games())
    renamed: dict[str, str] = {}
    for play in plays:
        for seated in play.players:
            if seated.name in renamed or seated.name in profiles:
                continue
            close = close_profile(seated.name, list(profiles))
            if close is not None and same_person is not None and same_person(seated.name,
                                                                               close):
                renamed[seated.name] = close
            else:
                if close is not None:
                    summary.unsure.append((seated.name, close))
                renamed[seated.name] = seated.name
                if seated.name not in summary.new_players:
                    summary.new_players.append(seated.name)
    games: list[dict[str, Any]] = []
    seated_names: set[str] = set()
    for play in plays:
        names = [renamed.get(p.name, p.name) for p in play.players]
        if len({n.casefold() for n in names}) < len(names):
            # "Livvia is Livia" cannot hold in a play both sat at: keep this one's names
            names = [p.name for p in play.players]
        key = _line_up_key(play.game, play.created, names)
        if play.source_id in ids or key in keys:
            summary.already_here += 1
            continue
        ids.add(play.source_id)
        keys.add(key)
        if names != [p.name for p in play.players]:
            play = _renamed(play, renamed)
        players = tuple(PlayerInfo(p.name, _colour(p, profiles, index), index + 1)
                        for index, p in enumerate(play.players))
        seated_names.update(p.name for p in players)
        start = next((i for i, p in enumerate(play.players) if p.start), None)
        games.append({
            "game": play.game, "players": players,
            "options": {} if start is None else {"start_player": start},
            "created": play.created,
            "ended": play.created + play.minutes * 60 if play.minutes else None,
            "result": result_of(play), "place": play.place, "note": play.note,
            "source": SOURCE, "source_id": play.source_id})
    refused = history_overflow(store.finished_count(), len(games))
    if refused is not None:
        raise BgStatsError(refused)
    try:
        store.add_imported_games(games)
    except StoreError as exc:
        raise BgStatsError(str(exc)) from None
    summary.added = len(games)
    summary.new_players = [n for n in summary.new_players if n in seated_names]
    return summary


def _renamed(play: Play, renamed: Mapping[str, str]) -> Play:
    from dataclasses import replace

    return replace(play, players=tuple(replace(p, name=renamed.get(p.name, p.name))
                                       for p in play.players))


def _colour(player: SeatedPlayer, profiles: Mapping[str, Any], index: int) -> str:
    if player.name in profiles:
        return str(profiles[player.name].colour)
    if player.colour and player.colour.lower() in COLOURS:
        return player.colour.lower()
    return COLOURS[index % len(COLOURS)]


def import_file(store: Store, path: Path,
                same_person: Callable[[str, str], bool] | None = None) -> Summary:
    plays, others, notices = parse(read_text(path))
    return import_plays(store, plays, others, notices, same_person)
