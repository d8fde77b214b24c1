"""The rules card a long press opens, and "What now?", drawn over the table.

A card is a title on a badge in the thing's colour (a role's, a material's, a city's)
and three short paragraphs: what it does, what it costs, the catch. Its text is laid out
by :func:`lay_out` at the largest size that fits the box, never below
:data:`MIN_TEXT_SIZE` (``fits`` says whether it did); the tests check every card of every
game in every language at both screen sizes. A tap anywhere closes it, except the lift
of the finger that opened it by holding.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.rules_card import RulesCard
from companion.ui import board, theme
from companion.ui.font_sizes import line_size
from companion.ui.intents import Intent, PointerDown, Press, Tap
from companion.ui.layout import Metrics, inset, mirror, split_rows
from companion.ui.screen import Screen
from companion.ui.text import draw_text, lines_step
from companion.ui.text_fit import wrap
from companion.ui.theme import RGB
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

#: the smallest text a card may shrink to (a line about 17 px tall)
MIN_TEXT_SIZE = 18

#: game key -> its package (with ``explain`` and ``now`` modules), imported when asked
GAME_PACKAGES: dict[str, str] = {
    "glory-to-rome": "companion.games.glory_to_rome",
    "ave-roma": "companion.games.ave_roma",
    "via-romana": "companion.games.via_romana",
}


def game_module(game: str, part: str) -> Any | None:
    """A game's ``explain`` or ``now`` module, or None for a game without one."""
    package = GAME_PACKAGES.get(game)
    return None if package is None else importlib.import_module(f"{package}.{part}")


def card_sections(card: RulesCard) -> list[tuple[str, str]]:
    """(label, paragraph) of a rules card, in the order drawn (a legend has no labels)."""
    if not card.headings:
        return [("", card.does), ("", card.costs), ("", card.catch)]
    return [(_("What it does"), card.does), (_("What it costs"), card.costs),
            (_("Watch out"), card.catch)]


@frozen
class Line:
    text: str
    rect: tuple[int, int, int, int]
    size: int
    label: bool  # a section's label (muted) rather than its text


@frozen
class CardLayout:
    box: tuple[int, int, int, int]
    title: tuple[int, int, int, int]
    hint: tuple[int, int, int, int]
    lines: tuple[Line, ...]
    size: int
    fits: bool  # everything shows at ``size`` >= MIN_TEXT_SIZE, nothing cut


