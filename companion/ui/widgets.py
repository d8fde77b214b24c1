"""Buttons and the small drawing pieces every screen shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from companion.ui import theme
from companion.ui.text import draw_text, ellipsize, fit_size, font, measure, wrap
from companion.ui.theme import RGB


@dataclass
class Button:
    """A touch target. ``key`` is stable so tests and key bindings can find it."""

    key: str
    rect: pygame.Rect
    label: str
    on_tap: Callable[[], object]
    enabled: bool = True
    fill: RGB | None = None
    selected: bool = False
    sublabel: str = ""
    size: int = 0  # font size; 0 = the screen's body size
    max_lines: int = 2  # a label wraps onto this many lines before anything is cut
    extra: dict[str, object] = field(default_factory=dict)

    def colours(self, pressed: bool = False) -> tuple[RGB, RGB]:
        """The fill it is drawn in and the text colour that reads on it."""
        fill = self.fill or (theme.ACCENT if self.selected else theme.BUTTON)
        if not self.enabled:
            return theme.BUTTON_DISABLED, theme.TEXT_DISABLED
        if pressed:
            fill = theme.BUTTON_PRESSED
        return fill, theme.text_on(fill)

    def inner(self) -> pygame.Rect:
        """Where the label goes: inset by a share of the short side, so a narrow key keeps
        room for its letter."""
        pad = max(6, min(self.rect.height, self.rect.width) // 5)
        return self.rect.inflate(-pad, 0)

    def label_layout(self, size: int) -> tuple[int, list[str], int, list[str]]:
        """(size, lines) of the label and of the sublabel, as they are drawn."""
        inner = self.inner()
        text_size = self.size or size
        if not self.sublabel:
            return (*fit_label(self.label, text_size, inner.width, inner.height,
                               self.max_lines), 0, [])
        top_height = self._top_height(text_size)
        top = fit_label(self.label, text_size, inner.width, top_height, max_lines=1)
        bottom = fit_label(self.sublabel, int(text_size * 0.75), inner.width,
                           inner.height - top_height,
                           max_lines=1 if top_height * 5 >= inner.height * 3 else 2,
                           smallest_ratio=0.5)
        return (*top, *bottom)

    def _top_height(self, text_size: int) -> int:
        """The label's share of the height: three fifths, two when a long sublabel (a
        translated undo sentence) needs the room for two lines."""
        inner = self.inner()
        one_line = measure(self.sublabel, int(text_size * 0.75 * 0.7))[0] <= inner.width
        return inner.height * (3 if one_line else 2) // 5

    def draw(self, surface: pygame.Surface, size: int, pressed: bool = False) -> None:
        fill, colour = self.colours(pressed)
        radius = max(4, min(self.rect.height, self.rect.width) // 6)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.selected and self.fill is not None and self.enabled:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=max(3, radius // 2),
                             border_radius=radius)
        inner = self.inner()
        label_size, label_lines, sub_size, sub_lines = self.label_layout(size)
        if self.sublabel:
            top = pygame.Rect(inner.left, inner.top, inner.width,
                              self._top_height(self.size or size))
            bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.height - top.height)
            _draw_lines(surface, label_lines, top, label_size, colour)
            _draw_lines(surface, sub_lines, bottom, sub_size, colour)
        else:
            _draw_lines(surface, label_lines, inner, label_size, colour)


def fit_label(text: str, size: int, width: int, height: int,
              max_lines: int = 2, smallest_ratio: float = 0.6) -> tuple[int, list[str]]:
    """A label's size and lines: one line shrunk a little, else wrapped onto two lines,
    and cut with an ellipsis only when even that does not fit.

    A label of one or two characters (a key, a number) shrinks as far as it must and is
    never cut.
    """
    if len(text) <= 2:
        return fit_size(text, size, width, smallest_ratio=0.3), [text]
    one = fit_size(text, size, width)
    if measure(text, one)[0] <= width or max_lines < 2:
        return one, [ellipsize(text, one, width)]
    current = int(size)
    smallest = max(8, int(size * smallest_ratio))
    while True:
        lines = wrap(text, current, width)
        fits = len(lines) <= max_lines and all(measure(line, current)[0] <= width
                                                for line in lines)
        if fits and len(lines) * font(current).get_linesize() <= height + 4:
            return current, lines
        if current <= smallest:
            break
        current -= 2
    lines = wrap(text, current, width)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return current, [ellipsize(line, current, width) for line in lines]


def _draw_lines(surface: pygame.Surface, lines: list[str], rect: pygame.Rect, size: int,
                colour: RGB) -> None:
    line_height = font(size).get_linesize()
    top = rect.centery - line_height * len(lines) // 2
    for number, line in enumerate(lines):
        row = pygame.Rect(rect.left, top + number * line_height, rect.width, line_height)
        draw_text(surface, line, row, size, colour)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: RGB = theme.PANEL,
          border: RGB | None = None, width: int = 3) -> None:
    radius = max(4, min(rect.height, rect.width) // 12)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


def swatch(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=max(2, rect.height // 5))
    pygame.draw.rect(surface, theme.MUTED, rect, width=1, border_radius=max(2, rect.height // 5))

