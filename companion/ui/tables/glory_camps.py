"""The Glory to Rome table as a picture: the turn strip, one camp per player, the sites.

A camp is what a player has in front of them: influence as a big number, clients as
chips in the role colours marked with their roles (:mod:`glory_clients`) against the
clientele limit, the vault as face-down cards against its limit (the card placed this
turn face up in its material), foundations and structures as small cards in their
material with materials added / value, Jacks held.
Only names and numbers are text. Pure drawing: the view hands in the state.

The strip, each camp and the sites are cached layers: a camp is painted from a
:class:`Camp` of exactly what it shows, so a move repaints only the camps it changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import lru_cache, partial

import pygame

from companion.core import i18n
from companion.core.i18n import _, ngettext
from companion.core.records import frozen
from companion.games.glory_to_rome import (
    MATERIALS,
    Building,
    GloryState,
    PlayerState,
    actions_this_turn,
    building_label,
    clientele_limit,
    pending,
    role_label,
    sites_left,
    vault_limit,
    vault_view,
)
from companion.ui import board, theme
from companion.ui.board import abbreviate, reading_size
from companion.ui.layers import Layers
from companion.ui.layout import Metrics, split_cols, split_rows
from companion.ui.layout import mirrored as layout_mirrored
from companion.ui.tables.glory_clients import (
    CHIP_GAP,
    material_colour,
    paint_clients,
    role_colour,
)
from companion.ui.text import draw_text
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB
from companion.ui.widgets import panel, panel_border

#: the Jack cards' face
JACK_WHITE: RGB = (236, 236, 230)


def _blend(colour: RGB, toward: RGB, share: float) -> RGB:
    """``colour`` moved ``share`` (0..1) of the way to ``toward``."""
    return (round(colour[0] + (toward[0] - colour[0]) * share),
            round(colour[1] + (toward[1] - colour[1]) * share),
            round(colour[2] + (toward[2] - colour[2]) * share))


#: what a camp's turn chip shows: (what the player chose: "lead", "follow", "think" or
#: "", the actions they have this turn or have left while acting, None when not known yet)
Choice = tuple[str, int | None]

#: the choices of the state last asked about, by identity (a frame asks for each camp's)
_last_choices: tuple[GloryState, tuple[Choice, ...]] | None = None


def choice_of(state: GloryState, index: int) -> Choice:
    """What a player chose this turn and the actions they have (left, while acting)."""
    return choices(state)[index]


def choices(state: GloryState) -> tuple[Choice, ...]:
    """:func:`choice_of` every player, worked out once per state."""
    global _last_choices
    last = _last_choices
    if last is not None and last[0] is state:
        return last[1]
    counts = actions_this_turn(state)
    result: list[Choice] = []
    for index, count in enumerate(counts):
        if state.phase == "actions" and state.acting == index:
            count = state.actions_left[index]
        result.append((state.choices[index] or "", count))
    _last_choices = (state, tuple(result))
    return _last_choices[1]


def sites_note(state: GloryState) -> str:
    """The end coming: the last in-town sites, said while they run out."""
    left = sum(state.in_town)
    if left > len(state.players):
        return ""
    return ngettext("{n} in-town site left", "{n} in-town sites left", left).format(n=left)


def strip_parts(rect: pygame.Rect, state: GloryState, m: Metrics) -> list[pygame.Rect]:
    """(leader, led role, Jacks, end note) of the strip: the end note, once it shows,
    with the room it needs at the reading size."""
    ending = bool(sites_note(state))
    if m.portrait and ending:
        top, bottom = split_rows(rect, [1, 1], m.gap)
        # the Jacks' card as wide as it is, the note the rest (German needs it whole)
        return [*split_cols(top, [1, 1], m.gap),
                *split_cols(bottom, [-jack_width(m), 1], m.gap)]
    if m.portrait:
        leader, role, jacks = split_cols(rect, [4, 3, 2], m.gap)
        return [leader, role, jacks, pygame.Rect(rect.right, rect.top, 0, rect.height)]
    needed = measure(sites_note(state), reading_size(m))[0] + rect.height // 3 + 4  # badge
    end = -max((rect.width - 3 * m.gap) * 5 // 13, needed)  # its share, or what its words need
    return split_cols(rect, [3, 3, 2, end] if ending else [3, 3, 2, 4], m.gap)


def table_layout(rect: pygame.Rect, players: int, m: Metrics, ending: bool = False
                 ) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
    """(turn strip, one camp per player, site stacks) inside ``rect``: camps side by side
    on the landscape screen, one above the other on the portrait one; never scrolled.
    ``ending``: the strip says the end is near (:func:`sites_note`)."""
    # the portrait strip is too narrow for the end note beside the rest at the reading
    # size: it gets a second row while the note shows
    strip_height = max(28, round(m.small * 1.25)) * (2 if m.portrait and ending else 1)
    sites_height = max(34, round(m.unit * (0.9 if m.portrait else 0.75)))
    strip, camps, sites = split_rows(rect, [-strip_height, 1, -sites_height], m.gap)
    split = split_rows if m.portrait else split_cols
    return strip, split(camps, [1] * players, m.gap), sites


def paint_table(surface: pygame.Surface, rect: pygame.Rect, state: GloryState,
                colours: Sequence[RGB], m: Metrics, layers: Layers) -> None:
    """The whole picture inside ``rect``: strip on top, camps, sites at the foot."""
    strip, cells, sites = table_layout(rect, len(state.players), m, bool(sites_note(state)))
    strip_key = (state.players[state.leader].name, colours[state.leader], state.led_role,
                 state.jacks_supply, sites_note(state), m)
    layers.blit(surface, strip, "strip", strip_key, theme.PANEL,
                lambda picture, area: paint_strip(picture, area, state, colours[state.leader],
                                                  m))
    for index, cell in enumerate(cells):
        camp = with_reading(camp_facts(state, index, colours[index]), m)
        # the turn chip and the turn change with most moves, the rest of a camp with its
        # owner's: kept apart, and the turn's border drawn over the kept picture; the camp
        # is as tall as the move buttons leave room for (one row or two): both kept
        body_key = (camp.colour, m, camp_row_facts(camp))
        layers.blit(surface, cell, f"camp-{index}", body_key, theme.PANEL,
                    partial(paint_camp, camp=camp, m=m),
                    partial(update_camp, camp=camp, m=m), sizes=2)
        if camp.on_turn:
            panel_border(surface, cell, theme.ACCENT, ON_TURN_BORDER)
        rows = camp_rows(pygame.Rect((0, 0), cell.size), m)
        beside = rows.jacks.width + CHIP_GAP if rows.jacks.colliderect(rows.note) else 0
        layers.blit(surface, rows.note.move(cell.topleft), f"camp-{index}-note",
                    (camp.choice, camp.led_role, camp.grants,
                     camp.player.jacks if beside else None, m),
                    theme.PANEL_LIGHT, partial(paint_camp_note, camp=camp, beside=beside))
    sites_key = (state.in_town, state.out_of_town, len(state.players), m)
    layers.blit(surface, sites, "sites", sites_key, theme.PANEL,
                lambda picture, area: paint_sites(picture, area, state, m))


@frozen
class Camp:
    """Everything one camp shows: what its picture is painted from and cached by."""

    player: PlayerState
    colour: RGB
    on_turn: bool
    choice: Choice
    led_role: str | None
    #: the actions granted by structures still to take: (role, how many)
    grants: tuple[tuple[str, int], ...]
    client_limit: int
    vault: tuple[str | None, ...]  # None: a card face down
    vault_limit: int
    reading: int = 20  # the reading size of names and numbers (see reading_size)


def camp_facts(state: GloryState, index: int, colour: RGB) -> Camp:
    current = state.acting if state.phase == "actions" else None
    if state.phase == "lead":
        current = state.leader
    elif state.phase == "follow":
        current = next((i for i, c in enumerate(state.choices) if c is None), None)
    grants: dict[str, int] = {}
    for grant in pending(state, index):
        grants[grant.role] = grants.get(grant.role, 0) + grant.left
    return Camp(state.players[index], colour, index == current, choice_of(state, index),
                state.led_role, tuple(grants.items()), clientele_limit(state, index),
                tuple(vault_view(state, index)), vault_limit(state, index))


def with_reading(camp: Camp, m: Metrics) -> Camp:
    return replace(camp, reading=reading_size(m))


def paint_strip(surface: pygame.Surface, rect: pygame.Rect, state: GloryState,
                leader_colour: RGB, m: Metrics) -> None:
    """The leader's name in their colour, the led role in its colour (an empty place before
    it is led), the Jacks in the supply as a Jack's card with their number, the end
    coming: no words the picture says (the legend and the rules cards do)."""
    leader_area, role_area, jacks_area, end_area = strip_parts(rect, state, m)
    size = reading_size(m)
    _name_badge(surface, leader_area, state.players[state.leader].name, leader_colour, size)
    if state.led_role is not None:
        fill = role_colour(state.led_role)
        board.badge_plain(surface, role_area, fill)
        draw_text(surface, abbreviate(role_label(state.led_role), size, role_area.width - 8),
                  role_area.inflate(-8, 0), size, theme.text_on(fill))
    else:
        board.dashed_rect(surface, role_area, theme.MUTED)
    jacks = pygame.Rect(0, 0, min(jacks_area.width, jack_width(m)), jacks_area.height)
    jacks.center = jacks_area.center
    paint_jacks(surface, jacks, state.jacks_supply, size, always=True)
    note = sites_note(state)
    if note:
        board.badge(surface, end_area, note, theme.DANGER)


#: the width of the border around the camp of the player on turn
ON_TURN_BORDER = 4
#: the gap between a camp's rows (nothing but its note's glyphs reaches into it)
CAMP_ROW_GAP = 3


@frozen
class CampRows:
    """Where each part of a camp goes, inside the camp's rect."""

    header: pygame.Rect
    note: pygame.Rect
    jacks: pygame.Rect
    clients: pygame.Rect
    vault: pygame.Rect
    buildings: pygame.Rect


