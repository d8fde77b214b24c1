"""The Via Romana map's city names placed: a search for each name's place around its city,
clear of every road, disc, marker, piece and other name.

The board leaves no room for fixed label places, so each name is tried at many angles and
distances, on one line or two, shortened only where nothing else is free; the names are
then settled together. Apart from the map's geometry (:mod:`via_romana_geometry`) and its
drawing (:mod:`via_romana_map`): the search is the costly part, run once per board and map
size and its result kept (:mod:`via_romana_layout`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from companion.core.records import frozen
from companion.ui import theme
from companion.ui.layout import left_to_right
from companion.ui.tables.via_romana_geometry import (
    Label,
    MapLayout,
    disc_rect,
    marker_rect,
    piece_rect,
)
from companion.ui.text_render import render

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
#: names at least this long may be shortened where they find no room, to this many letters
_SHORTEN_FROM = 6
SHORTEST = 4
#: what a name cut to fewer than five letters costs more: only where nothing longer fits
_TERSE = 300
_LETTER = 15


def place_names(names: Sequence[str], geometry: MapLayout) -> tuple[Label, ...]:
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
            tuple([disc_rect(geometry, city).inflate(10, 10) for city in cities]
                  + [marker_rect(geometry, city) for city in cities]
                  + [piece_rect(geometry, city) for city in cities]),
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


def name_splits(name: str) -> list[tuple[tuple[str, ...], float]]:
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
    # word, cut, down to its first four letters ("Lugd.": with the city's colour and symbol
    # beside it, enough to find it on the board) where the name at the reading size finds
    # no room on the 7" map; a short name is not ("Narb." saves nothing)
    for keep in sorted({len(words[0]) - 3, len(words[0]) - 5, 5, SHORTEST}, reverse=True):
        if SHORTEST <= keep < len(words[0]) - 1 and len(name) >= _SHORTEN_FROM:
            dropped = len(name) - keep
            splits.append(((words[0][:keep] + ".",), _SHORTENED + _LETTER * dropped
                           + (_TERSE if keep < 5 else 0)))
    return splits


def line_inks(lines: Sequence[str], size: int) -> list[pygame.Rect]:
    """The box each line's ink fills, drawn at ``size``."""
    with left_to_right():
        return [render(line, size, theme.TEXT).get_bounding_rect() for line in lines]


def _candidates(name: str, city: int, geometry: MapLayout) -> list[Label]:
    """The places a name may take around its city: every 15 degrees, touching the disc or
    one to three steps farther out (with a leader line), on one line or two."""
    size = geometry.name_size
    splits = name_splits(name)
    (cx, cy), radius = geometry.centres[city], geometry.radius
    step = max(4, size // 2)
    found: list[Label] = []
    for lines, shortened in splits:
        inks = line_inks(lines, size)
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
