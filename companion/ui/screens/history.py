"""History: finished games, newest first; open one's scoreboard or delete it (confirmed)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.games import GAME_MODULES, get_rules
from companion.games.base import ScoreResult
from companion.i18n import _
from companion.store import GameRecord
from companion.ui import formats, theme
from companion.ui.layout import split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.screens.dialogs import ConfirmDialog
from companion.ui.text import draw_text


def game_title(record: GameRecord) -> str:
    return get_rules(record.game).title if record.game in GAME_MODULES else record.game


class HistoryScreen(Screen):
    name = "history"

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        m = self.metrics
        body, bottom = split_rows(self.body_rect(), [1, -m.unit], m.gap)
        return body, bottom

    def build(self) -> None:
        super().build()
        m = self.metrics
        body, bottom = self._areas()
        games = self.app.store.finished_games()
        per_page = max(1, (body.height + m.gap) // (int(m.unit * 1.3) + m.gap))
        pages = max(1, -(-len(games) // per_page))
        self.page %= pages
        shown = games[self.page * per_page:(self.page + 1) * per_page]
        for index, record in enumerate(shown):
            top = body.top + index * (int(m.unit * 1.3) + m.gap)
            row = pygame.Rect(body.left, top, body.width, int(m.unit * 1.3))
            open_rect, delete_rect = split_cols(row, [1, -m.unit * 2], m.gap)
            winners = ", ".join((record.result or {}).get("winners", []))
            when = formats.moment(record.ended or record.created)
            self.add(f"game-{record.id}", open_rect, f"{game_title(record)} · {when}",
                     self._opener(record), sublabel=_("won by {names}").format(names=winners)
                     if winners else "", fill=theme.PANEL_LIGHT)
            self.add(f"delete-{record.id}", delete_rect, _("Delete"), self._deleter(record),
                     fill=theme.DANGER)
        back, more = split_cols(bottom, [1, 1], m.gap)
        self.add("back", back, _("Back"), self.app.go_home, fill=theme.PANEL)
        if pages > 1:
            self.add("more", more, _("More ({page}/{pages})").format(page=self.page + 1,
                                                                    pages=pages), self._more)

    def _more(self) -> None:
        self.page += 1
        self.app.invalidate()

    def _opener(self, record: GameRecord) -> Callable[[], None]:
        def open_game() -> None:
            if record.result is None:
                self.app.message(_("This game has no recorded score."))
                return
            self.app.open_scoreboard(ScoreResult.from_json(record.result), game_title(record),
                                     back=self.app.open_history,
                                     colours={p.name: p.colour for p in record.players})
        return open_game

    def _deleter(self, record: GameRecord) -> Callable[[], None]:
        def ask() -> None:
            def delete() -> None:
                self.app.store.delete_game(record.id)
                self.app.invalidate()
            self.app.push(ConfirmDialog(
                self.app, _("Delete this game from the history?"),
                _("{title}, won by {names}. This cannot be undone.").format(
                    title=game_title(record),
                    names=", ".join((record.result or {}).get("winners", [])) or "-"),
                _("Delete"), delete))
        return ask

    def on_back(self) -> None:
        self.app.go_home()

    def paint(self, surface: pygame.Surface) -> None:
        self.header(surface, _("History"))
        if not self.app.store.finished_games():
            body, _bottom = self._areas()
            draw_text(surface, _("No finished games yet."), body, self.metrics.body, theme.MUTED)