def camp_rows(rect: pygame.Rect, m: Metrics) -> CampRows:
    """A camp's rows: who on the left and what on the right in a wide row (portrait),
    one above the other otherwise."""
    boxes = _camp_row_boxes(rect.width, rect.height, m, i18n.language())
    return CampRows(*(pygame.Rect(rect.left + x, rect.top + y, width, height)
                      for x, y, width, height in boxes))


@lru_cache(maxsize=32)
def _camp_row_boxes(width: int, height: int, m: Metrics,
                    language: str) -> tuple[tuple[int, int, int, int], ...]:
    """:func:`camp_rows` of a camp of this size at the origin (header, note, jacks,
    clients, vault, buildings): every frame asks it of each camp. Rows are as tall as
    their text at the reading size needs, whatever the number of camps; the buildings
    get what is left."""
    inner = pygame.Rect(0, 0, width, height).inflate(-8, -8)
    row = round(reading_size(m) * 1.45)
    jacks_width = jack_width(m)
    if inner.width > inner.height * 3:
        who, what = split_cols(inner, [2, 5], 8)
        header, note = split_rows(who, [-row, 1], CAMP_ROW_GAP)
        counts, buildings = split_rows(what, [-row, 1], CAMP_ROW_GAP)
        if note.height >= row:
            # the Jacks' card at the end of the turn chip's row, as in a narrow camp: the
            # clients' row keeps room for three marked chips beside their count
            clients, vault = split_cols(counts, [1, 1], 8)
            _chips, jacks = split_cols(pygame.Rect(note.topleft, (note.width, row)),
                                       [1, -jacks_width], CHIP_GAP)
        else:  # a camp a row tall: the Jacks' card ends the counts' row
            clients, vault, jacks = split_cols(counts, [1, 1, -jacks_width], 8)
    else:
        # too narrow for three client chips beside the count: the chips get two lines
        clients_height = row if inner.width >= 4 * row else 2 * row + CAMP_ROW_GAP
        header, note, clients, vault, buildings = split_rows(
            inner, [-row, -row, -clients_height, -row, 1], CAMP_ROW_GAP)
        # the Jacks' card at the end of the turn chip's row
        _chips, jacks = split_cols(note, [1, -jacks_width], CHIP_GAP)
    return tuple((box.x, box.y, box.width, box.height)
                 for box in (header, note, jacks, clients, vault, buildings))


