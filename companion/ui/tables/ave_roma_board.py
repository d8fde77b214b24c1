"""Ave Roma drawn as the board: the steps to do, the region ring, the players.

Top to bottom: a one-line band of the steps the players must do on the table now (a gold
button: a short step says itself, a long one opens whole in "What now?"); the five
region positions, each card fresh, slid up (its icons showing) or an empty dashed place,
with its next-use cost on a coin and, beside it, the brown marker and the players' cubes
at their levels; the region deck; one board per player with the workers in hand (a
trained one ringed) and, as far as the row has room, political influence, coins, surplus,
VP and the six resources as 0-3 pips (a long press on a player's board shows them all).
The board spaces are not drawn: the eight move buttons under the board name them, and
the table itself shows the workers lying there. Every name and number is at the reading
size: where the room runs out, parts go (to the long-press card), nothing shrinks.

During the refill the player taking back workers gets the areas as buttons where the
regions were (:func:`take_back_cells`): nothing squeezes the players' rows, and the
buttons keep their places from one tap to the next.

Each part (a region position, the deck, a player's board) is a cached layer keyed by the
game values it shows, so a move repaints only the parts it changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from companion.core.i18n import _
from companion.games.ave_roma import (
    ACTION,
    BOARD_SPACES,
    EMPTY,
    FINAL,
    FRESH,
    RESOURCES,
    SLID,
    AveRomaState,
    Region,
    Seat,
)
from companion.games.ave_roma.model import REGION_FEE
from companion.ui import board, theme
from companion.ui.font_sizes import line_size
from companion.ui.layers import Layers
from companion.ui.layout import (
    Metrics,
    grid,
    left_to_right,
    mirrored,
    split_cols,
    split_rows,
)
from companion.ui.tables.ave_roma_tray import tray_height
from companion.ui.text import draw_text
from companion.ui.text_render import ink_span
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB
from companion.ui.widgets import panel

REGION_CARD: RGB = (140, 95, 55)
REGION_MARKER: RGB = (96, 60, 30)
COIN: RGB = (214, 176, 60)
SURPLUS: RGB = (235, 235, 235)
PATRON: RGB = (50, 150, 70)
#: the icon strip a slid card reveals (the resources its top and bottom rows show)
REVEALED: RGB = (196, 160, 110)


@dataclass(frozen=True)
class Parts:
    """Where each part of the picture goes (None: not drawn now)."""

    prompt: pygame.Rect | None  # the band of the steps on the table (a button)
    regions: pygame.Rect | None
    boards: pygame.Rect
    layout: tuple[int, int]  # the boards' (columns, lines)
    take_back: pygame.Rect | None
    tray: pygame.Rect | None = None  # the worker tray (ave_roma_tray), in the action phase


def label_size(m: Metrics) -> int:
    """Words that are not read to decide (a space's name on the board, "deck"): 16 px on
    the 7" panel, the same physical size elsewhere."""
    return round(16 * m.unit / 48)


def row_height(m: Metrics) -> int:
    """One line of a player's board: a name or a number at the reading size on a pill."""
    return round(board.reading_size(m) * 1.5)


def disc_side(m: Metrics) -> int:
    """A worker disc with its number at the reading size."""
    return round(board.reading_size(m) * 1.25)


def coin_cost(region: Region) -> int:
    """What using the position costs now: nothing while the card is fresh (it slides), the
    fee once it slid (the card is taken) or is gone."""
    return 0 if region.card == FRESH else REGION_FEE


def take_back_height(m: Metrics) -> int:
    """The take-back buttons: as the move buttons lie (3 or 4 a row), a name and the
    numbers of the workers lying there on each."""
    rows = -(-len(BOARD_SPACES) // take_back_columns(m))
    return rows * int(m.unit * 1.25) + (rows - 1) * m.gap


def take_back_columns(m: Metrics) -> int:
    return 3 if m.portrait else 4


def take_back_cells(rect: pygame.Rect, m: Metrics) -> list[pygame.Rect]:
    """The take-back buttons at the foot of the panel ``rect``: placed from the panel
    alone, so a tap that changes the prompt or the players' rows moves none of them."""
    area = pygame.Rect(rect.left, rect.bottom - take_back_height(m), rect.width,
                       take_back_height(m))
    return grid(area, len(BOARD_SPACES), take_back_columns(m), m.gap,
                row_height=int(m.unit * 1.25))


def board_layouts(players: int, m: Metrics, supplies: bool) -> list[tuple[int, int]]:
    """The (columns, lines) of the players' boards, most room first: two lines a board
    (with the supplies tracked: everything on it), one line, two boards side by side
    (on the 7" only)."""
    layouts = [(1, 2), (1, 1)] if supplies else [(1, 1)]
    if not m.portrait and players > 1:
        layouts.append((2, 1))
    return layouts


def board_layout(state: AveRomaState, m: Metrics, room: int, rest: int) -> tuple[int, int]:
    """The first of :func:`board_layouts` that leaves ``rest`` of ``room`` to the rest."""
    players = len(state.seats)
    layouts = board_layouts(players, m, state.tracks_supplies)
    return next((layout for layout in layouts
                 if room - boards_height(players, m, *layout) >= rest), layouts[-1])


def boards_height(players: int, m: Metrics, columns: int, lines: int) -> int:
    rows = -(-players // columns)
    per_board = lines * row_height(m) + (lines - 1) * 2 + 4
    return rows * per_board + (rows - 1) * (m.gap // 2)


def steps_height(m: Metrics) -> int:
    """The band of the steps on the table: one line, a finger high (it is a button: the
    whole text opens in "What now?")."""
    return m.unit


def board_parts(rect: pygame.Rect, state: AveRomaState, prompt: str, m: Metrics,
                take_back: bool = False) -> Parts:
    """(the band of the steps on the table, if any,) the region ring and the players'
    boards; while a player takes back workers, the take-back buttons instead of the ring.
    The board spaces are not drawn: the eight move buttons name them, the table shows the
    workers lying there. The players' boards take the most room that leaves the ring its
    cards at the reading size."""
    size = board.reading_size(m)
    rows: list[float] = []
    room = rect.height
    if prompt:
        rows.append(-steps_height(m))
        room -= steps_height(m) + m.gap
    players = len(state.seats)
    tray = tray_height(m) if state.phase in (ACTION, FINAL) and not take_back else 0
    feet = [-tray] if tray else []
    room -= tray + m.gap if tray else 0
    if take_back:
        room -= take_back_height(m) + m.gap
        layout = board_layout(state, m, room, 0)
        boards = boards_height(players, m, *layout)
        cut = split_rows(rect, [*rows, -boards, 1, -take_back_height(m)], m.gap)
        return Parts(cut[0] if prompt else None, None, cut[-3], layout, cut[-1])
    smallest = round(size * 3.4)  # a region card with its number, and its coin
    layout = board_layout(state, m, room - m.gap, smallest)
    boards = boards_height(players, m, *layout)
    regions = min(room - m.gap - boards, round(size * 8))
    cut = split_rows(rect, [*rows, -regions, -boards, 1, *feet], m.gap)
    foot = cut[-1] if tray else None
    boards_cut = cut[-3] if tray else cut[-2]
    ring_cut = cut[-4] if tray else cut[-3]
    # the ring goes where it cannot keep its cards at the reading size
    ring = ring_cut if ring_cut.height >= smallest else None
    return Parts(cut[0] if prompt else None, ring, boards_cut, layout, None, foot)


def region_cells(rect: pygame.Rect, m: Metrics) -> tuple[list[pygame.Rect], pygame.Rect]:
    """The five region positions and the deck inside the region ring's ``rect``."""
    deck_width = max(int(m.unit * 1.3), rect.width // 9)
    with left_to_right():  # the regions and the deck as they lie on the board
        ring, deck = split_cols(rect, [1, -deck_width], m.gap)
        cells = grid(ring, 5, 5, m.gap)
    return cells, deck


def paint_table(surface: pygame.Surface, rect: pygame.Rect, state: AveRomaState,
                colours: Sequence[str], prompt: str, m: Metrics, layers: Layers,
                take_back: bool = False, notes: Sequence[str] = ()) -> None:
    """The board in ``rect``; ``notes``: a word per player for their board ("passed").
    The band of the steps is a button the table draws (see ``AveRomaView.hotspots``)."""
    rgb = tuple(theme.colour_rgb(c) for c in colours)
    parts = board_parts(rect, state, prompt, m, take_back)
    if parts.regions is not None:
        with left_to_right():  # the board's regions as they lie on the table
            paint_regions(surface, parts.regions, state, rgb, m, layers)
    paint_boards(surface, parts.boards, state, rgb, parts.layout, m, layers, notes)


def covered_rects(rect: pygame.Rect, state: AveRomaState, prompt: str, m: Metrics,
                  take_back: bool = False) -> list[pygame.Rect]:
    """The rects :func:`paint_table` covers whole with kept pictures (each filled with
    the panel's colour first): the panel under them need not be filled."""
    parts = board_parts(rect, state, prompt, m, take_back)
    covered = []
    if parts.regions is not None:
        with left_to_right():
            cells, deck = region_cells(parts.regions, m)
        covered += [*cells, deck]
    covered += board_cells(parts.boards, len(state.order), parts.layout, m)
    return covered


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
    """A region position: its card (with its number) over a coin with the next use's
    cost; beside it the brown marker's lane and the players' cubes' lane."""
    panel(surface, rect, theme.PANEL_LIGHT)
    size = board.reading_size(m)
    inner = rect.inflate(-m.gap, -m.gap)
    lane = max(10, inner.width // 5)
    with left_to_right():
        card_area, markers, cubes = split_cols(inner, [1, -lane, -lane], 2)
    levels = max(6 if m.portrait else 4, region.marker + 2,
                 *(level + 1 for level in region.cubes))
    marker_cells = board.track(surface, markers, levels, [], vertical=True,
                               fill=theme.BACKGROUND)
    cube_cells = board.track(surface, cubes, levels, [], vertical=True, fill=theme.BACKGROUND)
    # one cube fills a space: two players' cubes never share one in a region
    board.cube(surface, marker_cells[region.marker].inflate(-2, -2), REGION_MARKER)
    for player, level in enumerate(region.cubes):
        if level > 0:
            board.cube(surface, cube_cells[level].inflate(-2, -2), rgb[player])
    face, cost = split_rows(card_area, [1, -round(size * 1.4)], 2)
    number = str(position)
    if region.card == EMPTY:
        board.dashed_rect(surface, face, theme.MUTED)
        draw_text(surface, number, face, size, theme.TEXT)
    elif region.card == SLID:
        strip = max(4, face.height // 4)
        shifted = pygame.Rect(face.left, face.top, face.width, face.height - strip)
        revealed = pygame.Rect(face.left, shifted.bottom, face.width, strip)
        pygame.draw.rect(surface, REVEALED, revealed, border_radius=3)
        board.pips(surface, revealed.inflate(-6, -2), 4, fill=REGION_MARKER)
        board.card(surface, shifted, REGION_CARD, highlight=theme.ACCENT)
        draw_text(surface, number, shifted.inflate(-6, -6), size, theme.text_on(REGION_CARD))
    else:
        board.card(surface, face, REGION_CARD)
        draw_text(surface, number, face.inflate(-6, -6), size, theme.text_on(REGION_CARD))
    coin = pygame.Rect(0, 0, min(cost.width, round(size * 2.2)), cost.height)
    coin.center = cost.center
    _pill(surface, coin, str(coin_cost(region)), COIN, size)


def paint_deck(surface: pygame.Surface, rect: pygame.Rect, count: int, m: Metrics) -> None:
    """The region deck: its back with the cards left on it, "deck" under it."""
    words = label_size(m)
    card_rect, label = split_rows(rect, [1, -line_size(words)], 2)
    side = card_rect.inflate(-m.gap, -2)
    if count:
        board.card(surface, side, REGION_CARD, face_down=True)
        size = board.reading_size(m)
        badge = pygame.Rect(0, 0, min(side.width, round(size * 2.2)),
                            min(side.height, round(size * 1.4)))
        badge.center = side.center
        _pill(surface, badge, str(count), theme.BACKGROUND, size)
    else:
        board.dashed_rect(surface, side, theme.MUTED)
    draw_text(surface, _("deck"), label, words, theme.TEXT)


def paint_discs(surface: pygame.Surface, rect: pygame.Rect,
                discs: Sequence[tuple[int, RGB, bool]], size: int) -> None:
    """Worker discs side by side from the start of ``rect``, each (number, colour,
    trained: ringed). Numbered at ``size`` while each has a disc of its own that holds
    its number; when more lie there than fit, they overlap as plain discs in their
    owners' colours (how many, and whose, still shows)."""
    if not discs or rect.width <= 0:
        return
    count = len(discs)
    side = min(rect.height, round(size * 1.25))
    numbered = side >= size and count * (side + 2) <= rect.width
    radius = max(4, side // 2 - 1)
    step = side + 2 if numbered else (
        min(side + 2, (rect.width - side) // max(1, count - 1)) if count > 1 else 0)
    step = max(1, step)
    if mirrored():  # from the start of the line: beside the name in Arabic too
        x, step = rect.right - side // 2, -step
    else:
        x = rect.left + side // 2
    for number, fill, trained in discs:
        ring = theme.ACCENT if trained else None
        disc = board.token(surface, (x, rect.centery), radius - (2 if trained else 0), fill,
                           ring=ring)
        if numbered:
            draw_text(surface, str(number), disc.inflate(4, 4), size, theme.text_on(fill))
        x += step


def board_cells(rect: pygame.Rect, players: int, layout: tuple[int, int], m: Metrics
                ) -> list[pygame.Rect]:
    """The players' boards in turn order, as ``layout`` (columns, lines) lays them."""
    columns, lines = layout
    height = lines * row_height(m) + (lines - 1) * 2 + 4
    return grid(rect, players, columns, m.gap // 2, row_height=height)


def paint_boards(surface: pygame.Surface, rect: pygame.Rect, state: AveRomaState,
                 rgb: tuple[RGB, ...], layout: tuple[int, int], m: Metrics,
                 layers: Layers, notes: Sequence[str] = ()) -> None:
    """One board per player in turn order, as ``layout`` (columns, lines) says."""
    players = list(state.order)
    columns, lines = layout
    cells = board_cells(rect, len(players), layout, m)
    supplies = state.tracks_supplies
    for player, cell in zip(players, cells, strict=True):
        seat, colour = state.seats[player], rgb[player]
        note = notes[player] if player < len(notes) else ""
        layers.blit(surface, cell, f"board-{player}", (seat, colour, supplies, lines, note, m),
                    theme.PANEL,
                    partial(paint_board, seat=seat, colour=colour, supplies=supplies,
                            lines=lines, m=m, note=note))


def _widths(seat: Seat, supplies: bool, m: Metrics, note: str = "") -> dict[str, int]:
    """The width each part of a player's board needs at the reading size."""
    size = board.reading_size(m)
    pad = round(size * 0.8)
    notes = {"note": measure(note, size)[0] + pad} if note else {}
    discs = len(seat.hand) + (seat.trained is not None)
    widths = {**notes, "name": measure(seat.name, size)[0] + pad,
              "hand": max(1, discs) * (disc_side(m) + 2),
              "vp": measure(_("{n} VP").format(n=88), size)[0] + pad}
    if supplies or seat.political > 0:
        widths["political"] = measure(_("P {n}").format(n=8), size)[0] + pad
        widths["patrons"] = 5 * round(size * 0.7)
    if supplies:
        widths["coins"] = measure("88", size)[0] + pad
        widths["surplus"] = disc_side(m) + measure("88", size)[0] + 4
        widths["resources"] = len(RESOURCES) * round(size * 2.2)
    return widths


#: what goes first when a row is short of room (the long-press card has them all)
DROPPED_FIRST = ("resources", "patrons", "surplus", "political", "coins", "vp")


def row_parts(available: int, widths: dict[str, int], gap: int,
              order: Sequence[str]) -> list[str]:
    """The parts of ``order`` that fit ``available`` together, dropping by
    :data:`DROPPED_FIRST` (the name and the hand always stay)."""
    kept = [part for part in order if part in widths]
    for part in DROPPED_FIRST:
        if sum(widths[k] for k in kept) + gap * (len(kept) - 1) <= available:
            break
        if part in kept:
            kept.remove(part)
    return kept


def paint_board(surface: pygame.Surface, rect: pygame.Rect, seat: Seat, colour: RGB,
                supplies: bool, lines: int, m: Metrics, note: str = "") -> None:
    """A player's board: its parts as :func:`row_parts` keeps them; ``note`` ("passed")
    beside the name."""
    panel(surface, rect, theme.PANEL_LIGHT)
    inner = rect.inflate(-m.gap, -4)
    widths = _widths(seat, supplies, m, note)
    gap = m.gap
    if lines == 1:
        rows = [(inner, row_parts(inner.width, widths, gap, (
            "name", "note", "hand", "political", "patrons", "coins", "surplus", "vp",
            "resources")))]
    else:
        top, bottom = split_rows(inner, [1, 1], 2)
        rows = [(top, row_parts(top.width, widths, gap, ("name", "note", "hand", "political",
                                                          "patrons"))),
                (bottom, row_parts(bottom.width, widths, gap, ("coins", "surplus", "vp",
                                                                "resources")))]
    for line, parts in rows:
        flexible = "resources" if "resources" in parts else "hand"
        cells = split_cols(line, [1 if part == flexible else -widths[part] for part in parts],
                           gap)
        for part, cell in zip(parts, cells, strict=True):
            _paint_part(surface, cell, part, seat, colour, m, note)


def _paint_part(surface: pygame.Surface, rect: pygame.Rect, part: str, seat: Seat,
                colour: RGB, m: Metrics, note: str = "") -> None:
    size = board.reading_size(m)
    if part == "name":
        _pill(surface, rect, seat.name, colour, size)
    elif part == "note":  # a word beside the name, on the board's own ground: no pill
        above, below = ink_span(note, size)  # to cut a script's marks; those above the
        # line (the shadda of توقّف) kept on the board by using the room below it
        lower = min(max(0, rect.top - (rect.centery + above)),
                    max(0, rect.bottom - (rect.centery + below)))
        draw_text(surface, note, rect.move(0, lower), size, theme.TEXT)
    elif part == "hand":
        workers = [(n, theme.BUTTON, False) for n in seat.hand]
        if seat.trained is not None:
            workers.append((seat.trained, theme.BUTTON, True))
        paint_discs(surface, rect, workers, size)
    elif part == "political":
        _pill(surface, rect, _("P {n}").format(n=seat.political), theme.INFO_BANNER, size)
    elif part == "patrons":
        side = min(rect.height - 8, rect.width // 5 - 2)
        slots = grid(pygame.Rect(rect.left, rect.centery - side // 2, rect.width, side), 5,
                     5, 2)
        for index, cell in enumerate(slots):
            if index < seat.patron_slots:
                board.cube(surface, cell, PATRON)
            else:
                board.dashed_rect(surface, cell, theme.MUTED, dash=3)
    elif part == "coins":
        _pill(surface, rect, str(seat.coins), COIN, size)
    elif part == "surplus":
        icon, number = split_cols(rect, [-disc_side(m), 1], 2)
        board.chip(surface, icon.center, max(4, min(icon.width, rect.height) // 2 - 3), SURPLUS)
        draw_text(surface, str(seat.surplus), number, size, theme.TEXT)
    elif part == "vp":
        _pill(surface, rect, _("{n} VP").format(n=seat.track_vp), theme.GOOD, size)
    elif part == "resources":
        paint_resources(surface, rect, seat, len(RESOURCES))


def _pill(surface: pygame.Surface, rect: pygame.Rect, text: str, colour: RGB,
          size: int) -> None:
    """A name or a number on a pill of ``colour`` at the reading size (a name too long
    for it shortened by rule; the long-press card says it whole)."""
    pill = rect.inflate(0, -max(0, rect.height - round(size * 1.4)))
    board.badge_plain(surface, pill, colour)
    inside = pill.inflate(-size // 3, 0)
    draw_text(surface, board.abbreviate(text, size, inside.width), inside, size,
              theme.text_on(colour))


def paint_resources(surface: pygame.Surface, rect: pygame.Rect, seat: Seat,
                    columns: int) -> None:
    """Each resource as a chip in its colour with 0-3 pips beside it (chip first, pips
    filled from it, in every language: pips do not read right to left)."""
    with left_to_right():
        _paint_resources(surface, rect, seat, columns)


def _paint_resources(surface: pygame.Surface, rect: pygame.Rect, seat: Seat,
                     columns: int) -> None:
    for resource, cell in zip(RESOURCES, grid(rect, len(RESOURCES), columns, 3), strict=True):
        chip_side = min(cell.height, cell.width // 3)
        icon, dots = split_cols(cell, [-chip_side, 1], 2)
        fill = theme.colour_rgb(resource)
        board.chip(surface, icon.center, max(4, chip_side // 2 - 2), fill)
        # three pips in one row beside the chip, however tall the line
        row = dots.inflate(-2, -max(0, dots.height - max(6, dots.width // 3)))
        board.pips(surface, row, seat.amount(resource), 3, fill=fill)
