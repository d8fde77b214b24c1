"""The Via Romana map laid out for a board and a map size, and kept: in memory for the few
maps last asked for, on disk (:mod:`via_romana_labels`) for the placed names.

The geometry (:mod:`via_romana_geometry`) is quick; placing the names
(:mod:`via_romana_names`) is a search of a few tenths of a second, the same for every state
of one board, so it runs once per machine and map size. The map is laid out at its own
origin and moved into place: the picture and the touch targets share one search.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from companion.games.via_romana import Board, ViaRomanaState
from companion.ui.tables import via_romana_labels as label_store
from companion.ui.tables.via_romana_geometry import Label, MapLayout, map_geometry
from companion.ui.tables.via_romana_names import line_inks, name_splits, place_names


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
                     geometry.road_width, geometry.name_size,
                     tuple(point(at) for at in geometry.piece_at),
                     tuple(point(at) for at in geometry.marker_at), labels)


@lru_cache(maxsize=8)
def _layout(board: Board, bounds: tuple[int, int, int, int], unit: int) -> MapLayout:
    geometry = map_geometry(board, bounds, unit)
    names = [city.name for city in board.cities]
    digest = _labels_key(names, geometry)
    labels = _labels_from(label_store.load(digest), len(names))
    if labels is None:
        labels = place_names(names, geometry)
        label_store.save(digest, _labels_kept(labels))
    return MapLayout(geometry.rect, geometry.centres, geometry.radius, geometry.spaces,
                     geometry.road_width, geometry.name_size, geometry.piece_at,
                     geometry.marker_at, labels)


def placed_afresh(board: Board, bounds: tuple[int, int, int, int], unit: int
                  ) -> tuple[str, label_store.Kept]:
    """The names of ``board`` placed by the search (nothing kept asked), with their key."""
    geometry = map_geometry(board, bounds, unit)
    names = [city.name for city in board.cities]
    return _labels_key(names, geometry), _labels_kept(place_names(names, geometry))


def _labels_key(names: Sequence[str], geometry: MapLayout) -> str:
    """Everything the placed names depend on: the names, the map's geometry, and the size
    of every line's ink (the font and its size, as far as they change the result)."""
    size = geometry.name_size
    inks = [[[list(lines), shortened, [list(ink.size) for ink in line_inks(lines, size)]]
             for lines, shortened in name_splits(name)] for name in names]
    # fractions to a thousandth: the last bit of a sine on another machine's processor
    # changes no px, and would keep the Pi from finding the labels shipped
    spaces = [[[round(v, 3) for v in end] for space in road for end in space]
              for road in geometry.spaces]
    return label_store.key({
        "names": list(names), "rect": list(geometry.rect), "size": size,
        "centres": geometry.centres, "radius": geometry.radius, "spaces": spaces,
        "road": geometry.road_width, "piece": geometry.piece_at,
        "marker": geometry.marker_at, "inks": inks})


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
