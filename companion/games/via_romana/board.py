"""The Via Romana map as data: provinces, cities, roads; loaded and checked from TOML.

The published map is not reproduced here, so the map is a user-editable file
(format: ``docs/via_romana_board.md``). Everything is checked on load, because a typo
in a city name would otherwise only surface mid-game as a baffling refusal.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import Rejected

DEFAULT_BOARD_NAME = "board.toml"  # in the package's data folder
MAX_ROAD_SPACES = 12
#: the signposts in the box: the default when a file does not say
BOX_SIGNPOSTS = 20


@frozen
class City:
    """A city space: its province colour, its symbol and its marker stack (top first)."""

    name: str
    colour: str
    symbol: str
    markers: tuple[int, ...]
    #: where the city sits on the drawn map, 0..1 from the left and from the top
    position: tuple[float, float] = (0.5, 0.5)


@frozen
class Road:
    """A road between two cities (by index) with ``spaces`` road spaces, listed from ``a``."""

    a: int
    b: int
    spaces: int
    closed_for: frozenset[int]
    #: card colours that pay for a road space: those of its two cities unless the file says
    colours: tuple[str, ...]


@frozen
class Board:
    name: str
    source: str
    colours: tuple[str, ...]
    province_names: tuple[str, ...]
    symbols: tuple[str, ...]
    cities: tuple[City, ...]
    roads: tuple[Road, ...]
    base_value: int
    signposts: int
    #: the readings the sources leave open, as this map's defaults (game options override)
    last_turns: bool = True
    order_board_bonus: int = 5
    eagle_bonus: int = 2

    def city_index(self, name: str) -> int | None:
        """The index of the city called ``name`` (case-insensitive), or None."""
        wanted = name.strip().casefold()
        for index, city in enumerate(self.cities):
            if city.name.casefold() == wanted:
                return index
        return None

    def road_label(self, road: int) -> str:
        """``"Lutetia – Rotomagus"``: how the table names a road."""
        r = self.roads[road]
        return f"{self.cities[r.a].name} – {self.cities[r.b].name}"

    def roads_of(self, city: int) -> tuple[int, ...]:
        """Indices of the roads that end at ``city``."""
        return tuple(i for i, r in enumerate(self.roads) if city in (r.a, r.b))

    def closed_at_start(self, players: int) -> frozenset[int]:
        """Roads that carry a signpost before the game for this many players."""
        return frozenset(i for i, r in enumerate(self.roads) if players in r.closed_for)


#: what some editors put before the first character of a UTF-8 file
BYTE_ORDER_MARK = "\ufeff"


class _Problem(Exception):
    """A board-file defect, described without the file name (added once, at the top)."""


def load_board(board_file: str | None) -> Board:
    """Load and check a board file; ``None`` loads the shipped default.

    Raises Rejected naming the file and the problem.
    """
    return parse_board(_read(board_file), _source_label(board_file))


def _source_label(board_file: str | None) -> str:
    if board_file is None:
        return _("{name} (shipped default)").format(name=DEFAULT_BOARD_NAME)
    return str(board_file)


def board_text(board_file: str | None) -> str:
    """The text of a board file (``None``: the shipped default), checked before it is kept.

    Raises Rejected naming the file and the problem.
    """
    text = _read(board_file)
    parse_board(text, _source_label(board_file))
    return text


def _read(board_file: str | None) -> str:
    label = _source_label(board_file)
    if board_file is None:
        try:
            shipped = resources.files("companion.games.via_romana") / "data" / DEFAULT_BOARD_NAME
            text = shipped.read_text(encoding="utf-8")
        except OSError as exc:  # a broken installation, still no traceback
            raise Rejected(_("Board file {file}: cannot be read ({reason}).").format(
                file=label, reason=exc.strerror or exc)) from None
    else:
        try:
            text = Path(board_file).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise Rejected(_("Board file {file}: is not UTF-8 text.").format(file=label)) from None
        except OSError as exc:
            raise Rejected(_("Board file {file}: cannot be read ({reason}).").format(
                file=label, reason=exc.strerror or exc)) from None
    return text


def parse_board(text: str, label: str) -> Board:
    """Parse and check board TOML ``text``; ``label`` names the file in messages.

    A UTF-8 byte-order mark (Windows editors write one) is not part of the TOML and is
    skipped; nesting too deep for the parser is refused in words, never a traceback.
    """
    try:
        data = tomllib.loads(text.removeprefix(BYTE_ORDER_MARK))
    except tomllib.TOMLDecodeError as exc:
        raise Rejected(_("Board file {file}: is not valid TOML ({reason}).").format(
            file=label, reason=exc)) from None
    except RecursionError:
        raise Rejected(_("Board file {file}: its arrays or tables are nested too deeply to "
                         "read; a board needs only a few levels.").format(file=label)) from None
    try:
        return _board_from(data, label)
    except _Problem as exc:
        raise Rejected(_("Board file {file}: {problem}").format(file=label, problem=exc)) from None


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Problem(_("{where} must be a non-empty text.").format(where=where))
    return value.strip()


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _Problem(_("{where} must be a whole number from {low} to {high}, not {value!r}.")
                       .format(where=where, low=low, high=high, value=value))
    return value


def _position(raw_city: Mapping[str, Any], where: str) -> tuple[float, float] | None:
    """The city's ``x``, ``y`` on the map, or None when the file gives neither."""
    if "x" not in raw_city and "y" not in raw_city:
        return None
    values = []
    for key in ("x", "y"):
        value = raw_city.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise _Problem(_("{where}: {key} must be a number from 0 to 1 (a share of the map's "
                             "width or height), not {value!r}.").format(
                where=where, key=key, value=value))
        values.append(float(value))
    return values[0], values[1]


