"""Which font files draw which characters: the Noto fallback chain, found through fontconfig.

Each family is looked up once with ``fc-match`` and its character coverage read once, so a
text run can pick, character by character, the first font of the chain that has the glyph.
A family that is missing is reported once (with the Debian package that provides it) and
skipped; pygame-ce's bundled font closes the chain so Latin text always renders.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from companion.ui.font_files import CodeRanges, FontFileError, cmap_ranges, covers, extract_face

log = logging.getLogger(__name__)

#: (fontconfig family, Debian package): Latin/Greek/Cyrillic first, then Arabic, then CJK SC
FAMILIES: tuple[tuple[str, str], ...] = (
    ("Noto Sans", "fonts-noto-core"),
    ("Noto Sans Arabic", "fonts-noto-core"),
    ("Noto Sans CJK SC", "fonts-noto-cjk"),
    ("Noto Sans Symbols2", "fonts-noto-core"),
    ("Noto Sans Symbols", "fonts-noto-core"),
    ("Noto Sans Math", "fonts-noto-core"),
)
STYLE = "bold"  # the weight the screens were designed with
#: pygame's own default font scales its size the same way: sizes stay what screens expect
SIZE_SCALE = 0.6875

_notices: list[str] = []


@dataclass(frozen=True)
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


def _notice(message: str) -> None:
    if message not in _notices:
        _notices.append(message)
        log.warning(message)


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "companion" / "fonts"


def _fc_match(family: str) -> tuple[Path, int] | None:
    """The file and face index fontconfig has for ``family`` (None if it only has a stand-in)."""
    if shutil.which("fc-match") is None:
        _notice("fontconfig is not installed: install the Debian package fontconfig")
        return None
    try:
        result = subprocess.run(
            ["fc-match", "-f", "%{file}\t%{index}\t%{family}", f"{family}:{STYLE}"],
            capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        _notice(f"fc-match failed ({error})")
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
        _notice(f"cannot write {copy} ({error}): using the first face of {path}")
        return path
    return copy


def _face(family: str, package: str) -> Face | None:
    found = _fc_match(family)
    if found is None:
        _notice(f"font {family} is missing: install the Debian package {package}")
        return None
    path, index = found
    try:
        return Face(family, _loadable(path, index), cmap_ranges(path, index))
    except (OSError, FontFileError) as error:
        _notice(f"font {family} at {path} cannot be used ({error}): reinstall {package}")
        return None


@cache
def chain() -> tuple[Face, ...]:
    """The fonts in the order a character is looked for, ending in pygame-ce's own font."""
    faces = [face for family, package in FAMILIES if (face := _face(family, package))]
    bundled = Path(pygame.font.__file__).with_name(pygame.font.get_default_font())
    try:
        bundled_ranges = cmap_ranges(bundled)
    except (OSError, FontFileError):
        bundled_ranges = [(0x20, 0x7E)]
    faces.append(Face("pygame default", None, bundled_ranges))
    return tuple(faces)


def face_for(character: str) -> Face | None:
    """The first face of the chain with a glyph for ``character`` (None: nobody has one)."""
    for face in chain():
        if face.has(character):
            return face
    return None
