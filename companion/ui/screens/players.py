"""Players remembered: each profile's usual colour and token; forget one.

A profile is kept whenever someone plays; here its colour can be changed (the new game
offers it), its token dropped, or the whole profile forgotten (their games stay).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from companion.i18n import _
from companion.store import Profile
from companion.ui import places, theme
from companion.ui.layout import split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


class PlayersScreen(Screen):
    name = "players"

    def __init__(self, app: ScreenHost) -> None:
        super().__init__(app)
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        m = self.metrics
        body, bottom = split_rows(self.body_rect(), [1, -m.unit], m.gap)
        return body, bottom

    def _shown(self) -> list[tuple[Profile, pygame.Rect]]:
        m = self.metrics
        body, _bottom = self._areas()
        profiles = self.app.store.profiles(limit=1000)
        per_page = max(1, (body.height + m.gap) // (m.unit + m.gap))
        self.pages = max(1, -(-len(profiles) // per_page))
        self.page %= self.pages
        shown = profiles[self.page * per_page:(self.page + 1) * per_page]
        return [(p, pygame.Rect(body.left, body.top + i * (m.unit + m.gap), body.width, m.unit))
                for i, p in enumerate(shown)]

    def _cells(self, row: pygame.Rect) -> list[pygame.Rect]:
        m = self.metrics
        return split_cols(row, [-m.unit * 1.6, 3, 2, 2], m.gap)

    def build(self) -> None:
        super().build()
        m = self.metrics
        _body, bottom = self._areas()
        for profile, row in self._shown():
            colour, _name, token, forget = self._cells(row)
            self.add(f"colour-{profile.name}", colour, "", self._next_colour(profile),
                     fill=theme.colour_rgb(profile.colour))
            self.add(f"token-{profile.name}", token,
                     _("Forget token") if profile.token else _("No token"),
                     self._drop_token(profile), enabled=bool(profile.token),
                     fill=theme.PANEL_LIGHT, size=m.small)
            self.add(f"forget-{profile.name}", forget, _("Forget player"),
                     self._forget(profile), fill=theme.PANEL_LIGHT, size=m.small)
        back, more = split_cols(bottom, [1, 1], m.gap)
        self.add("back", back, _("Back"), self.goes_to(places.Settings()), fill=theme.PANEL)
        if self.pages > 1:
            self.add("more", more, _("More ({page}/{pages})").format(page=self.page + 1,
                                                                    pages=self.pages),
                     self._more)

    def _more(self) -> None:
        self.page += 1
        self.app.invalidate()

    def _next_colour(self, profile: Profile) -> Callable[[], None]:
        def cycle() -> None:
            names = list(theme.PLAYER_COLOURS)
            at = names.index(profile.colour) if profile.colour in names else -1
            self.app.store.save_profile(replace(profile, colour=names[(at + 1) % len(names)]))
            self.app.invalidate()
        return cycle

    def _drop_token(self, profile: Profile) -> Callable[[], None]:
        def drop() -> None:
            self.app.store.save_profile(replace(profile, token=None))
            self.app.invalidate()
        return drop

    def _forget(self, profile: Profile) -> Callable[[], None]:
        def forget() -> None:
            self.app.store.forget_profile(profile.name)
            self.app.message(_("{name} is no longer offered for new games; their games stay "
                               "in the history.").format(name=profile.name), error=False)
        return forget

    def on_back(self) -> None:
        self.app.go(places.Settings())

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("Players remembered"))
        shown = self._shown()
        if not shown:
            body, _bottom = self._areas()
            draw_text(surface, _("Nobody yet: players are remembered when they play."), body,
                      m.body, theme.MUTED)
        for profile, row in shown:
            _colour, name, _token, _forget = self._cells(row)
            pygame.draw.rect(surface, theme.PANEL, name, border_radius=m.gap)
            draw_text(surface, profile.name, name.inflate(-m.gap * 2, 0), m.body, theme.TEXT,
                      align="left")
