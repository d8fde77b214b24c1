"""Replay: a finished game's table, move by move, from the set-up to the last move."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _, pgettext
from companion.log.replay import ReplaySession
from companion.ui import theme
from companion.ui.font_sizes import line_size
from companion.ui.intents import Key, Press, Tag
from companion.ui.layout import mirrored, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.screens.table import TableScreen
from companion.ui.text import draw_text
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


#: a left-to-right mark: the arrows are drawn as written, not reordered by the bidi rules
_AS_WRITTEN = "\u200e"


def step_ends() -> tuple[str, str]:
    """The first and last steps' labels, pointing the reading way: right to left, the first
    step sits on the right and its arrow points right (">|")."""
    if mirrored():
        return f"{_AS_WRITTEN}>|{_AS_WRITTEN}", f"{_AS_WRITTEN}|<{_AS_WRITTEN}"
    return "|<", ">|"


class ReplayScreen(TableScreen):
    """The table as it was after ``position`` moves; Previous and Next step through."""

    name = "replay"

    def __init__(self, app: ScreenHost, replay: ReplaySession, back: Callable[[], None]) -> None:
        self.replay = replay
        self.back = back
        super().__init__(app)

    @property
    def session(self) -> ReplaySession:
        return self.replay

    def _rows(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The move in words above the step buttons."""
        m = self.metrics
        words, buttons = split_rows(self.areas()["actions"], [1, 1], m.gap)
        return words, buttons

    def build(self) -> None:
        Screen.build(self)
        m = self.metrics
        areas = self.areas()
        self.add("back", areas["menu"], _("Back"), self.back, fill=theme.PANEL_LIGHT)
        _words, buttons = self._rows()
        start, previous, following, end = split_cols(buttons, [1, 2, 2, 1], m.gap)
        at, total = self.replay.position, len(self.replay.moves)
        first, last = step_ends()
        self.add("start", start, first, self._step(-total), enabled=at > 0)
        # "Previous"/"Next" step through the moves here; elsewhere they page through fields
        self.add("previous", previous, pgettext("replay step", "Previous"), self._step(-1),
                 enabled=at > 0)
        self.add("next", following, pgettext("replay step", "Next"), self._step(1),
                 enabled=at < total)
        self.add("end", end, last, self._step(total), enabled=at < total)

    def _step(self, by: int) -> Callable[[], None]:
        def step() -> None:
            self.replay.step(by)
            self.app.invalidate()
        return step

    def _actions_height(self, moves: int | None = None) -> int:
        m = self.metrics
        return 2 * m.unit + m.gap

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        m = self.metrics
        words, _buttons = self._rows()
        at, total = self.replay.position, len(self.replay.moves)
        what = (_("the set-up, before the first move") if at == 0
                else self.view.describe(self.replay.moves[at - 1]))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, words, border_radius=m.gap)
        draw_text(surface, what, words.inflate(-m.gap * 4, 0), m.body, theme.TEXT, align="left")
        counter = self.areas()["undo"]
        panel(surface, counter, theme.PANEL)
        number = counter.inflate(-m.gap * 2, -m.gap)
        # the words above the number where both have their line; else the number alone
        # (beside the step buttons it reads as the move)
        if number.height >= line_size(m.small) + line_size(m.large):
            label, number = split_rows(number, [-line_size(m.small), 1])
            draw_text(surface, _("Replay: move"), label, m.small, theme.TEXT)
        draw_text(surface, _("{n} of {total}").format(n=at, total=total), number, m.large,
                  theme.ACCENT)

    def on_press(self, press: Press) -> None:
        if press.button == "next":
            self._step(1)()
        elif press.button == "undo":
            self._step(-1)()

    def on_tag(self, tag: Tag) -> None:
        self.app.message(_("This game is over: its moves can be watched, not changed."),
                         error=False)

    def on_key(self, key: Key) -> None:
        if key.name in ("right", "space"):
            self._step(1)()
        elif key.name in ("left", "backspace"):
            self._step(-1)()
        elif key.name == "escape":
            self.back()
