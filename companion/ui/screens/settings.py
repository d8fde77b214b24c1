"""Settings: the language, the enrolled NFC tags (forget one), how to enrol, the turn
reminder, and shutting down (on the Pi)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core import i18n
from companion.core.i18n import _, ngettext
from companion.locale import LANGUAGES
from companion.ui import places, theme
from companion.ui.layout import grid, split_cols, split_rows
from companion.ui.numpad import NumberDialog
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text, paragraph_height


def enrol_hint() -> str:
    """How to enrol a tag, in the language shown now."""
    return _("To enrol a tag, put it on any reader and say what it is.")


class SettingsScreen(Screen):
    name = "settings"

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """The languages, the hint with the Players and reminder buttons, the tags, the bar."""
        languages, hint, _note, body, bottom = self._rows()
        return languages, hint, body, bottom

    def _rows(self) -> list[pygame.Rect]:
        """The areas of :meth:`_areas` and the devices' note between the hint and the tags.

        The languages take two rows on the narrow portrait screen (each by its whole own
        name); the enrol sentence gets the lines it needs at the reading size."""
        m = self.metrics
        language_rows = 2 if m.portrait else 1
        width = self.body_rect().width
        return split_rows(
            self.body_rect(), [-(language_rows * (m.unit + m.gap) - m.gap),
                               -(m.unit + m.gap + paragraph_height(enrol_hint(), m.small,
                                                                    width)),
                               -m.unit * 1.5 if self._note() else 0, 1, -m.unit], m.gap)

    def _note(self) -> str:
        """What the devices said when they started without their hardware (off a Pi):
        shown here, where buttons and readers are set up, not over a screen's title."""
        return str(getattr(self.app, "device_note", ""))

    def _note_rect(self) -> pygame.Rect:
        return self._rows()[2]

    def _hint_and_buttons(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """The enrol hint under a row of ways on: players, the turn reminder, the display."""
        m = self.metrics
        hint = self._areas()[1]
        buttons, text = split_rows(hint, [-m.unit, 1], m.gap)
        players, reminder, display = split_cols(buttons, [1, 1.6, 1], m.gap)
        return text, players, reminder, display

    def _reminder_label(self) -> str:
        minutes = self.app.store.table_setting("turn_reminder_minutes") or 0
        if not minutes:
            return _("Turn reminder: off")
        return ngettext("Turn reminder: {n} minute", "Turn reminder: {n} minutes",
                        minutes).format(n=minutes)

    def _edit_reminder(self) -> None:
        current = self.app.store.table_setting("turn_reminder_minutes") or 0

        def done(minutes: int) -> None:
            self.app.store.set_table_setting("turn_reminder_minutes", minutes or None)
            self.app.set_turn_reminder(minutes or None)
            self.app.invalidate()

        self.app.push(NumberDialog(self.app, _("Remind a player after how many minutes on "
                                               "turn? (0: never)"), current, 0, 60, done))

    def build(self) -> None:
        super().build()
        m = self.metrics
        languages, _hint, body, bottom = self._areas()
        # each language by its own name, so anyone finds theirs whatever is showing now
        columns = -(-len(LANGUAGES) // 2) if m.portrait else len(LANGUAGES)
        for (code, own_name), cell in zip(LANGUAGES.items(),
                                          grid(languages, len(LANGUAGES), columns, m.gap,
                                               row_height=m.unit),
                                          strict=True):
            self.add(f"language-{code}", cell, own_name, self._language(code),
                     selected=code == i18n.language(), fill=theme.PANEL_LIGHT)
        _text, players, reminder, display = self._hint_and_buttons()
        self.add("players", players, _("Players"), self.goes_to(places.Players()),
                 fill=theme.PANEL_LIGHT, size=m.small)
        self.add("turn-reminder", reminder, self._reminder_label(), self._edit_reminder,
                 fill=theme.PANEL_LIGHT, size=m.small)
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
        self.add("display", display, _("Display"), self.goes_to(places.Display()),
                 fill=theme.PANEL_LIGHT, size=m.small)
        back, more, demo, shutdown = split_cols(bottom, [1, 1, 1, 1], m.gap)
        for key, label, action in self.app.demo_tag_items():
            self.add(key, demo, label, action)
        self.add("back", back, _("Back"), self.goes_to(places.Home()), fill=theme.PANEL)
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
        self.app.go(places.Home())

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("Settings"))
        body = self._areas()[2]
        hint = self._hint_and_buttons()[0]
        draw_paragraph(surface, enrol_hint(), hint, m.small, theme.MUTED)
        if self._note():
            draw_paragraph(surface, self._note(), self._note_rect(), m.small, theme.MUTED)
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
