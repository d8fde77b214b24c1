"""Home: resume an unfinished game, start a new one, the history, the settings.

Every unfinished game has its own button, newest first: a game paused for another one
stays in reach instead of hiding until the newer one ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.games import get_rules
from companion.games.base import Rejected
from companion.ui import formats, places, theme
from companion.ui.board import dashed_rect
from companion.ui.intents import Press
from companion.ui.layout import grid, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text

if TYPE_CHECKING:
    from companion.log.entries import GameRecord


class HomeScreen(Screen):
    name = "home"
    resume_rect = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        super().build()
        m = self.metrics
        body = self.body_rect()
        columns = 1 if m.portrait else 2
        # always room for one Resume: nothing moves when the first game comes; more rows
        # for more games, as many as stay a finger tall
        fits = (body.height + 2 * m.gap) // (m.unit + 2 * m.gap) * columns - 3
        records = self.app.store.unfinished_games(max(1, fits))
        count = max(1, len(records)) + 3
        rows = max(-(-count // columns), 2 if columns == 2 else 4)
        height = min(m.unit * 2, (body.height - m.gap * (rows - 1)) // rows)
        area = pygame.Rect(body.left, body.top + m.gap, body.width, body.height - m.gap)
        cells = grid(area, count, columns, m.gap * 2, row_height=height)
        self.resume_rect = cells[0]
        for number, record in enumerate(records):
            players = ", ".join(p.name for p in record.players)
            when = formats.moment(record.created, with_year=False)
            self.add("resume" if number == 0 else f"resume-{record.id}", cells[number],
                     _("Resume {title}").format(title=get_rules(record.game).title),
                     self._resume(record), selected=number == 0,
                     sublabel=f"{players} · {when}")
        rest = cells[count - 3:]
        self.add("new-game", rest[0], _("New game"), self.goes_to(places.NewGame()))
        self.add("history", rest[1], _("History and stats"), self.goes_to(places.History()))
        self.add("settings", rest[2], _("Settings and tags"), self.goes_to(places.Settings()))

    def _resume(self, record: GameRecord) -> Callable[[], None]:
        def resume() -> None:
            from companion.log.session import GameSession

            try:
                session = GameSession(self.app.store, record)
            except Rejected as exc:  # an older game whose board file has since gone
                self.app.message(_("The unfinished game cannot be set up again: {reason}")
                                 .format(reason=exc))
                return
            self.app.start_session(session)
        return resume

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
