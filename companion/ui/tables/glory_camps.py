"""The Glory to Rome table as a picture: the turn strip, one camp per player, the sites.

A camp is what a player has in front of them: influence as a big number, clients as
chips in the role colours against the clientele limit, the vault as face-down cards
against its limit (the card placed this turn face up in its material), foundations and
structures as small cards in their material with materials added / value, Jacks held.
Only names and numbers are text. Pure drawing: the view hands in the state.

The strip, each camp and the sites are cached layers: a camp is painted from a
:class:`Camp` of exactly what it shows, so a move repaints only the camps it changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache, partial

import pygame

from companion import i18n
from companion.games.glory_to_rome import (
    MATERIALS,
    ROLE_MATERIAL,
    ROLES,
    GloryState,
    PlayerState,
    action_label,
    actions_this_turn,
    clientele_limit,
    pending,
    role_label,
    sites_left,
    vault_limit,
    vault_view,
)
from companion.i18n import _, ngettext
from companion.records import frozen
from companion.ui import board, theme
from companion.ui.layers import Layers
from companion.ui.layout import Metrics, split_cols, split_rows
from companion.ui.text import draw_text
from companion.ui.theme import RGB
from companion.ui.widgets import panel, panel_border

#: the Jack cards' face
JACK_WHITE: RGB = (236, 236, 230)


def material_colour(material: str) -> RGB:
    return theme.THING_COLOURS[material]


def role_colour(role: str) -> RGB:
    return material_colour(ROLE_MATERIAL[role])


def _blend(colour: RGB, toward: RGB, share: float) -> RGB:
    """``colour`` moved ``share`` (0..1) of the way to ``toward``."""
    return (round(colour[0] + (toward[0] - colour[0]) * share),
            round(colour[1] + (toward[1] - colour[1]) * share),
            round(colour[2] + (toward[2] - colour[2]) * share))


def choice_note(state: GloryState, index: int) -> str:
    """What a player chose this turn and the actions they have: "follows · 2 actions"."""
    return choice_notes(state)[index]


#: the notes of the state last asked about, by identity (a frame asks for each camp's
#: note twice, for the camp and the turn order, and each works out every player's actions)
_last_notes: tuple[GloryState, str, tuple[str, ...]] | None = None


def choice_notes(state: GloryState) -> tuple[str, ...]:
    """:func:`choice_note` of every player, worked out once per state and language."""
    global _last_notes
    language = i18n.language()
    last = _last_notes
    if last is not None and last[0] is state and last[1] == language:
        return last[2]
    words = {"lead": _("leads"), "follow": _("follows"), "think": _("thinks")}
    counts = actions_this_turn(state)
    notes = []
    for index, count in enumerate(counts):
        note = words.get(state.choices[index] or "", "")
        if state.phase == "actions" and state.acting == index:
            left = state.actions_left[index]
            note = _("{choice} · {left} left").format(choice=note, left=left)
        elif count is not None:
            actions = ngettext("{n} action", "{n} actions", count).format(n=count)
            note = _("{choice} · {actions}").format(choice=note, actions=actions)
        notes.append(note)
    result = tuple(notes)
    _last_notes = (state, language, result)
    return result


def sites_note(state: GloryState) -> str:
    """The end coming: the last in-town sites, said while they run out."""
    left = sum(state.in_town)
    if left > len(state.players):
        return ""
    return ngettext("End near: {n} in-town site left", "End near: {n} in-town sites left",
                    left).format(n=left)


def table_layout(rect: pygame.Rect, players: int, m: Metrics
                 ) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
    """(turn strip, one camp per player, site stacks) inside ``rect``: camps side by side
    on the landscape screen, one above the other on the portrait one; never scrolled."""
    strip_height = max(28, round(m.small * 1.25))
    sites_height = max(34, round(m.unit * (0.9 if m.portrait else 0.75)))
    strip, camps, sites = split_rows(rect, [-strip_height, 1, -sites_height], m.gap)
    split = split_rows if m.portrait else split_cols
    return strip, split(camps, [1] * players, m.gap), sites


def paint_table(surface: pygame.Surface, rect: pygame.Rect, state: GloryState,
                colours: Sequence[RGB], m: Metrics, layers: Layers) -> None:
    """The whole picture inside ``rect``: strip on top, camps, sites at the foot."""
    strip, cells, sites = table_layout(rect, len(state.players), m)
    strip_key = (state.players[state.leader].name, state.led_role, state.jacks_supply,
                 sites_note(state), m)
    layers.blit(surface, strip, "strip", strip_key, theme.PANEL,
                lambda picture, area: paint_strip(picture, area, state, m))
    for index, cell in enumerate(cells):
        camp = camp_facts(state, index, colours[index])
        # the note and the turn change with most moves, the rest of a camp with its
        # owner's: kept apart, and the turn's border drawn over the kept picture; the camp
        # is as tall as the move buttons leave room for (one row or two): both kept
        body_key = (camp.colour, m, camp_row_facts(camp))
        layers.blit(surface, cell, f"camp-{index}", body_key, theme.PANEL,
                    partial(paint_camp, camp=camp, m=m),
                    partial(update_camp, camp=camp, m=m), sizes=2)
        if camp.on_turn:
            panel_border(surface, cell, theme.ACCENT, ON_TURN_BORDER)
        # with the gaps above and below: a glyph may reach past its row (Arabic dots do)
        note = camp_rows(pygame.Rect((0, 0), cell.size), m).note.move(cell.topleft).inflate(
            0, 2 * CAMP_ROW_GAP)
        layers.blit(surface, note, f"camp-{index}-note", (camp.note, camp.granted, m),
                    theme.PANEL_LIGHT, partial(paint_camp_note, camp=camp))
    sites_key = (state.in_town, state.out_of_town, len(state.players), m)
    layers.blit(surface, sites, "sites", sites_key, theme.PANEL,
                lambda picture, area: paint_sites(picture, area, state, m))


@frozen
class Camp:
    """Everything one camp shows: what its picture is painted from and cached by."""

    player: PlayerState
    colour: RGB
    on_turn: bool
    note: str
    granted: bool  # the note lists building actions still to take
    client_limit: int
    vault: tuple[str | None, ...]  # None: a card face down
    vault_limit: int


def camp_facts(state: GloryState, index: int, colour: RGB) -> Camp:
    current = state.acting if state.phase == "actions" else None
    if state.phase == "lead":
        current = state.leader
    elif state.phase == "follow":
        current = next((i for i, c in enumerate(state.choices) if c is None), None)
    grants = pending(state, index)
    words = ", ".join(_("{building}: {left} {role}").format(
        building=g.building, left=g.left, role=action_label(g.role)) for g in grants)
    return Camp(state.players[index], colour, index == current,
                words or choice_note(state, index), bool(grants),
                clientele_limit(state, index), tuple(vault_view(state, index)),
                vault_limit(state, index))


def paint_strip(surface: pygame.Surface, rect: pygame.Rect, state: GloryState,
                m: Metrics) -> None:
    """Leader, the led role in its colour, the Jacks in the supply, the end coming."""
    size = max(12, round(rect.height * 0.62))
    leader_area, role_area, jacks_area, end_area = split_cols(
        rect, [3, 3, 2, 4] if m.portrait else [3, 3, 2, 4], m.gap)
    draw_text(surface, _("Leader: {name}").format(name=state.players[state.leader].name),
              leader_area, size, theme.ACCENT, align="left")
    if state.led_role is not None:
        fill = role_colour(state.led_role)
        board.badge(surface, role_area, role_label(state.led_role), fill)
    else:
        draw_text(surface, _("no role led yet"), role_area, size, theme.MUTED)
    draw_text(surface, _("Jacks: {n}").format(n=state.jacks_supply), jacks_area, size,
              theme.TEXT)
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
    boxes = _camp_row_boxes(rect.width, rect.height, m)
    return CampRows(*(pygame.Rect(rect.left + x, rect.top + y, width, height)
                      for x, y, width, height in boxes))


@lru_cache(maxsize=32)
def _camp_row_boxes(width: int, height: int, m: Metrics) -> tuple[tuple[int, int, int, int],
                                                                  ...]:
    """:func:`camp_rows` of a camp of this size at the origin (header, note, jacks,
    clients, vault, buildings): every frame asks it of each camp."""
    inner = pygame.Rect(0, 0, width, height).inflate(-8, -8)
    if inner.width > inner.height * 3:
        unit = max(14, min(inner.height // 4, round(m.unit * 0.6)))
        who, what = split_cols(inner, [2, 5], 8)
        header, note, jacks, _rest = split_rows(
            who, [-round(unit * 1.35), -round(unit * 0.9), -round(unit * 0.9), 1],
            CAMP_ROW_GAP)
        clients, vault, buildings = split_rows(what, [-unit, -unit, 1], CAMP_ROW_GAP)
    else:
        unit = max(14, min(inner.height // 7, round(m.unit * 0.5)))
        header, note, clients, vault, jacks, buildings = split_rows(
            inner, [-round(unit * 1.35), -round(unit * 0.8), -unit, -unit, -unit, 1],
            CAMP_ROW_GAP)
    return tuple((row.x, row.y, row.width, row.height)
                 for row in (header, note, jacks, clients, vault, buildings))


def paint_camp(surface: pygame.Surface, rect: pygame.Rect, camp: Camp, m: Metrics) -> None:
    """One player's camp in their colour, all but its note (:func:`paint_camp_note`) and
    the border of the player on turn (``panel_border``, ``ON_TURN_BORDER`` wide)."""
    paint_camp_panel(surface, rect, camp.colour)
    rows = camp_rows(rect, m)
    for name, paint in CAMP_ROW_PAINTERS:
        paint(surface, getattr(rows, name), camp)


def paint_camp_panel(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    """The ground of a camp: a panel edged in its owner's colour."""
    panel(surface, rect, theme.PANEL_LIGHT, colour, width=2)


