"""The Via Romana board drawn as a map: cities where the board file puts them, roads cut
into their spaces in the builders' colours, closed roads greyed under a signpost.

Geometry (:func:`layout`) is separate from drawing so the view can turn the same city and
road positions into touch targets, and a test can check that nothing leaves the map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from companion.games.via_romana import ViaRomanaState
from companion.records import frozen
from companion.ui import board as pieces
from companion.ui import drawn, theme
from companion.ui.text import draw_text
from companion.ui.theme import RGB

#: an open road's empty spaces and a closed road's thin line: both at least 3:1 on the
#: panel (a closed road at 1.6:1 disappeared); a closed road is told apart by its thin line
#: and its signpost
ROAD_EMPTY: RGB = (140, 146, 160)
ROAD_CLOSED: RGB = (120, 124, 134)
SIGNPOST: RGB = (200, 170, 120)
SIGNPOST_INK: RGB = (40, 28, 16)


@frozen
class MapLayout:
    """Where everything goes inside ``rect``: city centres, their radius, road spaces."""

    rect: pygame.Rect
    centres: tuple[tuple[int, int], ...]
    radius: int
    #: per road, per road space (listed from the road's first city), its two end points
    spaces: tuple[tuple[tuple[tuple[float, float], tuple[float, float]], ...], ...]
    road_width: int
    name_size: int
    #: per city, the directions (radians) where its piece and its marker value sit: in the
    #: widest gaps between its roads, so neither covers a road space
    piece_angle: tuple[float, ...] = ()
    marker_angle: tuple[float, ...] = ()
    #: per city, where its name goes: the first place around it clear of everything else
    labels: tuple[pygame.Rect, ...] = ()

    def road_middle(self, road: int) -> tuple[int, int]:
        (ax, ay), _ = self.spaces[road][0]
        _, (bx, by) = self.spaces[road][-1]
        return round((ax + bx) / 2), round((ay + by) / 2)


#: the shortest a road space is drawn, in units of the layout (6 px spaces were specks)
MIN_SPACE = 0.25


def layout(state: ViaRomanaState, rect: pygame.Rect, unit: int) -> MapLayout:
    """City centres from the board file's ``x``, ``y``, kept clear of the map's edge, moved
    apart where a road would be too short for its spaces; names placed around their cities
    where they cover nothing else."""
    board = state.board
    radius = max(10, min(unit * 3 // 8, min(rect.width, rect.height) // 16))
    name_size = round(20 * unit / 48)  # the reading size (see board.reading_size)
    margin_x = radius * 9 // 5 + 2  # room for a piece or a marker value beside a city
    margin_top = radius * 9 // 5
    margin_bottom = radius * 9 // 5
    width = max(1, rect.width - 2 * margin_x)
    height = max(1, rect.height - margin_top - margin_bottom)
    xs = [city.position[0] for city in board.cities]
    ys = [city.position[1] for city in board.cities]
    # stretch the cities' spread over the whole map, whatever part of 0..1 the file uses
    left, span_x = min(xs), (max(xs) - min(xs)) or 1.0
    top, span_y = min(ys), (max(ys) - min(ys)) or 1.0
    points = [[rect.left + margin_x + (x - left) / span_x * width,
               rect.top + margin_top + (y - top) / span_y * height]
              for x, y in zip(xs, ys, strict=True)]
    area = pygame.Rect(rect.left + margin_x, rect.top + margin_top, width, height)
    _spread(points, [(road.a, road.b, road.spaces) for road in board.roads],
            2 * (radius + 3), unit * MIN_SPACE, area)
    centres = tuple((round(x), round(y)) for x, y in points)
    spaces = []
    for road in board.roads:
        (ax, ay), (bx, by) = centres[road.a], centres[road.b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        start = radius + 3
        usable = max(1.0, length - 2 * start)
        step = usable / road.spaces
        gap = min(4.0, step / 4)
        spaces.append(tuple(
            ((ax + ux * (start + i * step + gap / 2), ay + uy * (start + i * step + gap / 2)),
             (ax + ux * (start + (i + 1) * step - gap / 2),
              ay + uy * (start + (i + 1) * step - gap / 2)))
            for i in range(road.spaces)))
    piece_angles, marker_angles = [], []
    for index, (cx, cy) in enumerate(centres):
        directions = sorted(
            math.atan2(centres[r.b if r.a == index else r.a][1] - cy,
                       centres[r.b if r.a == index else r.a][0] - cx)
            for r in board.roads if index in (r.a, r.b))
        piece, marker = _free_directions(directions)
        piece_angles.append(piece)
        marker_angles.append(marker)
    road_width = max(5, unit // 7)
    geometry = MapLayout(rect, centres, radius, tuple(spaces), road_width, name_size,
                         tuple(piece_angles), tuple(marker_angles))
    labels = _place_names([city.name for city in board.cities], geometry)
    return MapLayout(rect, centres, radius, tuple(spaces), road_width, name_size,
                     tuple(piece_angles), tuple(marker_angles), labels)


def _spread(points: list[list[float]], roads: Sequence[tuple[int, int, int]], ends: float,
            space: float, area: pygame.Rect) -> None:
    """Move the cities of roads too short for their spaces apart, a little at a time, kept
    inside ``area`` (the map keeps its shape; a road's spaces keep a visible length)."""
    for _round in range(60):
        moved = False
        for a, b, count in roads:
            (ax, ay), (bx, by) = points[a], points[b]
            length = math.hypot(bx - ax, by - ay) or 1.0
            wanted = ends + count * space
            if length >= wanted:
                continue
            push = (wanted - length) / 2 + 0.5
            ux, uy = (bx - ax) / length, (by - ay) / length
            points[a][0] -= ux * push
            points[a][1] -= uy * push
            points[b][0] += ux * push
            points[b][1] += uy * push
            moved = True
        for point in points:
            point[0] = min(max(point[0], area.left), area.right)
            point[1] = min(max(point[1], area.top), area.bottom)
        if not moved:
            return


def _place_names(names: Sequence[str], geometry: MapLayout) -> tuple[pygame.Rect, ...]:
    """Each city's name where it covers no road, city, marker, piece or other name: the
    first free place of eight around the city (below first), else the one covering least."""
    from companion.ui.text import line_size, measure

    size = geometry.name_size
    height = line_size(size)
    taken = [_disc(geometry, city).inflate(4, 4) for city in range(len(geometry.centres))]
    taken += [_marker_rect(geometry, city) for city in range(len(geometry.centres))]
    taken += [_piece_rect(geometry, city) for city in range(len(geometry.centres))]
    segments = [space for road in geometry.spaces for space in road]
    reach = geometry.road_width // 2 + 2
    placed: list[pygame.Rect] = []
    for city, name in enumerate(names):
        (cx, cy), r = geometry.centres[city], geometry.radius
        label = pygame.Rect(0, 0, measure(name, size)[0] + 4, height)
        best: tuple[int, pygame.Rect] | None = None
        for dx, dy, far in _AROUND:
            candidate = pygame.Rect(label)
            candidate.center = (round(cx + dx * (r + 2 + label.width / 2)) if dx else cx,
                                round(cy + dy * (r + 2 + label.height / 2 + far * height))
                                if dy else cy)
            candidate.clamp_ip(geometry.rect)
            # a name on another name or a piece is worst, on a road less so, farther out
            # a little
            cost = (10 * sum(candidate.colliderect(box) for box in taken + placed)
                    + 3 * sum(_crosses(candidate, start, end, reach)
                              for start, end in segments) + far)
            if best is None or cost < best[0]:
                best = (cost, candidate)
            if cost == 0:
                break
        assert best is not None
        placed.append(best[1])
    return tuple(placed)


#: where a name may go around its city: (x side, y side, lines farther out), best first
#: (farther out reads as the next city's name: not tried)
_AROUND = ((0, 1, 0), (0, -1, 0), (1, 0, 0), (-1, 0, 0), (1, 1, 0), (-1, 1, 0), (1, -1, 0),
           (-1, -1, 0))


def _crosses(box: pygame.Rect, start: tuple[float, float], end: tuple[float, float],
             reach: int) -> bool:
    inner = box.inflate(2 * reach, 2 * reach)
    steps = max(2, int(math.hypot(end[0] - start[0], end[1] - start[1]) // 2))
    return any(inner.collidepoint(start[0] + (end[0] - start[0]) * i / steps,
                                  start[1] + (end[1] - start[1]) * i / steps)
               for i in range(steps + 1))


def _disc(geometry: MapLayout, city: int) -> pygame.Rect:
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    disc.center = centre
    return disc


def _marker_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    side = max(14, geometry.radius)
    marker = pygame.Rect(0, 0, side, side)
    marker.center = _around(geometry.centres[city], geometry.radius * 1.15,
                            geometry.marker_angle[city])
    return marker


def _piece_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    piece_radius = max(7, geometry.radius * 11 // 20)
    piece = pygame.Rect(0, 0, 2 * piece_radius + 4, 2 * piece_radius + 4)
    piece.center = _around(geometry.centres[city], geometry.radius * 1.15,
                           geometry.piece_angle[city])
    return piece


def _free_directions(directions: list[float]) -> tuple[float, float]:
    """Two directions away from the roads: in the widest gap (split in three when it is more
    than a half turn), else the widest and the second widest."""
    if not directions:
        return -math.pi / 4, -3 * math.pi / 4
    gaps = []
    for number, start in enumerate(directions):
        end = directions[(number + 1) % len(directions)]
        width = (end - start) % (2 * math.pi) or 2 * math.pi
        gaps.append((width, start))
    gaps.sort(reverse=True)
    width, start = gaps[0]
    if width > math.pi or len(gaps) == 1:
        return start + width / 3, start + 2 * width / 3
    second_width, second_start = gaps[1]
    return start + width / 2, second_start + second_width / 2


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
    for index in range(len(board.cities)):
        if within is None or city_bounds(geometry, index).colliderect(within):
            _draw_city(surface, state, geometry, index, colours, index in marked)


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
    size = max(8, geometry.radius * 2 // 3)
    x, y = geometry.road_middle(road)
    post = pygame.Rect(x - size // 2 - 4, y - size, size + 8, size * 2)
    return box.union(post)


def city_bounds(geometry: MapLayout, city: int) -> pygame.Rect:
    """Everything a city can draw: its disc (marked: ringed), marker, piece and name."""
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius + 12, 2 * radius + 12)
    disc.center = centre
    side = max(14, radius)
    marker = pygame.Rect(0, 0, side + 4, side + 4)
    marker.center = _around(centre, radius * 1.15, geometry.marker_angle[city])
    piece_radius = max(7, radius * 11 // 20)
    piece = pygame.Rect(0, 0, 2 * piece_radius + 6, 2 * piece_radius + 6)
    piece.center = _around(centre, radius * 1.15, geometry.piece_angle[city])
    # the name's glyphs reach above and below its line box
    name = _name_rect(geometry, city).inflate(4, geometry.name_size)
    return disc.unionall([marker, piece, name])


def _name_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    return geometry.labels[city]


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
        _signpost(surface, geometry.road_middle(index), max(8, geometry.radius * 2 // 3))


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
    side = max(14, radius)
    marker = pygame.Rect(0, 0, side, side)
    marker.center = _around(centre, radius * 1.15, geometry.marker_angle[index])
    pieces.badge(surface, marker, value, theme.PANEL_LIGHT if not stack else (245, 240, 225))
    building = state.cities[index]
    if building is not None:
        piece_radius = max(7, radius * 11 // 20)
        at = _around(centre, radius * 1.15, geometry.piece_angle[index])
        pieces.token(surface, at, piece_radius, colours[building.player],
                     ring=theme.TEXT if building.castle else None)
        if building.castle:
            _castle_glyph(surface, at, piece_radius, theme.text_on(colours[building.player]))
    draw_text(surface, city.name, _name_rect(geometry, index), geometry.name_size, theme.TEXT)


def _around(centre: tuple[int, int], distance: float, angle: float) -> tuple[int, int]:
    return (round(centre[0] + distance * math.cos(angle)),
            round(centre[1] + distance * math.sin(angle)))


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
