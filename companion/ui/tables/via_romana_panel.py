"""Beside the Via Romana map: each player's supply and markers, or what to do at the table.

Drawn from the state alone (names and colours passed in), so the view keeps to taps and
moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.core.i18n import _
from companion.games.via_romana import (
    MAX_CARDS_PER_ROUND,
    Phase,
    ViaRomanaState,
    castles_left,
    milestones_left,
)
from companion.games.via_romana.scoring import PlayerTally, order_board_met
from companion.ui import board as pieces
from companion.ui import theme
from companion.ui.font_sizes import line_size
from companion.ui.layers import Layers
from companion.ui.layout import Metrics, grid, split_cols, split_rows
from companion.ui.text import draw_text, size_within
from companion.ui.text_fit import fit_size, wrap
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB
from companion.ui.widgets import panel


def paint_banner(surface: pygame.Surface, m: Metrics, rect: pygame.Rect, lines: list[str],
                 heading: bool = True) -> None:
    """What the table must do now, on the accent colour: each line a paragraph of its own,
    at the reading size or larger; lines that find no room (the last first) are left to
    "What now?", which says everything, so no line is ever shrunk below the reading size."""
    panel(surface, rect, theme.ACCENT)
    ink = theme.text_on(theme.ACCENT)
    body = rect.inflate(-m.gap * 2, -m.gap * 2)
    if heading:
        head, body = split_rows(body, [-int(m.unit * 0.7), 1], m.gap // 2)
        draw_text(surface, _("At the table now"), head, m.body, ink, align="left")
    size, shown = banner_layout(lines, body.width, body.height, m)
    y = body.top
    for paragraph in shown:
        for line, step in paragraph:
            draw_text(surface, line, pygame.Rect(body.left, y, body.width, step), size, ink,
                      align="left")
            y += step
        y += m.gap // 2


def paint_hint(surface: pygame.Surface, m: Metrics, rect: pygame.Rect, text: str) -> None:
    """The line above the map: on one line, as large as fits down to the reading size;
    else wrapped at the reading size, the lines centred in ``rect``."""
    smallest = pieces.reading_size(m)
    size = fit_size(text, m.small, rect.width, smallest / m.small)
    if size >= smallest and measure(text, size)[0] <= rect.width:
        draw_text(surface, text, rect, size, theme.ACCENT, align="left")
        return
    lines = [(line, _line_height(line, smallest)) for line in wrap(text, smallest, rect.width)]
    y = rect.centery - sum(step for _line, step in lines) // 2
    for line, step in lines:
        draw_text(surface, line, pygame.Rect(rect.left, y, rect.width, step), smallest,
                  theme.ACCENT, align="left")
        y += step


#: lines the portrait hint above the map has room for at the reading size: the longest
#: translation ("… tippe auf „Zug beenden“ · 0 Wegweiser übrig") takes three
HINT_LINES = 3
#: a line of the script reaching highest and lowest (Arabic marks above and below)
_TALLEST_LINE = "لُعبت إ"


def hint_rows_height(m: Metrics) -> int:
    """The portrait hint's fixed height: :data:`HINT_LINES` lines at the reading size, as
    tall as Arabic's (the map below it never moves with the hint's words)."""
    return HINT_LINES * _line_height(_TALLEST_LINE, pieces.reading_size(m))


def hint_height(text: str, m: Metrics, width: int) -> int:
    """The height of the hint beside the map in landscape: its lines wrapped at the reading
    size in ``width`` (never shrunk; the side keeps the rest for the players)."""
    smallest = pieces.reading_size(m)
    return sum(_line_height(line, smallest) for line in wrap(text, smallest, width))


def banner_height(lines: Sequence[str], width: int, m: Metrics) -> int:
    """The height a banner without heading takes with all its ``lines`` at the reading size
    (as :func:`paint_banner` lays them out in ``width``)."""
    _size, shown = banner_layout(lines, width - m.gap * 2, 1 << 16, m)
    body = sum(step for paragraph in shown for _line, step in paragraph)
    return body + (m.gap // 2) * (len(shown) - 1) + m.gap * 2


def banner_layout(lines: Sequence[str], width: int, height: int, m: Metrics
                  ) -> tuple[int, list[list[tuple[str, int]]]]:
    """The size and the wrapped lines (each with its height) of a banner's text: the
    largest size from ``m.small`` down to the reading size at which every line fits, else
    at the reading size the first lines that fit."""
    smallest = pieces.reading_size(m)
    size = max(smallest, m.small)
    while True:
        paragraphs = [[(part, _line_height(part, size)) for part in wrap(line, size, width)]
                      for line in lines]
        used = [sum(step for _part, step in paragraph) + m.gap // 2 for paragraph in paragraphs]
        if sum(used) - m.gap // 2 <= height or size <= smallest:
            break
        size = max(smallest, size - 2)
    shown: list[list[tuple[str, int]]] = []
    total = 0
    for paragraph, room in zip(paragraphs, used, strict=True):
        if total + room - m.gap // 2 > height:
            break
        shown.append(paragraph)
        total += room
    return size, shown


def _line_height(line: str, size: int) -> int:
    """A line's height: the taller of the main font's line and the line's own glyphs (an
    Arabic line reaches higher and lower than a Latin one, and would touch the next)."""
    return max(line_size(size), measure(line, size)[1])


def paint_players(surface: pygame.Surface, m: Metrics, rect: pygame.Rect,
                  state: ViaRomanaState, names: Sequence[str], colours: Sequence[RGB],
                  layers: Layers) -> None:
    """One panel per player: a column in landscape, two columns in portrait; each a
    cached layer keyed by what it shows, so a move repaints the players it changed."""
    for index, cell in enumerate(player_cells(m, rect, len(names))):
        name, colour = names[index], colours[index]
        layers.blit(surface, cell, f"player-{index}", _player_key(state, index, name, colour, m),
                    theme.PANEL, _player_painter(m, state, index, name, colour))


def player_cells(m: Metrics, rect: pygame.Rect, players: int) -> list[pygame.Rect]:
    """The players' panels in ``rect``: a column in landscape, two columns in portrait."""
    return grid(rect, players, 2 if m.portrait else 1, m.gap // 2)


def _player_painter(m: Metrics, state: ViaRomanaState, index: int, name: str, colour: RGB
                    ) -> Callable[[pygame.Surface, pygame.Rect], None]:
    return lambda picture, area: _paint_player(picture, m, area, state, index, name, colour)


def _player_key(state: ViaRomanaState, index: int, name: str, colour: RGB,
                m: Metrics) -> tuple[object, ...]:
    """Everything :func:`_paint_player` reads of the state for this player."""
    current = index == state.current and state.phase is not Phase.OVER
    over = state.phase is Phase.OVER
    return (name, colour, m, current, over, state.phase is Phase.SETUP,
            castles_left(state, index), state.settings.castles_per_player,
            milestones_left(state, index), state.collected[index], state.board.colours,
            state.order_boards[index] if over else None,
            state.cards_this_turn if current else None)


def _paint_player(surface: pygame.Surface, m: Metrics, rect: pygame.Rect,
                  state: ViaRomanaState, index: int, name: str, colour: RGB) -> None:
    """Name and milestones left on the first row; castles left, markers by colour and the
    cards played this round on the second: the name has the row's width but the
    milestones' count, at the reading size (a long name cut short, never shrunk)."""
    current = index == state.current and state.phase is not Phase.OVER
    panel(surface, rect, theme.PANEL_LIGHT, theme.ACCENT if current else None, width=2)
    reading = pieces.reading_size(m)
    inner = rect.inflate(-m.gap * 2, -4)
    top, bottom = split_rows(inner, [1, 1], 2)
    dot = max(3, top.height // 5)  # a milestone, so the number says what it counts
    stripe, name_cell, milestone, milestones = split_cols(
        top, [-max(6, m.gap), 1, -dot * 2, -int(m.unit * 0.85)], m.gap // 2)
    pygame.draw.rect(surface, colour, stripe, border_radius=3)
    size = max(reading, min(m.small, top.height))
    size = max(reading, fit_size(name, size, name_cell.width, reading / size))
    size = size_within(name, size, name_cell, reading)  # a descender off the markers' row
    draw_text(surface, pieces.abbreviate(name, size, name_cell.width), name_cell, size,
              theme.TEXT, align="left")
    pieces.badge_plain(surface, milestones, colour)  # the count at the reading size
    draw_text(surface, str(milestones_left(state, index)), milestones, reading,
              theme.text_on(colour))
    pieces.chip(surface, milestone.center, dot, colour)
    castles, markers, cards = split_cols(
        bottom, [-dot * 5, 3, -int(m.unit * 1.2)], m.gap // 2)
    pieces.pips(surface, castles, castles_left(state, index),
                state.settings.castles_per_player, fill=colour, empty=theme.MUTED)
    _paint_markers(surface, markers, state, index, reading)
    if current and state.phase is not Phase.SETUP:
        pieces.pips(surface, cards, state.cards_this_turn, MAX_CARDS_PER_ROUND,
                    fill=theme.ACCENT, empty=theme.MUTED)


def _paint_markers(surface: pygame.Surface, rect: pygame.Rect, state: ViaRomanaState,
                   index: int, size: int) -> None:
    """Collected markers as chips in their province colour; the order board at the end."""
    markers = sorted(state.collected[index],
                     key=lambda mk: (state.board.colours.index(mk.colour)
                                     if mk.colour in state.board.colours else 99, -mk.value))
    board = state.order_boards[index] if state.phase is Phase.OVER else None
    if board is not None:  # secret in play: shown once the game is over
        goal, rect = split_cols(rect, [-rect.height * 3, 1], 4)
        met = order_board_met(PlayerTally("", state.collected[index], (), board, False))
        for colour, cell in zip(board, split_cols(goal, [1] * len(board), 2), strict=True):
            pygame.draw.rect(surface, theme.colour_rgb(colour), cell.inflate(-2, -2),
                             border_radius=3)
            if met:
                pygame.draw.rect(surface, theme.ACCENT, cell, width=2, border_radius=3)
    radius = max(6, rect.height // 2 - 1)
    step = radius * 2 + 2
    fits = max(1, rect.width // step)
    more = pygame.Rect(0, 0, 0, rect.height)
    if len(markers) > fits:  # room at the end for "+n" at the reading size
        more.width = max(step, measure(f"+{len(markers)}", size)[0] + 6)
        fits = max(1, (rect.width - more.width) // step + 1)
    shown = markers if len(markers) <= fits else markers[:fits - 1]
    for number, marker in enumerate(shown):
        centre = (rect.left + radius + number * step, rect.centery)
        fill = theme.colour_rgb(marker.colour)
        chip = pieces.chip(surface, centre, radius, fill)
        draw_text(surface, str(marker.value), chip, size, theme.text_on(fill))
    if len(markers) > len(shown):
        more.topright = (rect.right, rect.top)
        pieces.badge_plain(surface, more, theme.PANEL)
        draw_text(surface, f"+{len(markers) - len(shown)}", more, size, theme.TEXT)
