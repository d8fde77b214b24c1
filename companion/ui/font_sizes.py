"""The pygame fonts of the Noto chain's faces opened at the sizes asked, a few sizes of
each face kept open at once.

Each size is a FreeType face of its own, so the least recently used sizes are closed
beyond a face's share (fewer of the big CJK face). Apart from the text itself
(:mod:`companion.ui.text_shaping`, :mod:`companion.ui.text_render`): this is only which
font file is open at which size, and the main font's line heights.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pygame

from companion.ui import fonts

_fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
#: sizes of one face kept open at once, least recently used closed first: each size is a
#: FreeType face of its own (about 0.2 MB for Noto Sans, 2.5 MB for the CJK face), and
#: reopening one costs 0.04 ms (Noto Sans) to 1.2 ms (CJK)
OPEN_SIZES = 12
OPEN_SIZES_LARGE = 3
#: a font file this big (the CJK face) keeps only OPEN_SIZES_LARGE sizes open
LARGE_FONT_BYTES = 4 * 1024 * 1024


def face_font(face: fonts.Face, size: int) -> pygame.font.Font:
    """``face`` opened at ``size`` (in its own points), or the one already open."""
    size = max(8, int(size))
    # a size is the font's pixel size, as drawn: the text's capitals are about 0.71 of it
    # (Noto Sans), which is what the screen audit holds a reader's sizes to
    opened_at = size if face.path is not None else round(size / fonts.DEFAULT_FONT_SHRINK)
    key = (face.family, opened_at)
    loaded = _fonts.get(key)
    if loaded is not None:
        _fonts.move_to_end(key)
        return loaded
    if not pygame.font.get_init():
        pygame.font.init()
    loaded = pygame.font.Font(None if face.path is None else face.path, opened_at)
    _fonts[key] = loaded
    _close_unused_sizes(face)
    return loaded


def _close_unused_sizes(face: fonts.Face) -> None:
    """Drop the least recently used sizes of ``face`` beyond what it may keep open."""
    open_sizes = [key for key in _fonts if key[0] == face.family]
    for key in open_sizes[:max(0, len(open_sizes) - _sizes_kept(face))]:
        del _fonts[key]


def _sizes_kept(face: fonts.Face) -> int:
    return OPEN_SIZES_LARGE if face.path is not None and _is_large(face.path) else OPEN_SIZES


@lru_cache(maxsize=16)
def _is_large(path: Path) -> bool:
    """Whether the font file is as big as the CJK face (asked once per file, not per size
    opened)."""
    try:
        return path.stat().st_size >= LARGE_FONT_BYTES
    except OSError:
        return False


def open_font_sizes() -> dict[str, int]:
    """How many sizes of each face are open now (family -> count)."""
    counts: dict[str, int] = {}
    for family, _size in _fonts:
        counts[family] = counts.get(family, 0) + 1
    return counts


def font(size: int) -> pygame.font.Font:
    """The main (Latin) font at ``size``: for line heights; measure text with
    :func:`companion.ui.text_shaping.measure`."""
    return face_font(fonts.primary(), size)


def line_size(size: int) -> int:
    """The main font's line height at ``size``, remembered: layout asks it of many sizes
    while shrinking a label, and opening a size only to ask would close one in use."""
    return _line_size(int(size))


@lru_cache(maxsize=256)
def _line_size(size: int) -> int:
    return int(font(size).get_linesize())


def forget() -> None:
    """Close every font and forget the line heights (pygame.quit makes them unusable)."""
    _fonts.clear()
    _line_size.cache_clear()
