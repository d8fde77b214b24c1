"""The Noto faces that ``uv sync`` installs, for a machine whose fontconfig has none.

A bare machine (Python and uv, nothing from apt) has no Noto font, so Arabic and Chinese
would be drawn as boxes. The ``fonts`` dependency group brings the same Noto families as
wheels (OFL-1.1): ``fontpkg-noto-sans`` and ``fontpkg-noto-sans-arabic`` (Google Fonts'
builds) and ``justmytype-intl-cjk`` (its Noto Sans SC). They are variable fonts, and SDL_ttf
draws only a variable font's default instance (Regular for Noto Sans, Thin for Noto Sans SC),
so the bold the screens are drawn in is made once with fontTools' instancer (Noto Sans 10 s,
Noto Sans SC 30 s). Debian's Noto Sans and Noto Sans Arabic are hinted by ttfautohint and the
wheels' are not, and FreeType's own hinting rounds advances differently (a German label came
out 3 % wider), so the bold is hinted with the options Noto's build gave Debian's files (they
are in its version string). Measured over every catalog line at three sizes, Chinese
characters measure the same as with Debian's faces, lines with Latin or Arabic within a median 0.7 %
(Debian 12 and 13 have Noto Sans 2.004, the wheel 2.015); heights are the same. The bold is
kept beside the wheels, in the virtual environment uv made (every user and test of that
environment finds it), else in the cache folder, else in the temporary directory.

The system's fonts win wherever fontconfig has them (the Pi installs them with apt, and its
locked requirements leave this group out).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

from companion.core.loggers import logger
from companion.core.records import frozen

#: the weight the screens were designed with (fontconfig is asked for "bold")
WEIGHT = 700
#: Noto Sans and Noto Sans Arabic also vary in width: the normal one
WIDTH = 100


@frozen
class Wheel:
    """Where an installed wheel keeps one family's variable font."""

    package: str  # the importable package the wheel installs
    file: str  # the variable font, relative to that package
    script: str | None  # ttfautohint's default script (None: left unhinted, as Debian's is)


#: family of the font chain -> the wheel that carries it
WHEELS: dict[str, Wheel] = {
    "Noto Sans": Wheel("fontpkg_noto_sans", "files/NotoSans[wdth,wght].ttf", "latn"),
    "Noto Sans Arabic": Wheel("fontpkg_noto_sans_arabic",
                              "files/NotoSansArabic[wdth,wght].ttf", "arab"),
    "Noto Sans CJK SC": Wheel("justmytype_intl_cjk",
                              "fonts/ofl/notosanssc/NotoSansSC[wght].ttf", None),
}
#: ttfautohint's options in Debian's NotoSans-Bold.ttf version string ("-l 8 -r 50 -G 200
#: -x 14 -f none -a qsq"): stem widths quantized for gray, strong for GDI, quantized for DW
HINTING = {"hinting_range_min": 8, "hinting_range_max": 50, "hinting_limit": 200,
           "increase_x_height": 14, "fallback_script": "none"}
STEM_WIDTH_MODES = ("QUANTIZED", "STRONG", "QUANTIZED")


class BundledFontError(RuntimeError):
    """The bundled font is installed but its bold could not be made."""


def source(family: str) -> Path | None:
    """The variable font a wheel installed for ``family`` (None: no such wheel installed)."""
    wheel = WHEELS.get(family)
    if wheel is None:
        return None
    try:
        spec = find_spec(wheel.package)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / wheel.file
    return path if path.is_file() else None


def _instance_name(variable: Path) -> str:
    """The bold's file name: it changes with the variable font, so an upgrade makes anew."""
    status = variable.stat()
    stem = variable.stem.split("[")[0]
    return f"{stem}-{WEIGHT}-{status.st_size}-{status.st_mtime_ns}.ttf"


def _folders(cache_dir: Path) -> list[Path]:
    """Where a bold is looked for and made, in that order."""
    folders = [cache_dir, Path(tempfile.gettempdir()) / f"companion-fonts-{os.getuid()}"]
    if sys.prefix != sys.base_prefix:  # a virtual environment: the wheels' own
        folders.insert(0, Path(sys.prefix) / "share" / "companion" / "fonts")
    return folders


def bold(family: str, cache_dir: Path) -> Path | None:
    """A static bold file of ``family`` made from its wheel (None: the wheel is not installed).

    Made once and kept in the first of :func:`_folders` that can be written; raises
    :class:`BundledFontError` when it cannot be made at all.
    """
    variable = source(family)
    if variable is None:
        return None
    script = WHEELS[family].script
    name = _instance_name(variable)
    folders = _folders(cache_dir)
    for folder in folders:
        made = folder / name
        if made.is_file():
            return made
    errors = []
    for folder in folders:
        try:
            with _making(folder / name):
                if (folder / name).is_file():  # made meanwhile by another process
                    return folder / name
                return _instantiate(variable, folder / name, script)
        except OSError as error:
            errors.append(f"{folder}: {error}")
    raise BundledFontError("; ".join(errors))


@contextlib.contextmanager
def _making(destination: Path) -> Iterator[None]:
    """Held while ``destination`` is made: processes starting together (the app and a
    screenshot, or test workers) make a bold once, the others wait for it (a minute of CPU
    each otherwise). Where there is no flock, each makes its own."""
    try:
        import fcntl
    except ImportError:  # not POSIX
        yield
        return
    destination.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(destination.with_suffix(".lock"), os.O_CREAT | os.O_RDWR, 0o644)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


def _hinted(font: bytes, script: str) -> bytes:
    """``font`` hinted as Noto's build hints Debian's files (unhinted if ttfautohint is not
    installed: it still draws, only measuring a little differently from the Pi)."""
    try:
        from ttfautohint import ttfautohint
        from ttfautohint.options import StemWidthMode
    except ImportError as error:
        logger(__name__).warning("ttfautohint is not installed (%s): the bundled fonts stay "
                                 "unhinted", error)
        return font
    gray, gdi, directwrite = (StemWidthMode[mode] for mode in STEM_WIDTH_MODES)
    hinted: bytes = ttfautohint(in_buffer=font, default_script=script,
                                gray_stem_width_mode=gray, gdi_cleartype_stem_width_mode=gdi,
                                dw_cleartype_stem_width_mode=directwrite, **HINTING)
    return hinted


def _instantiate(variable: Path, destination: Path, script: str | None) -> Path:
    try:
        from fontTools.ttLib import TTFont
        from fontTools.varLib import instancer
    except ImportError as error:
        raise BundledFontError(f"fontTools is not installed ({error})") from error
    destination.parent.mkdir(parents=True, exist_ok=True)
    logger(__name__).warning("making the bold of %s once, from the font that uv installed "
                             "(install Debian's fonts-noto-* to use the system's instead)",
                             variable.name)
    font = TTFont(variable)
    axes = {axis.axisTag for axis in font["fvar"].axes}
    location = {"wght": WEIGHT, **({"wdth": WIDTH} if "wdth" in axes else {})}
    partial = destination.with_suffix(f".{os.getpid()}.part")
    try:
        instancer.instantiateVariableFont(font, location, inplace=True, updateFontNames=False)
        if script is None:
            font.save(partial)
        else:
            made = io.BytesIO()
            font.save(made)
            partial.write_bytes(_hinted(made.getvalue(), script))
        partial.replace(destination)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return destination
