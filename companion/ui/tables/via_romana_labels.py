"""The Via Romana map's placed city names, kept so the search runs once per machine.

Placing the names is a search of a few tenths of a second on a PC (seconds on a Pi, more on
a players' own board of 30-50 cities), the same every time for one board at one map size.
Its result is kept under a key that digests everything it depends on (:func:`key`): the
names, the map's geometry (bounds, city centres, radius, road spaces, pieces and markers),
the size of every line's ink in the font the names are drawn in, and the placing code
itself, so a changed board, font or update never reuses an old result.

Two places are asked, in order:

* the labels shipped in the package (``via_romana_labels.json``) for the shipped board at
  the standard displays (7" and 720x1280, upright and turned): ready before anyone waits,
  even on the first start, without a thread racing the UI for the fonts. They are made by
  ``python -m companion.ui.tables.via_romana_shipped`` and a test fails when they are stale.
  They are found by the same key, so a Pi whose font draws the names at other sizes simply
  does not find them (and computes its own once);
* the user's cache folder (``$XDG_CACHE_HOME/companion/via-romana-labels/``), one small
  JSON file per key, written atomically. A missing, corrupt, unreadable or read-only cache
  is passed over in silence: the names are placed again, never an error on screen.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.core.checksum import checksum

#: the shipped labels, beside this module
SHIPPED = Path(__file__).with_name("via_romana_labels.json")
#: the placing code (the map's geometry, the name search, the layout and its key): any
#: change to it makes every kept result another key's
_PLACING_CODE = tuple(Path(__file__).with_name(f"via_romana_{part}.py")
                      for part in ("geometry", "names", "layout"))

#: one kept result: per city, its lines, boxes (x, y, w, h), leader, shortening, anchor
Kept = list[list[Any]]


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "companion" / "via-romana-labels"


@lru_cache(maxsize=1)
def code_digest() -> str:
    try:
        return checksum([code.read_bytes() for code in _PLACING_CODE])
    except OSError:  # an installed package without its sources: the module's compiled form
        return "unknown"


def key(facts: object) -> str:
    """The digest of ``facts`` (plain numbers, strings, lists) and of the placing code."""
    text = json.dumps([code_digest(), facts], separators=(",", ":"), ensure_ascii=False)
    return checksum([text.encode()])


def load(digest: str) -> Kept | None:
    """The kept result for ``digest``: shipped, else from the cache; None if neither has
    it (or what is there cannot be read)."""
    found = _shipped().get(digest)
    if isinstance(found, list):
        return found
    try:
        with (cache_folder() / f"{digest}.json").open(encoding="utf-8") as stream:
            data = json.load(stream)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, list) else None


def save(digest: str, kept: Kept) -> None:
    """Keep ``kept`` in the cache; nothing if the folder cannot be written."""
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(kept, stream, separators=(",", ":"), ensure_ascii=False)
            os.replace(temporary, folder / f"{digest}.json")
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass  # a read-only or full disk: placed again next start


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Kept]:
    data = shipped_file()
    maps = data.get("maps")
    # written by other placing code: none of its keys can match (and need not be read)
    return maps if data.get("code") == code_digest() and isinstance(maps, dict) else {}


def shipped_file() -> dict[str, Any]:
    """The shipped file: the placing code, board and map sizes it was written for, and
    its labels by key ({} if it cannot be read)."""
    try:
        data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def written_for() -> dict[str, Any]:
    """What the shipped labels depend on besides the font: when this differs from the
    shipped file's, the file is stale (a font of other sizes only makes its keys miss)."""
    from companion.games.via_romana.board import board_text

    return {"code": code_digest(),
            "board": checksum([board_text(None).encode()]),
            "sizes": [list(size) for size in STANDARD_MAPS]}


#: the map sizes the shipped board is drawn at on the standard displays (bounds' width and
#: height, unit): 800x480 and 720x1280, upright and turned a quarter (the map is laid out
#: at its own origin; either language direction gives the same size)
STANDARD_MAPS: Sequence[tuple[int, int, int]] = (
    (370, 348, 48), (456, 264, 48), (684, 477, 72), (609, 522, 72))