def paint_camp(surface: pygame.Surface, rect: pygame.Rect, camp: Camp, m: Metrics) -> None:
    """One player's camp in their colour, all but its note (:func:`paint_camp_note`) and
    the border of the player on turn (``panel_border``, ``ON_TURN_BORDER`` wide)."""
    paint_camp_panel(surface, rect, camp.colour)
    rows = camp_rows(rect, m)
    for name, paint in CAMP_ROW_PAINTERS:
        if not _in_note(rows, name):
            paint(surface, getattr(rows, name), camp)


def _in_note(rows: CampRows, name: str) -> bool:
    """Whether the row ``name`` lies in the note's row (the Jacks of a narrow camp): the
    note's picture paints it, over the camp's."""
    return name == "jacks" and rows.jacks.colliderect(rows.note)


def paint_camp_panel(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    """The ground of a camp: a panel edged in its owner's colour."""
    panel(surface, rect, theme.PANEL_LIGHT, colour, width=2)


def paint_camp_header(surface: pygame.Surface, rect: pygame.Rect, name: str, influence: int,
                      colour: RGB) -> None:
    """The owner's name in their colour and their influence."""
    size = _row_size(rect)
    name_area, influence_area = split_cols(
        rect, [1, -max(round(rect.height * 1.2), measure(str(influence), size)[0] + 12)], 4)
    _name_badge(surface, name_area, name, colour, size)
    _name_badge(surface, influence_area, str(influence), theme.ACCENT, size)


def jack_width(m: Metrics) -> int:
    """The width of a Jack's card that shows a count up to 99 ("J12") at the reading size."""
    return measure(_("J") + "00", reading_size(m))[0] + 12


def paint_jacks(surface: pygame.Surface, rect: pygame.Rect, jacks: int,
                size: int = 0, always: bool = False) -> None:
    """Jacks: a white card, "J" (one) or "J2" (two); none: nothing, or "J0" ``always``
    (the supply)."""
    if not jacks and not always:
        return
    label = _("J") if jacks == 1 and not always else _("J") + str(jacks)
    board.card(surface, rect, JACK_WHITE)
    draw_text(surface, label, rect, size or _row_size(rect), theme.text_on(JACK_WHITE))


def _row_size(rect: pygame.Rect) -> int:
    """The text size a camp row of this height was made for (see :func:`reading_size`)."""
    return max(10, round(rect.height / 1.45))


def _name_badge(surface: pygame.Surface, rect: pygame.Rect, text: str, fill: RGB,
                size: int) -> None:
    """A badge whose text keeps ``size`` (a long name is shortened by rule, not shrunk)."""
    board.badge_plain(surface, rect, fill)
    draw_text(surface, abbreviate(text, size, rect.width - 8), rect.inflate(-8, 0), size,
              theme.text_on(fill))


#: a camp's rows but its note, in the order they are painted: (``CampRows`` field, painter)
CAMP_ROW_PAINTERS: tuple[tuple[str, Callable[[pygame.Surface, pygame.Rect, Camp], None]],
                         ...] = (
    ("header", lambda surface, row, camp: paint_camp_header(
        surface, row, camp.player.name, camp.player.influence, camp.colour)),
    ("jacks", lambda surface, row, camp: paint_jacks(surface, row, camp.player.jacks)),
    ("clients", lambda surface, row, camp: paint_clients(surface, row, camp.player,
                                                         camp.client_limit, camp.reading)),
    ("vault", lambda surface, row, camp: paint_vault(surface, row, camp.vault,
                                                     camp.vault_limit)),
    ("buildings", lambda surface, row, camp: paint_buildings(
        surface, row, camp.player, camp.reading)),
)


def camp_row_facts(camp: Camp) -> tuple[Hashable, ...]:
    """What each row of :data:`CAMP_ROW_PAINTERS` shows, in that order (the colour and the
    size aside): a camp's picture is kept while they hold."""
    player = camp.player
    return ((player.name, player.influence), player.jacks, (player.clients, camp.client_limit),
            (camp.vault, camp.vault_limit), player.buildings)


def update_camp(surface: pygame.Surface, rect: pygame.Rect, old: object, camp: Camp,
                m: Metrics) -> bool:
    """Bring the kept picture of a camp painted from the key ``old`` (see
    :func:`paint_table`) up to ``camp``: the rows whose facts changed painted again alone
    (a move of its owner mostly changes one of them), each over the panel redrawn under it.
    False (paint it whole) when its colour or the metrics changed."""
    if not isinstance(old, tuple) or old[:2] != (camp.colour, m):
        return False
    rows = camp_rows(rect, m)
    for (name, paint), was, now in zip(CAMP_ROW_PAINTERS, old[2], camp_row_facts(camp),
                                       strict=True):
        if was != now and not _in_note(rows, name):
            row = getattr(rows, name)
            surface.set_clip(row)
            surface.fill(theme.PANEL)
            paint_camp_panel(surface, rect, camp.colour)
            paint(surface, row, camp)
    surface.set_clip(None)
    return True


def paint_camp_note(surface: pygame.Surface, rect: pygame.Rect, camp: Camp,
                    beside: int = 0) -> None:
    """The camp's turn chips in their row (``rect``), the Jacks' card ``beside`` wide at
    its end: the actions structures still grant, a chip per role in its colour with their
    number, edged in the accent; else what the player chose: the led role's chip with the
    actions they have (left, while acting), or two face-down cards for a Think."""
    size = camp.reading
    height = min(rect.height, round(size * 1.45))  # a row's height, at the top of a tall one
    jacks = pygame.Rect(rect.left, rect.top, max(0, beside - CHIP_GAP), height)
    chips = pygame.Rect(rect.left, rect.top, rect.width - beside, height)
    if layout_mirrored():
        chips.right = rect.right
    else:
        jacks.right = rect.right
    if beside:  # the Jacks' card shares the row: painted with the chips, over the camp's
        paint_jacks(surface, jacks, camp.player.jacks, size)
    width = min(chips.width, max(chips.height * 2, measure("00", size)[0] + 16))
    places = [pygame.Rect(0, chips.top, width, chips.height) for _grant in camp.grants]
    choice, actions = camp.choice
    if not places and choice in ("lead", "follow") and camp.led_role is not None:
        places = [pygame.Rect(0, chips.top, width, chips.height)]
    step = width + CHIP_GAP
    for number, place in enumerate(places):
        if layout_mirrored():
            place.right = chips.right - number * step
        else:
            place.left = chips.left + number * step
    if camp.grants:
        for (role, left), place in zip(camp.grants, places, strict=True):
            if chips.contains(place):
                board.marked_chip(surface, place, grant_colour(role), str(left), size)
                panel_border(surface, place, theme.ACCENT, 2)
    elif places:
        board.marked_chip(surface, places[0], role_colour(str(camp.led_role)),
                          "" if actions is None else str(actions), size)
    elif choice == "think":
        _think_cards(surface, chips)


def grant_colour(role: str) -> RGB:
    """The chip of actions a structure grants: the role's colour; a card's back for Thinks
    (a School's), as the Think cards."""
    return board.CARD_BACK if role == "think" else role_colour(role)


def _think_cards(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A Think: two cards face down, one over the other (cards drawn)."""
    height = rect.height - 2
    first = pygame.Rect(0, rect.top + 1, height * 2 // 3, height)
    if layout_mirrored():
        first.right = rect.right
    else:
        first.left = rect.left
    second = first.move(first.width // 2 * (-1 if layout_mirrored() else 1), 0)
    board.card(surface, first, board.CARD_BACK, face_down=True)
    board.card(surface, second, board.CARD_BACK, face_down=True)


def _count_label(surface: pygame.Surface, rect: pygame.Rect, count: int, limit: int) -> None:
    draw_text(surface, f"{count}/{limit}", rect, _row_size(rect), theme.TEXT, align="right")


def _row_parts(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(icon, places, count) of a clients or vault row: the icon names the row, the count
    is what it holds of its limit, "2/5"."""
    size = _row_size(rect)
    icon, places, label = split_cols(rect, [-rect.height, 1, -measure("00/00", size)[0]], 3)
    return icon, places, label


def vault_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A strongbox with its lock: the vault's row."""
    side = min(rect.width, rect.height) - 4
    box = pygame.Rect(0, 0, side, side * 3 // 4)
    box.center = rect.center
    pygame.draw.rect(surface, theme.TEXT, box, width=2, border_radius=2)
    pygame.draw.line(surface, theme.TEXT, (box.left, box.top + box.height // 3),
                     (box.right - 1, box.top + box.height // 3), 2)
    pygame.draw.circle(surface, theme.TEXT, (box.centerx, box.top + box.height * 2 // 3),
                       max(2, side // 10))


#: the least room a vault card's place takes in its row (a 3 px card and its gap)
MIN_VAULT_STEP = 5


def paint_vault(surface: pygame.Surface, rect: pygame.Rect, shown: Sequence[str | None],
                limit: int) -> None:
    """Face-down cards against the vault limit; this turn's card face up in its material."""
    icon, places, label = _row_parts(rect)
    vault_icon(surface, icon)
    _count_label(surface, label, len(shown), limit)
    # a place per card up to the limit, as many as its row holds (the count says the
    # rest): the held cards first, the newest kept when they alone fill the row
    room = max(1, places.width // MIN_VAULT_STEP)
    slots: list[str | None | bool] = [*shown[-room:], *[False] * (limit - len(shown))][:room]
    if not slots:
        return
    step = max(2, min(round(places.height * 0.8), places.width // len(slots)))
    for number, slot in enumerate(slots):
        card = pygame.Rect(places.left + number * step, places.top, max(3, step - 2),
                           places.height)
        if slot is False:
            board.dashed_rect(surface, card, theme.MUTED, dash=3)
        elif slot is None:
            board.card(surface, card, board.CARD_BACK, face_down=True)
        else:
            board.card(surface, card, material_colour(str(slot)), highlight=theme.ACCENT)


def building_line(size: int) -> int:
    """A building card's line at ``size``: tall enough for the ink of an Arabic name's
    marks above and below."""
    return round(size * 1.5)


def building_slots(rect: pygame.Rect, built: Sequence[Building], size: int
                   ) -> tuple[list[pygame.Rect], pygame.Rect | None, bool]:
    """Where :func:`paint_buildings` puts the cards of ``built`` in ``rect`` with names at
    ``size``: as many as fit, the place of "+n more" when some do not (None when all fit or
    it has no room), and whether a foundation's materials go on a second line."""
    line = building_line(size)
    if not built or rect.height < line:
        return [], None, False
    columns = max(1, rect.width // (size * 5))
    width = (rect.width - 3 * (columns - 1)) // columns
    # a foundation's materials after its name where they fit, else below it, else after
    # its name shortened
    two_lines = rect.height >= 2 * line and width < size * 7

    def lines_of(building: Building) -> int:
        return 2 if two_lines and not building.completed else 1

    slots: list[pygame.Rect] = []
    tops = [rect.top] * columns
    for building in built:
        height = lines_of(building) * line
        column = min(range(columns), key=lambda c: tops[c])
        if height > rect.bottom - tops[column]:
            break
        slots.append(pygame.Rect(rect.left + column * (width + 3), tops[column], width, height))
        tops[column] += height + 3
    if slots and len(slots) < len(built):
        dropped = slots.pop()  # its place says how many more there are
        tops[(dropped.left - rect.left) // (width + 3)] = dropped.top
    more = None
    if len(slots) < len(built):
        column = min(range(columns), key=lambda c: tops[c])
        if tops[column] + line <= rect.bottom:
            more = pygame.Rect(rect.left + column * (width + 3), tops[column], width, line)
    return slots, more, two_lines


def paint_buildings(surface: pygame.Surface, rect: pygame.Rect, player: PlayerState,
                    size: int) -> None:
    """Foundations (name, then materials added / needed) and structures (name) as cards in
    their material, names at the reading ``size``; how many more do not fit: "+2"."""
    built = player.buildings
    line = building_line(size)
    slots, more, two_lines = building_slots(rect, built, size)
    for building, card in zip(built, slots, strict=False):
        one_line = not (two_lines and not building.completed)
        fill = material_colour(building.material)
        ink = theme.text_on(fill)
        outline = theme.MUTED if building.out_of_town else None
        board.card(surface, card, fill, highlight=outline)
        name_row = pygame.Rect(card.left + 4, card.top, card.width - 8, line)
        materials = f"{building.materials}/{building.value}"
        if not building.completed and one_line:
            name_row, count_row = split_cols(name_row, [1, -measure(materials, size)[0]], 6)
        elif not building.completed:
            count_row = name_row.move(0, line)
        draw_text(surface, abbreviate(building_label(building.name), size, name_row.width),
                  name_row, size, ink)
        if not building.completed:
            draw_text(surface, materials, count_row, size, ink)
    if more is not None:
        draw_text(surface, f"+{len(built) - len(slots)}", more, size, theme.TEXT)


def paint_sites(surface: pygame.Surface, rect: pygame.Rect, state: GloryState,
                m: Metrics) -> None:
    """Six site stacks, in town + out of town, greying out as they run low: the numbers
    alone, the whole width (the legend says what they count)."""
    left = sites_left(state)
    start = len(state.players)
    size = reading_size(m)
    for material, cell in zip(MATERIALS, split_cols(rect, [1] * len(MATERIALS), m.gap),
                              strict=True):
        in_town, out_of_town = left[material]
        fill = material_colour(material)
        if in_town == 0:
            fill = _blend(fill, theme.PANEL, 0.7)
        elif in_town < start:
            fill = _blend(fill, theme.PANEL, 0.35 * (start - in_town) / start)
        board.card(surface, cell, fill, highlight=theme.DANGER if in_town == 1 else None)
        count = f"{in_town}+{out_of_town}"
        if theme.contrast(theme.text_on(fill), fill) < 4.5:  # a greyed stack's mid tone
            pill = pygame.Rect((0, 0), (measure(count, size)[0] + 8, round(size * 1.3)))
            pill.center = cell.center
            board.badge_plain(surface, pill, theme.BACKGROUND)
            fill = theme.BACKGROUND
        draw_text(surface, count, cell, size, theme.text_on(fill))
