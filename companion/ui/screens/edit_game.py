"""Correct a finished game: a player's numbers, the winner of a tie, the date, the profile
a player sat under, where it was played. Each correction is an entry of the edit log,
listed here with when it was made, and the latest can be undone."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.i18n import _, ngettext
from companion.games import GAME_MODULES, get_rules
from companion.games.base import EntryField, ScoreResult
from companion.history import corrections
from companion.log.entries import Edit, GameRecord, StoreError
from companion.log.history_edits import describe_edit
from companion.ui import formats, theme
from companion.ui.form import PickDialog
from companion.ui.keyboard import KeyboardScreen
from companion.ui.layout import split_cols, split_rows
from companion.ui.numpad import NumberDialog
from companion.ui.screen import Screen
from companion.ui.screens.scoreboard import score_part_label
from companion.ui.text import draw_text

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

#: the date moves offered, in days
DAY_STEPS = (-7, -2, -1, 1, 2, 7)
WHO = "table"


class EditGameScreen(Screen):
    name = "edit-game"

    def __init__(self, app: ScreenHost, game_id: int, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.back = back
        self.record: GameRecord = app.store.game(game_id)
        self.edits: list[Edit] = app.store.edits(game_id)

    def _reload(self) -> None:
        self.record = self.app.store.game(self.game_id)
        self.edits = self.app.store.edits(self.game_id)
        self.app.invalidate()

    @property
    def result(self) -> ScoreResult | None:
        return ScoreResult.from_json(self.record.result) if self.record.result else None

    def tied(self) -> list[str]:
        result = self.result
        if result is None or not result.players:
            return []
        top = result.players[0].total
        names = [p.name for p in result.players if p.total == top]
        return names if len(names) > 1 else []

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        rows = len(self.record.players)
        # portrait: a row for each tool, its words on one line at the reading size
        tool_rows = 3 if m.portrait else 1
        body, log, tools, bottom = split_rows(
            self.body_rect(), [-(rows * (m.unit + m.gap)), 1,
                               -(tool_rows * (m.unit + m.gap) - m.gap), -m.unit], m.gap)
        return body, log, tools, bottom

    def _rows(self) -> list[pygame.Rect]:
        m = self.metrics
        body, _log, _tools, _bottom = self._areas()
        return [pygame.Rect(body.left, body.top + i * (m.unit + m.gap), body.width, m.unit)
                for i in range(len(self.record.players))]

    def build(self) -> None:
        super().build()
        m = self.metrics
        scores = {p.name: p for p in self.result.players} if self.result else {}
        for position, (player, row) in enumerate(zip(self.record.players, self._rows(),
                                                     strict=True)):
            name, score = split_cols(row, [1, 1], m.gap)
            self.add(f"seat-{position}", name, player.name, self._reseat(position),
                     fill=theme.colour_rgb(player.colour))
            total = scores[player.name].total if player.name in scores else 0
            self.add(f"score-{position}", score, _("Score {total}").format(total=total),
                     self._parts(player.name), enabled=player.name in scores,
                     fill=theme.PANEL_LIGHT)
        _body, _log, tools, bottom = self._areas()
        date, tie, place = (split_rows if m.portrait else split_cols)(tools, [1, 1, 1], m.gap)
        self.add("date", date, _("Date"), self._date, fill=theme.PANEL_LIGHT)
        self.add("tie", tie, _("Winner of the tie"), self._tie, enabled=bool(self.tied()),
                 fill=theme.PANEL_LIGHT)
        self.add("place", place, _("Place and note"), self._place, fill=theme.PANEL_LIGHT)
        back, undo = split_cols(bottom, [1, 1], m.gap * 2)
        self.add("back", back, _("Done"), self.back, selected=True)
        self.add("undo-edit", undo, _("Undo last correction"), self._undo,
                 enabled=self._latest() is not None, fill=theme.PANEL)

    def _latest(self) -> Edit | None:
        return next((e for e in self.edits if e.kind != "undo" and e.undone_by is None), None)

    def _apply(self, change: Callable[[], Any]) -> None:
        try:
            change()
        except StoreError as exc:
            self.app.message(str(exc))
            return
        self._reload()

    # -- the corrections -----------------------------------------------------------------

    def _parts(self, name: str) -> Callable[[], None]:
        def pick() -> None:
            result = self.result
            player = next(p for p in result.players if p.name == name) if result else None
            if player is None:
                return
            numbers = self._numbers(name)
            if numbers is not None:  # the entries the game's scoring works from
                fields = {f.key: f for f in numbers}
                self.app.push(PickDialog(
                    self.app, _("{name}: which number?").format(name=name),
                    [(f.key, _("{part} {points}").format(part=f.label, points=f.default))
                     for f in numbers], lambda key: self._ask_number(
                        name, key, _("{name}: {part}").format(name=name, part=fields[key].label),
                        fields[key].default, fields[key].minimum, fields[key].maximum)))
                return
            if not player.breakdown:  # imported: only the total is known
                self._ask_number(name, corrections.TOTAL, _("{name}: {part}").format(
                    name=name, part=_("score")), player.total)
                return
            options = [(part, _("{part} {points}").format(part=score_part_label(part),
                                                          points=value))
                       for part, value in player.breakdown.items()]
            self.app.push(PickDialog(self.app, _("{name}: which number?").format(name=name),
                                     options, lambda part: self._ask_number(
                                         name, part, _("{name}: {part}").format(
                                             name=name, part=score_part_label(part)),
                                         int(player.breakdown[part]))))
        return pick

    def _numbers(self, name: str) -> list[EntryField] | None:
        """The numbers the game's own scoring works from (None: a result without them)."""
        entries = (self.record.result or {}).get("entries")
        names = [p.name for p in self.record.players]
        if entries is None or name not in names:
            return None
        try:
            return get_rules(self.record.game).correctable(entries, names.index(name))
        except (KeyError, IndexError, TypeError):
            return None

    def _ask_number(self, name: str, part: str, title: str, current: int,
                    lowest: int = 0, highest: int = 999) -> None:
        self.app.push(NumberDialog(
            self.app, title, current, lowest, highest,
            lambda value: self._apply(lambda: corrections.correct_score(
                self.app.store, self.game_id, name, part, value, WHO))))

    def _reseat(self, position: int) -> Callable[[], None]:
        def pick() -> None:
            here = {p.name for p in self.record.players}
            names = [p.name for p in self.app.store.profiles(limit=40) if p.name not in here]
            options: list[tuple[Any, str]] = [(name, name) for name in names]
            options.append(("", _("Type a name")))
            self.app.push(PickDialog(
                self.app, _("Who sat here instead of {name}?").format(
                    name=self.record.players[position].name),
                options, lambda name: self._seat(position, name)))
        return pick

    def _seat(self, position: int, name: str) -> None:
        if not name:
            self.app.push(KeyboardScreen(self.app, _("Who sat here?"), "",
                                         lambda typed: self._seat(position, typed) if typed
                                         else None))
            return
        self._apply(lambda: corrections.reseat(self.app.store, self.game_id, position, name,
                                               WHO))

    def _date(self) -> None:
        options: list[tuple[Any, str]] = [
            (days, ngettext("{n} day earlier", "{n} days earlier", -days).format(n=-days)
             if days < 0 else ngettext("{n} day later", "{n} days later", days).format(n=days))
            for days in DAY_STEPS]
        self.app.push(PickDialog(self.app, _("Played on {when}").format(
            when=formats.moment(self.record.created)), options,
            lambda days: self._apply(lambda: corrections.redate(self.app.store, self.game_id,
                                                                days, WHO))))

    def _tie(self) -> None:
        options: list[tuple[Any, str]] = [(name, _("{name} wins").format(name=name))
                                          for name in self.tied()]
        options.append(("", _("Keep it shared")))
        self.app.push(PickDialog(self.app, _("Who won the tie?"), options, lambda name: (
            self._apply(lambda: corrections.give_tie(self.app.store, self.game_id,
                                                     name or None, WHO)))))

    def _place(self) -> None:
        from companion.ui.screens.place import ask_place

        ask_place(self.app, self.game_id, self._reload)

    def _undo(self) -> None:
        latest = self._latest()
        if latest is not None:
            self._apply(lambda: self.app.store.undo_edit(latest.id, WHO))

    def on_back(self) -> None:
        self.back()

    def _entry_labels(self) -> dict[str, str]:
        """The game's words for the numbers a correction may change, by their key."""
        entries = (self.record.result or {}).get("entries")
        if entries is None or self.record.game not in GAME_MODULES:
            return {}
        rules = get_rules(self.record.game)
        labels: dict[str, str] = {}
        for seat in range(len(self.record.players)):
            try:
                labels |= {f.key: f.label for f in rules.correctable(entries, seat)}
            except (KeyError, IndexError, TypeError, ValueError):
                return labels  # entries it cannot read: the keys themselves are said
        return labels

    # -- painting ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        from companion.ui.screens.history import game_title

        m = self.metrics
        self.header(surface, _("Correct: {title}").format(title=game_title(self.record)))
        _body, log, _tools, _bottom = self._areas()
        line = m.body + m.gap
        lines = [_("Played {when}").format(when=formats.moment(self.record.created))]
        for extra in (self.record.place, self.record.note):
            if extra:
                lines[0] += " · " + extra
        seats = [p.name for p in self.record.players]
        labels = self._entry_labels()
        lines += [_("{when}: {what}").format(when=formats.moment(edit.made),
                                             what=describe_edit(edit, seats, labels))
                  + (" " + _("(undone)") if edit.undone_by is not None else "")
                  for edit in self.edits]
        for index, text in enumerate(lines[:max(1, log.height // line)]):
            draw_text(surface, text, pygame.Rect(log.left, log.top + index * line, log.width,
                                                 line), m.body,
                      theme.TEXT if index == 0 else theme.MUTED, align="left")
