"""The font chain's lookups remembered between starts: ``fc-match`` is a process per family.

One small file in the companion's cache directory holds, for each family found, the
file and face index fontconfig gave and the characters it covers. An entry is used only
while nothing that could change the answer has changed: fontconfig's configuration, its
caches and the font folders (their modification times: installing or removing a font
package runs ``fc-cache``, which rewrites its caches) and the font file itself (size and
modification time). A cache directory that is read-only or missing only means looking up
again: the file is a shortcut, never needed, and a damaged one is ignored.

It is written with ``marshal`` (the format of Python's own bytecode caches), not JSON: it is
read at every start before the first frame, and importing ``json`` costs that start 2 ms
(its regular expressions compiled). The format belongs to the Python version, so the
version is part of what must match.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path
from typing import Any

from companion.ui.font_files import CodeRanges

VERSION = 2
FILE_NAME = "faces.marshal"
#: where a change means fontconfig may answer differently (missing places are skipped)
FONTCONFIG_PLACES = ("/etc/fonts", "/etc/fonts/conf.d", "/etc/fonts/fonts.conf",
                     "/var/cache/fontconfig", "/usr/share/fonts", "/usr/local/share/fonts")
#: the same, under the user's home and XDG folders
USER_PLACES = (".config/fontconfig", ".cache/fontconfig", ".local/share/fonts", ".fonts")
#: environment variables that point fontconfig elsewhere
FONTCONFIG_VARIABLES = ("FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT",
                        "XDG_CONFIG_HOME", "XDG_DATA_HOME")

_loaded: dict[str, Any] | None = None
_loaded_from: Path | None = None


def fontconfig_stamp() -> list[Any]:
    """What fontconfig's answers depend on, as it stands now."""
    home = Path.home()
    places = [*FONTCONFIG_PLACES, *(str(home / place) for place in USER_PLACES)]
    if os.environ.get("XDG_CACHE_HOME"):  # fontconfig's own cache of the user's fonts
        places.append(os.path.join(os.environ["XDG_CACHE_HOME"], "fontconfig"))
    stamp: list[Any] = [[name, os.environ.get(name)] for name in FONTCONFIG_VARIABLES]
    for place in places:
        try:
            stamp.append([place, os.stat(place).st_mtime_ns])
        except OSError:
            continue
    return stamp


def _file_stamp(path: Path) -> list[int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return [status.st_size, status.st_mtime_ns]


def _fresh(query: str) -> dict[str, Any]:
    return {"version": VERSION, "python": tuple(sys.version_info[:2]), "query": query,
            "fontconfig": fontconfig_stamp(), "faces": {}}


def _entries(cache_file: Path, query: str) -> dict[str, Any]:
    """The file's contents if they still hold for ``query`` and fontconfig; else empty."""
    global _loaded, _loaded_from
    if _loaded is not None and _loaded_from == cache_file:
        return _loaded
    fresh = _fresh(query)
    try:
        stored = marshal.loads(cache_file.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):  # missing, damaged, another format
        stored = None
    valid = (isinstance(stored, dict) and isinstance(stored.get("faces"), dict)
             and all(stored.get(key) == fresh[key] for key in ("version", "python", "query",
                                                               "fontconfig")))
    _loaded, _loaded_from = (stored if valid else fresh), cache_file
    return _loaded


def recall(cache_file: Path, query: str, family: str) -> tuple[Path, int, CodeRanges] | None:
    """The remembered (file, face index, ranges) of ``family``, if still true."""
    entry = _entries(cache_file, query)["faces"].get(family)
    try:
        path = Path(entry["path"])
        if _file_stamp(path) != entry["file"]:
            return None
        return path, int(entry["index"]), [(int(first), int(last))
                                           for first, last in entry["ranges"]]
    except (TypeError, KeyError, ValueError):
        return None


def remember(cache_file: Path, query: str, family: str, path: Path, index: int,
             ranges: CodeRanges) -> None:
    """Keep ``family``'s answer for the next start (silently not, if it cannot be written)."""
    stamp = _file_stamp(path)
    if stamp is None:
        return
    entries = _entries(cache_file, query)
    entries["faces"][family] = {"path": str(path), "index": index, "file": stamp,
                                "ranges": [list(pair) for pair in ranges]}
    partial = cache_file.with_name(f"{cache_file.name}.{os.getpid()}.part")
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(marshal.dumps(entries))
        partial.replace(cache_file)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def forget() -> None:
    """Read the file again next time (after fonts changed, or in tests)."""
    global _loaded, _loaded_from
    _loaded, _loaded_from = None, None
