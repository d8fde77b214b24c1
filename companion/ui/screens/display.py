"""Display settings: which way up the picture is, when it dims, when it goes dark on home."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core.i18n import _
from companion.system.display_settings import BLANK_CHOICES, DIM_CHOICES, ROTATIONS
from companion.ui import places, theme
from companion.ui.font_sizes import line_size
from companion.ui.layout import split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph


def _duration(seconds: int) -> str:
    if seconds == 0:
        return _("Never")
    return _("{minutes} min").format(minutes=seconds // 60)


class DisplayScreen(Screen):
    name = "display-settings"

    def _rows(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(label, choices) for each of the three settings, and the bottom row: each label
        over its choices, across the screen (a label beside them had a third of the width,
        and a long one shrank below the reading size)."""
        m = self.metrics
        label_height = 2 * m.unit + m.gap if m.portrait else line_size(m.body) + m.unit + m.gap
        band = -label_height
        *rows, _spare, bottom = split_rows(self.body_rect(), [band, band, band, 1, -m.unit],
                                           m.gap * 2)
        out = [tuple(split_rows(row, [1, -m.unit], m.gap // 2)) for row in rows]
        out.append((bottom, bottom))
        return out  # type: ignore[return-value]

    def build(self) -> None:
        super().build()
        settings = self.app.display_settings
        rows = self._rows()
        options = (("rotation", ROTATIONS, lambda v: f"{v}°"),
                   ("dim_after", DIM_CHOICES, _duration),
                   ("blank_home_after", BLANK_CHOICES, _duration))
        for (_label, area), (key, values, name) in zip(rows, options, strict=False):
            current = getattr(settings, key)
            for cell, value in zip(split_cols(area, [1] * len(values), self.metrics.gap),
                                   values, strict=True):
                self.add(f"{key}-{value}", cell, name(value), self._chooser(key, value),
                         selected=value == current,
                         fill=None if value == current else theme.PANEL_LIGHT)
        back, _rest = split_cols(rows[3][0], [1, 2], self.metrics.gap)
        self.add("back", back, _("Back"), self.goes_to(places.Settings()), fill=theme.PANEL)

    def _chooser(self, key: str, value: int) -> Callable[[], None]:
        return lambda: self.app.change_display_setting(key, value)

    def on_back(self) -> None:
        self.app.go(places.Settings())

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("Settings: display"))
        labels = (_("Turn the picture (clockwise)"), _("Dim after no touch for"),
                  _("Switch off on the home screen after"))
        for (label, _choices), text in zip(self._rows(), labels, strict=False):
            draw_paragraph(surface, text, label, m.body, theme.TEXT, align="left")
