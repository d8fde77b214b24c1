"""Text drawing in any of the players' scripts, cached so redraws stay cheap.

A line is cut into bidi runs (Arabic right to left, Latin and numbers left to right) and each
run into pieces drawn by the first font of the Noto chain that has the glyphs
(:mod:`companion.ui.fonts`), so "Livia, ليلى and 李娜" renders every character. Arabic pieces are
shaped by HarfBuzz. Text that does not fit shrinks a little, then wraps or is cut with an
ellipsis: a label never spills over its button.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from companion.core.loggers import logger
from companion.core.records import frozen
from companion.ui import bidi, drawn, fonts, layout
from companion.ui.theme import RGB

_fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
#: sizes of one face kept open at once, least recently used closed first: each size is a
#: FreeType face of its own (about 0.2 MB for Noto Sans, 2.5 MB for the CJK face), and
#: reopening one costs 0.04 ms (Noto Sans) to 1.2 ms (CJK)
OPEN_SIZES = 12
OPEN_SIZES_LARGE = 3
#: a font file this big (the CJK face) keeps only OPEN_SIZES_LARGE sizes open
LARGE_FONT_BYTES = 4 * 1024 * 1024
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
ELLIPSIS = "…"
#: drawn for a character no installed font has (never the font's empty box)
REPLACEMENT = "?"
_unknown_reported: set[str] = set()


@frozen
class Piece:
    """Characters (logical order) that one font draws in one direction."""

    text: str
    face: fonts.Face
    rtl: bool


def _pygame_font(face: fonts.Face, size: int) -> pygame.font.Font:
    size = max(8, int(size))
    # keyed by the size the font file is opened at: 30 and 31 are both 21 points, and
    # two of the faces kept open for the same glyphs would close a size in use
    opened_at = size if face.path is None else max(6, round(size * fonts.SIZE_SCALE))
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
    """The main (Latin) font at ``size``: for line heights; measure text with :func:`measure`."""
    return _pygame_font(fonts.primary(), size)


def line_size(size: int) -> int:
    """The main font's line height at ``size``, remembered: layout asks it of many sizes
    while shrinking a label, and opening a size only to ask would close one in use."""
    return _line_size(int(size))


@lru_cache(maxsize=256)
def _line_size(size: int) -> int:
    return int(font(size).get_linesize())


def forget_fonts() -> None:
    """Drop the cached fonts: call before ``pygame.quit()``, which makes them unusable."""
    global _cached_bytes, _generation, _with_primary
    _generation += 1
    _with_primary = None
    _fonts.clear()
    _rendered.clear()
    _drawn_once.clear()
    _cached_bytes = 0
    for memo in (_measure, _pieces, _fit_size, _ellipsize, _wrap, _line_size):
        memo.cache_clear()
    for forget in _forgetters:
        forget()


_forgetters: list[Callable[[], None]] = []
_generation = 0


def repaint_kept_pictures() -> None:
    """Have every kept picture (buttons, table layers) painted afresh on its next use,
    keeping the fonts and the measured layouts: the screen audit records what a frame
    paints, and a picture kept from before the record would hide its text."""
    global _generation
    _generation += 1
    for forget in _forgetters:
        forget()


def fonts_generation() -> int:
    """Counts :func:`forget_fonts` calls: a picture kept from an earlier count is stale."""
    return _generation


def on_forget(forget: Callable[[], None]) -> None:
    """Have :func:`forget_fonts` also clear a layout memo kept elsewhere (a widget's)."""
    _forgetters.append(forget)


def cached_bytes() -> int:
    """Bytes of pixels the rendered-text cache holds now (at most :data:`CACHE_BYTES`)."""
    return _cached_bytes


def _surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


def _script(text: str) -> str:
    """The ISO 15924 code HarfBuzz shapes ``text`` as (the first letter decides)."""
    for character in text:
        if not unicodedata.category(character).startswith("L"):
            continue
        name = unicodedata.name(character, "")
        for prefix, code in (("ARABIC", "Arab"), ("HEBREW", "Hebr"), ("CJK", "Hani"),
                             ("GREEK", "Grek"), ("CYRILLIC", "Cyrl"), ("HIRAGANA", "Hira"),
                             ("KATAKANA", "Kana"), ("HANGUL", "Hang")):
            if name.startswith(prefix):
                return code
        return "Latn"
    return "Zyyy"


def _shaping(loaded: pygame.font.Font, piece: Piece) -> pygame.font.Font:
    """Set the font's direction and script for ``piece`` (fonts are shared between pieces)."""
    try:
        loaded.set_direction(pygame.DIRECTION_RTL if piece.rtl else pygame.DIRECTION_LTR)
        loaded.set_script(_script(piece.text))
    except (pygame.error, AttributeError, ValueError):  # SDL_ttf built without HarfBuzz
        pass
    return loaded


def _known(character: str) -> str:
    if fonts.face_for(character) is not None or not character.isprintable():
        return character
    if character not in _unknown_reported:
        _unknown_reported.add(character)
        logger(__name__).warning("no installed font has a glyph for U+%04X", ord(character))
    return REPLACEMENT


def _stays(character: str, current: fonts.Face) -> bool:
    """Whether ``character`` joins the piece being built: letters and digits go to the first
    font that has them, spaces, punctuation and accents stay with the font around them."""
    if not character.isprintable() or unicodedata.category(character).startswith("M"):
        return True
    if unicodedata.category(character)[0] in "LN":
        return fonts.face_for(character) is current
    return current.has(character)


#: the primary face, the characters known to join a piece of it and those known not to:
#: most lines are one piece of it, and deciding that character by character was a third of
#: laying out a new line (a status line: 60 of 155 µs)
_with_primary: tuple[fonts.Face, set[str], set[str]] | None = None


def _one_primary_piece(text: str) -> bool:
    """Whether the whole of ``text`` (not empty) is one piece of the primary face."""
    global _with_primary
    primary = fonts.primary()
    if _with_primary is None or _with_primary[0] is not primary:
        _with_primary = (primary, set(), set())
    _, joins, apart = _with_primary
    unsure = set(text) - joins
    if unsure:
        if not unsure.isdisjoint(apart):
            return False
        for character in unsure:
            if _known(character) != character or not _stays(character, primary):
                apart.add(character)
                return False
            joins.add(character)
    return (fonts.face_for(text[0]) or primary) is primary  # the first starts the piece


def _face_pieces(run: bidi.Run) -> list[Piece]:
    """The run cut where the font drawing it changes (logical order)."""
    if run.text and _one_primary_piece(run.text):
        return [Piece(run.text, fonts.primary(), run.rtl)]
    return _cut_by_character(run)


def _cut_by_character(run: bidi.Run) -> list[Piece]:
    """:func:`_face_pieces` deciding each character in turn (what the shortcut must equal)."""
    pieces: list[Piece] = []
    current: fonts.Face | None = None
    chunk = ""
    for character in map(_known, run.text):
        if current is not None and _stays(character, current):
            chunk += character
            continue
        face = fonts.face_for(character) or fonts.primary()
        if current is not None and chunk:
            pieces.append(Piece(chunk, current, run.rtl))
        current, chunk = face, character
    if current is not None and chunk:
        pieces.append(Piece(chunk, current, run.rtl))
    return pieces


def _split_by_face(run: bidi.Run) -> list[Piece]:
    pieces = _face_pieces(run)
    if not run.rtl:
        return pieces
    visual: list[Piece] = []
    for piece in reversed(pieces):
        visual.extend(_spaces_apart(piece))
    return visual


def _spaces_apart(piece: Piece) -> list[Piece]:
    """A right-to-left piece with its outer spaces as pieces of their own, in visual order.

    SDL_ttf misplaces the glyphs of a right-to-left run that starts or ends with a space.
    """
    core = piece.text.strip(" ")
    if not core or core == piece.text:
        return [piece]
    lead = piece.text[:len(piece.text) - len(piece.text.lstrip(" "))]
    trail = piece.text[len(piece.text.rstrip(" ")):]
    parts = [Piece(trail, piece.face, False), Piece(core, piece.face, True),
             Piece(lead, piece.face, False)]
    return [part for part in parts if part.text]


def pieces(text: str) -> tuple[Piece, ...]:
    """``text`` as font pieces in the order they appear on screen, left to right.

    In a mirrored (right-to-left) layout every line is a right-to-left paragraph, so a
    translation that starts with a player's Latin name still reads from the right.
    """
    return _pieces(text, layout.mirrored())


#: no font draws these, and SDL_ttf refuses some outright (a NUL ends its C string, a lone
#: surrogate cannot be encoded): control, surrogate, private and unassigned characters
UNDRAWABLE = frozenset({"Cc", "Cs", "Co", "Cn"})


def drawable(text: str) -> str:
    """``text`` as it can be drawn: a tab or line break within a line is a space, and
    every character in :data:`UNDRAWABLE` is :data:`REPLACEMENT`. Text from anywhere (a
    config file, a tag, an error message) reaches the screen through here, so no string
    can make drawing fail."""
    if text.isprintable():
        return text
    return "".join(character if character.isprintable() else " " if character in "\t\n\r"
                   else REPLACEMENT if unicodedata.category(character) in UNDRAWABLE
                   else character for character in text)


@lru_cache(maxsize=1024)
def _pieces(text: str, rtl: bool) -> tuple[Piece, ...]:
    text = drawable(text)
    result: list[Piece] = []
    for run in bidi.visual_runs(text, True if rtl else None):
        for piece in _split_by_face(run):
            # a direction mark has done its work in the bidi runs: it draws nothing (a
            # piece of nothing else would be an image of zero width, which SDL refuses)
            shown = "".join(c for c in piece.text if unicodedata.category(c) != "Cf")
            if shown:
                result.append(piece if shown == piece.text else Piece(shown, piece.face,
                                                                       piece.rtl))
    return tuple(result)


def measure(text: str, size: int) -> tuple[int, int]:
    """Width and height ``text`` takes when drawn at ``size``."""
    return _measure(text, int(size), layout.mirrored())


# a screen's labels take about a hundred entries; past 2048 they were mostly the prefixes
# of lines being wrapped, measured once
@lru_cache(maxsize=2048)
def _measure(text: str, size: int, rtl: bool) -> tuple[int, int]:
    width = 0
    ascent, descent = font(size).get_ascent(), -font(size).get_descent()
    for piece in _pieces(text, rtl):
        loaded = _shaping(_pygame_font(piece.face, size), piece)
        width += loaded.size(piece.text)[0]
        ascent = max(ascent, loaded.get_ascent())
        descent = max(descent, -loaded.get_descent())
    return width, ascent + descent


def _render_piece(loaded: pygame.font.Font, text: str, colour: RGB) -> pygame.Surface:
    """One piece drawn; one that has no width (only zero-width marks) is an empty image,
    where SDL_ttf would raise."""
    try:
        return loaded.render(text, True, colour)
    except pygame.error:
        return pygame.Surface((1, loaded.get_linesize()), pygame.SRCALPHA)


def _compose(text: str, size: int, colour: RGB) -> pygame.Surface:
    parts = [(piece, _shaping(_pygame_font(piece.face, size), piece)) for piece in pieces(text)]
    if len(parts) == 1:
        piece, loaded = parts[0]
        return _render_piece(loaded, piece.text, colour)
    if not parts:
        return font(size).render("", True, colour)
    baseline = max([font(size).get_ascent()] + [loaded.get_ascent() for _, loaded in parts])
    images = []
    for piece, loaded in parts:
        _shaping(loaded, piece)
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


def fit_size(text: str, size: int, width: int, smallest_ratio: float = 0.7) -> int:
    """The largest size down to ``smallest_ratio * size`` at which ``text`` fits ``width``."""
    return _fit_size(text, int(size), int(width), smallest_ratio, layout.mirrored())


# Layout is memoised by (text, size, width, direction): a redraw lays out the same labels
# again, and measuring them anew was most of a frame's cost.
@lru_cache(maxsize=2048)
def _fit_size(text: str, size: int, width: int, smallest_ratio: float, rtl: bool) -> int:
    """The first of ``size``, ``size - 2``, ... that fits, or the first at or below the
    smallest. A line's width grows about in proportion to its size, so the search starts
    next to the size the first measure predicts: two or three sizes measured (and opened)
    instead of one per step."""
    smallest = max(8, int(size * smallest_ratio))
    current = int(size)
    full = measure(text, current)[0]
    if current <= smallest or full <= width:
        return current
    last = current - 2 * ((current - smallest + 1) // 2)  # the first step at or below it
    predicted = current * max(0, width) // max(1, full)
    candidate = max(last, current - 2 * max(1, (current - predicted) // 2))
    if candidate > smallest and measure(text, candidate)[0] > width:
        candidate -= 2  # still too wide: on down, a step at a time
        while candidate > smallest and measure(text, candidate)[0] > width:
            candidate -= 2
        return candidate
    # it fits (or is the last step): the answer is the largest fitting step above it
    while candidate + 2 < current and measure(text, candidate + 2)[0] <= width:
        candidate += 2
    return candidate


def ellipsize(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` at ``size``."""
    return _ellipsize(text, int(size), int(width), layout.mirrored())


@lru_cache(maxsize=2048)
def _ellipsize(text: str, size: int, width: int, rtl: bool) -> str:
    if measure(text, size)[0] <= width:
        return text
    while text and measure(text + ELLIPSIS, size)[0] > width:
        text = text[:-1]
    return text + ELLIPSIS


def draw_text(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour: RGB,
              align: str = "center") -> pygame.Rect:
    """One line in ``rect`` (aligned ``left``, ``center`` or ``right``, vertically centred).

    Text too long for the line shrinks a little, then takes two lines if ``rect`` is tall
    enough, then shrinks further, and only then is cut with an ellipsis. In a mirrored layout
    "left" and "right" swap: "left" is where a line starts.
    """
    align = layout.start_align(align)
    fitted = fit_size(text, size, rect.width)
    if measure(text, fitted)[0] > rect.width:
        lines = _two_lines(text, size, rect)
        if lines is not None:
            return _draw_lines(surface, lines[0], lines[1], rect, colour, align)
        fitted = fit_size(text, size, rect.width, smallest_ratio=0.55)
    shown = ellipsize(text, fitted, rect.width)
    image = render(shown, fitted, colour)
    target = image.get_rect(centery=rect.centery)
    _place(target, rect, align)
    if drawn.active():
        drawn.text(surface, text, shown, image, target, fitted, colour)
    surface.blit(image, target)
    return target


def _place(target: pygame.Rect, rect: pygame.Rect, align: str) -> None:
    if align == "left":
        target.left = rect.left
    elif align == "right":
        target.right = rect.right
    else:
        target.centerx = rect.centerx


def _line_step(size: int) -> int:
    """Distance between two lines of one label: tighter than the font's generous line gap."""
    return max(1, int(line_size(size) * 0.85))


def lines_step(lines: list[str], size: int, least: int) -> int:
    """The distance between stacked ``lines``: ``least``, or more where one line's ink
    would reach the next one's (Arabic marks above and below)."""
    step = least
    for upper, lower in zip(lines, lines[1:], strict=False):
        step = max(step, ink_span(upper, size)[1] - ink_span(lower, size)[0])
    return step


def _ink_extent(lines: list[str], size: int, step: int) -> tuple[int, int]:
    """(top, bottom) of the ink of ``lines`` stacked ``step`` apart, from the top of the
    first line."""
    return (step // 2 + ink_span(lines[0], size)[0],
            step * (len(lines) - 1) + step // 2 + ink_span(lines[-1], size)[1])


def _ink_inside(lines: list[str], size: int, step: int, rect: pygame.Rect) -> bool:
    """Whether ``lines`` stacked ``step`` apart keep their ink inside ``rect`` (where
    :func:`_draw_lines` puts them: their ink in its middle)."""
    top, bottom = _ink_extent(lines, size, step)
    return bottom - top <= rect.height


def _two_lines(text: str, size: int, rect: pygame.Rect) -> tuple[list[str], int] | None:
    """The two lines and size ``text`` fills ``rect`` with, if two lines fit it at all."""
    current = int(size)
    while current >= max(8, int(size * 0.6)):
        if 2 * _line_step(current) <= rect.height:
            lines = wrap(text, current, rect.width)
            if len(lines) <= 2 and all(measure(line, current)[0] <= rect.width for line in lines) \
                    and _ink_inside(lines, current,
                                    lines_step(lines, current, _line_step(current)), rect):
                return lines, current
        current -= 2
    return None


def _draw_lines(surface: pygame.Surface, lines: list[str], size: int, rect: pygame.Rect,
                colour: RGB, align: str) -> pygame.Rect:
    step = lines_step(lines, size, _line_step(size))
    ink_top, ink_bottom = _ink_extent(lines, size, step)
    top = rect.centery - (ink_top + ink_bottom) // 2  # the ink in the middle of ``rect``
    shown = pygame.Rect(rect.centerx, rect.centery, 0, 0)
    recording = drawn.active()
    for index, line in enumerate(lines):
        image = render(line, size, colour)
        target = image.get_rect(centery=top + step * index + step // 2)
        _place(target, rect, align)
        if recording:
            drawn.text(surface, line, line, image, target, size, colour)
        surface.blit(image, target)
        shown.union_ip(target)
    return shown


def _wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in ("W", "F")


def _words(paragraph: str) -> list[tuple[str, str]]:
    """(separator before, word) pairs: lines break at spaces and between Chinese characters
    (a closing mark such as "，" stays with the character before it)."""
    words: list[tuple[str, str]] = []
    for chunk in paragraph.split(" "):
        separator = " "
        word = ""
        for character in chunk:
            opens_word = _wide(character) and unicodedata.category(character)[0] != "P"
            if word and (opens_word or _wide(word[-1]) and not _wide(character)):
                words.append((separator, word))
                separator, word = "", ""
            word += character
        words.append((separator, word))
    return words


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a word wider stays whole)."""
    return list(_wrap(text, int(size), int(width), layout.mirrored()))


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, rtl: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for separator, word in _words(paragraph):
            candidate = f"{line}{separator}{word}" if line else word
            if measure(candidate, size)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def draw_paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                   colour: RGB, align: str = "left") -> int:
    """Wrapped text from the top of ``rect``; shrinks until it fits. Returns the height used."""
    current = int(size)
    while True:
        lines = wrap(text, current, rect.width)
        line_height = lines_step(lines, current, line_size(current))
        if len(lines) * line_height <= rect.height or current <= 12:
            break
        current -= 2
    room = max(1, (rect.height + line_height // 2) // line_height)
    if len(lines) > room:
        # the last line that fits carries the rest, so it ends in an ellipsis, not mid-text
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    y = rect.top
    for line in lines:
        draw_text(surface, line, pygame.Rect(rect.left, y, rect.width, line_height), current,
                  colour, align)
        y += line_height
    return y - rect.top
