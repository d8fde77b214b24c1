"""The Via Romana board drawn as a map: cities where the board file puts them, roads cut
into their spaces in the builders' colours, closed roads greyed under a signpost.

Geometry (:func:`layout`) is separate from drawing so the view can turn the same city and
road positions into touch targets, and a test can check that nothing leaves the map.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from companion.core.records import frozen
from companion.games.via_romana import Board, ViaRomanaState
from companion.ui import board as pieces
from companion.ui import drawn, theme
from companion.ui.layout import left_to_right
from companion.ui.tables import via_romana_labels as label_store
from companion.ui.text import draw_text, measure, render
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
    #: per city, the directions (radians) where its piece and its marker value sit: in the
    #: widest gaps between its roads, so neither covers a road space
    piece_angle: tuple[float, ...] = ()
    marker_angle: tuple[float, ...] = ()
    #: per city, where its name goes: the place around it clear of everything else
    labels: tuple[Label, ...] = ()

    def road_middle(self, road: int) -> tuple[int, int]:
        (ax, ay), _ = self.spaces[road][0]
        _, (bx, by) = self.spaces[road][-1]
        return round((ax + bx) / 2), round((ay + by) / 2)


#: a city's disc, in px at the 7" panel's unit (48): a finger reaches it beyond its edge
#: (the touch target is at least a finger wide), so a smaller disc leaves room for names
RADIUS = 15

#: the shortest a road space is drawn, in units of the layout (6 px spaces were specks)
MIN_SPACE = 0.25


def layout(state: ViaRomanaState, rect: pygame.Rect, unit: int) -> MapLayout:
    """City centres from the board file's ``x``, ``y``, kept clear of the map's edge, moved
    apart where a road would be too short for its spaces; names placed around their cities
    where they cover nothing else. Kept for the few maps last asked for: placing the names
    is a search (a few tenths of a second), the same for every state of one board, so its
    result is also kept on disk (:mod:`via_romana_labels`). The map is laid out at its own
    origin and moved to ``rect``: the picture and the touch targets share one search."""
    return _layout_at(state.board, tuple(rect), unit)


@lru_cache(maxsize=8)
def _layout_at(board: Board, bounds: tuple[int, int, int, int], unit: int) -> MapLayout:
    left, top, width, height = bounds
    return _moved(_layout(board, (0, 0, width, height), unit), left, top)


def _moved(geometry: MapLayout, dx: int, dy: int) -> MapLayout:
    """``geometry`` moved by (dx, dy) px."""
    if not dx and not dy:
        return geometry

    def point(at: tuple[int, int]) -> tuple[int, int]:
        return at[0] + dx, at[1] + dy

    def line(ends: tuple[tuple[float, float], tuple[float, float]]
             ) -> tuple[tuple[float, float], tuple[float, float]]:
        (ax, ay), (bx, by) = ends
        return (ax + dx, ay + dy), (bx + dx, by + dy)

    labels = tuple(Label(label.lines, tuple(box.move(dx, dy) for box in label.boxes),
                         None if label.leader is None
                         else (point(label.leader[0]), point(label.leader[1])),
                         label.shortened, point(label.anchor)) for label in geometry.labels)
    return MapLayout(geometry.rect.move(dx, dy), tuple(point(c) for c in geometry.centres),
                     geometry.radius, tuple(tuple(line(space) for space in road)
                                            for road in geometry.spaces),
                     geometry.road_width, geometry.name_size, geometry.piece_angle,
                     geometry.marker_angle, labels)


@lru_cache(maxsize=8)
def _layout(board: Board, bounds: tuple[int, int, int, int], unit: int) -> MapLayout:
    geometry = _geometry(board, bounds, unit)
    names = [city.name for city in board.cities]
    digest = _labels_key(names, geometry)
    labels = _labels_from(label_store.load(digest), len(names))
    if labels is None:
        labels = _place_names(names, geometry)
        label_store.save(digest, _labels_kept(labels))
    return MapLayout(geometry.rect, geometry.centres, geometry.radius, geometry.spaces,
                     geometry.road_width, geometry.name_size, geometry.piece_angle,
                     geometry.marker_angle, labels)


def placed_afresh(board: Board, bounds: tuple[int, int, int, int], unit: int
                  ) -> tuple[str, label_store.Kept]:
    """The names of ``board`` placed by the search (nothing kept asked), with their key."""
    geometry = _geometry(board, bounds, unit)
    names = [city.name for city in board.cities]
    return _labels_key(names, geometry), _labels_kept(_place_names(names, geometry))


def _labels_key(names: Sequence[str], geometry: MapLayout) -> str:
    """Everything the placed names depend on: the names, the map's geometry, and the size
    of every line's ink (the font and its size, as far as they change the result)."""
    size = geometry.name_size
    inks = [[[list(lines), shortened, [list(ink.size) for ink in _inks(lines, size)]]
             for lines, shortened in _splits(name)] for name in names]
    # fractions to a thousandth: the last bit of a sine on another machine's processor
    # changes no px, and would keep the Pi from finding the labels shipped
    spaces = [[[round(v, 3) for v in end] for space in road for end in space]
              for road in geometry.spaces]
    return label_store.key({
        "names": list(names), "rect": list(geometry.rect), "size": size,
        "centres": geometry.centres, "radius": geometry.radius, "spaces": spaces,
        "road": geometry.road_width, "piece": [round(a, 3) for a in geometry.piece_angle],
        "marker": [round(a, 3) for a in geometry.marker_angle], "inks": inks})


