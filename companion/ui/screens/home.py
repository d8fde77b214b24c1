"""Home: resume an unfinished game, start a new one, the history, the settings.

Every unfinished game has its own button, newest first: a game paused for another one
stays in reach instead of hiding until the newer one ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _, ngettext
from companion.games import get_rules
from companion.games.base import Rejected
from companion.ui import formats, places, theme
from companion.ui.board import dashed_rect
from companion.ui.form import PickDialog
from companion.ui.intents import Press
from companion.ui.layout import grid, split_cols, split_rows
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
        # the three fixed buttons keep their places however many games wait: a second
        # paused game shares the Resume cell instead of moving Settings under a finger
        rows = 2 if columns == 2 else 4
        height = min(m.unit * 2, (body.height - m.gap * (rows - 1)) // rows)
        area = pygame.Rect(body.left, body.top + m.gap, body.width, body.height - m.gap)
        cells = grid(area, 4, columns, m.gap * 2, row_height=height)
        self.resume_rect = cells[0]
        # side by side in the Resume cell, each a finger tall; more wait behind a picker
        fits = max(1, min(2, cells[0].width // (m.unit * 3)))
        records = self.app.store.unfinished_games()
        shown = records if len(records) <= fits else records[:max(1, fits - 1)]
        slots = split_cols(cells[0], [1] * max(1, len(shown) + (len(shown) < len(records))),
                           m.gap)
        for number, record in enumerate(shown):
            players = ", ".join(p.name for p in record.players)
            when = formats.moment(record.created, with_year=False)
            self.add("resume" if number == 0 else f"resume-{record.id}", slots[number],
                     _("Resume {title}").format(title=get_rules(record.game).title),
                     self._resume(record), selected=number == 0,
                     sublabel=f"{players} · {when}")
        if len(shown) < len(records):
            self.add("resume-other", slots[-1], ngettext(
                "{n} more paused game", "{n} more paused games", len(records) - len(shown)
            ).format(n=len(records) - len(shown)), self._pick_paused(records[len(shown):]))
        new_game, history, settings = cells[1:]
        self.add("new-game", new_game, _("New game"), self.goes_to(places.NewGame()))
        self.add("history", history, _("History and stats"), self.goes_to(places.History()))
        self.add("settings", settings, _("Settings and tags"), self.goes_to(places.Settings()))

    def _pick_paused(self, records: list[GameRecord]) -> Callable[[], None]:
        def pick() -> None:
            options: list[tuple[object, str]] = [(record.id, _("{title}: {players}").format(
                title=get_rules(record.game).title,
                players=", ".join(p.name for p in record.players))) for record in records]
            chosen = {record.id: record for record in records}
            self.app.push(PickDialog(self.app, _("Resume which game?"), options,
                                     lambda game_id: self._resume(chosen[int(game_id)])()))
        return pick

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
