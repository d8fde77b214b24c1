"""Home: resume the unfinished game, start a new one, the history, the settings."""

from __future__ import annotations

import pygame

from companion.games import get_rules
from companion.i18n import _
from companion.ui import formats, places, theme
from companion.ui.board import dashed_rect
from companion.ui.intents import Press
from companion.ui.layout import grid, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text


class HomeScreen(Screen):
    name = "home"
    resume_rect = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        super().build()
        m = self.metrics
        body = self.body_rect()
        record = self.app.store.unfinished_game()
        columns = 1 if m.portrait else 2
        rows = 2 if columns == 2 else 4  # always room for Resume: nothing moves when it comes
        height = min(m.unit * 2, (body.height - m.gap * (rows - 1)) // rows)
        area = pygame.Rect(body.left, body.top + m.gap, body.width, body.height - m.gap)
        cells = grid(area, 4, columns, m.gap * 2, row_height=height)
        self.resume_rect = cells[0]
        if record:
            players = ", ".join(p.name for p in record.players)
            when = formats.moment(record.created, with_year=False)
            self.add("resume", cells[0], _("Resume {title}").format(
                title=get_rules(record.game).title), self.app.resume_game, selected=True,
                sublabel=f"{players} · {when}")
        self.add("new-game", cells[1], _("New game"), self.goes_to(places.NewGame()))
        self.add("history", cells[2], _("History and stats"), self.goes_to(places.History()))
        self.add("settings", cells[3], _("Settings and tags"), self.goes_to(places.Settings()))

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        title, _rest = split_rows(self.header_rect(), [1, 0])
        draw_text(surface, _("Game-night companion"), title.inflate(-m.gap * 4, 0), m.large,
                  theme.ACCENT, align="left")
        if not self.has_button("resume"):
            dashed_rect(surface, self.resume_rect, theme.MUTED)
            draw_text(surface, _("No unfinished game"), self.resume_rect, m.body, theme.MUTED)

    def on_press(self, press: Press) -> None:
        if press.button == "next" and self.has_button("resume"):
            self.app.resume_game()
        else:
            super().on_press(press)
