"""Ave Roma drawn as the board: the step to do, the region ring, the spaces, the players.

Top to bottom: the prompt (what the players must do on the table now, in gold so it
cannot be missed); the five region positions, each card fresh, slid up (its icons
showing) or an empty dashed place, with its next-use cost and, beside it, the brown
marker and the players' cubes at their levels; the region deck; the board spaces with
the workers lying there in their owners' colours; one board per player with the workers
in hand (a trained one ringed), and with full tracking coins, the six resources as 0-3
pips, surplus, political influence with the patron slots it unlocked, and VP (with
essentials those stay on the players' boards, so they are not drawn).

Each part (a region position, the deck, the spaces, a player's board) is a cached layer
keyed by the game values it shows, so a move repaints only the parts it changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from companion.games.ave_roma import (
    ACTION,
    BOARD_SPACES,
    EMPTY,
    FINAL,
    FRESH,
    REFILL,
    RESOURCES,
    SLID,
    AveRomaState,
    Region,
    Seat,
    space_label,
)
from companion.i18n import _
from companion.ui import board, theme
from companion.ui.layers import Layers
from companion.ui.layout import Metrics, grid, left_to_right, split_cols, split_rows
from companion.ui.text import draw_paragraph, draw_text, wrap
from companion.ui.theme import RGB
from companion.ui.widgets import panel

REGION_CARD: RGB = (140, 95, 55)
REGION_MARKER: RGB = (96, 60, 30)
COIN: RGB = (214, 176, 60)
SURPLUS: RGB = (235, 235, 235)
PATRON: RGB = (50, 150, 70)
#: the icon strip a slid card reveals (the resources its top and bottom rows show)
REVEALED: RGB = (196, 160, 110)


def next_use(region: Region) -> str:
    """What using the position costs now, in two or three words."""
    if region.card == FRESH:
        return _("free, slides")
    if region.card == SLID:
        return _("pay 2, take card")
    return _("empty: pay 2")


def board_parts(rect: pygame.Rect, state: AveRomaState, prompt: str, m: Metrics
                ) -> list[pygame.Rect]:
    """(the prompt, if any,) the region ring, the board spaces and the players' boards."""
    rows: list[float] = []
    if prompt:
        lines = min(3 if m.portrait else 2, len(wrap(prompt, m.small, rect.width - m.gap * 2)))
        rows.append(-int(m.small * (0.95 * lines + 0.5)))
    share = 0.26 if m.portrait else (0.28 if state.tracks_supplies else 0.32)
    region_height = max(int(m.unit * 1.5), int(rect.height * share))
    spaces_height = int(m.unit * (1.8 if m.portrait else 0.8))
    # the players' boards keep a row of the reading size each: the regions give way
    boards = len(state.seats) * (round(board.reading_size(m) * 1.45) + 4)
    room = rect.height + sum(int(row) for row in rows) - spaces_height - boards - 3 * m.gap
    region_height = max(int(m.unit * 1.5), min(region_height, room))
    rows += [-region_height, -spaces_height, 1]
    return split_rows(rect, rows, m.gap)


