"""The on-screen keyboard for player names (and a board file path): big keys, no typing skills.

A desktop keyboard types into it as well. Letters are capitalised at the start of a word,
which is what names want. The keys follow the table's language (German ä ö ü ß, Romanian
ă â î ș ț, the Arabic layout); Chinese names are typed in Latin letters. Names used in earlier
games are offered above the keys, so a returning player is one tap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core import i18n
from companion.core.i18n import _, ngettext, pgettext
from companion.ui import theme
from companion.ui.intents import Key
from companion.ui.layout import grid, left_to_right, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm./_")
#: the key rows of each language (the ones not listed type Latin letters)
LAYOUTS: dict[str, tuple[str, ...]] = {
    "en": ROWS,
    "de": ("1234567890ß", "qwertzuiopü", "asdfghjklöä", "yxcvbnm-./_"),
    "ro": ("1234567890", "qwertyuiopă", "asdfghjklșț", "zxcvbnmâî-"),
    # the Arabic (101) layout, letters only: no capitals, and digits are rare in names
    "ar": ("ضصثقفغعهخحج", "شسيبلاتنمكط", "ذئءؤرىةوزظد", "أإآ-./_"),
}
#: names shown above the keys at most
SUGGESTIONS = 4


def layout_rows() -> tuple[str, ...]:
    """The key rows for the current language."""
    return LAYOUTS.get(i18n.language(), ROWS)


class KeyboardScreen(Screen):
    modal = True
    wants_text = True
    name = "keyboard"

    def __init__(self, app: ScreenHost, title: str, initial: str, on_done: Callable[[str], object],
                 max_length: int = 24, capitalise: bool = True,
                 names: list[str] | None = None) -> None:
        super().__init__(app)
        #: remembered player names to offer (None: this keyboard is not for a name)
        self.names = names
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
        names = self._suggestions()
        if names:
            picks, keys = split_rows(keys, [-m.unit, 1], m.gap)
            for name, cell in zip(names, grid(picks, len(names), len(names), m.gap),
                                  strict=True):
                self.add(f"pick-{name}", cell, name, self._picker(name), fill=theme.PANEL_LIGHT)
        rows_of_keys = layout_rows()
        rows = split_rows(keys, [1] * len(rows_of_keys), m.gap)
        for row_rect, letters in zip(rows, rows_of_keys, strict=True):
            with left_to_right():  # keys sit where they are on a real keyboard
                cells = grid(row_rect, len(letters), len(letters), m.gap)
            for cell, letter in zip(cells, letters, strict=True):
                self.add(f"key-{letter}", cell, self._shown(letter), self._typer(letter))
        cancel, space, delete, done = split_cols(bottom, [2, 3, 2, 2], m.gap)
        self.add("key-cancel", cancel, _("Cancel"), self.close, fill=theme.PANEL)
        self.add("key-space", space, pgettext("keyboard key", "space"), self._typer(" "))
        self.add("key-delete", delete, _("Delete"), self._delete)
        self.add("key-done", done, _("Done"), self._done, selected=True)

    def _suggestions(self) -> list[str]:
        """Remembered names that start with what is typed (not the one typed in full)."""
        if self.names is None:
            return []
        typed = self.text.strip().casefold()
        return [name for name in self.names
                if name.casefold().startswith(typed) and name.casefold() != typed][:SUGGESTIONS]

    def _picker(self, name: str) -> Callable[[], None]:
        def pick() -> None:
            self.text = name[:self.max_length]
            self.app.invalidate()
        return pick

    def _shown(self, letter: str) -> str:
        return self._cased(letter)

    def _cased(self, letter: str) -> str:
        """Upper case at a word's start, unless that is not one letter ("ß" is not "SS")."""
        upper = letter.upper()
        return upper if self._upper_next() and len(upper) == 1 else letter

    def _upper_next(self) -> bool:
        return self.capitalise and (not self.text or self.text.endswith(" "))

    def _typer(self, letter: str) -> Callable[[], None]:
        def typed() -> None:
            self.type_text(self._cased(letter))
        return typed

    def type_text(self, text: str) -> None:
        if len(self.text) + len(text) <= self.max_length:
            self.text += text
        else:
            self.app.message(ngettext("That is the most that fits: {n} character.",
                                      "That is the most that fits: {n} characters.",
                                      self.max_length).format(n=self.max_length), error=False)
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
