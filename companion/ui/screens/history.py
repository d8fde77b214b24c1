"""History: finished games, newest first, with date, length, players and scores.

Tap a game for its scoreboard (breakdowns, time on turn) and to replay it move by move;
delete one (confirmed). The stats of everybody are one tap away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.games import GAME_MODULES, get_rules
from companion.games.base import ScoreResult
from companion.log.entries import GameRecord
from companion.log.turn_clock import format_length
from companion.system.usb import bgstats_files, export_to, mounted_sticks
from companion.ui import formats, places, theme
from companion.ui.board import reading_size
from companion.ui.layout import split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.screens.dialogs import ConfirmDialog
from companion.ui.text import draw_text
from companion.ui.text_fit import fit_size
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


def game_title(record: GameRecord) -> str:
    return get_rules(record.game).title if record.game in GAME_MODULES else record.game


def game_length(record: GameRecord) -> float:
    """Seconds from the set-up to the final score."""
    return max(0.0, (record.ended or record.created) - record.created)


def game_facts(record: GameRecord, note: bool = False) -> str:
    """Where, when, how long (a play brought in from elsewhere says so) and, with
    ``note``, the table's note: the line a finished game is known by."""
    parts = [record.place or "", formats.moment(record.created)]
    if record.ended is not None and record.ended > record.created:
        parts.append(format_length(game_length(record)))
    if record.imported:
        parts.append(_("imported"))
    if note and record.note:
        parts.append(record.note)
    return " · ".join(part for part in parts if part)


