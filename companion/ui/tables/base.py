"""What a game's view provides to the table screen, with plain defaults."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from companion.games.base import Action
from companion.i18n import _
from companion.session import GameSession
from companion.store import TagMeaning
from companion.ui import theme
from companion.ui.form import Step, Values, run_form
from companion.ui.intents import Tag
from companion.ui.text import draw_text, fit_size

if TYPE_CHECKING:
    from companion.ui.app_loop import App
    from companion.ui.screens.table import TableScreen

#: a move button: key, label, what it does, enabled
Move = tuple[str, str, Callable[[], object], bool]
#: a menu entry: key, label, what it does
MenuItem = tuple[str, str, Callable[[], object]]


class GameView:
    def __init__(self, table: TableScreen) -> None:
        self.table = table

    @property
    def app(self) -> App:
        return self.table.app

    @property
    def session(self) -> GameSession:
        return self.table.session

    @property
    def state(self) -> Any:
        return self.table.session.state

    def name(self, index: int | None) -> str:
        return self.table.player_name(index)

    @property
    def current(self) -> int | None:
        return self.session.rules.current_player(self.state)

    # -- what the table asks --------------------------------------------------------------

    def moves(self) -> list[Move]:
        return []

    def menu_items(self) -> list[MenuItem]:
        return []

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's information panel inside ``rect``."""

    def describe(self, action: Action) -> str:
        """The last move in a few words, shown on the undo button."""
        who = self.name(action.player) if action.player is not None else _("table")
        return f"{who}: {action.type.replace('_', ' ')}"

    def table_prompt(self) -> str:
        return ""

    def player_note(self, index: int) -> str:
        return ""

    def on_next(self) -> None:
        self.app.message(_("Use the buttons on the screen for this move."), error=False)

    def on_player(self, index: int) -> None:
        """A player's seat button or token: by default "my turn is done"."""
        self.app.message(_("{name}: use the buttons on the screen for this move.").format(
            name=self.name(index)), error=False)

    def on_tag(self, tag: Tag, meaning: TagMeaning) -> bool:
        return False

    # -- helpers --------------------------------------------------------------------------

    def dispatch(self, action_type: str, payload: dict[str, Any] | None = None,
                 player: int | None = None) -> bool:
        return self.app.dispatch(action_type, payload, player)

    def form(self, title: str, steps: Sequence[Step], on_done: Callable[[Values], object]) -> None:
        run_form(self.app, title, steps, on_done)

    def lines(self, surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[str],
              size: int | None = None, colour: tuple[int, int, int] = theme.TEXT) -> int:
        """Rows of text from the top of ``rect``, shrunk to fit; returns the height used."""
        m = self.table.metrics
        if not rows:
            return 0
        size = size or m.small
        line = min(int(size * 0.8), rect.height // len(rows))
        common = min(fit_size(row, size, rect.width, 0.55) for row in rows)
        y = rect.top
        for row in rows:
            area = pygame.Rect(rect.left, y, rect.width, line)
            draw_text(surface, row, area, common, colour, align="left")
            y += line
        return y - rect.top
