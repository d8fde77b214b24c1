"""Text drawn into images, the images kept while they fit a byte budget.

A line's pieces (:mod:`companion.ui.text_shaping`) are drawn by their fonts and set on one
baseline. Images are kept least recently used first out, by their bytes of pixels, and a
big one only once it is drawn a second time: a redraw blits what it drew before.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from companion.ui import layout
from companion.ui.font_sizes import face_font, font
from companion.ui.text_shaping import pieces, shaping
from companion.ui.theme import RGB

_rendered: OrderedDict[tuple[str, int, RGB, bool], pygame.Surface] = OrderedDict()
#: the rendered-text cache holds at most this many bytes of pixels (a count would let a few
#: big CJK paragraphs or many small labels swing memory by megabytes); buttons and table
#: parts keep their own pictures (widgets, layers), so a line is mostly drawn once into one
#: of them: more than 1 MB held status lines that never came again, and sped up no redraw
CACHE_BYTES = 1024 * 1024
_cached_bytes = 0
#: an image bigger than this (a status line: over 100 KB) is kept only from its second
#: drawing on: a line drawn once pushed out a dozen small labels, drawn again at the next
#: move (over half the lines a Glory to Rome evening drew were such labels drawn again)
ONCE_BYTES = CACHE_BYTES // 16
#: the keys of the big images drawn once lately (bounded: keys only, no pixels)
_drawn_once: OrderedDict[tuple[str, int, RGB, bool], None] = OrderedDict()
DRAWN_ONCE_KEPT = 64


def cached_bytes() -> int:
    """Bytes of pixels the rendered-text cache holds now (at most :data:`CACHE_BYTES`)."""
    return _cached_bytes


def _surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


def _render_piece(loaded: pygame.font.Font, text: str, colour: RGB) -> pygame.Surface:
    """One piece drawn; one that has no width (only zero-width marks) is an empty image,
    where SDL_ttf would raise."""
    try:
        return loaded.render(text, True, colour)
    except pygame.error:
        return pygame.Surface((1, loaded.get_linesize()), pygame.SRCALPHA)


def _compose(text: str, size: int, colour: RGB) -> pygame.Surface:
    parts = [(piece, shaping(face_font(piece.face, size), piece)) for piece in pieces(text)]
    if len(parts) == 1:
        piece, loaded = parts[0]
        return _render_piece(loaded, piece.text, colour)
    if not parts:
        return font(size).render("", True, colour)
    baseline = max([font(size).get_ascent()] + [loaded.get_ascent() for _, loaded in parts])
    images = []
    for piece, loaded in parts:
        shaping(loaded, piece)
        images.append((_render_piece(loaded, piece.text, colour),
                       baseline - loaded.get_ascent()))
    width = sum(image.get_width() for image, _ in images)
    height = max(top + image.get_height() for image, top in images)
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    x = 0
    for image, top in images:
        surface.blit(image, (x, top))
        x += image.get_width()
    return surface


def render(text: str, size: int, colour: RGB) -> pygame.Surface:
    """``text`` drawn at ``size``; the least recently used images go when the cache is full,
    and a big image is kept only once it is drawn a second time (:data:`ONCE_BYTES`)."""
    global _cached_bytes
    key = (text, int(size), colour, layout.mirrored())
    surface = _rendered.get(key)
    if surface is not None:
        _rendered.move_to_end(key)
        return surface
    surface = _compose(text, int(size), colour)
    size_bytes = _surface_bytes(surface)
    if size_bytes > ONCE_BYTES and key not in _drawn_once:
        _drawn_once[key] = None
        while len(_drawn_once) > DRAWN_ONCE_KEPT:
            _drawn_once.popitem(last=False)
        return surface
    _drawn_once.pop(key, None)
    _rendered[key] = surface
    _cached_bytes += size_bytes
    while _cached_bytes > CACHE_BYTES and len(_rendered) > 1:
        _, dropped = _rendered.popitem(last=False)
        _cached_bytes -= _surface_bytes(dropped)
    return surface


def ink_span(text: str, size: int) -> tuple[int, int]:
    """(top, bottom) of ``text``'s ink at ``size`` from the middle of the line
    :func:`draw_text` centres it on: Arabic reaches further above and below than the
    main font's line height says, so lines stacked by that height can touch."""
    return _ink_span(text, int(size), layout.mirrored())


@lru_cache(maxsize=1024)
def _ink_span(text: str, size: int, rtl: bool) -> tuple[int, int]:
    image = render(text, size, (255, 255, 255))
    ink = image.get_bounding_rect()
    middle = image.get_height() // 2
    return ink.top - middle, ink.bottom - middle


def forget() -> None:
    """Drop every kept image (the fonts are about to change)."""
    global _cached_bytes
    _rendered.clear()
    _drawn_once.clear()
    _cached_bytes = 0
