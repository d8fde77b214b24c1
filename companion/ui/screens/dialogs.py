"""Dialogs over a screen: confirm (destructive choices only), a message, a list of choices.

Only abandoning a game and deleting one from the history (and shutting down) are
confirmed; everything else is undoable instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.ui import theme
from companion.ui.font_sizes import line_size
from companion.ui.layout import grid, inset, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text, lines_step, paragraph_height, size_within
from companion.ui.text_fit import wrap
from companion.ui.text_render import ink_span
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

Choice = tuple[str, str, Callable[[], object]]  # key, label, what it does


class Dialog(Screen):
    modal = True

    def __init__(self, app: ScreenHost, title: str, text: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.text = text

    def box_width(self) -> int:
        m = self.metrics
        return m.width - 4 * m.gap if m.portrait else min(m.width - 4 * m.gap, m.unit * 14)

    def box(self) -> pygame.Rect:
        m = self.metrics
        width = self.box_width()
        height = min(m.height - 4 * m.gap, self.box_height())
        return pygame.Rect((m.width - width) // 2, (m.height - height) // 2, width, height)

    def box_height(self) -> int:
        return self.metrics.unit * 6

    def text_rows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Title, text and the button area inside the box."""
        m = self.metrics
        inner = inset(self.box(), m.gap * 2)
        title, text, buttons = split_rows(inner, [-m.unit, 1, -self.buttons_height()], m.gap)
        return title, text, buttons

    def buttons_height(self) -> int:
        return self.metrics.unit + self.metrics.unit // 3

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        panel(surface, self.box(), theme.PANEL_LIGHT, theme.ACCENT)
        title, text, _buttons = self.text_rows()
        # Arabic ink reaches past the line: the title gives up size rather than reach the text
        draw_text(surface, self.title, title, size_within(self.title, m.large, title, m.body),
                  theme.TEXT)
        if self.text:
            # an Arabic first line's marks reach above its line: down by as much, clear of
            # the title
            first = wrap(self.text, m.body, text.width)[:1] or [""]
            above = max(0, -(lines_step(first, m.body, line_size(m.body)) // 2
                             + ink_span(first[0], m.body)[0]))
            text = pygame.Rect(text.left, text.top + above, text.width, text.height - above)
            draw_paragraph(surface, self.text, text, m.body, theme.TEXT, align="center")

    def close(self) -> None:
        self.app.pop(self)

    def on_back(self) -> None:
        self.close()


class ConfirmDialog(Dialog):
    """Yes/No before something that cannot be undone."""

    name = "confirm"

    def __init__(self, app: ScreenHost, title: str, text: str, yes_label: str,
                 on_yes: Callable[[], None], no_label: str | None = None) -> None:
        super().__init__(app, title, text)
        self.yes_label = yes_label
        self.on_yes = on_yes
        self.no_label = no_label

    def build(self) -> None:
        super().build()
        _title, _text, area = self.text_rows()
        keep, act = grid(area, 2, 2, self.metrics.gap * 2)
        self.add("no", keep, self.no_label or _("Keep"), self.close)
        self.add("yes", act, self.yes_label, self._yes, fill=theme.DANGER)

    def _yes(self) -> None:
        self.close()
        self.on_yes()


class MessageDialog(Dialog):
    """A notice that must be read once (a damaged log moved aside, a replay problem)."""

    name = "message"

    def box_width(self) -> int:
        """The dialogs' width, or the screen's where the notice would take most of its
        height (fewer lines, and room between the title and an Arabic first line's marks)."""
        m = self.metrics
        if self._needed_height(super().box_width()) > m.height * 2 // 3:
            return m.width - 4 * m.gap
        return super().box_width()

    def box_height(self) -> int:
        """Seven units, or what the notice needs to stay at its size (an import's lines)."""
        return max(self.metrics.unit * 7, self._needed_height(self.box_width()))

    def _needed_height(self, width: int) -> int:
        m = self.metrics
        text = paragraph_height(self.text, m.body, width - m.gap * 4)
        return m.unit + text + self.buttons_height() + m.gap * 6

    def build(self) -> None:
        super().build()
        _title, _text, area = self.text_rows()
        width = min(area.width, self.metrics.unit * 5)
        self.add("ok", pygame.Rect(area.centerx - width // 2, area.top, width, area.height),
                 _("OK"), self.close)


class ChoiceDialog(Dialog):
    """Pick one of a few labelled choices (or cancel)."""

    name = "choice"

    def __init__(self, app: ScreenHost, title: str, choices: Sequence[Choice],
                 text: str = "") -> None:
        super().__init__(app, title, text)
        self.choices = list(choices)

    def columns(self) -> int:
        return 1 if self.metrics.portrait and len(self.choices) <= 6 else 2

    def box_height(self) -> int:
        m = self.metrics
        rows = -(-(len(self.choices) + 1) // self.columns())
        extra = m.unit if self.text else 0
        return m.unit * 2 + extra + rows * (m.unit + m.gap) + m.gap * 4

    def text_rows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        inner = inset(self.box(), m.gap * 2)
        text_height = -m.unit if self.text else -0.0
        title, text, buttons = split_rows(inner, [-m.unit, text_height, 1], m.gap)
        return title, text, buttons

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, _text, area = self.text_rows()
        count = len(self.choices) + 1
        columns = self.columns()
        rows = -(-count // columns)
        row_height = min(int(m.unit * 1.2), (area.height - m.gap * (rows - 1)) // rows)
        cells = grid(area, count, columns, m.gap, row_height=max(m.unit, row_height))
        for (key, label, action), cell in zip(self.choices, cells, strict=False):
            self.add(key, cell, label, self._chooser(action))
        self.add("cancel", cells[-1], _("Cancel"), self.close, fill=theme.PANEL)

    def _chooser(self, action: Callable[[], object]) -> Callable[[], None]:
        def choose() -> None:
            self.close()
            action()
        return choose


class NoticeDialog(MessageDialog):
    """A notice that stays over every screen until tapped (the app keeps a stack of them).

    With ``choice`` (label, action) it offers that next to a plain "OK".
    """

    name = "notice"

    def __init__(self, app: ScreenHost, title: str, text: str,
                 choice: tuple[str, Callable[[], None]] | None = None) -> None:
        super().__init__(app, title, text)
        self.choice = choice

    def build(self) -> None:
        if self.choice is None:
            super().build()
            return
        Dialog.build(self)
        _title, _text, area = self.text_rows()
        keep, act = grid(area, 2, 2, self.metrics.gap * 2)
        self.add("ok", keep, _("Only look"), self.close)
        self.add("choice", act, self.choice[0], self._choose, fill=theme.ACCENT)

    def _choose(self) -> None:
        assert self.choice is not None
        self.close()
        self.choice[1]()

    def close(self) -> None:
        self.app.dismiss_notice(self)