def _labels_kept(labels: Sequence[Label]) -> label_store.Kept:
    return [[list(label.lines), [list(box) for box in label.boxes],
             None if label.leader is None else [list(end) for end in label.leader],
             label.shortened, list(label.anchor)] for label in labels]


def _labels_from(kept: label_store.Kept | None, count: int) -> tuple[Label, ...] | None:
    """The labels of a kept result; None if it is not one of ``count`` names."""
    if kept is None or len(kept) != count:
        return None
    try:
        labels = tuple(Label(
            tuple(str(line) for line in lines),
            tuple(pygame.Rect(*(int(v) for v in box)) for box in boxes),
            None if leader is None else ((int(leader[0][0]), int(leader[0][1])),
                                         (int(leader[1][0]), int(leader[1][1]))),
            float(shortened), (int(anchor[0]), int(anchor[1])))
            for lines, boxes, leader, shortened, anchor in kept)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if any(not label.lines or len(label.lines) != len(label.boxes) for label in labels):
        return None
    return labels


def _geometry(board: Board, bounds: tuple[int, int, int, int], unit: int) -> MapLayout:
    """The map without its names: city centres, road spaces, pieces' and markers' places."""
    rect = pygame.Rect(bounds)
    radius = max(10, min(unit * RADIUS // 48, min(rect.width, rect.height) // 16))
    name_size = round(20 * unit / 48)  # the reading size (see board.reading_size)
    margin_x = radius * 9 // 5 + 2  # room for a piece or a marker value beside a city
    # above the top row and below the bottom one, room for a name line as well
    margin_top = margin_bottom = radius + name_size + 6
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
    return MapLayout(rect, centres, radius, tuple(spaces), road_width, name_size,
                     tuple(piece_angles), tuple(marker_angles))


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


#: ink kept this far from everything else on the map, in px
LABEL_MARGIN = 2
#: what a name may cover, in the search's cost: anything drawn is out (a road, a piece,
#: another name); a leader line across a road or a longer way out only costs a little
_HIT = 10000
_LEADER_CROSSES = 40
_LEADER = 25
_LEADER_PX = 1.5
_NEARER = 400
_TWO_LINES = 12
_SHORTENED = 150
#: names at least this long may be shortened where they find no room
_SHORTEN_FROM = 9
_LETTER = 15


def _place_names(names: Sequence[str], geometry: MapLayout) -> tuple[Label, ...]:
    """Each city's name where its ink covers no road, city, marker, piece or other name:
    the searched place around the city (at every angle, next to the disc or farther out
    with a leader line; on one line, on two for a name of two words, or shortened with a
    full stop where the whole name finds no room) that covers least and goes least far.
    The names are placed most hemmed in first, then each again among the others until
    none moves."""
    count = len(geometry.centres)
    context = _Obstacles.of(geometry)
    options: list[list[tuple[float, Label]]] = []
    for city, name in enumerate(names):
        scored = sorted(((context.cost(label, ()), label)
                         for label in _candidates(name, city, geometry)),
                        key=lambda pair: pair[0])
        options.append([pair for pair in scored if pair[0] < math.inf][:_KEPT] or scored[:1])

    hemmed_in = sorted(range(count), key=lambda c: -options[c][min(3, len(options[c]) - 1)][0])
    shuffler = random.Random(count)  # the same map lays out the same way every time
    best: tuple[tuple[int, float], list[tuple[float, Label]]] | None = None
    for attempt in range(_ATTEMPTS if count <= _MANY_CITIES else 1):
        order = hemmed_in if attempt == 0 else shuffler.sample(range(count), count)
        placed = _repair(options, _settle(options, order))
        labels = [pair[1] for pair in placed]
        costs = [pair[0] + _between(pair[1], labels[:city] + labels[city + 1:])
                 for city, pair in enumerate(placed)]
        # first what the names cover (each hit costs more than all else of a name)
        score = (sum(int(cost // _HIT) for cost in costs), sum(costs))
        if best is None or score < best[0]:
            best = (score, placed)
        if score[0] == 0:
            break
    _extents.clear()
    assert best is not None
    return tuple(pair[1] for pair in best[1])


#: orders of placing the names tried, until one covers nothing (one on a board of more
#: cities than this); pairs of names moved together, at most, per order
_ATTEMPTS = 4
_MANY_CITIES = 20
_PAIR_SEARCHES = 60


def _settle(options: Sequence[Sequence[tuple[float, Label]]], order: Sequence[int]
            ) -> list[tuple[float, Label]]:
    """Names placed in ``order``, each where it costs least among those placed before; then
    each again among all the others until none moves."""
    count = len(options)

    def cost(pair: tuple[float, Label], others: Sequence[Label | None]) -> float:
        return pair[0] + _between(pair[1], others)

    placed: list[tuple[float, Label] | None] = [None] * count
    for city in order:
        labels = [p[1] if p else None for p in placed]
        placed[city] = min(options[city], key=lambda pair: cost(pair, labels))
    for _round in range(6):
        moved = False
        for city in range(count):
            others = [p[1] if p and index != city else None for index, p in enumerate(placed)]
            best = min(options[city], key=lambda pair: cost(pair, others))
            current = placed[city]
            assert current is not None
            if cost(best, others) < cost(current, others):
                placed[city] = best
                moved = True
        if not moved:
            break
    return [pair for pair in placed if pair is not None]


#: a name is tried at this many angles around its city, at this many distances
_ANGLES = 36
_RINGS = 8
def _repair(options: Sequence[Sequence[tuple[float, Label]]],
            placed: list[tuple[float, Label]]) -> list[tuple[float, Label]]:
    """Each name that still covers something, or is shortened, moved together with one
    other name, the pair placed at the best two of their places: one name alone often has
    no free place left because a neighbour took it, where the neighbour had others."""
    placed = list(placed)
    count = len(placed)
    # only names that can meet are moved together
    reach = [pygame.Rect(options[city][0][1].rect).unionall(
        [pair[1].rect for pair in options[city]]) for city in range(count)]
    searches = 0
    for city in range(count):
        labels: list[Label | None] = [pair[1] for pair in placed]
        if placed[city][0] + _between(placed[city][1], labels[:city] + labels[city + 1:]) \
                < _HIT and placed[city][1].shortened < _SHORTENED:
            continue  # covers nothing and is whole (on one line or two)
        for other in range(count):
            if other == city or not reach[city].colliderect(reach[other]):
                continue
            searches += 1
            if searches > _PAIR_SEARCHES:
                return placed  # a crowded board of the players' own: as good as found
            rest = [None if index in (city, other) else label
                    for index, label in enumerate(labels)]
            mine = sorted(((pair[0] + _between(pair[1], rest), pair) for pair in options[city]),
                          key=lambda item: item[0])
            theirs = sorted(((pair[0] + _between(pair[1], rest), pair)
                             for pair in options[other]), key=lambda item: item[0])
            now = (placed[city][0] + placed[other][0]
                   + _between(placed[city][1], rest + [placed[other][1]])
                   + _between(placed[other][1], rest))
            best = (now, placed[city], placed[other])
            for cost_a, pair_a in mine:
                if cost_a + theirs[0][0] >= best[0]:
                    break
                for cost_b, pair_b in theirs:
                    if cost_a + cost_b >= best[0]:
                        break
                    total = cost_a + cost_b + _between(pair_a[1], [pair_b[1]])
                    if total < best[0]:
                        best = (total, pair_a, pair_b)
            if best[0] < now:
                placed[city], placed[other] = best[1], best[2]
                labels = [pair[1] for pair in placed]
    return placed


#: the cheapest places of a name kept for the search among the others
_KEPT = 80

#: each name's extent, asked thousands of times in one search: by the label's id, with the
#: label held so that its id is not another's while it is kept (emptied after each search)
_extents: dict[int, tuple[Label, pygame.Rect]] = {}


def _extent(label: Label) -> pygame.Rect:
    """Everything of ``label`` that another name may meet (its lines, its leader), with the
    margin kept and a px more: two names whose extents do not meet cost nothing."""
    found = _extents.get(id(label))
    if found is not None and found[0] is label:
        return found[1]
    extent = label.rect
    if label.leader is not None:
        (ax, ay), (bx, by) = label.leader
        extent = extent.union(pygame.Rect(min(ax, bx), min(ay, by), abs(bx - ax) + 1,
                                          abs(by - ay) + 1))
    extent = extent.inflate(2 * LABEL_MARGIN + 2, 2 * LABEL_MARGIN + 2)
    _extents[id(label)] = (label, extent)
    return extent


def _between(label: Label, others: Sequence[Label | None]) -> float:
    """What ``label`` costs among the other names: none may cover another or its leader.
    Names whose extents (:func:`_extent`) do not meet cost nothing: most pairs, asked
    first by one rect test."""
    total = 0.0
    reach = _extent(label)
    for other in others:
        if other is None or not reach.colliderect(_extent(other)):
            continue
        for box in label.boxes:
            padded = box.inflate(2 * LABEL_MARGIN, 2 * LABEL_MARGIN)
            total += _HIT * sum(padded.colliderect(o) for o in other.boxes)
            if other.leader is not None and padded.clipline(*other.leader):
                total += _HIT
        if label.leader is not None and any(box.clipline(*label.leader)
                                            for box in other.boxes):
            total += _HIT
        if label.leader is not None and other.leader is not None and _segments_cross(
                *label.leader, *other.leader):
            total += _LEADER_CROSSES
    return total


@frozen
class _Obstacles:
    """What a city's name must keep off: discs, markers, pieces (built or not: a name
    stays where it is as the game goes on), road spaces, the map's edge."""

    area: pygame.Rect
    boxes: tuple[pygame.Rect, ...]
    segments: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    reach: int
    #: each segment's bounds, to ask only the segments near a box
    bounds: tuple[pygame.Rect, ...] = ()
    centres: tuple[tuple[int, int], ...] = ()
    #: each centre as a px, to ask only the cities near a box
    points: tuple[pygame.Rect, ...] = ()

    @staticmethod
    def of(geometry: MapLayout) -> _Obstacles:
        cities = range(len(geometry.centres))
        segments = tuple(space for road in geometry.spaces for space in road)
        return _Obstacles(
            geometry.rect,
            tuple([_disc(geometry, city).inflate(10, 10) for city in cities]
                  + [_marker_rect(geometry, city) for city in cities]
                  + [_piece_rect(geometry, city) for city in cities]),
            segments, geometry.road_width // 2 + 2,
            tuple(pygame.Rect(math.floor(min(a[0], b[0])), math.floor(min(a[1], b[1])),
                              math.ceil(abs(b[0] - a[0])) + 2,
                              math.ceil(abs(b[1] - a[1])) + 2) for a, b in segments),
            geometry.centres, tuple(pygame.Rect(x, y, 1, 1) for x, y in geometry.centres))

    def hits(self, box: pygame.Rect) -> int:
        """How many things ``box`` (a line of a name) covers, with the margin kept."""
        padded = box.inflate(2 * LABEL_MARGIN, 2 * LABEL_MARGIN)
        wide = box.inflate(2 * self.reach, 2 * self.reach)
        near = wide.collidelistall(self.bounds)
        return (len(padded.collidelistall(self.boxes))
                + sum(1 for index in near if wide.clipline(*self.segments[index])))

    def cost(self, label: Label, others: Sequence[Label | None] = ()) -> float:
        """What ``label`` costs where it is: what it covers, its leader, its shortening;
        and among ``others``."""
        total = 0.0
        for box in label.boxes:
            if not self.area.contains(box):
                return math.inf  # cut at the map's edge
            total += _HIT * self.hits(box)
        if label.leader is not None:
            start, end = label.leader
            # a leader reads as belonging to its city only while short and clear of
            # other cities' pieces
            total += _LEADER + math.dist(start, end) * _LEADER_PX
            span = pygame.Rect(min(start[0], end[0]), min(start[1], end[1]),
                               abs(end[0] - start[0]) + 1, abs(end[1] - start[1]) + 1)
            total += _HIT * sum(1 for index in span.collidelistall(self.boxes)
                                if self.boxes[index].clipline(start, end)
                                and not self.boxes[index].collidepoint(start))
            total += _LEADER_CROSSES * sum(
                1 for index in span.collidelistall(self.bounds)
                if _segments_cross(start, end, *self.segments[index]))
        # a name nearer another city than its own reads as that city's
        box = label.rect
        own = _gap(*label.anchor, *box.center, box.width, box.height)
        # only the cities within ``own`` of the box can be nearer (a px more each side for
        # the box's centre rounded to whole px)
        within = box.inflate(2 * math.ceil(own) + 4, 2 * math.ceil(own) + 4)
        if any(self.centres[index] != label.anchor
               and _gap(*self.centres[index], *box.center, box.width, box.height) < own
               for index in within.collidelistall(self.points)):
            total += _NEARER
        return total + label.shortened + _between(label, others)


def _splits(name: str) -> list[tuple[tuple[str, ...], float]]:
    """The ways a name may be written, each with what it costs: whole on one line, on two,
    its later words shortened, its first word cut."""
    splits: list[tuple[tuple[str, ...], float]] = [((name,), 0.0)]
    words = name.split(" ")
    if len(words) > 1:
        middle = min(range(1, len(words)), key=lambda i: abs(
            len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        splits.append(((" ".join(words[:middle]), " ".join(words[middle:])), _TWO_LINES))
        splits.append(((" ".join([words[0], *(w[:1] + "." for w in words[1:])]),),
                       _SHORTENED))
    # a long name shortened as the board's names are elsewhere ("Durocort."): the first
    # word, cut (a short name is not: "Baga." would name nothing)
    for keep in sorted({len(words[0]) - 3, len(words[0]) - 5, 5}, reverse=True):
        if 5 <= keep < len(words[0]) - 1 and len(name) >= _SHORTEN_FROM:
            dropped = len(name) - keep
            splits.append(((words[0][:keep] + ".",), _SHORTENED + _LETTER * dropped))
    return splits


def _inks(lines: Sequence[str], size: int) -> list[pygame.Rect]:
    """The box each line's ink fills, drawn at ``size``."""
    with left_to_right():
        return [render(line, size, theme.TEXT).get_bounding_rect() for line in lines]


def _candidates(name: str, city: int, geometry: MapLayout) -> list[Label]:
    """The places a name may take around its city: every 15 degrees, touching the disc or
    one to three steps farther out (with a leader line), on one line or two."""
    size = geometry.name_size
    splits = _splits(name)
    (cx, cy), radius = geometry.centres[city], geometry.radius
    step = max(4, size // 2)
    found: list[Label] = []
    for lines, shortened in splits:
        inks = _inks(lines, size)
        width = max(ink.width for ink in inks)
        height = sum(ink.height for ink in inks) + 2 * (len(lines) - 1)
        for far in range(_RINGS):
            clear = radius + 6 + LABEL_MARGIN + far * step
            for turn in range(_ANGLES):
                angle = turn * 2 * math.pi / _ANGLES
                dx, dy = math.cos(angle), math.sin(angle)
                # out along the angle until the nearest point of the name is ``clear``
                # of the centre
                out = _distance_out(dx, dy, width / 2, height / 2, clear)
                mx, my = cx + dx * out, cy + dy * out
                boxes, top = [], round(my - height / 2)
                for ink in inks:
                    box = pygame.Rect(0, top, ink.width, ink.height)
                    box.centerx = round(mx)
                    boxes.append(box)
                    top += ink.height + 2
                label = Label(lines, tuple(boxes), None, shortened, (cx, cy))
                leader = None
                if far:
                    near = label.rect
                    end = (min(max(cx, near.left), near.right - 1),
                           min(max(cy, near.top), near.bottom - 1))
                    length = math.dist((cx, cy), end) or 1.0
                    start = (round(cx + (end[0] - cx) * (radius + 2) / length),
                             round(cy + (end[1] - cy) * (radius + 2) / length))
                    leader = (start, end)
                found.append(Label(lines, tuple(boxes), leader, shortened, (cx, cy)))
    return found


def _distance_out(dx: float, dy: float, half_width: float, half_height: float,
                  clear: float) -> float:
    """How far along the unit direction (dx, dy) a box of the given half sizes is centred
    so that its nearest point is ``clear`` from where it starts: beside it (only x apart),
    above or below it (only y apart), or off its corner."""
    ax, ay = abs(dx), abs(dy)
    found = []
    if ax > 1e-9:
        beside = (clear + half_width) / ax
        if beside * ay <= half_height:
            found.append(beside)
    if ay > 1e-9:
        above = (clear + half_height) / ay
        if above * ax <= half_width:
            found.append(above)
    middle = ax * half_width + ay * half_height
    root = middle * middle - (half_width ** 2 + half_height ** 2 - clear ** 2)
    if root >= 0:
        corner = middle + math.sqrt(root)
        if corner * ax >= half_width - 1e-6 and corner * ay >= half_height - 1e-6:
            found.append(corner)
    return min(found) if found else clear + half_width + half_height


def _gap(cx: float, cy: float, mx: float, my: float, width: float, height: float) -> float:
    """How far the point (cx, cy) is from the box of ``width`` x ``height`` centred at
    (mx, my)."""
    outside_x = max(0.0, abs(mx - cx) - width / 2)
    outside_y = max(0.0, abs(my - cy) - height / 2)
    return math.hypot(outside_x, outside_y)


def _segments_cross(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float],
                    d: tuple[float, float]) -> bool:
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (side(a, b, c) * side(a, b, d) < 0) and (side(c, d, a) * side(c, d, b) < 0)


def _disc(geometry: MapLayout, city: int) -> pygame.Rect:
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    disc.center = centre
    return disc


def marker_side(geometry: MapLayout) -> int:
    """A marker badge: round, as wide as its value's digits at the reading size."""
    return max(14, geometry.name_size * 6 // 5)


def _marker_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    side = marker_side(geometry)
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
    size = max(8, geometry.radius * 2 // 3)
    x, y = geometry.road_middle(road)
    post = pygame.Rect(x - size // 2 - 4, y - size, size + 8, size * 2)
    return box.union(post)


def city_bounds(geometry: MapLayout, city: int) -> pygame.Rect:
    """Everything a city can draw: its disc (marked: ringed), marker, piece and name."""
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius + 12, 2 * radius + 12)
    disc.center = centre
    marker = _marker_rect(geometry, city).inflate(4, 4)
    piece_radius = max(7, radius * 11 // 20)
    piece = pygame.Rect(0, 0, 2 * piece_radius + 6, 2 * piece_radius + 6)
    piece.center = _around(centre, radius * 1.15, geometry.piece_angle[city])
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
    marker = _marker_rect(geometry, index)
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
        piece_radius = max(7, radius * 11 // 20)
        at = _around(centre, radius * 1.15, geometry.piece_angle[index])
        pieces.token(surface, at, piece_radius, colours[building.player],
                     ring=theme.TEXT if building.castle else None)
        if building.castle:
            _castle_glyph(surface, at, piece_radius, theme.text_on(colours[building.player]))


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
