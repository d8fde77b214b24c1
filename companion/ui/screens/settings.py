"""Settings: the language, the enrolled NFC tags (forget one), how to enrol, shutting down."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion import i18n
from companion.i18n import _
from companion.locale import LANGUAGES
from companion.ui import theme
from companion.ui.layout import grid, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text


class SettingsScreen(Screen):
    name = "settings"

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        languages, hint, body, bottom = split_rows(self.body_rect(),
                                                   [-m.unit, -m.unit, 1, -m.unit], m.gap)
        return languages, hint, body, bottom

    def _hint_and_display(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The enrol hint, and at its right the way to the display settings."""
        hint = self._areas()[0]
        text, display = split_cols(hint, [1, -self.metrics.unit * 3], self.metrics.gap)
        return text, display

    def build(self) -> None:
        super().build()
        m = self.metrics
        languages, _hint, body, bottom = self._areas()
        # each language by its own name, so anyone finds theirs whatever is showing now
        for (code, own_name), cell in zip(LANGUAGES.items(),
                                          grid(languages, len(LANGUAGES), len(LANGUAGES), m.gap),
                                          strict=True):
            self.add(f"language-{code}", cell, own_name, self._language(code),
                     selected=code == i18n.language(), fill=theme.PANEL_LIGHT)
        tags = list(self.app.store.tags().items())
        per_page = max(1, (body.height + m.gap) // (m.unit + m.gap))
        pages = max(1, -(-len(tags) // per_page))
        self.page %= pages
        for index, (uid, _meaning) in enumerate(tags[self.page * per_page:
                                                     (self.page + 1) * per_page]):
            row = pygame.Rect(body.left, body.top + index * (m.unit + m.gap), body.width, m.unit)
            _text, forget = split_cols(row, [1, -m.unit * 2.5], m.gap)
            self.add(f"forget-{uid}", forget, _("Forget"), self._forgetter(uid),
                     fill=theme.PANEL_LIGHT)
        self.add("display", self._hint_and_display()[1], _("Display"),
                 self.app.open_display_settings, fill=theme.PANEL_LIGHT)
        back, more, demo, shutdown = split_cols(bottom, [1, 1, 1, 1], m.gap)
        for key, label, action in self.app.demo_tag_items():
            self.add(key, demo, label, action)
        self.add("back", back, _("Back"), self.app.go_home, fill=theme.PANEL)
        if pages > 1:
            self.add("more", more, _("More ({page}/{pages})").format(page=self.page + 1,
                                                                    pages=pages), self._more)
        if self.app.power_off is not None:
            self.add("shutdown", shutdown, _("Shut down"), self.app.ask_shutdown,
                     fill=theme.DANGER)

    def _language(self, code: str) -> Callable[[], None]:
        return lambda: self.app.set_language(code)

    def _more(self) -> None:
        self.page += 1
        self.app.invalidate()

    def _forgetter(self, uid: str) -> Callable[[], None]:
        def forget() -> None:
            self.app.store.forget_tag(uid)
            self.app.message(_("The tag was forgotten; tap it on a reader to enrol it again."),
                             error=False)
        return forget

    def on_back(self) -> None:
        self.app.go_home()

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("Settings: NFC tags"))
        _languages, hint, body, _bottom = self._areas()
        draw_paragraph(surface, _("To enrol a tag, put it on any reader and say what it is."),
                       self._hint_and_display()[0], m.small, theme.MUTED)
        tags = list(self.app.store.tags().items())
        if not tags:
            draw_text(surface, _("No tags enrolled yet."), body, m.body, theme.MUTED)
        per_page = max(1, (body.height + m.gap) // (m.unit + m.gap))
        for index, (uid, meaning) in enumerate(tags[self.page * per_page:
                                                    (self.page + 1) * per_page]):
            row = pygame.Rect(body.left, body.top + index * (m.unit + m.gap), body.width, m.unit)
            text, _forget = split_cols(row, [1, -m.unit * 2.5], m.gap)
            pygame.draw.rect(surface, theme.PANEL, text, border_radius=m.gap)
            draw_text(surface, f"{meaning.label}  ({uid})", text.inflate(-m.gap * 2, 0), m.body,
                      theme.TEXT, align="left")
