"""Per-game parts of the table screen: the information panel and the move buttons.

Each game has a :class:`GameView`; the table screen draws the frame (whose turn, turn
order, status, undo) and asks the view for the rest.
"""

from __future__ import annotations

import importlib

from companion.ui.tables.base import GameView, TableHost

#: game key -> (module, class) of its view; only the game on the table is imported
VIEWS: dict[str, tuple[str, str]] = {
    "glory-to-rome": ("companion.ui.tables.glory_to_rome", "GloryView"),
    "ave-roma": ("companion.ui.tables.ave_roma", "AveRomaView"),
    "via-romana": ("companion.ui.tables.via_romana", "ViaRomanaView"),
}


def view_for(table: TableHost) -> GameView:
    """The view of the table's game (a plain view for a game without its own)."""
    where = VIEWS.get(table.session.rules.key)
    if where is None:
        return GameView(table)
    module, name = where
    view: type[GameView] = getattr(importlib.import_module(module), name)
    return view(table)