def _placed(city: City, at: tuple[float, float] | None, number: int, count: int) -> City:
    """A city without a position goes on a circle, in file order, so the map still draws."""
    if at is None:
        angle = 2 * math.pi * number / count - math.pi / 2
        at = (0.5 + 0.42 * math.cos(angle), 0.5 + 0.42 * math.sin(angle))
    return replace(city, position=at)


#: the keys each part of the file may have; anything else is most likely a typo
KNOWN_KEYS: dict[str, frozenset[str]] = {
    "": frozenset({"name", "symbols", "base_value", "signposts", "province", "city", "road",
                   "last_turns", "order_board_bonus", "eagle_bonus"}),
    "province": frozenset({"name", "colour"}),
    "city": frozenset({"name", "colour", "symbol", "markers", "x", "y"}),
    "road": frozenset({"cities", "spaces", "closed_for", "colours"}),
}


def _check_keys(table: Mapping[str, Any], part: str, where: str) -> None:
    unknown = sorted(set(table) - KNOWN_KEYS[part])
    if unknown:
        raise _Problem(_("{where}: unknown key {key!r} (known: {known}).").format(
            where=where, key=unknown[0], known=", ".join(sorted(KNOWN_KEYS[part]))))


def _table_list(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    items = data.get(key)
    if not isinstance(items, list) or not items:
        raise _Problem(_("needs at least one [[{key}]] table.").format(key=key))
    for number, item in enumerate(items, start=1):
        where = _("[[{key}]] number {n}").format(key=key, n=number)
        if not isinstance(item, dict):
            raise _Problem(_("{where} must be a table.").format(where=where))
        _check_keys(item, key, where)
    return items


def _colour(value: Any, where: str, colours: Sequence[str]) -> str:
    colour = _name(value, where).casefold()
    if colour not in colours:
        raise _Problem(_("{where} {colour!r} is not a province colour ({known}).").format(
            where=where, colour=colour, known=", ".join(colours)))
    return colour


def _board_from(data: Mapping[str, Any], label: str) -> Board:
    _check_keys(data, "", _("top level"))
    provinces = _table_list(data, "province")
    colours: list[str] = []
    names: list[str] = []
    for number, province in enumerate(provinces, start=1):
        where = _("[[province]] number {n}").format(n=number)
        names.append(_name(province.get("name"), _("{where}: name").format(where=where)))
        colour = _name(province.get("colour"), _("{where}: colour").format(where=where))
        if colour.casefold() in colours:
            raise _Problem(_("{where}: colour {colour!r} is used by two provinces.").format(
                where=where, colour=colour))
        colours.append(colour.casefold())

    raw_symbols = data.get("symbols")
    if not isinstance(raw_symbols, list) or not raw_symbols:
        raise _Problem(_("needs a list 'symbols' with the card symbols."))
    symbols: list[str] = []
    for raw in raw_symbols:
        symbol = _name(raw, _("each entry of 'symbols'")).casefold()
        if symbol in symbols:
            raise _Problem(_("symbol {symbol!r} is listed twice.").format(symbol=symbol))
        symbols.append(symbol)

    cities: list[City] = []
    positions: list[tuple[float, float] | None] = []
    for number, raw_city in enumerate(_table_list(data, "city"), start=1):
        where = _("[[city]] number {n}").format(n=number)
        name = _name(raw_city.get("name"), _("{where}: name").format(where=where))
        where = _("city {name!r}").format(name=name)
        if any(c.name.casefold() == name.casefold() for c in cities):
            raise _Problem(_("{where} is listed twice.").format(where=where))
        colour = _colour(raw_city.get("colour"), _("{where}: colour").format(where=where), colours)
        symbol = _name(raw_city.get("symbol"), _("{where}: symbol").format(where=where)).casefold()
        if symbol not in symbols:
            raise _Problem(_("{where}: symbol {symbol!r} is not in 'symbols' ({known}).").format(
                where=where, symbol=symbol, known=", ".join(symbols)))
        raw_markers = raw_city.get("markers", [])
        if not isinstance(raw_markers, list):
            raise _Problem(_("{where}: markers must be a list of values, top first.").format(
                where=where))
        markers = tuple(_int(v, _("{where}: marker").format(where=where), 1, 99)
                        for v in raw_markers)
        if list(markers) != sorted(markers, reverse=True):
            raise _Problem(_("{where}: markers must run highest on top (top first), not "
                             "{markers}.").format(where=where, markers=list(markers)))
        cities.append(City(name, colour, symbol, markers))
        positions.append(_position(raw_city, where))
    cities = [_placed(city, at, number, len(cities))
              for number, (city, at) in enumerate(zip(cities, positions, strict=True))]

    index = {c.name.casefold(): i for i, c in enumerate(cities)}
    roads: list[Road] = []
    joined: dict[frozenset[int], int] = {}
    for number, raw_road in enumerate(_table_list(data, "road"), start=1):
        where = _("[[road]] number {n}").format(n=number)
        ends = raw_road.get("cities")
        if not isinstance(ends, list) or len(ends) != 2:
            raise _Problem(_("{where}: cities must list exactly two city names.").format(
                where=where))
        ends_index: list[int] = []
        for end in ends:
            end_name = _name(end, _("{where}: city").format(where=where))
            if end_name.casefold() not in index:
                raise _Problem(_("{where}: unknown city {name!r}.").format(
                    where=where, name=end_name))
            ends_index.append(index[end_name.casefold()])
        a, b = ends_index
        if a == b:
            raise _Problem(_("{where}: the road leads from {name!r} to itself.").format(
                where=where, name=cities[a].name))
        pair = frozenset((a, b))
        if pair in joined:
            raise _Problem(_("{where}: {a} – {b} is listed twice (also [[road]] number {n}, in "
                             "either direction).").format(
                where=where, a=cities[min(a, b)].name, b=cities[max(a, b)].name,
                n=joined[pair]))
        joined[pair] = number
        spaces = _int(raw_road.get("spaces"), _("{where}: spaces").format(where=where),
                      1, MAX_ROAD_SPACES)
        raw_closed = raw_road.get("closed_for", [])
        if not isinstance(raw_closed, list):
            raise _Problem(_("{where}: closed_for must be a list of player counts.").format(
                where=where))
        closed = frozenset(_int(v, _("{where}: closed_for").format(where=where), 2, 4)
                           for v in raw_closed)
        raw_colours = raw_road.get("colours")
        # a road between two provinces is two-coloured: either end's colour pays
        road_colours = tuple(dict.fromkeys((cities[a].colour, cities[b].colour)))
        if raw_colours is not None:
            if not isinstance(raw_colours, list) or not raw_colours:
                raise _Problem(_("{where}: colours must be a non-empty list.").format(
                    where=where))
            road_colours = tuple(_colour(v, _("{where}: colour").format(where=where), colours)
                                 for v in raw_colours)
        roads.append(Road(a, b, spaces, closed, road_colours))

    lonely = [c.name for i, c in enumerate(cities) if not any(i in pair for pair in joined)]
    if lonely:
        raise _Problem(_("city {name!r} has no road; join it with a [[road]] or remove it.")
                       .format(name=lonely[0]))
    base_value = _int(data.get("base_value", 1), "base_value", 1, 99)
    signposts = _int(data.get("signposts", min(len(roads), BOX_SIGNPOSTS)), "signposts", 1,
                     len(roads))
    last_turns = data.get("last_turns", True)
    if not isinstance(last_turns, bool):
        raise _Problem(_("last_turns must be true or false, not {value!r}.").format(
            value=last_turns))
    board_name = data.get("name", label)
    return Board(name=str(board_name), source=label, colours=tuple(colours),
                 province_names=tuple(names), symbols=tuple(symbols), cities=tuple(cities),
                 roads=tuple(roads), base_value=base_value, signposts=signposts,
                 last_turns=last_turns,
                 order_board_bonus=_int(data.get("order_board_bonus", 5), "order_board_bonus",
                                        0, 99),
                 eagle_bonus=_int(data.get("eagle_bonus", 2), "eagle_bonus", 0, 99))


def check_playable(board: Board, players: int) -> None:
    """Refuse a board whose roads closed before play use up every signpost."""
    closed = len(board.closed_at_start(players))
    if closed >= board.signposts:
        raise Rejected(_("Board file {file}: {closed} roads start closed for {players} players, "
                         "which uses up all {signposts} signposts before play.").format(
            file=board.source, closed=closed, players=players, signposts=board.signposts))
