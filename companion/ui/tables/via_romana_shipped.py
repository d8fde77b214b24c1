"""The Via Romana labels shipped in the package: the shipped board at the standard displays,
placed afresh and written to ``via_romana_labels.json``.

Run ``uv run python -m companion.ui.tables.via_romana_shipped`` after a change to the placing
code (``via_romana_geometry``, ``via_romana_names``, ``via_romana_layout``) or the board; a
test fails while the file is stale. Apart from the store (:mod:`via_romana_labels`), which
the layout reads, so the two never import each other.
"""

from __future__ import annotations

import json

from companion.ui.tables import via_romana_layout
from companion.ui.tables.via_romana_labels import (
    SHIPPED,
    STANDARD_MAPS,
    Kept,
    written_for,
)


def standard_entries() -> dict[str, Kept]:
    """The shipped board's labels at :data:`STANDARD_MAPS`, placed afresh (the search)."""
    from companion.games.via_romana.board import load_board

    board = load_board(None)
    entries: dict[str, Kept] = {}
    for width, height, unit in STANDARD_MAPS:
        digest, kept = via_romana_layout.placed_afresh(board, (0, 0, width, height), unit)
        entries[digest] = kept
    return entries


def main() -> None:
    """Write the shipped labels (run after a change to the placing code or the board)."""
    import pygame

    pygame.init()
    entries = standard_entries()
    SHIPPED.write_text(json.dumps({**written_for(), "maps": entries}, separators=(",", ":"),
                                  sort_keys=True) + "\n", encoding="utf-8")
    print(f"{SHIPPED}: {len(entries)} maps")


if __name__ == "__main__":
    main()
