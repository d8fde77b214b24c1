"""The scoreboard: ranking, each player's breakdown, a bar chart, ties explained in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.games.base import ScoreResult
from companion.log.turn_clock import format_duration
from companion.ui import theme
from companion.ui.board import reading_size
from companion.ui.font_sizes import line_size
from companion.ui.layout import mirror, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text, lines_step
from companion.ui.text_fit import wrap
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

BAR_COLOURS = (theme.ACCENT, (90, 140, 200), (120, 170, 110), (190, 110, 90), (150, 120, 180))


class ScoreboardScreen(Screen):
    name = "scoreboard"

    def __init__(self, app: ScreenHost, result: ScoreResult, title: str,
                 back: Callable[[], None], colours: dict[str, str] | None = None,
                 times: dict[str, float] | None = None,
                 extra: tuple[str, str, Callable[[], None]] | None = None,
                 tie_break: Callable[[str | None], ScoreResult] | None = None) -> None:
        super().__init__(app)
        #: one more button beside Done (key, label, action): the history's "Replay"
        self.extra = extra
        #: seconds on turn by player name (shown when recorded)
        self.times = times or {}
        self.result = result
        self.title = title
        self.back = back
        self.colours = colours or {}
        #: while set and the victory is shared, the table may give it to one player
        self.tie_break = tie_break
        #: a button after ``extra`` (key, label, action): a finished game's "Correct"
        self.more: tuple[str, str, Callable[[], None]] | None = None
        #: a finished game's place, date, length and note, above the explanation
        self.facts = ""

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        # a finished game's facts: on their own line in portrait, beside the title in landscape
        words = m.unit * 1.6 + (m.small + m.gap if self.facts else 0) if m.portrait else m.unit
        body, explanation, bottom = split_rows(
            self.body_rect(), [1, -words, -(m.unit * 2 + m.gap if self._stacked() else m.unit)],
            m.gap)
        if m.portrait:
            chart, ranking = split_rows(body, [2, 3], m.gap * 2)
        else:
            ranking, chart = split_cols(body, [2, 1], m.gap * 2)
        return ranking, chart, explanation, bottom

    def _stacked(self) -> bool:
        """Whether Done goes under the other buttons (portrait, with Replay or Correct
        beside it): each label whole at the reading size."""
        return self.metrics.portrait and (self.extra or self.more) is not None and (
            self.tie_break is None or len(self.result.winners) < 2)

    def build(self) -> None:
        super().build()
        m = self.metrics
        _ranking, _chart, _explanation, bottom = self._areas()
        if self.tie_break is None or len(self.result.winners) < 2:
            extras = [e for e in (self.extra, self.more) if e is not None]
            if extras:
                if self._stacked():
                    row, done = split_rows(bottom, [1, 1], m.gap)
                    others = split_cols(row, [1] * len(extras), m.gap * 2)
                else:
                    done, *others = split_cols(bottom, [1] * (len(extras) + 1), m.gap * 2)
                for (key, label, action), cell in zip(extras, others, strict=True):
                    self.add(key, cell, label, action)
                self.add("done", done, _("Done"), self.back, selected=True)
            else:
                self.add("done", bottom, _("Done"), self.back, selected=True)
            return
        tied = list(self.result.winners)
        cells = split_cols(bottom, [1] * (len(tied) + 1), m.gap)
        for name, cell in zip(tied, cells, strict=False):
            self.add(f"tie-{name}", cell, _("{name} wins").format(name=name),
                     self._decide(name),
                     fill=theme.colour_rgb(self.colours[name]) if name in self.colours else None)
        self.add("tie-shared", cells[-1], _("Keep it shared"), self._decide(None),
                 selected=True)

    def _decide(self, winner: str | None) -> Callable[[], None]:
        def decide() -> None:
            if self.tie_break is None:
                return
            self.result = self.tie_break(winner)
            self.tie_break = None
            self.app.invalidate()
        return decide

    def on_back(self) -> None:
        self.back()

    def _bar_colour(self, index: int, name: str) -> tuple[int, int, int]:
        if name in self.colours:
            return theme.colour_rgb(self.colours[name])
        return BAR_COLOURS[index % len(BAR_COLOURS)]

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        winners = ", ".join(self.result.winners)
        if self.tie_break is not None and len(self.result.winners) > 1:
            title = _("{title}: a tie between {names}").format(title=self.title, names=winners)
        elif winners:
            title = _("{title}: {names} won").format(title=self.title, names=winners)
        else:
            title = self.title
        if self.facts and not m.portrait:  # beside the title, on up to two lines
            area = pygame.Rect(m.gap * 2, 0, m.width - 4 * m.gap, m.unit)
            heading, facts = split_cols(area, [3, 2], m.gap * 2)
            self.header(surface, title, heading)
            draw_paragraph(surface, self.facts, facts, m.small, theme.MUTED, align="right")
        else:
            self.header(surface, title)
        ranking, chart, explanation, _bottom = self._areas()
        self._paint_ranking(surface, ranking)
        self._paint_chart(surface, chart)
        text = self.result.words()  # in the language of the moment
        if self.tie_break is not None and len(self.result.winners) > 1:
            text = _("A tie: the table may give the victory to one of them, or keep it shared.")
        if self.facts and m.portrait:
            facts, explanation = split_rows(explanation, [-m.small, 1], m.gap)
            draw_paragraph(surface, self.facts, facts, m.small, theme.MUTED, align="center")
        if text:
            draw_paragraph(surface, text, explanation, m.body, theme.TEXT)

    def _paint_ranking(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        m = self.metrics
        count = max(1, len(self.result.players))
        height = min(int(m.unit * 2.2), (area.height - m.gap * (count - 1)) // count)
        places = self.result.placings()
        for index, player in enumerate(self.result.players):
            place = places[index]
            row = pygame.Rect(area.left, area.top + index * (height + m.gap), area.width, height)
            winner = player.name in self.result.winners
            panel(surface, row, theme.PANEL_LIGHT if winner else theme.PANEL,
                  theme.ACCENT if winner else None)
            # the breakdown wraps at the reading size (on one line it shrank to 18 px)
            top, bottom = split_rows(row.inflate(-m.gap * 3, -m.gap),
                                     [-min(int(m.unit * 0.9), row.height // 2), 1])
            name, total = split_cols(top, [4, 1], m.gap)
            draw_text(surface, f"{place}. {player.name}", name, m.body, theme.TEXT, align="left")
            draw_text(surface, str(player.total), total, m.large, theme.ACCENT, align="right")
            # the parts that scored (a 0 adds nothing to the total), as many as the row
            # holds at the reading size
            parts = [_("{part} {points}").format(part=score_part_label(label), points=value)
                     for label, value in player.breakdown.items() if value]
            if player.name in self.times:
                parts.append(_("on turn {time}").format(
                    time=format_duration(self.times[player.name])))
            size = reading_size(m)
            while len(parts) > 1:
                lines = wrap(" · ".join(parts), size, bottom.width)
                if len(lines) * lines_step(lines, size, line_size(size)) <= bottom.height:
                    break
                parts.pop()
            draw_paragraph(surface, " · ".join(parts), bottom, size, theme.MUTED)

    def _paint_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        m = self.metrics
        panel(surface, area, theme.PANEL)
        players = self.result.players
        if not players:
            return
        inner = area.inflate(-m.gap * 4, -m.gap * 3)
        labels, bars = split_rows(inner, [1, -m.small], m.gap)
        del labels
        top = max(1, max(p.total for p in players))
        plot = pygame.Rect(inner.left, inner.top + m.small, inner.width,
                           inner.height - 2 * m.small)
        slot = plot.width // len(players)
        for index, player in enumerate(players):
            height = int(plot.height * max(0, player.total) / top)
            bar = mirror(pygame.Rect(plot.left + index * slot + slot // 6, plot.bottom - height,
                                     slot - slot // 3, height), plot)
            pygame.draw.rect(surface, self._bar_colour(index, player.name), bar,
                             border_top_left_radius=m.gap, border_top_right_radius=m.gap)
            value_rect = pygame.Rect(bar.left, bar.top - m.small, bar.width, m.small)
            draw_text(surface, str(player.total), value_rect, m.small, theme.TEXT)
            name_rect = mirror(pygame.Rect(plot.left + index * slot, bars.top, slot,
                                           bars.height), plot)
            draw_text(surface, player.name, name_rect, m.small, theme.TEXT)
        pygame.draw.line(surface, theme.MUTED, plot.bottomleft, plot.bottomright, 2)


def score_part_label(key: str) -> str:
    """A part of a player's final score (the games' breakdown keys) in the table's language."""
    labels = {
        # Glory to Rome
        "influence": _("influence"), "vault": _("vault"), "merchant_bonus": _("merchant bonus"),
        "structures": _("structures"),
        # Ave Roma
        "coins": _("coins"), "goods": _("resources and surplus"), "patrons": _("patron cards"),
        "political": _("political influence"), "regions": _("regions"),
        "track": _("score track"),
        # Via Romana
        "markers": _("city markers"), "castles": _("castles"), "order_board": _("order board"),
        "eagle": _("legion eagle"),
    }
    return labels.get(key, key.replace("_", " "))
