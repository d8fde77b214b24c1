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


def map_geometry(board: Board, bounds: tuple[int, int, int, int], unit: int
                 ) -> MapLayout:
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



def disc_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    centre, radius = geometry.centres[city], geometry.radius
    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    disc.center = centre
    return disc


def marker_side(geometry: MapLayout) -> int:
    """A marker badge: round, as wide as its value's digits at the reading size."""
    return max(14, geometry.name_size * 6 // 5)


def marker_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    side = marker_side(geometry)
    marker = pygame.Rect(0, 0, side, side)
    marker.center = around(geometry.centres[city], geometry.radius * 1.15,
                            geometry.marker_angle[city])
    return marker


def piece_rect(geometry: MapLayout, city: int) -> pygame.Rect:
    piece_radius = max(7, geometry.radius * 11 // 20)
    piece = pygame.Rect(0, 0, 2 * piece_radius + 4, 2 * piece_radius + 4)
    piece.center = around(geometry.centres[city], geometry.radius * 1.15,
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


def around(centre: tuple[int, int], distance: float, angle: float) -> tuple[int, int]:
    return (round(centre[0] + distance * math.cos(angle)),
            round(centre[1] + distance * math.sin(angle)))
