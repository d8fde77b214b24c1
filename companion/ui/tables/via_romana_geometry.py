"""The Via Romana map's geometry without its names: where each city sits, how its roads'
spaces are cut, and where a city's piece and marker go.

Apart from the name search (:mod:`via_romana_names`), which keeps names off everything
placed here, and from the drawing (:mod:`via_romana_map`), which draws it: the view turns
the same positions into touch targets, and a test can check that nothing leaves the map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from companion.core.records import frozen
from companion.games.via_romana import Board


@frozen
class Label:
    """A city's name on the map: its lines, the box each line's ink fills, and the leader
    line from the city's disc to the name when the name sits away from it."""

    lines: tuple[str, ...]
    boxes: tuple[pygame.Rect, ...]
    leader: tuple[tuple[int, int], tuple[int, int]] | None = None
    #: what the search pays for the name on two lines or shortened (0: whole, one line)
    shortened: float = 0.0
    #: the centre of the name's city
    anchor: tuple[int, int] = (0, 0)

    @property
    def rect(self) -> pygame.Rect:
        return self.boxes[0].unionall(self.boxes[1:])


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
    #: per city, where its piece and its marker value are centred: beside its disc, off
    #: every road space, disc, signpost and other piece or marker (:func:`_beside`)
    piece_at: tuple[tuple[int, int], ...] = ()
    marker_at: tuple[tuple[int, int], ...] = ()
    #: per city, where its name goes: the place around it clear of everything else
    labels: tuple[Label, ...] = ()

    def road_middle(self, road: int) -> tuple[int, int]:
        return _middle(self.spaces[road])


#: a city's disc, in px at the 7" panel's unit (48): a finger reaches it beyond its edge
#: (the touch target is at least a finger wide), so a smaller disc leaves room for names
RADIUS = 15

#: the shortest a road space is drawn, along the road, in units of the layout (9 px
#: spaces were hard to tell apart and to hit): 12 px on the 7" panel
MIN_SPACE = 0.25
#: the gap between two spaces of a road, at most, in px
SPACE_GAP = 5.0


