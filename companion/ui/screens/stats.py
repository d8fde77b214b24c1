"""Stats: every player's games, wins, win rate, average and best score, game length and
time on turn, per game or over all of them, with a chart in the players' colours."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _, ngettext
from companion.games import GAME_MODULES, get_rules
from companion.history.stats import (
    PlayerStats,
    spellings,
    stored_game_stats,
    stored_last_scores,
    stored_player_stats,
)
from companion.log.turn_clock import format_duration, format_length
from companion.ui import drawn, places, theme
from companion.ui.board import reading_size
from companion.ui.font_sizes import line_size
from companion.ui.layout import grid, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text, lines_step, size_within
from companion.ui.text_fit import parts_that_fit, wrap
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


def _title(game: str) -> str:
    return get_rules(game).title if game in GAME_MODULES else game


def short_title(game: str) -> str:
    """A game's name in a word, under a bar of a chart (a letter alone said nothing)."""
    names = {"glory-to-rome": _("Glory"), "ave-roma": _("Ave"), "via-romana": _("Via")}
    return names.get(game, game[:5])


def profile_colours(app: ScreenHost) -> dict[str, str]:
    """Each remembered player's colour by folded name: the one Players shows and changes."""
    return {p.name.casefold(): p.colour for p in app.store.profiles(limit=1000)}


def summary(stats: PlayerStats, timed: bool = True, scored: bool = True) -> str:
    """One line of a player's numbers (with their time on turn, if ``timed``; with the
    average and best score if ``scored``: never over several games, whose points differ)."""
    parts = [ngettext("{n} game", "{n} games", stats.games).format(n=stats.games),
             ngettext("{n} win", "{n} wins", stats.wins).format(n=stats.wins)
             + f" ({stats.win_rate:.0%})"]
    if scored:
        parts += [_("average {score:.1f}").format(score=stats.average),
                  _("best {score}").format(score=stats.best)]
    if timed and stats.games_timed:
        parts.append(_("{time} on turn a game").format(
            time=format_duration(stats.average_on_turn)))
    return " · ".join(parts)


Bar = tuple[str, float, str, tuple[int, int, int]]  # label, value, value in words, colour


