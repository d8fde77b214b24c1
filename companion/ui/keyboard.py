"""The on-screen keyboard for player names (and a board file path): big keys, no typing skills.

A desktop keyboard types into it as well. Letters are capitalised at the start of a word,
which is what names want.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.i18n import _
from companion.ui import theme
from companion.ui.intents import Key
from companion.ui.layout import grid, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.app_loop import App

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm./_")


class KeyboardScreen(Screen):
    modal = True
    wants_text = True
    name = "keyboard"

    def __init__(self, app: App, title: str, initial: str, on_done: Callable[[str], object],
                 max_length: int = 24, capitalise: bool = True) -> None:
        super().__init__(app)
        self.title = title
        self.text = initial
        self.on_done = on_done
        self.max_length = max_length
        self.capitalise = capitalise

    def build(self) -> None:
        super().build()
        m = self.metrics
        area = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        _title, _field, keys, bottom = split_rows(
            area, [-m.unit * 0.8, -m.unit, 1, -m.unit * 1.1], m.gap)
        rows = split_rows(keys, [1] * len(ROWS), m.gap)
        for row_rect, letters in zip(rows, ROWS, strict=True):
            for cell, letter in zip(grid(row_rect, len(letters), len(letters), m.gap), letters,
                                    strict=True):
                self.add(f"key-{letter}", cell, self._shown(letter), self._typer(letter))
        cancel, space, delete, done = split_cols(bottom, [2, 3, 2, 2], m.gap)
        self.add("key-cancel", cancel, _("Cancel"), self.close, fill=theme.PANEL)
        self.add("key-space", space, _("space"), self._typer(" "))
        self.add("key-delete", delete, _("Delete"), self._delete)
        self.add("key-done", done, _("Done"), self._done, selected=True)

    def _shown(self, letter: str) -> str:
        return letter.upper() if self._upper_next() else letter

    def _upper_next(self) -> bool:
        return self.capitalise and (not self.text or self.text.endswith(" "))

    def _typer(self, letter: str) -> Callable[[], None]:
        def typed() -> None:
            self.type_text(letter.upper() if self._upper_next() else letter)
        return typed

    def type_text(self, text: str) -> None:
        if len(self.text) + len(text) <= self.max_length:
            self.text += text
        else:
            self.app.message(_("That is the most that fits: {n} characters.").format(
                n=self.max_length), error=False)
        self.app.invalidate()

    def _delete(self) -> None:
        self.text = self.text[:-1]
        self.app.invalidate()

    def _done(self) -> None:
        self.close()
        self.on_done(self.text.strip())

    def close(self) -> None:
        self.app.pop(self)

    def on_key(self, key: Key) -> None:
        if key.name == "escape":
            self.close()
        elif key.name in ("return", "enter"):
            self._done()
        elif key.name == "backspace":
            self._delete()
        elif key.text and key.text.isprintable():
            self.type_text(key.text)

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        area = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        title, field, _keys, _bottom = split_rows(
            area, [-m.unit * 0.8, -m.unit, 1, -m.unit * 1.1], m.gap)
        draw_text(surface, self.title, title, m.body, theme.MUTED, align="left")
        panel(surface, field, theme.PANEL_LIGHT, theme.ACCENT)
        draw_text(surface, self.text + "|", field.inflate(-m.gap * 4, 0), m.large, theme.TEXT,
                  align="left")