class HistoryScreen(Screen):
    name = "history"

    def __init__(self, app: ScreenHost) -> None:
        super().__init__(app)
        self.page = 0
        #: finished games in the history; only the page shown is read (a long history
        #: opens as fast as a short one)
        self.count = app.store.finished_count()
        self._page: tuple[int, int, list[GameRecord]] | None = None  # (page, per page, games)
        #: a USB stick mounted when the screen opened (an export button appears for it)
        self.sticks = mounted_sticks(app.usb_mounts) if app.usb_mounts else []
        #: a BG Stats file on the stick (an import button appears for it)
        self.bgstats = next((f for stick in self.sticks for f in bgstats_files(stick)), None)
        #: an import from the stick is running on its own thread (its button waits)
        self.importing = False

    @property
    def games(self) -> list[GameRecord]:
        """The finished games on the page shown, newest first."""
        return [record for record, _row in self._shown()]

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        m = self.metrics
        body, bottom = split_rows(self.body_rect(), [1, -m.unit], m.gap)
        return body, bottom

    def _row_height(self) -> int:
        # portrait: the title, the date and the players each on a line of their own
        return int(self.metrics.unit * (3.0 if self.metrics.portrait else 1.6))

    def _per_page(self, body: pygame.Rect) -> int:
        return max(1, (body.height + self.metrics.gap) // (self._row_height() + self.metrics.gap))

    def _shown(self) -> list[tuple[GameRecord, pygame.Rect]]:
        m = self.metrics
        body, _bottom = self._areas()
        per_page = self._per_page(body)
        pages = max(1, -(-self.count // per_page))
        self.page %= pages
        if self._page is None or self._page[:2] != (self.page, per_page):
            self._page = (self.page, per_page, self.app.store.finished_games(
                per_page, self.page * per_page))
        shown = self._page[2]
        height = self._row_height()
        return [(record, pygame.Rect(body.left, body.top + i * (height + m.gap), body.width,
                                     height)) for i, record in enumerate(shown)]

    def build(self) -> None:
        super().build()
        m = self.metrics
        body, bottom = self._areas()
        for record, row in self._shown():
            open_rect, delete_rect = split_cols(row, [1, -m.unit * 2], m.gap)
            self.add(f"game-{record.id}", open_rect, "", self._opener(record),
                     fill=theme.PANEL_LIGHT)
            self.add(f"delete-{record.id}", delete_rect, _("Delete"), self._deleter(record),
                     fill=theme.DANGER, size=m.small)
        pages = max(1, -(-self.count // self._per_page(body)))
        # Stats as wide as its word needs at the reading size (Statistici, الإحصاءات)
        back, stats, usb, more = split_cols(bottom, [1, 1.4, 1.6, 1], m.gap)
        self.add("back", back, _("Back"), self.goes_to(places.Home()), fill=theme.PANEL)
        self.add("stats", stats, _("Stats"), self.goes_to(places.Stats()), enabled=bool(self.count))
        exporting = bool(self.sticks and self.count)
        if exporting and self.bgstats is not None:
            usb, bring = split_cols(usb, [1, 1], m.gap)
        else:
            bring = usb
        if exporting:
            self.add("export-usb", usb, _("Export to USB stick"), self._export_usb,
                     size=m.small)
        if self.bgstats is not None:
            self.add("import-bgstats", bring, _("Importing...") if self.importing
                     else _("Import from BG Stats"), self._import_bgstats, size=m.small,
                     enabled=not self.importing)
        if pages > 1:
            self.add("more", more, _("More ({page}/{pages})").format(page=self.page + 1,
                                                                    pages=pages), self._more)

    def _export_usb(self) -> None:
        """Our JSON (to import elsewhere), CSV and BG Stats files, side by side."""
        from companion.history.exchange import ExchangeError, export_text

        store = self.app.store
        try:
            texts = {".json": export_text(store, "json"), ".csv": export_text(store, "csv"),
                     ".bgstats.json": export_text(store, "bgstats")}
        except ExchangeError as exc:
            self.app.message(str(exc))
            return
        try:
            words = export_to(self.sticks[0], texts, self.count)
        except OSError as exc:
            self.app.message(_("The USB stick could not be written ({error}); nothing was "
                               "lost here.").format(error=exc.strerror or exc))
            return
        self.app.message(words, error=False)

    def _import_bgstats(self) -> None:
        """The plays of our games in the stick's BG Stats file, read and written on a
        thread of their own (a long file takes seconds: the screen keeps answering); the
        summary in a dialog. Nobody is asked about a name close to a profile here: such
        names are listed."""
        from companion.history.bgstats import BgStatsError, import_file
        from companion.history.bgstats_cli import summary_lines
        from companion.ui.screens.dialogs import MessageDialog

        assert self.bgstats is not None
        file, store, app = self.bgstats, self.app.store, self.app
        self.importing = True

        def work() -> Callable[[], None]:
            try:
                summary = import_file(store, file)
            except BgStatsError as exc:
                words = _("{file}: {error} Nothing was imported.").format(file=file.name,
                                                                          error=exc)
                return lambda: self._imported(lambda: app.message(words))
            lines = "\n".join(summary_lines(summary))
            return lambda: self._imported(lambda: app.push(MessageDialog(
                app, _("Imported from {file}").format(file=file.name), lines)))

        self.app.in_background(work, "bgstats-import")
        self.app.message(_("Importing {file}...").format(file=file.name), error=False)
        self._reread()
        self.app.invalidate()

    def _imported(self, show: Callable[[], None]) -> None:
        """The import is over: the history read again, the outcome shown."""
        self.importing = False
        self._reread()
        self.app.invalidate()
        show()

    def _reread(self) -> None:
        """The history changed (an import, a deletion): count again, read the page again."""
        self.count = self.app.store.finished_count()
        self._page = None

    def _more(self) -> None:
        self.page += 1
        self.app.invalidate()

    def _opener(self, record: GameRecord) -> Callable[[], None]:
        def open_game() -> None:
            self.app.go(places.FinishedGame(record.id))
        return open_game

    def _deleter(self, record: GameRecord) -> Callable[[], None]:
        def ask() -> None:
            def delete() -> None:
                self.app.store.delete_game(record.id)
                self._reread()
                self.app.invalidate()
            self.app.push(ConfirmDialog(
                self.app, _("Delete this game from the history?"),
                _("{title}, won by {names}. This cannot be undone.").format(
                    title=game_title(record),
                    names=", ".join((record.result or {}).get("winners", [])) or "-"),
                _("Delete"), delete))
        return ask

    def on_back(self) -> None:
        self.app.go(places.Home())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for record, row in self._shown():
            self._paint_game(surface, record, split_cols(row, [1, -self.metrics.unit * 2],
                                                         self.metrics.gap)[0])

    def _paint_game(self, surface: pygame.Surface, record: GameRecord,
                    rect: pygame.Rect) -> None:
        """Title, date and length on top; each player's score in their colour below."""
        m = self.metrics
        inner = rect.inflate(-m.gap * 3, -m.gap * 2)
        words = game_facts(record)
        if m.portrait:  # too narrow for the title and the date side by side at their size
            title, info, players = split_rows(inner, [-m.unit * 0.75, -m.unit * 0.6, 1], m.gap)
        else:
            top, players = split_rows(inner, [1, 1.2], m.gap)
            title, info = split_cols(top, [1, 1.7], m.gap)
        draw_text(surface, game_title(record), title, m.body, theme.TEXT, align="left")
        smallest = reading_size(m) / m.small
        draw_text(surface, words, info, fit_size(words, m.small, info.width, smallest),
                  theme.TEXT, align="left" if m.portrait else "right")
        result = ScoreResult.from_json(record.result) if record.result else None
        if result is None:
            return
        colours = {p.name: p.colour for p in record.players}
        count = max(1, len(result.players))
        width = (players.width - m.gap * (count - 1)) // count
        for index, (score, place) in enumerate(zip(result.players, result.placings(),
                                                   strict=True)):
            cell = pygame.Rect(players.left + index * (width + m.gap), players.top, width,
                               players.height)
            fill = theme.colour_rgb(colours.get(score.name, "grey"))
            winner = score.name in result.winners
            panel(surface, cell, fill, theme.ACCENT if winner else None, width=3)
            label = _("{place}. {name} {total}").format(place=place, name=score.name,
                                                         total=score.total)
            box = cell.inflate(-m.gap * 2, 0)
            ink = theme.text_on(fill)
            if fit_size(label, m.small, box.width) >= reading_size(m) or box.height < m.unit:
                draw_text(surface, label, box, m.small, ink)
                continue
            # too narrow for one line: the name above, the score under it, both whole
            name_box, total_box = split_rows(box, [1, 1])
            draw_text(surface, f"{place}. {score.name}", name_box, m.small, ink)
            draw_text(surface, str(score.total), total_box, m.small, ink)

    def paint(self, surface: pygame.Surface) -> None:
        self.header(surface, _("History"))
        if not self.count:
            body, _bottom = self._areas()
            draw_text(surface, _("No finished games yet."), body, self.metrics.body, theme.MUTED)
