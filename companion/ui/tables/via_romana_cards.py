"""Which cards did the table pay? One large swatch per card, a joker as two swatches.

The dialog offers every colour in the board's order, never only the right one, so a wrong
card paid at the table is entered as it was and the rules catch it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.via_romana import Board
from companion.games.via_romana.words import symbol_word
from companion.ui import theme
from companion.ui.board import EDGE, reading_size
from companion.ui.font_sizes import line_size
from companion.ui.layout import grid, inset, split_cols, split_rows
from companion.ui.screen import Screen
from companion.ui.tables.via_romana_map import draw_symbol
from companion.ui.text import draw_paragraph, draw_text, lines_step
from companion.ui.text_fit import fit_size, wrap
from companion.ui.text_shaping import measure
from companion.ui.widgets import Button, fit_label

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

#: a played card as the rules read it: {"colour": ...} plus "symbol" where it matters
CardPayload = dict[str, str]


@frozen
class CardChoice:
    """One answer: the cards it stands for, and how it looks (one swatch per card)."""

    key: str
    label: str
    cards: tuple[CardPayload, ...]


def colour_word(colour: str) -> str:
    return theme.colour_names().get(colour, colour)


def castle_choices(board: Board) -> list[CardChoice]:
    """A castle's two cards share a colour: one swatch stands for the pair."""
    return [CardChoice(c, _("2 × {colour}").format(colour=colour_word(c)),
                       ({"colour": c}, {"colour": c})) for c in board.colours]


def milestone_choices(board: Board) -> list[CardChoice]:
    """One card of a colour, or a joker: two cards of two different colours."""
    singles = [CardChoice(c, colour_word(c), ({"colour": c},)) for c in board.colours]
    jokers = [CardChoice(f"{a}+{b}", _("{a} + {b}").format(a=colour_word(a), b=colour_word(b)),
                         ({"colour": a}, {"colour": b}))
              for a, b in combinations(board.colours, 2)]
    return singles + jokers


def symbol_choices(board: Board) -> list[CardChoice]:
    """Two milestones at once take one card whose colour and symbol both count."""
    return [CardChoice(f"{c}/{s}", _("{colour} · {symbol}").format(colour=colour_word(c),
                                                                   symbol=symbol_word(s)),
                       ({"colour": c, "symbol": s},))
            for c in board.colours for s in board.symbols]


def _distinct(choice: CardChoice) -> list[tuple[str, str | None]]:
    return list(dict.fromkeys((c["colour"], c.get("symbol")) for c in choice.cards))


class SwatchButton(Button):
    """A button painted as the cards it stands for, with their names underneath."""

    def draw(self, surface: pygame.Surface, size: int, pressed: bool = False) -> None:
        cards: Sequence[CardPayload] = self.extra.get("cards", ())  # type: ignore[assignment]
        radius = max(4, min(self.rect.height, self.rect.width) // 8)
        pygame.draw.rect(surface, theme.BUTTON_PRESSED if pressed else theme.BUTTON, self.rect,
                         border_radius=radius)
        inner = inset(self.rect, max(4, self.rect.height // 12))
        distinct = list(dict.fromkeys((c["colour"], c.get("symbol")) for c in cards))
        # the colour names at the reading size (a little smaller where a translation is
        # long); a joker's two names ("grey + light violet") get room for two lines
        name_size = int(self.extra.get("reading", size))  # type: ignore[call-overload]
        lines_room = 1 if len(distinct) == 1 else 2
        swatches, words = split_rows(inner, [1, -min(inner.height * 2 // 3, lines_room * max(
            line_size(name_size), measure(self.label, name_size)[1]))], 2)
        for (colour, symbol), cell in zip(distinct, split_cols(swatches, [1] * len(distinct), 4),
                                          strict=True):
            fill = theme.colour_rgb(colour)
            pygame.draw.rect(surface, fill, cell, border_radius=radius)
            pygame.draw.rect(surface, EDGE, cell, width=2, border_radius=radius)
            if symbol:
                draw_symbol(surface, symbol, cell.center, min(cell.width, cell.height) // 4,
                            theme.text_on(fill))
        if len(distinct) > 1:
            text_size, lines = fit_label(self.label, name_size, words.width, words.height,
                                         smallest_ratio=_SMALLEST_NAME)
            step = max(line_size(text_size), *(measure(line, text_size)[1] for line in lines))
            top = words.centery - step * len(lines) // 2
            for number, line in enumerate(lines):
                draw_text(surface, line, pygame.Rect(words.left, top + number * step,
                                                     words.width, step), text_size, theme.TEXT)
            return
        text_size = fit_size(self.label, name_size, words.width, _SMALLEST_NAME)
        draw_text(surface, self.label, words, text_size, theme.TEXT)


#: a colour's name shrinks at most to this share of the reading size (still over the
#: smallest text a reader 60 cm away reads)
_SMALLEST_NAME = 0.8


class CardDialog(Screen):
    """Pick the card(s) paid; the answer goes to ``on_pick`` as the rules' card payload."""

    modal = True
    name = "cards"

    def __init__(self, app: ScreenHost, title: str, choices: list[CardChoice],
                 on_pick: Callable[[list[CardPayload]], None]) -> None:
        super().__init__(app)
        self.title = title
        self.choices = choices
        self.on_pick = on_pick

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        box = inset(m.rect().inflate(-2 * m.gap, -2 * m.gap), m.gap)
        # the question names a city: wrapped at the reading size, never shrunk
        lines = wrap(self.title, reading_size(m), box.width)
        high = len(lines) * lines_step(lines, reading_size(m), line_size(reading_size(m)))
        title, body, bottom = split_rows(box, [-high, 1, -m.unit], m.gap)
        return title, body, bottom

    def _columns(self) -> int:
        count = len(self.choices)
        if self.metrics.portrait:
            return 4 if count > 15 else 3
        return 5

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, body, bottom = self._areas()
        columns = self._columns()
        # single cards first, the two-card jokers from a fresh row, so the kinds stay apart
        singles = sum(1 for choice in self.choices if len(_distinct(choice)) == 1)
        pad = (-singles) % columns if singles < len(self.choices) else 0
        slots: list[CardChoice | None] = [*self.choices[:singles], *([None] * pad),
                                          *self.choices[singles:]]
        rows = -(-len(slots) // columns)
        height = min(int(m.unit * 2.2), (body.height - m.gap * (rows - 1)) // max(1, rows))
        for choice, cell in zip(slots, grid(body, len(slots), columns, m.gap,
                                            row_height=height), strict=True):
            if choice is not None:
                self.buttons.append(SwatchButton(f"card-{choice.key}", pygame.Rect(cell),
                                                 choice.label, self._picker(choice),
                                                 extra={"cards": choice.cards,
                                                        "reading": reading_size(m)}))
        self.add("cancel", bottom, _("Cancel"), self._cancel, fill=theme.PANEL)

    def _picker(self, choice: CardChoice) -> Callable[[], None]:
        def picked() -> None:
            self.app.pop(self)
            self.on_pick([dict(card) for card in choice.cards])
        return picked

    def _cancel(self) -> None:
        self.app.pop(self)

    def on_back(self) -> None:
        self._cancel()

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        title, _body, _bottom = self._areas()
        draw_paragraph(surface, self.title, title, reading_size(m), theme.TEXT)
