"""What a frame drew, for the screen audit: every text box, every piece that carries meaning.

All text goes through :mod:`companion.ui.text` and the pieces of a board through
:mod:`companion.ui.board` and the map; they tell this module what they drew, and where,
when a :class:`Record` is open (never in play: one check of a global, nothing kept). A
picture painted once and blitted later (a button, a table's layer) carries its items with
it: :func:`placed` moves them into the surface it lands on, so the screen's record holds
every item in screen coordinates, as a finger or an eye finds it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import field

import pygame

from companion.core.records import frozen, mutable
from companion.ui.theme import RGB

Point = tuple[float, float]


@frozen
class Item:
    """One thing drawn: a text's ink, or a piece (``kind`` says which)."""

    kind: str  # "text", or a piece: "badge", "chip", "card", "token", "road", "city", "line"
    rect: pygame.Rect  # the ink's bounds (a text) or the piece's bounds
    colour: RGB
    ground: RGB  # what lies under it where it was drawn (for the contrast)
    text: str = ""  # a text as given, before any cut
    shown: str = ""  # what was drawn of it (ends with an ellipsis when cut)
    size: int = 0  # a text's font size in px
    clipped: bool = False  # part of the ink fell outside the surface it was drawn in
    #: a road space: its centre line and width (the rect is its bounds)
    segment: tuple[Point, Point] | None = None
    width: int = 0
    #: the touch target a finger aiming at this piece means ("road-3", "city-5")
    target: str = ""
    layer: str = ""  # the screen (or banner) that drew it


@mutable
class Record:
    """Items per surface drawn into while the record is open."""

    layer: str = ""
    _items: dict[int, list[Item]] = field(default_factory=dict)
    _surfaces: dict[int, pygame.Surface] = field(default_factory=dict)

    def add(self, surface: pygame.Surface, item: Item) -> None:
        """``item`` (made with this record's layer) drawn on ``surface``."""
        self._surfaces[id(surface)] = surface  # held: its id names no other surface meanwhile
        self._items.setdefault(id(surface), []).append(item)

    def items(self, surface: pygame.Surface) -> list[Item]:
        return list(self._items.get(id(surface), []))

    def forget(self, surface: pygame.Surface) -> None:
        self._items.pop(id(surface), None)


_record: Record | None = None


@contextmanager
def recording() -> Iterator[Record]:
    """Record what is drawn inside the block."""
    global _record
    previous, _record = _record, Record()
    try:
        yield _record
    finally:
        _record = previous


def active() -> bool:
    return _record is not None


@contextmanager
def layer(name: str) -> Iterator[None]:
    """Items drawn in the block belong to ``name`` (a screen, a banner)."""
    if _record is None:
        yield
        return
    record = _record
    previous, record.layer = record.layer, name
    try:
        yield
    finally:
        record.layer = previous


def ground_under(surface: pygame.Surface, rect: pygame.Rect) -> RGB:
    """The most common colour along the edge of ``rect`` on ``surface`` (before drawing)."""
    area = rect.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return (0, 0, 0)
    xs = {area.left, area.centerx, area.right - 1}
    ys = {area.top, area.centery, area.bottom - 1}
    counts: dict[RGB, int] = {}  # counted by hand: a Counter per item was a tenth of the audit
    for x in xs:
        for y in ys:
            if (x, y) != area.center:
                r, g, b, _a = surface.get_at((x, y))
                counts[(r, g, b)] = counts.get((r, g, b), 0) + 1
    return max(counts, key=counts.__getitem__)  # the first of the most common, as before


def text(surface: pygame.Surface, given: str, shown: str, image: pygame.Surface,
         at: pygame.Rect, size: int, colour: RGB) -> None:
    """A line of text about to be blitted at ``at`` (call before the blit)."""
    if _record is None:
        return
    ink = image.get_bounding_rect().move(at.topleft)
    if ink.width == 0:
        return  # a space, an empty line
    bounds = surface.get_clip() if surface.get_clip().width else surface.get_rect()
    _record.add(surface, Item("text", ink, colour, ground_under(surface, ink), given, shown,
                              size, clipped=not bounds.contains(ink), layer=_record.layer))


def piece(surface: pygame.Surface, kind: str, rect: pygame.Rect, colour: RGB,
          target: str = "", ground: RGB | None = None) -> None:
    """A piece of the board about to be drawn in ``rect`` (call before drawing it)."""
    if _record is None:
        return
    under = ground if ground is not None else ground_under(surface, rect)
    _record.add(surface, Item(kind, pygame.Rect(rect), colour, under, target=target,
                              layer=_record.layer))


def segment(surface: pygame.Surface, kind: str, start: Point, end: Point, width: int,
            colour: RGB, target: str = "") -> None:
    """A thick line that carries meaning (a road space), about to be drawn."""
    if _record is None:
        return
    left, top = min(start[0], end[0]), min(start[1], end[1])
    bounds = pygame.Rect(int(left - width / 2), int(top - width / 2),
                         int(abs(end[0] - start[0]) + width) + 1,
                         int(abs(end[1] - start[1]) + width) + 1)
    middle = (round((start[0] + end[0]) / 2), round((start[1] + end[1]) / 2))
    _record.add(surface, Item(kind, bounds, colour,
                              ground_under(surface, pygame.Rect(middle[0] - width,
                                                                middle[1] - width,
                                                                2 * width + 1, 2 * width + 1)),
                              segment=(start, end), width=width, target=target,
                              layer=_record.layer))


def fresh(picture: pygame.Surface) -> None:
    """``picture`` is painted afresh: what it held before is gone."""
    if _record is not None:
        _record.forget(picture)


def placed(picture: pygame.Surface, surface: pygame.Surface, at: tuple[int, int]) -> None:
    """``picture`` (with the items drawn into it) is blitted onto ``surface`` at ``at``."""
    if _record is None:
        return
    bounds = surface.get_rect()
    dx, dy = at
    for item in _record.items(picture):
        rect = item.rect.move(dx, dy)
        # made anew rather than by dataclasses.replace: a frame of the audit moves thousands
        moved = Item(item.kind, rect, item.colour, item.ground, item.text, item.shown, item.size,
                     item.clipped or not bounds.contains(rect),
                     None if item.segment is None else (
                         (item.segment[0][0] + dx, item.segment[0][1] + dy),
                         (item.segment[1][0] + dx, item.segment[1][1] + dy)),
                     item.width, item.target, _record.layer or item.layer)
        _record._surfaces[id(surface)] = surface
        _record._items.setdefault(id(surface), []).append(moved)