def bar_chart(surface: pygame.Surface, rect: pygame.Rect, bars: list[Bar], size: int,
              title: str) -> None:
    """Vertical bars from a common base line, under a title."""
    panel(surface, rect, theme.PANEL)
    inner = rect.inflate(-size, -size // 2)
    # the title may take two lines above the plot rather than shrink
    draw_text(surface, title, pygame.Rect(inner.left, inner.top, inner.width, 2 * size - 4),
              size, theme.MUTED, align="left")
    if not bars:
        return
    plot = pygame.Rect(inner.left, inner.top + 3 * size, inner.width, inner.height - 4 * size)
    top = max(1e-9, max(value for _label, value, _text, _colour in bars))
    slot = plot.width // len(bars)
    for index, (label, value, text, colour) in enumerate(bars):
        height = int(plot.height * max(0.0, value) / top)
        bar = pygame.Rect(plot.left + index * slot + slot // 6, plot.bottom - height,
                          max(2, slot - slot // 3), height)
        pygame.draw.rect(surface, colour, bar, border_top_left_radius=4,
                         border_top_right_radius=4)
        pygame.draw.rect(surface, theme.MUTED, bar, width=1, border_top_left_radius=4,
                         border_top_right_radius=4)
        draw_text(surface, text, pygame.Rect(bar.left - slot // 6, bar.top - size, slot, size),
                  int(size * 0.9), theme.TEXT)
        draw_text(surface, label, pygame.Rect(plot.left + index * slot, plot.bottom + 2, slot,
                                              size), int(size * 0.9), theme.TEXT)
    pygame.draw.line(surface, theme.MUTED, plot.bottomleft, plot.bottomright, 2)


class StatsScreen(Screen):
    """Everybody's numbers; the tabs pick one game or all of them."""

    name = "stats"

    def __init__(self, app: ScreenHost, game: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        # added up by SQL: a long history opens without reading every game
        self.players = stored_player_stats(app.store, game)
        colours = profile_colours(app)
        for stats in self.players:
            stats.colour = colours.get(stats.name.casefold(), stats.colour)
        self.per_game = stored_game_stats(app.store)
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """Tabs, the game line, players, chart, bottom."""
        m = self.metrics
        # the game line may wrap onto a second line on the narrow portrait screen
        line_height = m.unit * (1.3 if m.portrait else 0.7)
        tabs, line, body, bottom = split_rows(self.body_rect(), [-m.unit, -line_height, 1,
                                                                 -m.unit], m.gap)
        if m.portrait:
            chart, players = split_rows(body, [2, 3], m.gap * 2)
        else:
            players, chart = split_cols(body, [3, 2], m.gap * 2)
        return tabs, line, players, chart, bottom

    def _rows(self, area: pygame.Rect) -> list[tuple[PlayerStats, pygame.Rect]]:
        m = self.metrics
        # the name beside the numbers, those on two lines at the reading size
        height = max(int(m.unit * 1.4), 2 * (reading_size(m) * 27 // 20) + m.gap * 2)
        per_page = max(1, (area.height + m.gap) // (height + m.gap))
        pages = max(1, -(-len(self.players) // per_page))
        self.page %= pages
        shown = self.players[self.page * per_page:(self.page + 1) * per_page]
        return [(stats, pygame.Rect(area.left, area.top + i * (height + m.gap), area.width,
                                    height)) for i, stats in enumerate(shown)]

    def build(self) -> None:
        super().build()
        m = self.metrics
        tabs, _line, players, _chart, bottom = self._areas()
        choices: list[tuple[str | None, str]] = [(None, _("All games"))]
        choices += [(key, get_rules(key).title) for key in GAME_MODULES]
        for (key, label), cell in zip(choices, grid(tabs, len(choices), len(choices), m.gap),
                                      strict=True):
            self.add(f"filter-{key or 'all'}", cell, label, self._filter(key),
                     selected=key == self.game, size=m.small)
        for stats, row in self._rows(players):
            # the row's words are drawn by draw(): right of the colour stripe, the numbers
            # wrapped at the reading size (as a sublabel they shrank to 18 px)
            button = self.add(f"player-{stats.name}", row, "", self._opener(stats.name),
                              fill=theme.PANEL_LIGHT)
            button.extra["name"] = stats.name
        back, more = split_cols(bottom, [1, 1], m.gap)
        self.add("back", back, _("Back"), self.goes_to(places.History()), fill=theme.PANEL)
        per_page = max(1, len(self._rows(players)))
        if len(self.players) > per_page:
            self.add("more", more, _("More"), self._more)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        for button in self.buttons:
            if button.key.startswith("player-"):
                stats = next(s for s in self.players if f"player-{s.name}" == button.key)
                stripe = pygame.Rect(button.rect.left, button.rect.top, m.gap * 2,
                                     button.rect.height)
                drawn.piece(surface, "stripe", stripe, theme.colour_rgb(stats.colour))
                pygame.draw.rect(surface, theme.colour_rgb(stats.colour), stripe,
                                 border_radius=m.gap)
                words = pygame.Rect(stripe.right + m.gap * 2, button.rect.top + m.gap // 2,
                                    button.rect.right - stripe.right - m.gap * 4,
                                    button.rect.height - m.gap)
                name, numbers = split_cols(words, [1, 3], m.gap * 2)
                draw_text(surface, stats.name, name, m.body, theme.TEXT, align="left")
                draw_paragraph(surface, summary(stats, scored=self.game is not None), numbers,
                               reading_size(m), theme.TEXT)

    def _filter(self, game: str | None) -> Callable[[], None]:
        return self.goes_to(places.Stats(game))

    def _opener(self, name: str) -> Callable[[], None]:
        return self.goes_to(places.PlayerStats(name))

    def _more(self) -> None:
        self.page += 1
        self.app.invalidate()

    def on_back(self) -> None:
        self.app.go(places.History())

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("Stats: {which}").format(
            which=_title(self.game) if self.game else _("all games")))
        _tabs, line, players, chart, _bottom = self._areas()
        games = [g for g in self.per_game if self.game in (None, g.game)]
        count = sum(g.games for g in games)
        seconds = sum(g.length_sum for g in games) / count if count else 0.0
        text = ngettext("{n} finished game", "{n} finished games", count).format(n=count)
        if count:
            text += " · " + _("{time} a game on average").format(time=format_length(seconds))
            won = sum(g.wins_scored for g in games)
            if won and self.game is not None:  # points of different games do not add up
                text += " · " + _("a win scores {score:.1f} on average").format(
                    score=sum(g.winning_sum for g in games) / won)
        draw_paragraph(surface, text, line, m.small, theme.TEXT)
        if not self.players:
            draw_text(surface, _("No finished games of this kind yet."), players, m.body,
                      theme.MUTED)
            return
        bars = [(s.name, float(s.wins), f"{s.wins} ({s.win_rate:.0%})",
                 theme.colour_rgb(s.colour)) for s in self.players[:6]]
        bar_chart(surface, chart, bars, m.small, _("Wins"))


class PlayerStatsScreen(Screen):
    """One player: their numbers per game and their last scores in their colour."""

    name = "player-stats"

    def __init__(self, app: ScreenHost, player: str) -> None:
        super().__init__(app)
        self.player = player
        # added up by SQL as Stats adds them, for the spellings of the name alone: the
        # largest history opens without reading every game
        names = spellings(app.store.seated_names(), player)
        self.overall = self._find(stored_player_stats(app.store, None, names))
        if self.overall is not None:
            self.overall.colour = profile_colours(app).get(player.casefold(),
                                                           self.overall.colour)
        self.per_game: list[tuple[str, PlayerStats]] = []
        for key in GAME_MODULES:
            found = self._find(stored_player_stats(app.store, key, names))
            if found is not None:
                self.per_game.append((key, found))
        #: (game, their total) of their last ten games with a total, oldest first
        self.last_games = stored_last_scores(app.store, names)

    def _find(self, everyone: list[PlayerStats]) -> PlayerStats | None:
        return next((s for s in everyone if s.name.casefold() == self.player.casefold()), None)

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        # the overall numbers on up to two lines at the reading size
        size = reading_size(m)
        words = summary(self.overall, scored=len(self.per_game) < 2) if self.overall else ""
        lines = wrap(words, size, self.body_rect().width) or [""]
        height = min(3, len(lines)) * lines_step(lines, size, line_size(size))
        line, body, bottom = split_rows(self.body_rect(), [-height, 1, -m.unit], m.gap)
        if m.portrait:
            chart, games = split_rows(body, [2, 3], m.gap * 2)
        else:
            games, chart = split_cols(body, [3, 2], m.gap * 2)
        return line, games, chart, bottom

    def _game_rows(self) -> list[tuple[str, PlayerStats, pygame.Rect]]:
        m = self.metrics
        _line, games, _chart, _bottom = self._areas()
        height = int(m.unit * 2.4)  # three lines, a name or number each at its size
        rows = []
        for index, (key, stats) in enumerate(self.per_game):
            row = pygame.Rect(games.left, games.top + index * (height + m.gap), games.width,
                              height)
            if row.bottom > games.bottom:
                break
            rows.append((key, stats, row))
        return rows

    def build(self) -> None:
        super().build()
        _line, _games, _chart, bottom = self._areas()
        back, _rest = split_cols(bottom, [1, 1], self.metrics.gap)
        self.add("back", back, _("Back"), self.goes_to(places.Stats()), fill=theme.PANEL)
        for key, _stats, row in self._game_rows():  # each opens that game's detail
            self.add(f"game-{key}", row, "", self._open_game(key), fill=theme.PANEL_LIGHT)

    def _open_game(self, key: str) -> Callable[[], None]:
        def open_game() -> None:
            self.app.go(places.PlayerGame(self.player, key))
        return open_game

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.overall is None:
            return
        m = self.metrics
        colour = theme.colour_rgb(self.overall.colour)
        for key, stats, row in self._game_rows():
            stripe = pygame.Rect(row.left, row.top, m.gap * 2, row.height)
            drawn.piece(surface, "stripe", stripe, colour)
            pygame.draw.rect(surface, colour, stripe, border_radius=m.gap)
            title, numbers, times = split_rows(row.inflate(-m.gap * 6, -m.gap), [1.3, 1, 1])
            # each line's ink on its own line (Arabic reaches past the line height)
            draw_text(surface, _title(key), title, size_within(_title(key), m.body, title, m.small),
                      theme.TEXT, align="left")
            # what fits at the reading size; the whole of it is the row's tap away
            smallest = reading_size(m)
            numbers_words = parts_that_fit(summary(stats, timed=False).split(" · "), m.small,
                                           numbers.width, smallest)
            draw_text(surface, numbers_words, numbers,
                      size_within(numbers_words, m.small, numbers, smallest), theme.TEXT,
                      align="left")
            times_parts = [_("{time} a game").format(time=format_length(stats.average_duration))]
            if stats.games_timed:
                times_parts.append(_("{time} on turn a game").format(
                    time=format_duration(stats.average_on_turn)))
            times_words = parts_that_fit(times_parts, m.small, times.width, smallest)
            draw_text(surface, times_words, times,
                      size_within(times_words, m.small, times, smallest), theme.TEXT,
                      align="left")

    def on_back(self) -> None:
        self.app.go(places.Stats())

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, self.player)
        line, games, chart, _bottom = self._areas()
        if self.overall is None:
            draw_text(surface, _("No finished games yet."), games, m.body, theme.MUTED)
            return
        colour = theme.colour_rgb(self.overall.colour)
        draw_paragraph(surface, summary(self.overall, scored=len(self.per_game) < 2), line,
                       reading_size(m), theme.TEXT)
        bars = [(short_title(game), float(total), str(total), colour)
                for game, total in self.last_games]
        bar_chart(surface, chart, bars, m.small,
                  ngettext("The last game's score", "The last {n} games' scores",
                           len(bars)).format(n=len(bars)))
