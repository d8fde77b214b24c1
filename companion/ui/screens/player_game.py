"""One player at one game: wins by seat, the spread of their scores, their streak and how
they fare against the players they meet most; under it, the game's average winning
score and its length by how many played. Drawn with the tables' pieces (bars, badges)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _, ngettext
from companion.games import GAME_MODULES, get_rules
from companion.history.stats import (
    PlayerGameDetail,
    histogram,
    spellings,
    stored_game_stats,
    stored_last_colours,
    stored_lengths_by_player_count,
    stored_player_game_detail,
)
from companion.log.turn_clock import format_length
from companion.ui import board, places, theme
from companion.ui.layout import grid, mirrored, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.screens.stats import profile_colours
from companion.ui.text import draw_paragraph, draw_text, paragraph_height, size_within
from companion.ui.text_fit import fit_size, parts_that_fit
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


def streak_words(detail: PlayerGameDetail) -> str:
    if detail.streak > 0:
        return ngettext("{n} win in a row", "{n} wins in a row", detail.streak).format(
            n=detail.streak)
    if detail.streak < 0:
        return ngettext("{n} game without a win", "{n} games without a win",
                        -detail.streak).format(n=-detail.streak)
    return _("No games yet")


class PlayerGameScreen(Screen):
    name = "player-game-stats"

    def __init__(self, app: ScreenHost, player: str, game: str) -> None:
        super().__init__(app)
        self.player = player
        self.game = game
        # read by SQL for the spellings of the name alone, as Stats reads its figures: the
        # largest history opens without reading every game
        store = app.store
        seated = store.seated_names()
        self.detail = stored_player_game_detail(store, spellings(seated, player), player, game)
        #: remembered players' colours (as Players shows them), else the latest played
        self.colours = profile_colours(app)
        unremembered = [name for name in (player, *(r.name for r in self.detail.rivals))
                        if name.casefold() not in self.colours]
        if unremembered:
            self.colours = stored_last_colours(store, spellings(seated, *unremembered)
                                               ) | self.colours
        self.colour = self.colour_of(player)
        found = stored_game_stats(store, game)
        self.winning = found[0].average_winning_score if found else 0.0
        self.lengths = stored_lengths_by_player_count(store, game)

    def colour_of(self, name: str) -> tuple[int, int, int]:
        return theme.colour_rgb(self.colours.get(name.casefold(), "grey"))

    @property
    def title(self) -> str:
        return get_rules(self.game).title if self.game in GAME_MODULES else self.game

    def _areas(self) -> tuple[list[pygame.Rect], pygame.Rect, pygame.Rect]:
        m = self.metrics
        # the summary's lines at the reading size in portrait (room enough there)
        height = max(m.unit * 0.8, paragraph_height(self._summary(), m.small,
                                                    self.body_rect().width)
                     if m.portrait else 0)
        body, line, bottom = split_rows(self.body_rect(), [1, -height, -m.unit], m.gap)
        return grid(body, 4, 1 if m.portrait else 2, m.gap), line, bottom

    def build(self) -> None:
        super().build()
        _panels, _line, bottom = self._areas()
        back, _rest = split_cols(bottom, [1, 1], self.metrics.gap)
        self.add("back", back, _("Back"), self._back, fill=theme.PANEL)

    def _back(self) -> None:
        self.app.go(places.PlayerStats(self.player))

    def on_back(self) -> None:
        self._back()

    # -- painting ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("{name} · {title}").format(name=self.player, title=self.title))
        (seats, scores, streak, rivals), line, _bottom = self._areas()
        self._bars(surface, seats, _("Wins by seat"), [
            (_("Seat {n}").format(n=seat), wins, games, f"{wins}/{games}")
            for seat, (games, wins) in sorted(self.detail.seats.items())])
        spread = histogram(self.detail.scores, min(5, self._rows_that_fit(scores)))
        most = max((count for _low, _high, count in spread), default=1)
        self._bars(surface, scores, _("Scores"), [
            (f"{low}–{high}" if high > low else str(low), count, most, str(count))
            for low, high, count in spread])
        self._streak(surface, streak)
        self._bars(surface, rivals, _("Against the regulars"), [
            (rival.name, rival.ahead, rival.games, _("{ahead}–{behind}").format(
                ahead=rival.ahead, behind=rival.behind)) for rival in self.detail.rivals],
                   [self.colour_of(rival.name) for rival in self.detail.rivals])
        if m.portrait:
            draw_paragraph(surface, self._summary(), line, m.small, theme.TEXT)
        else:  # the parts that fit at the reading size, the first (a win's score) first
            words = parts_that_fit(self._summary_parts(), m.small, line.width,
                                   board.reading_size(m))
            draw_text(surface, words, line, m.small, theme.TEXT, align="left")

    def _summary_parts(self) -> list[str]:
        """What a win scores, and how long a game lasts by how many played."""
        parts = [_("A win scores {score:.1f} on average").format(score=self.winning)]
        parts += [ngettext("{n} player: {time}", "{n} players: {time}", count).format(
            n=count, time=format_length(seconds)) for count, seconds in self.lengths.items()]
        return parts

    def _summary(self) -> str:
        return " · ".join(self._summary_parts())

    def _bars(self, surface: pygame.Surface, area: pygame.Rect, title: str,
              rows: list[tuple[str, int, int, str]],
              colours: list[tuple[int, int, int]] | None = None) -> None:
        """A titled panel: one row per entry, a label, a bar (``done`` of ``total``), a
        number in words; the bars in ``colours`` (one per row: the players'), or in the
        player's."""
        m = self.metrics
        panel(surface, area, theme.PANEL)
        inner = area.inflate(-m.gap * 3, -m.gap * 2)
        draw_text(surface, title, pygame.Rect(inner.left, inner.top, inner.width, m.small),
                  m.small, theme.MUTED, align="left")
        height = m.small + m.gap
        top = inner.top + m.small + m.gap
        fits = self._rows_that_fit(area)
        if not rows:
            draw_text(surface, _("No games yet"), pygame.Rect(inner.left, top, inner.width,
                                                               m.small), m.small, theme.MUTED)
        # more rows than fit (five seats on the small screen): side by side in columns
        columns = max(1, -(-len(rows) // max(1, fits)))
        width = (inner.width - m.gap * 2 * (columns - 1)) // columns
        for index, (label, done, total, words) in enumerate(rows[:fits * columns]):
            column, line = divmod(index, max(1, fits))
            row = pygame.Rect(inner.left + column * (width + m.gap * 2), top + line * height,
                              width, m.small)
            name, bar, number = split_cols(row, [2, 3 if columns == 1 else 1.5, 1.4], m.gap)
            draw_text(surface, label, name, fit_size(label, m.small, name.width, 0.75),
                      theme.TEXT, align="left")
            self._progress(surface, bar.inflate(0, -m.small // 3), done, total,
                           colours[index] if colours else self.colour)
            draw_text(surface, words, number, m.small, theme.TEXT, align="right")

    def _progress(self, surface: pygame.Surface, rect: pygame.Rect, done: int,
                  total: int, colour: tuple[int, int, int]) -> None:
        """The tables' progress bar, filled from the side the text starts on."""
        board.progress_bar(surface, rect, done, total, colour)
        if mirrored():
            clipped = rect.clip(surface.get_rect())
            surface.blit(pygame.transform.flip(surface.subsurface(clipped).copy(), True,
                                               False), clipped)

    def _rows_that_fit(self, area: pygame.Rect) -> int:
        m = self.metrics
        inner = area.inflate(-m.gap * 3, -m.gap * 2)
        return max(1, (inner.height - m.small - m.gap) // (m.small + m.gap))

    def _streak(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        m = self.metrics
        panel(surface, area, theme.PANEL)
        inner = area.inflate(-m.gap * 3, -m.gap * 2)
        title, now, best = split_rows(inner, [-m.small, 1, -m.small], m.gap)
        draw_text(surface, _("Streak"), title, m.small, theme.MUTED, align="left")
        words = streak_words(self.detail)
        fill = self.colour if self.detail.streak > 0 else theme.PANEL_LIGHT
        badge_rect = pygame.Rect(0, 0, now.width, min(now.height, int(m.unit * 1.1)))
        badge_rect.center = now.center
        board.badge_plain(surface, badge_rect, fill)
        # the words' ink on the badge (Arabic reaches past the line height)
        label = badge_rect.inflate(-max(4, badge_rect.height // 3), -2)
        draw_text(surface, words, label,
                  size_within(words, badge_rect.height * 2 // 3, label, m.small),
                  theme.text_on(fill))
        longest = ngettext("Longest: {n} win in a row", "Longest: {n} wins in a row",
                           self.detail.longest_wins).format(n=self.detail.longest_wins)
        draw_text(surface, longest, best, fit_size(longest, m.small, best.width, 0.75),
                  theme.TEXT, align="left")
