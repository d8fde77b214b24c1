"""The Via Romana board drawn as a map: cities where the board file puts them, roads cut
into their spaces in the builders' colours, closed roads greyed under a signpost; and what
part of a kept map picture a move changed.

Only the drawing: where everything goes is the layout's (:mod:`via_romana_layout`), so the
view turns the same city and road positions into touch targets, and a move repaints only
the roads and cities it changed (:func:`changed_area`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from companion.core.records import frozen
from companion.games.via_romana import ViaRomanaState
from companion.ui import board as pieces
from companion.ui import drawn, theme
from companion.ui.layout import left_to_right
from companion.ui.tables.via_romana_geometry import (
    Label,
    MapLayout,
    marker_rect,
    piece_radius,
    piece_rect,
    signpost_rect,
    signpost_size,
)
from companion.ui.text import draw_text
from companion.ui.text_render import render
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB

#: an open road's empty spaces and a closed road's thin line: both at least 3:1 on the
#: panel (a closed road at 1.6:1 disappeared); a closed road is told apart by its thin line
#: and its signpost
ROAD_EMPTY: RGB = (140, 146, 160)
ROAD_CLOSED: RGB = (120, 124, 134)
SIGNPOST: RGB = (200, 170, 120)
SIGNPOST_INK: RGB = (40, 28, 16)
#: the thin line from a city to its name set apart from it
LEADER: RGB = (200, 204, 214)


def draw_map(surface: pygame.Surface, state: ViaRomanaState, geometry: MapLayout,
             colours: Sequence[RGB], highlight: int | None,
             within: pygame.Rect | None = None) -> None:
    """Roads first (closed ones greyed with a signpost), then cities with their pieces.

    ``colours`` are the players' colours; ``highlight`` is the road being scored. With
    ``within``, only what reaches into that rect is drawn (the caller clips to it): the
    same pixels there as a whole map, for a fraction of the work.
    """
    board = state.board
    # closed roads first, built spaces last, so a crossing never hides a player's piece
    order = sorted(range(len(board.roads)), key=lambda i: (
        not state.closed[i], sum(owner is not None for owner in state.roads[i])))
    unmarked = _without_signpost(state)
    for index in order:
        if within is None or road_bounds(geometry, index).colliderect(within):
            _draw_road(surface, state, geometry, index, colours, index == highlight,
                       index in unmarked)
    marked = _marked_cities(state, highlight)
    shown = [index for index in range(len(board.cities))
             if within is None or city_bounds(geometry, index).colliderect(within)]
    for index in shown:
        _draw_city(surface, state, geometry, index, colours, index in marked)
    for index in shown:  # names last: a leader line never runs under a disc
        _draw_label(surface, geometry.labels[index], geometry.name_size)


@frozen
class MapFacts:
    """What the map shows of the game, road by road and city by city: two of these tell
    which parts of a kept map picture a move changed."""

    roads: tuple[tuple[object, ...], ...]  # per road: owners, closed, signpost, highlighted
    cities: tuple[tuple[object, ...], ...]  # per city: building, stack, marked
    colours: tuple[RGB, ...]


def _without_signpost(state: ViaRomanaState) -> set[int]:
    """Roads scored (or being scored) that got no signpost: closed after the last one."""
    return {c.road for c in (*state.scored, *state.pending) if not c.signpost}


def _marked_cities(state: ViaRomanaState, highlight: int | None) -> set[int]:
    """The two cities at the ends of the road being scored."""
    if highlight is None:
        return set()
    road = state.board.roads[highlight]
    return {road.a, road.b}


def map_facts(state: ViaRomanaState, colours: Sequence[RGB], highlight: int | None
              ) -> MapFacts:
    unmarked = _without_signpost(state)
    marked = _marked_cities(state, highlight)
    roads = tuple((state.roads[i], state.closed[i], i in unmarked, i == highlight)
                  for i in range(len(state.board.roads)))
    cities = tuple((state.cities[i], state.stacks[i], i in marked)
                   for i in range(len(state.board.cities)))
    return MapFacts(roads, cities, tuple(colours))


def changed_area(geometry: MapLayout, before: MapFacts, after: MapFacts
                 ) -> pygame.Rect | None:
    """The part of the map that differs between ``before`` and ``after`` (None: all of
    it, when the players' colours or the board changed)."""
    if before.colours != after.colours or len(before.roads) != len(after.roads) \
            or len(before.cities) != len(after.cities):
        return None
    rects = [road_bounds(geometry, i) for i, (old, new)
             in enumerate(zip(before.roads, after.roads, strict=True)) if old != new]
    # a road built or closed changes the drawing order of the roads crossing it: they are
    # drawn again inside the area anyway, in the order of the whole map
    rects += [city_bounds(geometry, i) for i, (old, new)
              in enumerate(zip(before.cities, after.cities, strict=True)) if old != new]
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    return rects[0].unionall(rects[1:])


def road_bounds(geometry: MapLayout, road: int) -> pygame.Rect:
    """Everything a road can draw: its spaces (highlighted: wider) and its signpost."""
    points = [point for space in geometry.spaces[road] for point in space]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    reach = (geometry.road_width + 8) // 2 + 3
    box = pygame.Rect(math.floor(min(xs)) - reach, math.floor(min(ys)) - reach,
                      math.ceil(max(xs) - min(xs)) + 2 * reach + 1,
                      math.ceil(max(ys) - min(ys)) + 2 * reach + 1)
    return box.union(signpost_rect(geometry.road_middle(road), geometry.radius).inflate(8, 4))


def city_bounds(geometry: MapLayout, city: int) -> pygame.Rect:
    """Everything a city can draw: its disc (marked: ringed), marker, piece and name."""
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius + 12, 2 * radius + 12)
    disc.center = centre
    marker = marker_rect(geometry, city).inflate(4, 4)
    piece = piece_rect(geometry, city).inflate(2, 2)
    label = geometry.labels[city]
    name = label.rect.inflate(8, 8)
    if label.leader is not None:
        (ax, ay), (bx, by) = label.leader
        name.union_ip(pygame.Rect(min(ax, bx) - 2, min(ay, by) - 2, abs(bx - ax) + 5,
                                  abs(by - ay) + 5))
    return disc.unionall([marker, piece, name])


