"""Layouts computed from the window size, never from fixed coordinates.

Everything is measured in a *unit*: a tenth of the window's short side (48 px on the
7" 800x480 display, 72 px on the 720x1280 portrait display), which is also the smallest
touch target, so a finger always fits.

For a right-to-left language the layout is mirrored: :func:`split_cols` and :func:`grid` lay
their cells out from the right (the first column is the rightmost), and text aligned "left"
goes to the right. What reads left to right in every language (the number pad, the keys of
a keyboard, a picture of the board) is laid out inside :func:`left_to_right`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property

import pygame

from companion.core import i18n
from companion.core.records import frozen

MIN_TOUCH = 48

_left_to_right_blocks = 0


def mirrored() -> bool:
    """Whether screens are laid out right to left now (the language is, outside blocks)."""
    return _left_to_right_blocks == 0 and i18n.is_right_to_left()


@contextmanager
def left_to_right() -> Iterator[None]:
    """Lay out (and align text) left to right whatever the language, for the block's length."""
    global _left_to_right_blocks
    _left_to_right_blocks += 1
    try:
        yield
    finally:
        _left_to_right_blocks -= 1


def mirror(rect: pygame.Rect, within: pygame.Rect) -> pygame.Rect:
    """``rect`` reflected across the vertical centre line of ``within`` when mirrored."""
    if not mirrored():
        return rect
    return pygame.Rect(within.left + within.right - rect.right, rect.top, rect.width, rect.height)


def start_align(align: str) -> str:
    """A text alignment with "left" meaning the side a line starts on."""
    if not mirrored():
        return align
    return {"left": "right", "right": "left"}.get(align, align)


@frozen
class Metrics:
    width: int
    height: int
    unit: int

    @cached_property
    def portrait(self) -> bool:
        return self.height > self.width

    @cached_property
    def gap(self) -> int:
        return max(4, self.unit // 8)

    @cached_property
    def small(self) -> int:
        """Font size for secondary text (pygame's default font renders ~0.7 of this tall)."""
        return round(self.unit * 0.58)

    @cached_property
    def body(self) -> int:
        return round(self.unit * 0.72)

    @cached_property
    def large(self) -> int:
        return round(self.unit * 0.95)

    @cached_property
    def title(self) -> int:
        return round(self.unit * 1.2)

    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)


def metrics_for(size: tuple[int, int]) -> Metrics:
    width, height = size
    return Metrics(width, height, max(MIN_TOUCH, min(width, height) // 10))


def inset(rect: pygame.Rect, by: int) -> pygame.Rect:
    return rect.inflate(-2 * by, -2 * by)


def split_rows(rect: pygame.Rect, weights: Sequence[float], gap: int = 0) -> list[pygame.Rect]:
    """Cut ``rect`` into horizontal bands; a negative weight is a fixed height in pixels."""
    return _split(rect, weights, gap, vertical=True)


def split_cols(rect: pygame.Rect, weights: Sequence[float], gap: int = 0) -> list[pygame.Rect]:
    """Cut ``rect`` into vertical bands; a negative weight is a fixed width in pixels.

    Mirrored, the first band is the rightmost.
    """
    return [mirror(band, rect) for band in _split(rect, weights, gap, vertical=False)]


def _split(rect: pygame.Rect, weights: Sequence[float], gap: int,
           vertical: bool) -> list[pygame.Rect]:
    total = rect.height if vertical else rect.width
    fixed = sum(-w for w in weights if w < 0)
    flexible = sum(w for w in weights if w > 0)
    room = max(0, total - fixed - gap * (len(weights) - 1))
    rects: list[pygame.Rect] = []
    position = rect.top if vertical else rect.left
    for weight in weights:
        length = int(-weight) if weight < 0 else (
            int(room * weight / flexible) if flexible else 0)
        if vertical:
            rects.append(pygame.Rect(rect.left, position, rect.width, length))
        else:
            rects.append(pygame.Rect(position, rect.top, length, rect.height))
        position += length + gap
    return rects


def rect_difference(rect: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``rect`` outside every hole, as bands of rects between the holes'
    edges: what a ground must fill under pictures that cover the holes anyway."""
    inside = [hole.clip(rect) for hole in holes if hole.colliderect(rect)]
    edges = sorted({rect.top, rect.bottom, *(hole.top for hole in inside),
                    *(hole.bottom for hole in inside)})
    pieces: list[pygame.Rect] = []
    for top, bottom in zip(edges, edges[1:], strict=False):
        left = rect.left
        for start, end in sorted((hole.left, hole.right) for hole in inside
                                 if hole.top <= top and hole.bottom >= bottom):
            if start > left:
                pieces.append(pygame.Rect(left, top, start - left, bottom - top))
            left = max(left, end)
        if left < rect.right:
            pieces.append(pygame.Rect(left, top, rect.right - left, bottom - top))
    return pieces


def grid(rect: pygame.Rect, count: int, columns: int, gap: int,
         row_height: int | None = None) -> list[pygame.Rect]:
    """``count`` cells filling ``rect`` left to right (mirrored: right to left), top to bottom."""
    if count <= 0:
        return []
    columns = max(1, min(columns, count))
    rows = -(-count // columns)
    width = (rect.width - gap * (columns - 1)) // columns
    height = row_height or (rect.height - gap * (rows - 1)) // rows
    return [mirror(pygame.Rect(rect.left + (i % columns) * (width + gap),
                               rect.top + (i // columns) * (height + gap), width, height), rect)
            for i in range(count)]