def region_cells(rect: pygame.Rect, m: Metrics) -> tuple[list[pygame.Rect], pygame.Rect]:
    """The five region positions and the deck inside the region ring's ``rect``."""
    deck_width = max(int(m.unit * 0.9), rect.width // 9)
    with left_to_right():  # the regions and the deck as they lie on the board
        ring, deck = split_cols(rect, [1, -deck_width], m.gap)
        cells = grid(ring, 5, 5, m.gap)
    return cells, deck


def space_cells(rect: pygame.Rect, m: Metrics) -> list[pygame.Rect]:
    """The board spaces' cells, in ``BOARD_SPACES`` order."""
    return grid(rect, len(BOARD_SPACES), 4 if m.portrait else 8, m.gap // 2)


def paint_table(surface: pygame.Surface, rect: pygame.Rect, state: AveRomaState,
                colours: Sequence[str], prompt: str, m: Metrics, layers: Layers) -> None:
    rgb = tuple(theme.colour_rgb(c) for c in colours)
    parts = board_parts(rect, state, prompt, m)
    if prompt:
        layers.blit(surface, parts.pop(0), "prompt", (prompt, m), theme.PANEL,
                    lambda picture, area: paint_prompt(picture, area, prompt, m))
    owners, refill = space_owners(state, rgb), state.phase == REFILL
    with left_to_right():  # the board's regions and spaces as they lie on the table
        paint_regions(surface, parts[0], state, rgb, m, layers)
        layers.blit(surface, parts[1], "spaces", (owners, refill, m), theme.PANEL,
                    lambda picture, area: paint_spaces(picture, area, owners, refill, m))
    paint_boards(surface, parts[2], state, rgb, m, layers)


def paint_prompt(surface: pygame.Surface, rect: pygame.Rect, text: str, m: Metrics) -> None:
    """The physical step, big and gold: "Pay 2 coins and take the region card 3"."""
    panel(surface, rect, theme.ACCENT)
    draw_paragraph(surface, text, rect.inflate(-m.gap * 2, -m.gap), m.small,
                   theme.text_on(theme.ACCENT), align="center")


def paint_regions(surface: pygame.Surface, rect: pygame.Rect, state: AveRomaState,
                  rgb: tuple[RGB, ...], m: Metrics, layers: Layers) -> None:
    """The five regions and the deck, left to right as on the board (the caller lays them
    out left to right in every language)."""
    cells, deck = region_cells(rect, m)
    for position, (region, cell) in enumerate(zip(state.regions, cells, strict=True),
                                              start=1):
        layers.blit(surface, cell, f"region-{position}", (region, rgb, m), theme.PANEL,
                    partial(paint_region, position=position, region=region, rgb=rgb, m=m))
    layers.blit(surface, deck, "deck", (state.deck, m), theme.PANEL,
                lambda picture, area: paint_deck(picture, area, state.deck, m))


def paint_region(surface: pygame.Surface, rect: pygame.Rect, position: int, region: Region,
                 rgb: Sequence[RGB], m: Metrics) -> None:
    panel(surface, rect, theme.PANEL_LIGHT)
    inner = rect.inflate(-m.gap, -m.gap)
    label_height = max(28, int(m.small * 1.5))
    body, cost = split_rows(inner, [1, -label_height], 2)
    lane = max(10, body.width // 4)
    card_area, markers, cubes = split_cols(body, [1, -lane, -lane], 2)
    levels = max(6 if m.portrait else 4, region.marker + 2,
                 *(level + 1 for level in region.cubes))
    # the levels are numbered only where a number can be read: the cubes say it otherwise
    numbers = ([str(level) for level in range(levels)]
               if markers.height >= levels * round(board.reading_size(m) * 1.2) else None)
    marker_cells = board.track(surface, markers, levels, [], vertical=True, labels=numbers,
                               fill=theme.BACKGROUND)
    cube_cells = board.track(surface, cubes, levels, [], vertical=True, fill=theme.BACKGROUND)
    # one cube fills a space: two players' cubes never share one in a region
    board.cube(surface, marker_cells[region.marker].inflate(-2, -2), REGION_MARKER)
    if numbers is not None:
        draw_text(surface, numbers[region.marker], marker_cells[region.marker],
                  board.reading_size(m), theme.TEXT)
    for player, level in enumerate(region.cubes):
        if level > 0:
            board.cube(surface, cube_cells[level].inflate(-2, -2), rgb[player])
    height = int(card_area.height * 0.8)
    face = pygame.Rect(card_area.left, card_area.bottom - height, card_area.width, height)
    number = str(position)
    if region.card == EMPTY:
        board.dashed_rect(surface, face, theme.MUTED)
        draw_text(surface, number, face, board.reading_size(m), theme.MUTED)
    elif region.card == SLID:
        shifted = face.move(0, -(card_area.height - height))
        revealed = pygame.Rect(face.left, shifted.bottom - face.height // 4, face.width,
                               face.bottom - shifted.bottom + face.height // 4)
        pygame.draw.rect(surface, REVEALED, revealed, border_radius=3)
        board.pips(surface, pygame.Rect(revealed.left + 3, revealed.bottom - revealed.height // 2,
                                        revealed.width - 6, revealed.height // 2 - 2), 4,
                   fill=REGION_MARKER)
        shifted.height -= face.height // 4
        board.card(surface, shifted, REGION_CARD, highlight=theme.ACCENT)
        draw_text(surface, number, shifted, board.reading_size(m), theme.text_on(REGION_CARD))
    else:
        board.card(surface, face, REGION_CARD)
        draw_text(surface, number, face, board.reading_size(m), theme.text_on(REGION_CARD))
    draw_paragraph(surface, next_use(region), cost, max(12, int(m.small * 0.75)),
                   theme.ACCENT if region.card == SLID else theme.TEXT, align="center")


def paint_deck(surface: pygame.Surface, rect: pygame.Rect, count: int, m: Metrics) -> None:
    card_rect, label = split_rows(rect, [1, -max(14, int(m.small * 0.9))], 2)
    side = card_rect.inflate(-m.gap, -m.gap)
    if count:
        board.card(surface, side, REGION_CARD, face_down=True)
        badge = pygame.Rect(0, 0, min(side.width, int(m.unit * 0.9)), int(m.unit * 0.55))
        badge.center = side.center
        board.badge(surface, badge, str(count), theme.BACKGROUND)
    else:
        board.dashed_rect(surface, side, theme.MUTED)
    draw_text(surface, _("deck"), label, max(10, int(m.small * 0.75)), theme.TEXT)


def paint_spaces(surface: pygame.Surface, rect: pygame.Rect,
                 owners: tuple[tuple[str, tuple[tuple[int, RGB], ...]], ...], refill: bool,
                 m: Metrics) -> None:
    """The board spaces (from :func:`space_owners`) with the workers lying there; the
    ones to take back ringed during the refill."""
    for (space, lying), cell in zip(owners, space_cells(rect, m), strict=True):
        highlight = refill and bool(lying)
        panel(surface, cell, theme.PANEL_LIGHT, theme.ACCENT if highlight else None, width=2)
        name, tokens = split_rows(cell.inflate(-4, -2), [1, 1.4], 1)
        draw_text(surface, space_label(space), name, max(10, int(m.small * 0.7)), theme.TEXT)
        paint_tokens(surface, tokens, lying, None)


def space_owners(state: AveRomaState, rgb: Sequence[RGB]
                 ) -> tuple[tuple[str, tuple[tuple[int, RGB], ...]], ...]:
    """Each board space with the (worker, colour) discs lying there, as drawn."""
    owners: dict[str, list[tuple[int, RGB]]] = {space: [] for space in BOARD_SPACES}
    if state.phase in (ACTION, FINAL):
        for player, seat in enumerate(state.seats):
            for space, worker in seat.placed:
                if space in owners:
                    owners[space].append((worker, rgb[player]))
    else:
        for space in BOARD_SPACES:
            owners[space] = [(worker, theme.BUTTON) for worker in state.area(space)]
    return tuple((space, tuple(lying)) for space, lying in owners.items())


def paint_tokens(surface: pygame.Surface, rect: pygame.Rect,
                 workers: Sequence[tuple[int, RGB]], trained: tuple[int, RGB] | None,
                 size: int | None = None) -> None:
    """Numbered worker discs side by side (overlapping when many); a trained one ringed;
    the numbers at ``size`` when given (the reading size), else as the disc allows."""
    shown = [*workers, *([trained] if trained else [])]
    if not shown or rect.width <= 0:
        return
    radius = max(5, min(rect.height // 2 - 1, rect.width // (2 * len(shown))))
    step = min(radius * 2 + 2, (rect.width - radius * 2) // max(1, len(shown) - 1)) \
        if len(shown) > 1 else 0
    x = rect.left + radius
    for index, (number, fill) in enumerate(shown):
        ring = theme.ACCENT if trained is not None and index == len(shown) - 1 else None
        if size is None:
            board.token(surface, (x, rect.centery), radius, fill, text=str(number), ring=ring)
        else:
            disc = board.token(surface, (x, rect.centery), radius, fill, ring=ring)
            draw_text(surface, str(number), disc, size, theme.text_on(fill))
        x += step


def paint_boards(surface: pygame.Surface, rect: pygame.Rect, state: AveRomaState,
                 rgb: tuple[RGB, ...], m: Metrics, layers: Layers) -> None:
    """One board per player in turn order: rows in portrait, side by side in landscape."""
    players = list(state.order)
    # in landscape, side by side while a board is wide enough for its numbers at the
    # reading size, else one row per player (five boards side by side were 105 px wide)
    wide_enough = rect.width // len(players) >= board.reading_size(m) * 8
    columns = 1 if m.portrait or not wide_enough else len(players)
    cells = grid(rect, len(players), columns, m.gap // 2)
    supplies = state.tracks_supplies
    for player, cell in zip(players, cells, strict=True):
        seat, colour = state.seats[player], rgb[player]
        layers.blit(surface, cell, f"board-{player}", (seat, colour, supplies, m), theme.PANEL,
                    partial(paint_board, seat=seat, colour=colour, supplies=supplies, m=m))


def paint_board(surface: pygame.Surface, rect: pygame.Rect, seat: Seat, colour: RGB,
                supplies: bool, m: Metrics) -> None:
    panel(surface, rect, theme.PANEL_LIGHT)
    inner = rect.inflate(-m.gap, -4)
    trained = (seat.trained, theme.BUTTON) if seat.trained is not None else None
    workers = [(n, theme.BUTTON) for n in seat.hand]
    politics = supplies or seat.political > 0  # with essentials only what a card entered
    size = board.reading_size(m)
    if not m.portrait and rect.width > rect.height * 6:  # a row: everything on one line
        name, hand, political, counts, goods = split_cols(
            inner, [-size * 4, -size * 7, -size * 4 if politics else 0,
                    -size * 6 if supplies else 0, 1 if supplies else 0], m.gap)
        _name_pill(surface, name, seat.name, colour, size)
        paint_tokens(surface, hand, workers, trained, size)
        if politics:
            paint_political(surface, political, seat, m)
        if supplies:
            paint_counts(surface, counts, seat, m)
            paint_resources(surface, goods, seat, len(RESOURCES))
        return
    if m.portrait:
        lines = split_rows(inner, [1, 0.8], 2) if supplies else [inner]
        name_width = min(int(m.unit * 2.2), inner.width // 4)
        name, hand, political = split_cols(lines[0], [-name_width, 1.3, 1 if politics else 0],
                                           m.gap)
    else:
        # the name's row keeps the reading size however tall the prompt above grows
        name, hand, political, *lines = split_rows(
            inner, [-round(board.reading_size(m) * 1.45), 1.2 if politics else 2,
                    0.8 if politics else 0, *([0.9, 1.6] if supplies else [])], 2)
    _name_pill(surface, name, seat.name, colour, size)
    paint_tokens(surface, hand, workers, trained, size)
    if politics:
        paint_political(surface, political, seat, m)
    if supplies and m.portrait:
        paint_supplies(surface, lines[-1], seat, m)
    elif supplies:
        paint_counts(surface, lines[0], seat, m)
        paint_resources(surface, lines[1], seat, 3)


def _name_pill(surface: pygame.Surface, rect: pygame.Rect, name: str, colour: RGB,
               size: int) -> None:
    """A player's name on their colour at the reading size (shortened by rule)."""
    board.badge_plain(surface, rect, colour)
    draw_text(surface, board.abbreviate(name, size, rect.width - 8), rect.inflate(-8, 0), size,
              theme.text_on(colour))


def paint_political(surface: pygame.Surface, rect: pygame.Rect, seat: Seat, m: Metrics) -> None:
    """Political influence as a number and the five patron slots it unlocked."""
    number, slots = split_cols(rect, [1, 1.6], m.gap // 2)
    _name_pill(surface, number, _("P {n}").format(n=seat.political), theme.INFO_BANNER,
               board.reading_size(m))
    cells = grid(slots.inflate(0, -max(0, slots.height - slots.width // 5)), 5, 5, 2)
    for index, cell in enumerate(cells):
        if index < seat.patron_slots:
            board.cube(surface, cell, PATRON)
        else:
            board.dashed_rect(surface, cell, theme.MUTED, dash=3)


def paint_supplies(surface: pygame.Surface, rect: pygame.Rect, seat: Seat, m: Metrics) -> None:
    """One line: coins, surplus and VP, then the six resources (0-3 pips each)."""
    counts, goods = split_cols(rect, [1, 2], m.gap)
    paint_counts(surface, counts, seat, m)
    paint_resources(surface, goods, seat, len(RESOURCES))


def paint_counts(surface: pygame.Surface, rect: pygame.Rect, seat: Seat, m: Metrics) -> None:
    """Coins in gold, surplus on a white chip, VP on the score track."""
    size = board.reading_size(m)
    coins, surplus, vp = split_cols(rect, [1, 1, 1.2], m.gap // 2)
    _name_pill(surface, coins, str(seat.coins), COIN, size)
    icon_side = min(surplus.height, surplus.width // 2)
    icon, number = split_cols(surplus, [-icon_side, 1], 2)
    board.chip(surface, icon.center, max(4, icon_side // 2 - 1), SURPLUS)
    draw_text(surface, str(seat.surplus), number, size, theme.TEXT)
    _name_pill(surface, vp, _("{n} VP").format(n=seat.track_vp), theme.GOOD, size)


def paint_resources(surface: pygame.Surface, rect: pygame.Rect, seat: Seat,
                    columns: int) -> None:
    """Each resource as a chip in its colour with 0-3 pips beside it."""
    for resource, cell in zip(RESOURCES, grid(rect, len(RESOURCES), columns, 3), strict=True):
        chip_side = min(cell.height, cell.width // 3)
        icon, dots = split_cols(cell, [-chip_side, 1], 2)
        fill = theme.colour_rgb(resource)
        board.chip(surface, icon.center, max(4, chip_side // 2 - 1), fill)
        board.pips(surface, dots.inflate(-2, 0), seat.amount(resource), 3, fill=fill)