def card_box(m: Metrics) -> pygame.Rect:
    """The card's place: most of the screen, centred (a dialog's width)."""
    width = m.width - 4 * m.gap if m.portrait else min(m.width - 4 * m.gap, m.unit * 15)
    height = min(m.height - 4 * m.gap, m.unit * (11 if m.portrait else 9))
    return pygame.Rect((m.width - width) // 2, (m.height - height) // 2, width, height)


def _rows(box: pygame.Rect, m: Metrics) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Title, text and the "Tap to close" line inside the card."""
    hint = line_size(max(MIN_TEXT_SIZE, m.small * 4 // 5))
    title, body, foot = split_rows(inset(box, m.gap * 2), [-m.unit, 1, -hint], m.gap)
    return title, body, foot


def lay_out(m: Metrics, sections: Sequence[tuple[str, str]]) -> CardLayout:
    """The card's lines at the largest size (from the body size down) that fits, in a
    card no taller than they need."""
    box = card_box(m)
    _title, body, _hint = _rows(box, m)
    size = m.body
    while True:
        lines, fits = _lines(body, sections, size, m.gap)
        if fits or size <= MIN_TEXT_SIZE:
            break
        size = max(MIN_TEXT_SIZE, size - 2)
    if fits and lines:  # the same lines in a card cut down to them
        spare = body.bottom - (lines[-1].rect[1] + lines[-1].rect[3]) - m.gap
        if spare > 0:
            box = box.inflate(0, -spare)
            _title, body, _hint = _rows(box, m)
            lines, fits = _lines(body, sections, size, m.gap)
    title, _body, hint = _rows(box, m)
    return CardLayout(_box(box), _box(title), _box(hint), tuple(lines), size, fits)


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return rect.x, rect.y, rect.width, rect.height


def _lines(body: pygame.Rect, sections: Sequence[tuple[str, str]], size: int,
           gap: int) -> tuple[list[Line], bool]:
    label_size = max(MIN_TEXT_SIZE, size * 4 // 5)
    y = body.top
    lines: list[Line] = []
    fits = True
    for label, text in sections:
        labels = wrap(label, label_size, body.width) if label else []
        texts = wrap(text, size, body.width) if text else []
        rows = [(part, label_size, True) for part in labels]
        rows += [(part, size, False) for part in texts]
        # lines a little further apart where their ink would touch (Arabic)
        steps = {True: lines_step(labels, label_size, line_size(label_size)),
                 False: lines_step(texts, size, line_size(size))}
        for part, part_size, is_label in rows:
            step = steps[is_label]
            if y + step > body.bottom:
                fits = False
                break
            lines.append(Line(part, (body.left, y, body.width, step), part_size, is_label))
            y += step
        y += gap
    return lines, fits


class CardDialog(Screen):
    """A rules card (or "What now?") over the table; a tap anywhere closes it."""

    modal = True
    name = "rules-card"

    def __init__(self, app: ScreenHost, title: str, sections: Sequence[tuple[str, str]],
                 accent: RGB | None = None, *, mark: str = "", held: bool = False) -> None:
        super().__init__(app)
        self.title = title
        self.sections = list(sections)
        self.accent = accent or theme.PANEL
        #: beside the title, a small card in the thing's colour saying this ("" for none)
        self.mark = mark
        #: opened by a finger still down: its lift must not close the card at once
        self._lift_pending = held

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerDown):
            self._lift_pending = False
        elif isinstance(intent, Tap):
            if self._lift_pending:
                self._lift_pending = False
                return
            self.close()
        elif isinstance(intent, Press) and not (intent.button == "menu" and intent.long):
            self.close()
        else:
            super().handle(intent)

    def close(self) -> None:
        self.app.pop(self)

    def on_back(self) -> None:
        self.close()

    def layout(self) -> CardLayout:
        return lay_out(self.metrics, self.sections)

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        laid = self.layout()
        box = pygame.Rect(laid.box)
        panel(surface, box, theme.PANEL_LIGHT, theme.ACCENT)
        title = pygame.Rect(laid.title)
        if self.mark:
            width = title.height * 3 // 4
            card = mirror(pygame.Rect(title.left, title.top, width, title.height), title)
            board.card(surface, card, self.accent)
            draw_text(surface, self.mark, card, max(MIN_TEXT_SIZE, card.height * 3 // 5),
                      theme.text_on(self.accent))
            title = mirror(pygame.Rect(title.left + width + m.gap, title.top,
                                       title.width - width - m.gap, title.height), title)
        board.badge(surface, title, self.title, self.accent)
        for line in laid.lines:
            rect = mirror(pygame.Rect(line.rect), box)
            draw_text(surface, line.text, rect, line.size,
                      theme.MUTED if line.label else theme.TEXT, align="left")
        draw_text(surface, _("Tap to close"), pygame.Rect(laid.hint),
                  max(MIN_TEXT_SIZE, m.small * 4 // 5), theme.MUTED)


# -- what the table opens ------------------------------------------------------------------


@frozen
class Shown:
    """A rules card as the table shows it: the card, the thing's colour, and what its
    small card in that colour says (a material's value, a city's top marker)."""

    card: RulesCard
    colour: RGB | None = None
    mark: str = ""


def rules_card_for(game: str, key: str, state: object = None) -> Shown | None:
    """The card of ``key`` in ``game`` as shown, or None when it has none.

    ``state`` (the game on the table) gives what the card depends on: a Via Romana
    city's name, colour and markers, the game's bonuses.
    """
    explain = game_module(game, "explain")
    if explain is None:
        return None
    kind, _sep, name = key.partition(":")
    if game == "via-romana":
        return _via_romana_card(explain, kind, name, state)
    card = explain.rules_card(key)
    if card is None:
        return None
    if game == "glory-to-rome":
        return _glory_shown(card, kind, name)
    return Shown(card)


def _glory_shown(card: RulesCard, kind: str, name: str) -> Shown:
    """A role or building in its material's colour, with the material's value."""
    from companion.games.glory_to_rome import BUILDING_MATERIAL, ROLE_MATERIAL
    from companion.games.glory_to_rome.data import MATERIAL_VALUE

    material = ROLE_MATERIAL.get(name) if kind == "role" else (
        BUILDING_MATERIAL.get(name) if kind == "building" else None)
    if material is None:
        return Shown(card)
    return Shown(card, theme.THING_COLOURS[material], str(MATERIAL_VALUE[material]))


def _via_romana_card(explain: Any, kind: str, name: str, state: object) -> Shown | None:
    settings = getattr(state, "settings", None)
    bonuses = {} if settings is None else {"eagle": settings.eagle_bonus,
                                           "order_board": settings.order_board_bonus}
    if kind == "city":
        card = explain.rules_card("part:city", **bonuses)
        cities = getattr(getattr(state, "board", None), "cities", ())
        index = next((i for i, c in enumerate(cities) if c.name == name), None)
        if index is None:
            return Shown(card)
        city = cities[index]
        stack = getattr(state, "stacks", ())
        top = stack[index][0] if index < len(stack) and stack[index] else None
        colour = theme.colour_names().get(city.colour, city.colour)
        title = _("{city} ({colour})").format(city=city.name, colour=colour)
        return Shown(RulesCard(title, card.does, card.costs, card.catch, card.headings),
                     theme.colour_rgb(city.colour), "" if top is None else str(top))
    card = explain.rules_card(f"{kind}:{name}", **bonuses)
    return None if card is None else Shown(card)


def open_rules_card(app: ScreenHost, game: str, key: str, state: object = None, *,
                    held: bool = False) -> bool:
    """Show the card of ``key``; False (nothing shown) when there is none. A player's
    board ("player:2") shows what the game's ``player_sections`` says of it."""
    kind, _sep, name = key.partition(":")
    player_sections = getattr(game_module(game, "explain"), "player_sections", None)
    if kind == "player" and name.isdigit() and player_sections is not None:
        title, sections = player_sections(state, int(name))
        app.push(CardDialog(app, title, sections, theme.PANEL_LIGHT, held=held))
        return True
    found = rules_card_for(game, key, state)
    if found is None:
        return False
    app.push(CardDialog(app, found.card.title, card_sections(found.card), found.colour,
                        mark=found.mark, held=held))
    return True


def what_now_text(game: str, state: object) -> str:
    """The game's own sentence for the player on turn ("" for a game without one)."""
    now = game_module(game, "now")
    return "" if now is None else str(now.sentence(state))


def open_what_now(app: ScreenHost, game: str, state: object) -> None:
    text = what_now_text(game, state)
    if text:
        hint = _("Hold a finger on a role, a building, an area or a city to see what it does.")
        app.push(CardDialog(app, _("What now?"), [("", text), (hint, "")], theme.ACCENT))
