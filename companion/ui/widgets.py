"""Buttons and the small drawing pieces every screen shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from companion.ui import theme
from companion.ui.text import draw_text, measure
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
    extra: dict[str, object] = field(default_factory=dict)

    def draw(self, surface: pygame.Surface, size: int, pressed: bool = False) -> None:
        fill = self.fill or (theme.ACCENT if self.selected else theme.BUTTON)
        if not self.enabled:
            fill = theme.BUTTON_DISABLED
        elif pressed:
            fill = theme.BUTTON_PRESSED
        radius = max(4, min(self.rect.height, self.rect.width) // 6)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.selected and self.fill is not None:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=max(3, radius // 2),
                             border_radius=radius)
        colour = theme.text_on(fill) if self.enabled else theme.TEXT_DISABLED
        text_size = self.size or size
        inner = self.rect.inflate(-max(6, min(self.rect.height, self.rect.width) // 5), 0)
        if self.sublabel:
            sub_size = int(text_size * 0.75)
            # a sublabel too long for one line gets the room for two
            fifths = 3 if measure(self.sublabel, int(sub_size * 0.7))[0] <= inner.width else 2
            top = pygame.Rect(inner.left, inner.top, inner.width, inner.height * fifths // 5)
            bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.height - top.height)
            draw_text(surface, self.label, top, text_size, colour)
            draw_text(surface, self.sublabel, bottom, sub_size, colour)
        else:
            draw_text(surface, self.label, inner, text_size, colour)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: RGB = theme.PANEL,
          border: RGB | None = None, width: int = 3) -> None:
    radius = max(4, min(rect.height, rect.width) // 12)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


def swatch(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=max(2, rect.height // 5))
    pygame.draw.rect(surface, theme.MUTED, rect, width=1, border_radius=max(2, rect.height // 5))
