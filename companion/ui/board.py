"""The drawing vocabulary the three tables share: cards, chips, pips, tracks, tokens, badges.

A table draws what the players see on the board, not a report of it. Keeping these pieces
in one module makes the three games look like one product: a card has the same corners, a
cube the same edge, a count the same pips on every screen. Text goes through
``companion.ui.text`` (names and numbers only).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.ui import drawn, theme
from companion.ui.layout import Metrics
from companion.ui.text import draw_text
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB

#: the back of a face-down card (a vault card, a hidden hand)
CARD_BACK: RGB = (92, 62, 44)
CARD_BACK_MARK: RGB = (150, 112, 70)
#: the outline every piece gets, so light colours stand out on the dark background
EDGE: RGB = (12, 12, 14)


def reading_size(m: Metrics) -> int:
    """The font size of every name and number on the table: 20 px on the 7" panel, the
    same physical size on the others."""
    return round(20 * m.unit / 48)


def abbreviate(name: str, size: int, width: int) -> str:
    """``name`` as it fits ``width`` at ``size``: whole; else its later words cut to their
    first letter ("Circus M."); else cut after as many letters as fit, with a full stop
    ("Amphith."). The legend and the card's own dialogs say the whole name."""
    if measure(name, size)[0] <= width:
        return name
    words = name.split()
    if len(words) > 1:
        short = " ".join([words[0], *(word[:1] + "." for word in words[1:])])
        if measure(short, size)[0] <= width:
            return short
        name = words[0]
    for end in range(len(name) - 1, 1, -1):
        short = name[:end] + "."
        if measure(short, size)[0] <= width:
            return short
    return name[:2] + "."


