"""Which font files draw which characters: the Noto fallback chain, found through fontconfig.

Each family is looked up once with ``fc-match`` and its character coverage read once, so a
text run can pick, character by character, the first font of the chain that has the glyph;
both are remembered between starts (:mod:`companion.ui.font_cache`) while fontconfig and the
font file stay as they were.
A family fontconfig does not have is taken from the wheels ``uv sync`` installed
(:mod:`companion.ui.bundled_fonts`), so a bare machine draws every language too; one that
neither has is reported once (with the Debian package that provides it) and skipped;
pygame-ce's bundled font closes the chain so Latin text always renders.
"""

from __future__ import annotations

import os
import shutil
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

import pygame

from companion.core.i18n import _
from companion.core.loggers import logger
from companion.core.records import frozen
from companion.ui import font_cache
from companion.ui.font_files import CodeRanges, FontFileError, cmap_ranges, covers, extract_face

#: (fontconfig family, Debian package): Latin/Greek/Cyrillic first, then Arabic, then CJK SC
FAMILIES: tuple[tuple[str, str], ...] = (
    ("Noto Sans", "fonts-noto-core"),
    ("Noto Sans Arabic", "fonts-noto-core"),
    ("Noto Sans CJK SC", "fonts-noto-cjk"),
    ("Noto Sans Symbols2", "fonts-noto-core"),
    ("Noto Sans Symbols", "fonts-noto-core"),
    ("Noto Sans Math", "fonts-noto-core"),
)
#: families looked in last for a character that is not East Asian (wide): the CJK face is
#: 17 MB and megabytes more for each size open, too much to open for an arrow or a dash
EAST_ASIAN_FAMILIES = frozenset({"Noto Sans CJK SC"})
#: families only for the rare symbol the language faces lack (no wheel carries them)
SYMBOL_FAMILIES = frozenset({"Noto Sans Symbols2", "Noto Sans Symbols", "Noto Sans Math"})
STYLE = "bold"  # the weight the screens were designed with
#: pygame's own default font (the last resort, no Noto anywhere) opens at this share of the
#: size asked; it is asked for more so that a size is the same pixels in every face
DEFAULT_FONT_SHRINK = 0.6875

_notices: list[str] = []
_taken = 0


@frozen
class Face:
    """One font file of the chain and the characters it covers."""

    family: str
    path: Path | None  # None: pygame-ce's bundled default font
    ranges: CodeRanges

    def has(self, character: str) -> bool:
        return covers(self.ranges, character)


def notices() -> list[str]:
    """What is missing, in words a person installing the Pi can act on (each said once)."""
    return list(_notices)


def new_notices() -> list[str]:
    """The notices not yet taken: the app shows each once, when it is first found."""
    global _taken
    fresh = _notices[_taken:]
    _taken = len(_notices)
    return fresh


def _notice(message: str) -> None:
    if message not in _notices:
        _notices.append(message)
        logger(__name__).warning(message)


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "companion" / "fonts"