def map_geometry(board: Board, bounds: tuple[int, int, int, int], unit: int
                 ) -> MapLayout:
    """The map without its names: city centres, road spaces, pieces' and markers' places."""
    rect = pygame.Rect(bounds)
    radius = max(10, min(unit * RADIUS // 48, min(rect.width, rect.height) // 16))
    name_size = round(20 * unit / 48)  # the reading size (see board.reading_size)
    # room for a city's disc and, beside it, the start of its name or marker: the roads
    # get the rest (pieces, markers and names find their places where the roads leave room)
    margin_x = radius + 4
    margin_top = margin_bottom = radius + name_size + 2
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
    shortest = unit * MIN_SPACE
    _spread(points, [(road.a, road.b, road.spaces) for road in board.roads],
            2 * (radius + 3), shortest + SPACE_GAP + 1, area)  # a px for the rounding
    centres = tuple((round(x), round(y)) for x, y in points)
    spaces = []
    for road in board.roads:
        (ax, ay), (bx, by) = centres[road.a], centres[road.b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        start = radius + 3
        usable = max(1.0, length - 2 * start)
        step = usable / road.spaces
        gap = min(SPACE_GAP, step / 4)
        spaces.append(tuple(
            ((ax + ux * (start + i * step + gap / 2), ay + uy * (start + i * step + gap / 2)),
             (ax + ux * (start + (i + 1) * step - gap / 2),
              ay + uy * (start + (i + 1) * step - gap / 2)))
            for i in range(road.spaces)))
    road_width = max(5, unit // 7)
    markers, pieces = _beside(centres, radius, tuple(spaces), road_width, rect,
                              (_marker_side(name_size), piece_side(radius)))
    return MapLayout(rect, centres, radius, tuple(spaces), road_width, name_size,
                     pieces, markers)


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



def disc_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    disc.center = centre
    return disc


def marker_side(geometry: MapLayout) -> int:
    """A marker badge: round, as wide as its value's digits at the reading size."""
    return _marker_side(geometry.name_size)


def _marker_side(name_size: int) -> int:
    """As wide as the reading size: a digit's ink (about 3/4 of it high) with a rim; a
    wider badge took the room the roads and names need beside a city."""
    return max(14, name_size)


def piece_radius(radius: int) -> int:
    """A castle's or a milestone's disc beside a city of ``radius``."""
    return max(7, radius * 11 // 20)


def piece_side(radius: int) -> int:
    """What a piece beside a city of ``radius`` draws: its disc and a castle's ring."""
    return 2 * piece_radius(radius) + 4


def marker_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    side = marker_side(geometry)
    marker = pygame.Rect(0, 0, side, side)
    marker.center = geometry.marker_at[city]
    return marker


def piece_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    side = piece_side(geometry.radius)
    piece = pygame.Rect(0, 0, side, side)
    piece.center = geometry.piece_at[city]
    return piece


def signpost_rect(at: tuple[int, int], radius: int) -> pygame.Rect:
    """A Roma signpost standing at ``at`` (a road's middle): its post and its board."""
    size = signpost_size(radius)
    post = pygame.Rect(at[0] - size // 2 - 2, at[1] - max(6, size * 3 // 5), size + 4,
                       max(6, size * 3 // 5) + size // 2 + 1)
    return post


def signpost_size(radius: int) -> int:
    return max(8, radius * 2 // 3)


#: a marker or a piece is kept this far off a road space, a disc or another one, in px
CLEARANCE = 2
#: how far out a marker or a piece is tried, in its own widths beyond the disc
_FARTHEST = 3
#: where a marker and a piece go when every way round is free: the marker above right of
#: its city, the piece below left (the same on every city, found at a glance)
_MARKER_TOWARDS = -math.pi / 4
_PIECE_TOWARDS = 3 * math.pi / 4


Point = tuple[int, int]
Segment = tuple[tuple[float, float], tuple[float, float]]


def _beside(centres: Sequence[Point], radius: int,
            spaces: Sequence[Sequence[Segment]], road_width: int, area: pygame.Rect,
            sides: tuple[int, int]) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Each city's marker and piece centred beside its disc where they cover no road
    space, no other disc, signpost, marker or piece: the nearest such place around the
    city (a little apart from its disc where the roads leave no room next to it). Cities
    with the most roads first: they have the fewest free places."""
    segments = [(space, index) for index, road in enumerate(spaces) for space in road]
    posts = [signpost_rect(_middle(road), radius) for road in spaces]
    half = road_width / 2 + CLEARANCE
    placed: list[tuple[Point, float]] = []  # discs of the markers and pieces placed
    markers: dict[int, Point] = {}
    pieces: dict[int, Point] = {}
    crowded = sorted(range(len(centres)), key=lambda c: -sum(
        1 for road in spaces if math.dist(road[0][0], centres[c]) < radius + 8
        or math.dist(road[-1][1], centres[c]) < radius + 8))
    for city in crowded:
        cx, cy = centres[city]
        reach = radius + _FARTHEST * max(sides) + max(sides)
        near = [space for space, _road in segments
                if _band_gap((cx, cy), space, 0) < reach]
        # each space's bounds with its band: only those a place's box meets are measured
        bands = [pygame.Rect(math.floor(min(a[0], b[0]) - half), math.floor(min(a[1], b[1]) - half),
                             math.ceil(abs(b[0] - a[0]) + 2 * half) + 2,
                             math.ceil(abs(b[1] - a[1]) + 2 * half) + 2) for a, b in near]
        near_posts = [post for post in posts
                      if math.dist(post.center, (cx, cy)) < reach + post.width]
        others = [other for index, other in enumerate(centres) if index != city]
        for side, towards, found in ((sides[0], _MARKER_TOWARDS, markers),
                                     (sides[1], _PIECE_TOWARDS, pieces)):
            r = side / 2
            # ring by ring outwards: the first ring with a free place holds the nearest
            fallback: tuple[int, Point] | None = None
            best: tuple[bool, float, Point] | None = None
            out = radius * 1.1
            while best is None and out <= radius + r + _FARTHEST * side:
                for turn in range(_TURNS):
                    angle = turn * 2 * math.pi / _TURNS
                    at = (round(cx + math.cos(angle) * out), round(cy + math.sin(angle) * out))
                    hits = _covered(at, r, others, radius, (near, bands), half, near_posts,
                                    placed, area)
                    if hits:
                        if fallback is None or hits < fallback[0]:
                            fallback = (hits, at)
                        continue
                    # nearer another city than its own, it reads as that one's
                    astray = any(math.dist(at, other) < out for other in others)
                    off = abs((angle - towards + math.pi) % (2 * math.pi) - math.pi)
                    if best is None or (astray, off) < best[:2]:
                        best = (astray, off, at)
                out += 2
            chosen = best[2] if best is not None else fallback[1] if fallback else (cx, cy)
            found[city] = chosen
            placed.append((chosen, r))
    return (tuple(markers[c] for c in range(len(centres))),
            tuple(pieces[c] for c in range(len(centres))))


#: directions a marker or a piece is tried in around its city
_TURNS = 48


def _covered(at: Point, r: float, others: Sequence[Point], radius: int,
             near: tuple[Sequence[Segment], list[pygame.Rect]], half: float,
             posts: list[pygame.Rect], placed: Sequence[tuple[Point, float]],
             area: pygame.Rect) -> int:
    """How many things a disc of radius ``r`` at ``at`` covers (or 1 if it leaves the map):
    ``near`` holds the road spaces near by and the bounds of their bands."""
    if not area.inflate(-2 * int(r), -2 * int(r)).collidepoint(at):
        return 1
    box = pygame.Rect(0, 0, int(2 * r) + 2 * CLEARANCE, int(2 * r) + 2 * CLEARANCE)
    box.center = at
    spaces, bands = near
    hits = sum(1 for index in box.collidelistall(bands)
               if _band_gap(at, spaces[index], half) < r)
    hits += sum(1 for other in others if math.dist(at, other) < r + radius + CLEARANCE)
    hits += sum(1 for other, size in placed if math.dist(at, other) < r + size + CLEARANCE)
    return hits + len(box.collidelistall(posts))


def _band_gap(point: tuple[float, float], segment: Segment, half: float) -> float:
    """How far ``point`` is from the band of a road space drawn ``2 * half`` wide (flat
    ends, as a line is drawn)."""
    (ax, ay), (bx, by) = segment
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    along = (point[0] - ax) * ux + (point[1] - ay) * uy
    across = abs((point[1] - ay) * ux - (point[0] - ax) * uy)
    return math.hypot(max(0.0, -along, along - length), max(0.0, across - half))


def _middle(road: Sequence[Segment]) -> tuple[int, int]:
    (ax, ay), _ = road[0]
    _, (bx, by) = road[-1]
    return round((ax + bx) / 2), round((ay + by) / 2)
