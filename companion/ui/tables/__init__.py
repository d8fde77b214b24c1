"""Per-game parts of the table screen: the information panel and the move buttons.

Each game has a :class:`GameView`; the table screen draws the frame (whose turn, turn
order, status, undo) and asks the view for the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.tables.base import GameView

if TYPE_CHECKING:
    from companion.ui.screens.table import TableScreen


def view_for(table: TableScreen) -> GameView:
    """The view of the table's game (a plain view for a game without its own)."""
    from companion.ui.tables.ave_roma import AveRomaView
    from companion.ui.tables.glory_to_rome import GloryView
    from companion.ui.tables.via_romana import ViaRomanaView

    views: dict[str, type[GameView]] = {
        "glory-to-rome": GloryView, "ave-roma": AveRomaView, "via-romana": ViaRomanaView,
    }
    return views.get(table.session.rules.key, GameView)(table)
