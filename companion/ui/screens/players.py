"""Players remembered: each profile's usual colour and token; rename, merge, forget one.

A profile is kept whenever someone plays; here its colour can be changed (the new game
offers it), its token dropped, the whole profile forgotten (their games stay), its name
changed, or two profiles that are one person ("Ana" and "Anna") merged: plays, stats,
colour and tag come together. A rename or merge is an entry of the edit log and the
latest can be undone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.log.entries import Edit, Profile, StoreError
from companion.ui import places, theme
from companion.ui.form import PickDialog
from companion.ui.keyboard import KeyboardScreen
from companion.ui.layout import split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.screens.dialogs import ConfirmDialog, MessageDialog
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
            colour, name, token, forget = self._cells(row)
            self.add(f"colour-{profile.name}", colour, "", self._next_colour(profile),
                     fill=theme.colour_rgb(profile.colour))
            self.add(f"name-{profile.name}", name, profile.name, self._change_name(profile),
                     fill=theme.PANEL)
            self.add(f"token-{profile.name}", token,
                     _("Forget token") if profile.token else _("No token"),
                     self._drop_token(profile), enabled=bool(profile.token),
                     fill=theme.PANEL_LIGHT, size=m.small)
            self.add(f"forget-{profile.name}", forget, _("Forget player"),
                     self._forget(profile), fill=theme.PANEL_LIGHT, size=m.small)
        back, undo, more = split_cols(bottom, [1, 1.4, 1], m.gap)
        self.add("back", back, _("Back"), self.goes_to(places.Settings()), fill=theme.PANEL)
        latest = self._latest_change()
        if latest is not None:
            self.add("undo-merge", undo, _("Undo: {old} is now {new}").format(
                old=latest.after["from"], new=latest.after["to"]), self._undo, size=m.small)
        if self.pages > 1:
            self.add("more", more, _("More ({page}/{pages})").format(page=self.page + 1,
                                                                    pages=self.pages),
                     self._more)

    def _latest_change(self) -> Edit | None:
        """The newest rename or merge not undone yet (None: nothing to undo); undoing it
        offers the one before."""
        return next((edit for edit in self.app.store.edits()
                     if edit.kind in ("rename", "merge") and edit.undone_by is None), None)

    def _undo(self) -> None:
        latest = self._latest_change()
        if latest is not None:
            self._apply(lambda: self.app.store.undo_edit(latest.id, "table"))

    def _apply(self, change: Callable[[], object]) -> None:
        try:
            change()
        except StoreError as exc:  # said in a dialog: a banner would hide the first row
            self.app.push(MessageDialog(self.app, _("Nothing was changed"), str(exc)))
            return
        self.app.players_renamed()
        self.app.invalidate()

    def _change_name(self, profile: Profile) -> Callable[[], None]:
        def ask() -> None:
            # who sat at a game with them is somebody else: never offered as the same
            mates = self.app.store.table_mates(profile.name)
            others = [p.name for p in self.app.store.profiles(limit=1000)
                      if p.name != profile.name and p.name.casefold() not in mates]
            options: list[tuple[object, str]] = [("~rename", _("Type a new name"))]
            options += [(name, _("Same person as {name}").format(name=name))
                        for name in others]
            self.app.push(PickDialog(self.app, profile.name, options,
                                     lambda choice: self._chosen(profile, str(choice))))
        return ask

    def _chosen(self, profile: Profile, choice: str) -> None:
        if choice == "~rename":
            self.app.push(KeyboardScreen(
                self.app, _("New name for {name}").format(name=profile.name), profile.name,
                lambda typed: self._rename(profile, typed)))
            return
        self.app.push(ConfirmDialog(
            self.app, _("Merge {old} into {new}?").format(old=profile.name, new=choice),
            _("Their games, stats and tag come together under {new}; {new}'s colour stays. "
              "This can be undone here.").format(new=choice),
            _("Merge"), lambda: self._apply(lambda: self.app.store.rename_player(
                profile.name, choice, "table"))))

    def _rename(self, profile: Profile, typed: str) -> None:
        if typed and typed != profile.name:
            self._apply(lambda: self.app.store.rename_player(profile.name, typed, "table"))

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