def paint_camp_header(surface: pygame.Surface, rect: pygame.Rect, name: str, influence: int,
                      colour: RGB) -> None:
    """The owner's name in their colour and their influence."""
    name_area, influence_area = split_cols(rect, [1, -round(rect.height * 1.5)], 4)
    board.badge(surface, name_area, name, colour)
    board.badge(surface, influence_area, str(influence), theme.ACCENT)


#: a camp's rows but its note, in the order they are painted: (``CampRows`` field, painter)
CAMP_ROW_PAINTERS: tuple[tuple[str, Callable[[pygame.Surface, pygame.Rect, Camp], None]],
                         ...] = (
    ("header", lambda surface, row, camp: paint_camp_header(
        surface, row, camp.player.name, camp.player.influence, camp.colour)),
    ("jacks", lambda surface, row, camp: paint_jacks(surface, row, camp.player.jacks)),
    ("clients", lambda surface, row, camp: paint_clients(surface, row, camp.player,
                                                         camp.client_limit)),
    ("vault", lambda surface, row, camp: paint_vault(surface, row, camp.vault,
                                                     camp.vault_limit)),
    ("buildings", lambda surface, row, camp: paint_buildings(surface, row, camp.player)),
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
        if was != now:
            row = getattr(rows, name)
            surface.set_clip(row)
            surface.fill(theme.PANEL)
            paint_camp_panel(surface, rect, camp.colour)
            paint(surface, row, camp)
    surface.set_clip(None)
    return True


def paint_camp_note(surface: pygame.Surface, rect: pygame.Rect, camp: Camp) -> None:
    """The camp's note (what its owner chose, the actions left) in its row: ``rect`` with
    the row's gaps above and below."""
    row = rect.inflate(0, -2 * CAMP_ROW_GAP)
    draw_text(surface, camp.note, row, max(11, row.height),
              theme.ACCENT if camp.granted else theme.TEXT, align="left")


def paint_jacks(surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
    """The Jacks a player holds, as small white cards."""
    width = max(8, round(rect.height * 0.75))
    for slot in range(min(count, max(1, rect.width // (width + 2)))):
        card = pygame.Rect(rect.left + slot * (width + 2), rect.top, width, rect.height)
        board.card(surface, card, JACK_WHITE, label=_("J"))


def _count_label(surface: pygame.Surface, rect: pygame.Rect, count: int, limit: int) -> None:
    draw_text(surface, f"{count}/{limit}", rect, max(11, rect.height), theme.TEXT,
              align="right")


def paint_clients(surface: pygame.Surface, rect: pygame.Rect, player: PlayerState,
                  limit: int) -> None:
    """A chip per client in its role's colour, hollow places up to the clientele limit."""
    places, label = split_cols(rect, [1, -rect.height * 2], 2)
    _count_label(surface, label, sum(player.clients), limit)
    roles = [role for role in ROLES for _n in range(player.client_count(role))]
    total = max(limit, len(roles))
    if total == 0:
        return
    step = min(places.height, max(6, places.width // total))
    radius = max(3, step // 2 - 1)
    for slot in range(total):
        center = (places.left + slot * step + step // 2, places.centery)
        if slot < len(roles):
            board.chip(surface, center, radius, role_colour(roles[slot]),
                       label=role_label(roles[slot])[:1] if radius >= 8 else "")
        else:
            pygame.draw.circle(surface, theme.MUTED, center, radius, width=1)


def paint_vault(surface: pygame.Surface, rect: pygame.Rect, shown: Sequence[str | None],
                limit: int) -> None:
    """Face-down cards against the vault limit; this turn's card face up in its material."""
    places, label = split_cols(rect, [1, -rect.height * 2], 2)
    _count_label(surface, label, len(shown), limit)
    total = max(limit, len(shown))
    if total == 0:
        return
    step = min(round(places.height * 0.8), max(5, places.width // total))
    for slot in range(total):
        card = pygame.Rect(places.left + slot * step, places.top, max(3, step - 2),
                           places.height)
        if slot >= len(shown):
            board.dashed_rect(surface, card, theme.MUTED, dash=3)
        elif shown[slot] is None:
            board.card(surface, card, board.CARD_BACK, face_down=True)
        else:
            board.card(surface, card, material_colour(str(shown[slot])),
                       highlight=theme.ACCENT)


def building_slots(rect: pygame.Rect, count: int) -> tuple[list[pygame.Rect],
                                                         pygame.Rect | None]:
    """Where :func:`paint_buildings` puts ``count`` buildings' cards in ``rect``: as many
    as fit, and the place of "+n more" when some do not (None when all fit)."""
    if not count or rect.height < 12:
        return [], None
    columns = max(1, rect.width // 120)
    rows = -(-count // columns)
    height = min(46, (rect.height - 3 * (rows - 1)) // rows)
    if height < 14:  # too many to draw readably: as many as fit, then how many more
        rows = max(1, (rect.height + 3) // 17)
        height = 14
    width = (rect.width - 3 * (columns - 1)) // columns
    fitting = rows * columns
    shown = count if count <= fitting else fitting - 1
    places = [pygame.Rect(rect.left + column * (width + 3), rect.top + row * (height + 3),
                          width, height)
              for row, column in (divmod(slot, columns) for slot in range(shown + 1))]
    return places[:shown], places[shown] if shown < count else None


def paint_buildings(surface: pygame.Surface, rect: pygame.Rect, player: PlayerState) -> None:
    """Foundations (with materials added / value) and structures as small cards."""
    built = player.buildings
    cards, more = building_slots(rect, len(built))
    for building, card in zip(built, cards, strict=False):
        progress = None if building.completed else (building.materials, building.value)
        outline = theme.MUTED if building.out_of_town else None
        board.card(surface, card, material_colour(building.material), label=building.name,
                   progress=progress, highlight=outline)
    if more is not None:
        draw_text(surface, _("+{n} more").format(n=len(built) - len(cards)), more,
                  max(11, more.height * 2 // 3), theme.TEXT)


def paint_sites(surface: pygame.Surface, rect: pygame.Rect, state: GloryState,
                m: Metrics) -> None:
    """Six site stacks, in town + out of town, greying out as they run low."""
    left = sites_left(state)
    start = len(state.players)
    label_area, stacks = split_cols(rect, [-round(rect.height * 1.6), 1], m.gap)
    draw_text(surface, _("Sites"), label_area, max(11, rect.height // 2), theme.MUTED,
              align="left")
    for material, cell in zip(MATERIALS, split_cols(stacks, [1] * len(MATERIALS), m.gap),
                              strict=True):
        in_town, out_of_town = left[material]
        fill = material_colour(material)
        if in_town == 0:
            fill = _blend(fill, theme.PANEL, 0.7)
        elif in_town < start:
            fill = _blend(fill, theme.PANEL, 0.35 * (start - in_town) / start)
        board.card(surface, cell, fill, label=f"{in_town}+{out_of_town}",
                   highlight=theme.DANGER if in_town == 1 else None)