def _radius(rect: pygame.Rect, divisor: int = 6) -> int:
    return max(2, min(rect.width, rect.height) // divisor)


def card(surface: pygame.Surface, rect: pygame.Rect, fill: RGB, *, label: str = "",
         face_down: bool = False, progress: tuple[int, int] | None = None,
         highlight: RGB | None = None) -> None:
    """A small card in a material or role colour.

    ``progress=(done, total)`` draws a bar along its foot (materials added to a
    foundation); ``face_down`` draws the back instead (the label is not shown: what is
    face down stays hidden); ``highlight`` outlines the card (the one just placed).
    """
    radius = _radius(rect, 7)
    drawn.piece(surface, "card", rect, CARD_BACK if face_down else fill)
    if face_down:
        pygame.draw.rect(surface, CARD_BACK, rect, border_radius=radius)
        inner = rect.inflate(-max(4, rect.width // 4), -max(4, rect.height // 4))
        if inner.width > 2 and inner.height > 2:
            pygame.draw.rect(surface, CARD_BACK_MARK, inner, width=max(1, rect.width // 14),
                             border_radius=_radius(inner, 5))
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, highlight or EDGE, rect, width=3 if highlight else 1,
                     border_radius=radius)
    body = rect.inflate(-4, -4)
    if progress is not None and not face_down:
        bar = pygame.Rect(body.left + 2, body.bottom - max(5, body.height // 6),
                          body.width - 4, max(4, body.height // 7))
        progress_bar(surface, bar, progress[0], progress[1], theme.text_on(fill))
        body.height = bar.top - body.top
    if label and not face_down and body.height >= 8:
        draw_text(surface, label, body, max(10, min(body.height * 3 // 5, body.width // 3)),
                  theme.text_on(fill))


def chip(surface: pygame.Surface, center: tuple[int, int], radius: int, fill: RGB, *,
         label: str = "") -> pygame.Rect:
    """A round chip (a role, a client, a resource); returns its bounding rect."""
    if drawn.active():
        drawn.piece(surface, "chip", pygame.Rect(center[0] - radius, center[1] - radius,
                                                 2 * radius, 2 * radius), fill)
    pygame.draw.circle(surface, fill, center, radius)
    pygame.draw.circle(surface, EDGE, center, radius, width=max(1, radius // 8))
    bounds = pygame.Rect(0, 0, radius * 2, radius * 2)
    bounds.center = center
    if label:
        draw_text(surface, label, bounds.inflate(-radius // 2, -radius // 2),
                  max(10, radius), theme.text_on(fill))
    return bounds


def marked_chip(surface: pygame.Surface, rect: pygame.Rect, fill: RGB, mark: str,
                size: int) -> None:
    """A chip that says what it is: a rounded tile in ``fill`` with ``mark`` (a role's
    letters, a count) at ``size`` in the ink readable on it, so colour is never all it has."""
    drawn.piece(surface, "chip", rect, fill)
    radius = max(2, rect.height // 4)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, EDGE, rect, width=1, border_radius=radius)
    draw_text(surface, mark, rect, size, theme.text_on(fill))


def pips(surface: pygame.Surface, rect: pygame.Rect, count: int, limit: int | None = None, *,
         fill: RGB = theme.TEXT, empty: RGB | None = None) -> list[pygame.Rect]:
    """A row of dots: ``count`` filled, hollow ones up to ``limit``.

    Dots shrink to fit the width and wrap into a second row when one row would make them
    smaller than a third of the height. Returns each dot's rect.
    """
    total = max(count, limit or 0)
    if total <= 0 or rect.width <= 0 or rect.height <= 0:
        return []
    rows = 1
    size = min(rect.height, rect.width // total)
    if size < rect.height // 3 and total > 1:
        rows = 2
        size = min(rect.height // 2, rect.width // ((total + 1) // 2))
    size = max(4, size)
    per_row = (total + rows - 1) // rows
    radius = max(2, size * 2 // 5)
    outline = empty or theme.MUTED
    dots: list[pygame.Rect] = []
    top = rect.centery - rows * size // 2
    for index in range(total):
        row, column = divmod(index, per_row)
        center = (rect.left + column * size + size // 2, top + row * size + size // 2)
        if index < count:
            pygame.draw.circle(surface, fill, center, radius)
        else:
            pygame.draw.circle(surface, outline, center, radius, width=max(1, radius // 3))
        dot = pygame.Rect(0, 0, radius * 2, radius * 2)
        dot.center = center
        dots.append(dot)
    return dots


def cube(surface: pygame.Surface, rect: pygame.Rect, fill: RGB) -> None:
    """A player's cube: a square in their colour with a dark edge."""
    drawn.piece(surface, "cube", rect, fill)
    pygame.draw.rect(surface, fill, rect, border_radius=max(1, rect.width // 6))
    pygame.draw.rect(surface, EDGE, rect, width=1, border_radius=max(1, rect.width // 6))


def track(surface: pygame.Surface, rect: pygame.Rect, spaces: int,
          markers: Sequence[tuple[int, RGB]], *, vertical: bool = False,
          labels: Sequence[str] | None = None, fill: RGB = theme.PANEL_LIGHT) -> list[pygame.Rect]:
    """A row (or column, bottom up) of ``spaces`` with cubes on them.

    ``markers`` are (space index, colour); several on one space sit side by side, so the
    order of a push-down is visible. Indices outside the track are clamped to its ends.
    Returns the space rects, first space first.
    """
    if spaces <= 0:
        return []
    gap = 2
    cells: list[pygame.Rect] = []
    for index in range(spaces):
        if vertical:
            height = (rect.height - gap * (spaces - 1)) // spaces
            top = rect.bottom - (index + 1) * height - index * gap
            cells.append(pygame.Rect(rect.left, top, rect.width, height))
        else:
            width = (rect.width - gap * (spaces - 1)) // spaces
            cells.append(pygame.Rect(rect.left + index * (width + gap), rect.top, width,
                                     rect.height))
    for index, cell in enumerate(cells):
        pygame.draw.rect(surface, fill, cell, border_radius=_radius(cell, 5))
        if labels is not None and index < len(labels) and labels[index]:
            draw_text(surface, labels[index], cell.inflate(-2, -2), max(10, cell.height // 2),
                      theme.MUTED)
    by_space: dict[int, list[RGB]] = {}
    for index, colour in markers:
        by_space.setdefault(min(max(index, 0), spaces - 1), []).append(colour)
    for index, colours in by_space.items():
        cell = cells[index]
        side = max(4, min(cell.height, cell.width) * 3 // 5)
        if len(colours) * side > cell.width - 2:
            side = max(4, (cell.width - 2) // len(colours))
        width = len(colours) * side
        left = cell.centerx - width // 2
        for number, colour in enumerate(colours):
            cube(surface, pygame.Rect(left + number * side, cell.centery - side // 2,
                                      side - 1, side - 1), colour)
    return cells


def token(surface: pygame.Surface, center: tuple[int, int], radius: int, fill: RGB, *,
          text: str = "", ring: RGB | None = None) -> pygame.Rect:
    """A disc with a number or letter (a worker, a castle); ``ring`` marks it (trained)."""
    bounds = chip(surface, center, radius, fill)
    if ring is not None:
        pygame.draw.circle(surface, ring, center, radius + 2, width=max(2, radius // 5))
    if text:
        draw_text(surface, text, bounds.inflate(-radius // 3, -radius // 3),
                  max(10, radius * 4 // 3), theme.text_on(fill))
    return bounds


def badge(surface: pygame.Surface, rect: pygame.Rect, text: str, fill: RGB) -> None:
    """A rounded label: a count, a score, a short state word on a coloured ground."""
    drawn.piece(surface, "badge", rect, fill)
    pygame.draw.rect(surface, fill, rect, border_radius=_radius(rect, 2))
    draw_text(surface, text, rect.inflate(-max(4, rect.height // 3), -2),
              max(10, rect.height * 2 // 3), theme.text_on(fill))


def badge_plain(surface: pygame.Surface, rect: pygame.Rect, fill: RGB) -> None:
    """A badge's ground alone, for a label the caller draws at a size of its own."""
    drawn.piece(surface, "badge", rect, fill)
    pygame.draw.rect(surface, fill, rect, border_radius=_radius(rect, 2))


def big_number(surface: pygame.Surface, rect: pygame.Rect, value: int | str,
               colour: RGB = theme.TEXT) -> None:
    """A number meant to be read from across the table (influence, victory points)."""
    draw_text(surface, str(value), rect, max(12, rect.height), colour)


def progress_bar(surface: pygame.Surface, rect: pygame.Rect, done: int, total: int,
                 fill: RGB) -> None:
    """How far ``done`` is of ``total``: an outlined bar filled from the left."""
    pygame.draw.rect(surface, EDGE, rect, border_radius=_radius(rect, 2))
    if total > 0 and done > 0:
        part = rect.inflate(-2, -2)
        part.width = max(1, part.width * min(done, total) // total)
        pygame.draw.rect(surface, fill, part, border_radius=_radius(part, 2))
    pygame.draw.rect(surface, fill, rect, width=1, border_radius=_radius(rect, 2))


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: RGB = theme.MUTED,
                dash: int = 6) -> None:
    """An empty place on the board (a taken card's position): a dashed outline."""
    step = max(2, dash)
    for x in range(rect.left, rect.right, step * 2):
        end = min(x + step, rect.right - 1)
        pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top))
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1))
    for y in range(rect.top, rect.bottom, step * 2):
        end = min(y + step, rect.bottom - 1)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end))
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end))