def _fc_match(family: str) -> tuple[Path, int] | None:
    """The file and face index fontconfig has for ``family`` (None if it only has a stand-in)."""
    import subprocess  # only when the cache has no answer: most starts ask nothing

    if shutil.which("fc-match") is None:
        return None  # reported only if no bundled font stands in (_missing)
    try:
        result = subprocess.run(
            ["fc-match", "-f", "%{file}\t%{index}\t%{family}", f"{family}:{STYLE}"],
            capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        _notice(_("fc-match failed ({error})").format(error=error))
        return None
    parts = result.stdout.split("\t")
    if result.returncode != 0 or len(parts) != 3:
        return None
    path, index, families = parts
    if family not in (name.strip() for name in families.split(",")):
        return None
    try:
        return Path(path), int(index or 0)
    except ValueError:
        return None


def _loadable(path: Path, index: int) -> Path:
    """A file pygame-ce can open as this face: faces after the first of a TTC are copied out."""
    if index == 0:
        return path
    copy = _cache_dir() / f"{path.stem}-{index}.otf"
    try:
        if not copy.exists() or copy.stat().st_mtime < path.stat().st_mtime:
            extract_face(path, index, copy)
    except OSError as error:
        # the collection's first face has the same characters, drawn in another region's style
        _notice(_("cannot write {copy} ({error}): using the first face of {path}").format(
            copy=copy, error=error, path=path))
        return path
    return copy


def _face(family: str, package: str) -> Face | None:
    cache_file = _cache_dir() / font_cache.FILE_NAME
    query = STYLE  # what fc-match is asked, beside the family
    remembered = font_cache.recall(cache_file, query, family)
    if remembered is not None:
        path, index, ranges = remembered
        return Face(family, _loadable(path, index), ranges)
    found = _fc_match(family) or _bundled(family)
    if found is None:
        _missing(family, package)
        return None
    path, index = found
    try:
        face = Face(family, _loadable(path, index), cmap_ranges(path, index))
    except (OSError, FontFileError) as error:
        _notice(_("The font {family} at {path} cannot be used ({error}): reinstall the Debian "
                  "package {package}.").format(family=family, path=path, error=error,
                                               package=package))
        return None
    font_cache.remember(cache_file, query, family, path, index, face.ranges)
    return face


def _bundled(family: str) -> tuple[Path, int] | None:
    """The bold made from the wheel ``uv sync`` installed for ``family``, if there is one."""
    from companion.ui import bundled_fonts  # only when fontconfig lacks a face

    try:
        made = bundled_fonts.bold(family, _cache_dir())
    except Exception as error:  # noqa: BLE001 - a font file fontTools cannot read, a full disk
        logger(__name__).warning("the bundled font of %s cannot be used: %s", family, error)
        return None
    return None if made is None else (made, 0)


def _missing(family: str, package: str) -> None:
    if shutil.which("fc-match") is None and family in SYMBOL_FAMILIES:
        # no fontconfig: the wheels' faces draw the languages, and a symbol face is only a
        # fallback for the rare character they lack, not worth a word on the screen
        logger(__name__).info("no %s without fontconfig (Debian package %s)", family, package)
        return
    if shutil.which("fc-match") is None:
        _notice(_("fontconfig is not installed: install the Debian package fontconfig"))
    _notice(_("The font {family} is missing: install the Debian package {package}.")
            .format(family=family, package=package))


@cache
def _face_at(index: int) -> Face | None:
    """The chain's ``index``-th font, looked up the first time a character needs it."""
    if index < len(FAMILIES):
        family, package = FAMILIES[index]
        return _face(family, package)
    bundled = Path(pygame.font.__file__).with_name(pygame.font.get_default_font())
    try:
        bundled_ranges = cmap_ranges(bundled)
    except (OSError, FontFileError):
        bundled_ranges = [(0x20, 0x7E)]
    return Face("pygame default", None, bundled_ranges)


def primary() -> Face:
    """The first font of the chain that is installed (Latin text, line heights)."""
    for index in range(len(FAMILIES) + 1):
        face = _face_at(index)
        if face is not None:
            return face
    raise AssertionError("pygame's own font closes the chain")  # pragma: no cover


def chain() -> tuple[Face, ...]:
    """Every font in the order a character is looked for, ending in pygame-ce's own font.

    This looks up all of them; drawing looks each up only when a character needs it, so a
    screen in Latin letters never opens the Chinese font.
    """
    return tuple(face for index in range(len(FAMILIES) + 1)
                 if (face := _face_at(index)) is not None)


def forget() -> None:
    """Look the fonts up again (after installing one, or in tests)."""
    _face_at.cache_clear()
    _face_for.cache_clear()
    font_cache.forget()


def face_for(character: str) -> Face | None:
    """The first face of the chain with a glyph for ``character`` (None: nobody has one)."""
    return _face_for(character)


def _lookup_order(character: str) -> list[int]:
    """Chain indices in the order ``character`` is looked for: the East Asian faces come
    where the chain puts them for a wide character and after every other face otherwise."""
    order = list(range(len(FAMILIES) + 1))
    if unicodedata.east_asian_width(character) in ("W", "F"):
        return order
    east_asian = [index for index in order[:-1] if FAMILIES[index][0] in EAST_ASIAN_FAMILIES]
    return [index for index in order if index not in east_asian][:-1] + east_asian + order[-1:]


@lru_cache(maxsize=4096)
def _face_for(character: str) -> Face | None:
    for index in _lookup_order(character):
        face = _face_at(index)
        if face is not None and face.has(character):
            return face
    return None
