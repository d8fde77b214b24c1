"""What the app lays over any screen: a message in words, and big prompts for physical steps.

A message (an error, a hint) sits across the top, where screens keep their titles, and a
tap goes through it to whatever is below, so it never blocks a button. A prompt says what
the players must now do on the board; it is big, in the middle, and stays until tapped.
"""

from __future__ import annotations

import pygame

from companion.core.i18n import _
from companion.ui import theme
from companion.ui.board import reading_size
from companion.ui.layout import Metrics, split_rows
from companion.ui.text import draw_paragraph, draw_text, paragraph_height


class Banner:
    """A message in words over the top of the screen, until tapped or timed out."""

    def __init__(self, text: str, error: bool, until: float) -> None:
        self.text = text
        self.error = error
        self.until = until
        self.rect = pygame.Rect(0, 0, 0, 0)


def message_rect(m: Metrics) -> pygame.Rect:
    height = m.unit * 2 if m.portrait else int(m.unit * 1.7)
    return pygame.Rect(2 * m.gap, m.gap, m.width - 4 * m.gap, height)


def draw_message(surface: pygame.Surface, m: Metrics, banner: Banner) -> None:
    rect = message_rect(m)
    banner.rect = rect
    fill = theme.ERROR_BANNER if banner.error else theme.INFO_BANNER
    pygame.draw.rect(surface, fill, rect, border_radius=m.gap * 2)
    pygame.draw.rect(surface, theme.TEXT, rect, width=2, border_radius=m.gap * 2)
    draw_paragraph(surface, banner.text, rect.inflate(-m.gap * 4, -m.gap * 2), m.body,
                   theme.TEXT, align="center")


def prompt_rect(m: Metrics, texts: list[str]) -> pygame.Rect:
    """Across the middle of the screen, taller for more prompts; taller still where the
    words would otherwise be drawn below the reading size (a long alert), but never over
    the top and bottom rows, where screens keep their buttons."""
    per_line = int(m.unit * (1.3 if m.portrait else 1.0))
    tallest = m.height - 8 * m.unit // 2
    height = min(tallest, m.unit + per_line * max(1, len(texts)) + m.gap * 4)
    width = m.width - 4 * m.gap
    needed = (paragraph_height("\n".join(texts), reading_size(m), width - 4 * m.gap)
              + m.small + 3 * m.gap)
    rect = pygame.Rect(2 * m.gap, 0, width, min(tallest, max(height, needed)))
    rect.centery = m.height // 2
    return rect


def draw_prompt(surface: pygame.Surface, m: Metrics, texts: list[str]) -> pygame.Rect:
    """The prompts, one paragraph each, in the accent colour; returns the rect drawn."""
    rect = prompt_rect(m, texts)
    ink = theme.text_on(theme.ACCENT)
    pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=m.gap * 2)
    pygame.draw.rect(surface, theme.TEXT, rect, width=3, border_radius=m.gap * 2)
    body, hint = split_rows(rect.inflate(-m.gap * 4, -m.gap * 2), [1, -m.small], m.gap)
    draw_paragraph(surface, "\n".join(texts), body, m.large, ink, align="center")
    draw_text(surface, _("Tap here when it is done"), hint, m.small, ink)
    return rect