def _segment(surface: pygame.Surface, colour: RGB, start: tuple[float, float],
             end: tuple[float, float], width: int) -> None:
    pygame.draw.line(surface, colour, start, end, width)


def _draw_road(surface: pygame.Surface, state: ViaRomanaState, geometry: MapLayout,
               index: int, colours: Sequence[RGB], highlighted: bool,
               without_signpost: bool) -> None:
    width = geometry.road_width
    spaces = geometry.spaces[index]
    closed = state.closed[index]
    if highlighted:
        for start, end in spaces:
            _segment(surface, theme.ACCENT, start, end, width + 8)
    for number, (start, end) in enumerate(spaces):
        owner = state.roads[index][number]
        # on the gold band of the road being scored, an empty space is dark (grey on gold
        # was 1.8:1)
        empty = theme.BACKGROUND if highlighted else ROAD_EMPTY
        shut = theme.BACKGROUND if highlighted else ROAD_CLOSED
        if drawn.active():
            drawn.segment(surface, "road" if closed or owner is None else "built", start, end,
                          max(3, width // 2) if closed else width,
                          shut if closed else empty if owner is None
                          else colours[owner], target=f"road-{index}")
        if closed:
            _segment(surface, shut, start, end, max(3, width // 2))
        elif owner is None:
            _segment(surface, empty, start, end, width)
        else:
            _segment(surface, pieces.EDGE, start, end, width + 2)
            _segment(surface, colours[owner], start, end, width)
    if closed and not without_signpost:  # closed after the last signpost: grey, no post
        at = geometry.road_middle(index)
        drawn.piece(surface, "signpost", signpost_rect(at, geometry.radius), SIGNPOST,
                    f"road-{index}")
        _signpost(surface, at, signpost_size(geometry.radius))


def _signpost(surface: pygame.Surface, at: tuple[int, int], size: int) -> None:
    """A Roma signpost: a post with a small board across it."""
    x, y = at
    pygame.draw.line(surface, SIGNPOST_INK, (x, y - size // 2), (x, y + size // 2),
                     max(2, size // 5))
    sign = pygame.Rect(0, 0, size + 4, max(6, size * 3 // 5))
    sign.midbottom = (x, y)
    pygame.draw.rect(surface, SIGNPOST, sign, border_radius=2)
    pygame.draw.rect(surface, SIGNPOST_INK, sign, width=1, border_radius=2)


def _draw_city(surface: pygame.Surface, state: ViaRomanaState, geometry: MapLayout,
               index: int, colours: Sequence[RGB], marked: bool) -> None:
    city = state.board.cities[index]
    centre = geometry.centres[index]
    radius = geometry.radius
    fill = theme.colour_rgb(city.colour)
    if marked:
        pygame.draw.circle(surface, theme.ACCENT, centre, radius + 5)
    drawn.piece(surface, "city", pygame.Rect(centre[0] - radius, centre[1] - radius,
                                             2 * radius, 2 * radius), fill, f"city-{index}")
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, pieces.EDGE, centre, radius, width=2)
    draw_symbol(surface, city.symbol, centre, radius * 3 // 5, theme.text_on(fill))
    stack = state.stacks[index]
    value = str(stack[0]) if stack else str(state.board.base_value)
    marker = marker_rect(geometry, index)
    ground = theme.PANEL_LIGHT if not stack else (245, 240, 225)
    drawn.piece(surface, "badge", marker, ground)
    pygame.draw.ellipse(surface, ground, marker)
    pygame.draw.ellipse(surface, pieces.EDGE, marker, width=1)
    wide = pygame.Rect(0, 0, max(marker.width, measure(value, geometry.name_size)[0] + 2),
                       marker.height)
    wide.center = marker.center
    draw_text(surface, value, wide, geometry.name_size, theme.text_on(ground))
    building = state.cities[index]
    if building is not None:
        size = piece_radius(radius)
        at = geometry.piece_at[index]
        pieces.token(surface, at, size, colours[building.player],
                     ring=theme.TEXT if building.castle else None)
        if building.castle:
            _castle_glyph(surface, at, size, theme.text_on(colours[building.player]))


def _draw_label(surface: pygame.Surface, label: Label, size: int) -> None:
    """A city's name, each line drawn so that its ink fills its box; its leader line first."""
    if label.leader is not None:
        pygame.draw.line(surface, LEADER, *label.leader, 2)
    with left_to_right():  # a city's name reads as on the board ("Duroc.", not ".Duroc")
        for line, box in zip(label.lines, label.boxes, strict=True):
            image = render(line, size, theme.TEXT)
            ink = image.get_bounding_rect()
            # the line's rect, one px wider each side, so that its ink lands on the box
            at = pygame.Rect(box.left - ink.left - 1, box.top - ink.top,
                             image.get_width() + 2, image.get_height())
            draw_text(surface, line, at, size, theme.TEXT)


def _castle_glyph(surface: pygame.Surface, at: tuple[int, int], radius: int, ink: RGB) -> None:
    """Battlements: a small crenellated tower, so a castle reads apart from a milestone."""
    x, y = at
    w = radius
    body = pygame.Rect(x - w // 2, y - w // 4, w, w * 3 // 4)
    pygame.draw.rect(surface, ink, body)
    tooth = max(2, w // 4)
    for left in (body.left, body.centerx - tooth // 2, body.right - tooth):
        pygame.draw.rect(surface, ink, (left, body.top - tooth, tooth, tooth))


def draw_symbol(surface: pygame.Surface, symbol: str, centre: tuple[int, int], size: int,
                ink: RGB) -> None:
    """The card symbol of a city as a small glyph (unknown symbols: their first letter)."""
    x, y = centre
    s = max(4, size)
    if symbol == "shield":
        points = [(x - s, y - s), (x + s, y - s), (x + s, y), (x, y + s), (x - s, y)]
        pygame.draw.polygon(surface, ink, points, width=max(2, s // 3))
    elif symbol == "helmet":
        pygame.draw.arc(surface, ink, (x - s, y - s, 2 * s, 2 * s), 0, math.pi, max(2, s // 3))
        pygame.draw.line(surface, ink, (x - s, y), (x + s, y), max(2, s // 3))
        pygame.draw.line(surface, ink, (x, y - s), (x, y - s - s // 2), max(2, s // 3))
    elif symbol == "eagle":
        points = [(x - s, y - s // 2), (x, y + s // 2), (x + s, y - s // 2)]
        pygame.draw.lines(surface, ink, False, points, max(2, s // 3))
        pygame.draw.circle(surface, ink, (x, y - s // 3), max(2, s // 3))
    elif symbol == "amphora":
        pygame.draw.ellipse(surface, ink, (x - s * 2 // 3, y - s // 3, s * 4 // 3, s * 4 // 3),
                            width=max(2, s // 3))
        pygame.draw.line(surface, ink, (x, y - s // 3), (x, y - s), max(2, s // 3))
        pygame.draw.line(surface, ink, (x - s // 2, y - s), (x + s // 2, y - s), max(2, s // 4))
    else:
        box = pygame.Rect(0, 0, 2 * s, 2 * s)
        box.center = centre
        draw_text(surface, symbol[:1].upper(), box, max(10, 2 * s), ink)
