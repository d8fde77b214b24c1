"""A Glory to Rome camp's clients: one chip per role held, in the role's colour and marked
with the role's first letters and how many clients of it ("La2"), then the count against
the clientele limit ("4/5").

Colour alone does not tell Legionary red from Laborer yellow to a colour-blind player or to
anyone across the table: the mark does, at the reading size, in the ink readable on the
chip. A chip per role held rather than per client leaves room for that size.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.core.i18n import pgettext
from companion.games.glory_to_rome import ROLE_MATERIAL, ROLES, PlayerState
from companion.ui import board, theme
from companion.ui.layout import split_cols, split_rows
from companion.ui.text import draw_text
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB

#: the room between a client row's parts
CHIP_GAP = 3
#: the ground of the "+n" chip that counts the clients left out for want of room
REST_FILL: RGB = theme.PANEL


def material_colour(material: str) -> RGB:
    return theme.THING_COLOURS[material]


def role_colour(role: str) -> RGB:
    return material_colour(ROLE_MATERIAL[role])


def role_mark(role: str) -> str:
    """The letters a client chip of ``role`` shows: its name's first letter or two in the
    language of the moment, unlike every other role's ("La" and "Le" in English)."""
    marks = {
        # Translators: the mark of a Laborer on a client chip: the first letter or two of
        # the role's name, different from the marks of the five other roles
        "laborer": pgettext("role mark", "La"),
        # Translators: the mark of a Craftsman on a client chip (see "La")
        "craftsman": pgettext("role mark", "Cr"),
        # Translators: the mark of a Legionary on a client chip (see "La")
        "legionary": pgettext("role mark", "Le"),
        # Translators: the mark of an Architect on a client chip (see "La")
        "architect": pgettext("role mark", "Ar"),
        # Translators: the mark of a Merchant on a client chip (see "La")
        "merchant": pgettext("role mark", "Me"),
        # Translators: the mark of a Patron on a client chip (see "La")
        "patron": pgettext("role mark", "Pa"),
    }
    return marks[role]


def chip_label(role: str, count: int) -> str:
    """What a client chip says: the role's mark, then the count when more than one."""
    return role_mark(role) + (str(count) if count > 1 else "")


def client_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A bust (head and shoulders): the clients' row."""
    side = min(rect.width, rect.height) - 4
    x, y = rect.center
    pygame.draw.circle(surface, theme.TEXT, (x, y - side // 5), max(2, side // 5))
    shoulders = pygame.Rect(0, 0, side * 3 // 4, side // 2)
    shoulders.midtop = (x, y + side // 12)
    pygame.draw.ellipse(surface, theme.TEXT, shoulders)
    pygame.draw.rect(surface, theme.PANEL_LIGHT,
                     (shoulders.left, shoulders.centery + 1, shoulders.width, shoulders.height))


Chip = tuple[str, RGB]  # a chip's label and fill


def chip_width(label: str, size: int, height: int) -> int:
    """A chip as wide as its label needs, never narrower than tall."""
    return max(height, measure(label, size)[0] + 2 * max(4, size // 4))


def pack_chips(held: Sequence[tuple[str, int]], rooms: Sequence[int], size: int,
               height: int) -> list[list[Chip]]:
    """The chips of ``held`` (role, count) in lines of widths ``rooms``, in order; when they
    do not all fit, the last line ends with a "+n" chip counting the clients left out."""
    lines: list[list[Chip]] = [[] for _room in rooms]
    used = [0] * len(rooms)
    line = 0
    for number, (role, count) in enumerate(held):
        label = chip_label(role, count)
        width = chip_width(label, size, height) + CHIP_GAP
        while line < len(rooms) and used[line] + width > rooms[line]:
            line += 1
        if line == len(rooms):
            return _with_rest(lines, used, rooms, held, number, size, height)
        lines[line].append((label, role_colour(role)))
        used[line] += width
    return lines


def _with_rest(lines: list[list[Chip]], used: list[int], rooms: Sequence[int],
               held: Sequence[tuple[str, int]], shown: int, size: int,
               height: int) -> list[list[Chip]]:
    """``lines`` holding the first ``shown`` chips of ``held``, the last line's own made
    way for a "+n" chip counting the clients of the chips not shown."""
    last = lines[-1]
    while True:
        hidden = sum(count for _role, count in held[shown:])
        rest = f"+{hidden}"
        if not last or used[-1] + chip_width(rest, size, height) + CHIP_GAP <= rooms[-1]:
            last.append((rest, REST_FILL))
            return lines
        label, _fill = last.pop()
        used[-1] -= chip_width(label, size, height) + CHIP_GAP
        shown -= 1


def paint_clients(surface: pygame.Surface, rect: pygame.Rect, player: PlayerState,
                  limit: int, size: int) -> None:
    """The bust, a marked chip per role held, the clients against the limit ("3/5"), on as
    many lines as ``rect`` holds; the bust makes way for the chips when they need its room,
    and those that still do not fit are counted by a "+n" chip."""
    count = f"{sum(player.clients)}/{limit}"
    count_width = measure(count, size)[0] + CHIP_GAP
    held = [(role, player.client_count(role)) for role in ROLES if player.client_count(role)]
    height = round(size * 1.3)
    lines = split_rows(rect, [1] * max(1, (rect.height + CHIP_GAP) // (height + CHIP_GAP)),
                       CHIP_GAP)
    height = min(height, lines[0].height)
    rooms = [line.width for line in lines]
    rooms[0] -= count_width
    icon_width = lines[0].height + CHIP_GAP
    chips = pack_chips(held, [rooms[0] - icon_width, *rooms[1:]], size, height)
    with_icon = not any(fill == REST_FILL for _label, fill in chips[-1])
    if not with_icon:
        chips = pack_chips(held, rooms, size, height)
    for number, (line, row) in enumerate(zip(lines, chips, strict=True)):
        first = number == 0
        widths = [-chip_width(label, size, height) for label, _fill in row]
        parts = split_cols(line, [*([-lines[0].height] if first and with_icon else []),
                                  *widths, 1, *([-count_width] if first else [])], CHIP_GAP)
        if first and with_icon:
            client_icon(surface, parts.pop(0))
        for (label, fill), part in zip(row, parts, strict=False):
            chip = pygame.Rect(part.left, part.centery - height // 2, part.width, height)
            board.marked_chip(surface, chip, fill, label, size)
        if first:
            draw_text(surface, count, parts[-1], size, theme.TEXT, align="right")
