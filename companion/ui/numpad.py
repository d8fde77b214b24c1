"""Number pads: the only way numbers are entered (never a keyboard)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.ui import theme
from companion.ui.intents import Key
from companion.ui.layout import grid, inset, left_to_right, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

PAD_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "delete")


def add_numpad(screen: Screen, rect: pygame.Rect, on_key: Callable[[str], None]) -> None:
    """Twelve keys (digits, clear, delete) in a 3x4 grid filling ``rect``."""
    labels = {"clear": _("Clear"), "delete": _("Del")}
    with left_to_right():  # 1 2 3 read left to right in every language at these tables
        cells = grid(rect, 12, 3, screen.metrics.gap)
    for key, cell in zip(PAD_KEYS, cells, strict=True):
        screen.add(f"pad-{key}", cell, labels.get(key, key), _pad_action(on_key, key),
                   fill=theme.PANEL_LIGHT if key in labels else None)


def _pad_action(on_key: Callable[[str], None], key: str) -> Callable[[], None]:
    return lambda: on_key(key)


def edit_digits(current: str, key: str, max_digits: int = 4) -> str:
    """The text of a number after a pad key (or a typed digit / backspace)."""
    if key == "clear":
        return ""
    if key in ("delete", "backspace"):
        return current[:-1]
    if key.isdigit() and len(key) == 1:
        text = (current + key).lstrip("0") or "0"
        return text if len(text) <= max_digits else current
    return current


class NumberDialog(Screen):
    """Ask for one whole number in a range (an option, a hand size, a sum)."""

    modal = True
    name = "number"

    def __init__(self, app: ScreenHost, title: str, initial: int | None, minimum: int, maximum: int,
                 on_done: Callable[[int], None], on_cancel: Callable[[], None] | None = None
                 ) -> None:
        super().__init__(app)
        self.title = title
        self.digits = "" if initial is None else str(initial)
        #: a pre-filled number is replaced by the first digit, not appended to
        self.fresh = initial is not None
        self.minimum = minimum
        self.maximum = maximum
        self.on_done = on_done
        self.on_cancel = on_cancel

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        width = min(m.width - 2 * m.gap, m.unit * 12)
        box = pygame.Rect(0, 0, width, m.height - 2 * m.gap)
        box.center = (m.width // 2, m.height // 2)
        # the question takes two lines at the reading size ("Marcus: 1 stone over the cap:
        # How many into surplus?"), never one shrunk line
        title, value, pad, bottom = split_rows(inset(box, m.gap), [-m.unit * 1.4, -m.unit, 1,
                                                                   -m.unit], m.gap)
        return title, value, pad, bottom

    @property
    def yes_no(self) -> bool:
        """0 or 1 is a yes/no question: two buttons instead of a pad."""
        return self.minimum == 0 and self.maximum == 1

    def build(self) -> None:
        super().build()
        _title, _value, pad, bottom = self._areas()
        if self.yes_no:
            no, yes = split_rows(pad, [1, 1], self.metrics.gap * 2)
            self.add("answer-no", no, _("No"), self._answer(0), selected=self.digits == "0")
            self.add("answer-yes", yes, _("Yes"), self._answer(1), selected=self.digits == "1")
        else:
            add_numpad(self, pad, self._key)
        cancel, done = grid(bottom, 2, 2, self.metrics.gap)
        self.add("cancel", cancel, _("Cancel"), self._cancel, fill=theme.PANEL)
        self.add("done", done, _("OK"), self._done, selected=True)

    def _key(self, key: str) -> None:
        current = "" if self.fresh and key.isdigit() else self.digits
        self.fresh = False
        self.digits = edit_digits(current, key)
        self.app.invalidate()

    def _answer(self, value: int) -> Callable[[], None]:
        def answer() -> None:
            self.digits = str(value)
            self._done()
        return answer

    def _cancel(self) -> None:
        self.app.pop(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def _done(self) -> None:
        if not self.digits:
            self.app.message(_("Type a number from {low} to {high} first.").format(
                low=self.minimum, high=self.maximum))
            return
        value = int(self.digits)
        if not self.minimum <= value <= self.maximum:
            self.app.message(_("{value} is out of range: enter {low} to {high}.").format(
                value=value, low=self.minimum, high=self.maximum))
            return
        self.app.pop(self)
        self.on_done(value)

    def on_key(self, key: Key) -> None:
        if key.name in ("return", "enter"):
            self._done()
        elif key.name == "escape":
            self._cancel()
        else:
            self._key(key.text if key.text.isdigit() else key.name)

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        title, value, pad, bottom = self._areas()
        panel(surface, title.union(bottom).inflate(m.gap * 2, m.gap * 2), theme.PANEL_LIGHT,
              theme.ACCENT)
        draw_text(surface, self.title, title, m.body, theme.TEXT)
        panel(surface, value, theme.BACKGROUND)
        if self.yes_no:
            shown = {"0": _("No"), "1": _("Yes")}.get(self.digits, "")
            hint = _("Yes or no?")
        else:
            shown = self.digits
            hint = _("{low} to {high}").format(low=self.minimum, high=self.maximum)
        draw_text(surface, shown or hint, value.inflate(-m.gap * 4, 0), m.large,
                  theme.TEXT if shown else theme.MUTED, align="right")
