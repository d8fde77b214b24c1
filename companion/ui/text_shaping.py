"""Text cut into what the fonts draw, and measured: a line's bidi runs (Arabic right to
left, Latin and numbers left to right), each cut where the font of the Noto chain that has
the glyphs changes, each piece shaped by HarfBuzz in its direction and script.

So "Livia, ليلى and 李娜" is three faces' pieces in screen order; a character no font has
is drawn as :data:`REPLACEMENT`, and text from anywhere is made drawable first
(:func:`drawable`). Apart from the drawing of the pieces (:mod:`companion.ui.text_render`)
and the fitting of text to a width (:mod:`companion.ui.text_fit`).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

from companion.core.loggers import logger
from companion.core.records import frozen
from companion.ui import bidi, fonts, layout
from companion.ui.font_sizes import face_font, font

#: drawn for a character no installed font has (never the font's empty box)
REPLACEMENT = "?"
_unknown_reported: set[str] = set()


@frozen
class Piece:
    """Characters (logical order) that one font draws in one direction."""

    text: str
    face: fonts.Face
    rtl: bool


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


def shaping(loaded: pygame.font.Font, piece: Piece) -> pygame.font.Font:
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
        loaded = shaping(face_font(piece.face, size), piece)
        width += loaded.size(piece.text)[0]
        ascent = max(ascent, loaded.get_ascent())
        descent = max(descent, -loaded.get_descent())
    return width, ascent + descent


def forget() -> None:
    """Forget the pieces and measures found (the fonts are about to change)."""
    global _with_primary
    _with_primary = None
    _pieces.cache_clear()
    _measure.cache_clear()
