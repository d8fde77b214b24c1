"""Where on a table a long press finds a rules card: its buttons and its drawn parts.

A table's move buttons and hotspots name their card by key ("move-lead-architect" is
the Architect, "city-3" the fourth city); the drawn parts that are not buttons (a
building in a camp, a region card space, the board spaces) by the same geometry their
painters use (``glory_camps``, ``ave_roma_board``). Pure lookups: nothing here draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion.games.rules_card import topic

if TYPE_CHECKING:
    from companion.log.session import GameSession
    from companion.ui.layout import Metrics
    from companion.ui.tables.base import GameView
    from companion.ui.widgets import Button


class TableScreen(Protocol):
    """What the spots read of the table screen (its module imports this one)."""

    view: GameView

    @property
    def session(self) -> GameSession: ...

    @property
    def state(self) -> Any: ...

    @property
    def metrics(self) -> Metrics: ...

    def button_at(self, pos: tuple[int, int]) -> Button | None: ...

    def info_rect(self) -> pygame.Rect: ...

Spot = tuple[pygame.Rect, str]


def topic_at(table: TableScreen, pos: tuple[int, int]) -> str | None:
    """The rules card under ``pos`` on ``table``, or None."""
    game = table.session.rules.key
    button = table.button_at(pos)
    if button is not None:
        found = button_topic(table, button.key)
        if found is not None:
            return found
    inner = table.info_rect()
    for rect, key in drawn_spots(table, game, inner):
        if rect.collidepoint(pos):
            return key
    return None


def button_topic(table: TableScreen, key: str) -> str | None:
    """The card a table button stands for (a move, a hotspot), or None."""
    game = table.session.rules.key
    state = table.state
    if game == "glory-to-rome":
        return _glory_button(key, state.led_role)
    if game == "ave-roma":
        return _ave_button(key)
    if game == "via-romana":
        return _via_button(key, state)
    return None


def _glory_button(key: str, led: str | None) -> str | None:
    move = key.removeprefix("move-")
    if move.startswith("lead-"):
        return topic("role", move.removeprefix("lead-"))
    fixed = {"think": topic("part", "think"), "jack": topic("part", "jack"),
             "client": topic("role", "patron"), "vault": topic("role", "merchant"),
             "colosseum": topic("building", "Colosseum"),
             "stairway": topic("building", "Stairway")}
    if move in fixed:
        return fixed[move]
    if move.startswith("skip-"):
        return topic("building", move.removeprefix("skip-"))
    if move.startswith("bonus-"):
        return topic("building", move.split("-", 2)[-1])
    if led is not None and (move in ("follow", "foundation", "material", "done")
                            or move.startswith("material-")):
        return topic("role", led)
    return None


def _ave_button(key: str) -> str | None:
    move = key.removeprefix("move-")
    for prefix in ("space-", "area-"):
        if move.startswith(prefix):
            return topic("space", move.removeprefix(prefix))
    return None


def _via_button(key: str, state: object) -> str | None:
    if key.startswith("city-"):
        cities = state.board.cities  # type: ignore[attr-defined]
        index = int(key.removeprefix("city-"))
        return topic("city", cities[index].name) if index < len(cities) else None
    if key.startswith("road-"):
        return topic("build", "milestone_road")
    if key == "move-end_turn":
        return topic("part", "cards")
    if key.startswith("move-pick-"):
        return topic("part", "connection")
    return None


def drawn_spots(table: TableScreen, game: str, rect: pygame.Rect) -> list[Spot]:
    """The drawn parts of the game's panel in ``rect`` that have a card."""
    if game == "glory-to-rome":
        return _glory_spots(table, rect)
    if game == "ave-roma":
        return _ave_spots(table, rect)
    if game == "via-romana":
        return _via_spots(table, rect)
    return []


def _glory_spots(table: TableScreen, rect: pygame.Rect) -> list[Spot]:
    from companion.ui.board import reading_size
    from companion.ui.tables.glory_camps import (
        building_slots,
        camp_rows,
        sites_note,
        strip_parts,
        table_layout,
    )

    state = table.state
    m = table.metrics
    strip, cells, sites = table_layout(rect, len(state.players), m, bool(sites_note(state)))
    _leader, role_area, jacks_area, _end = strip_parts(strip, state, m)
    spots: list[Spot] = [(jacks_area, topic("part", "jack")), (sites, topic("part", "sites"))]
    if state.led_role is not None:
        spots.append((role_area, topic("role", state.led_role)))
    for player, cell in zip(state.players, cells, strict=True):
        rows = camp_rows(cell, m)
        cards, _more, _two_lines = building_slots(rows.buildings, player.buildings,
                                                  reading_size(m))
        spots += [(card, topic("building", b.name))
                  for b, card in zip(player.buildings, cards, strict=False)]
        spots += [(rows.clients, topic("part", "clients")), (rows.vault, topic("part", "vault")),
                  (rows.jacks, topic("part", "jack"))]
    # anywhere else on a camp (its name, its note, an empty place): what its rows show
    spots += [(cell, topic("part", "camp")) for cell in cells]
    return spots


def _ave_spots(table: TableScreen, rect: pygame.Rect) -> list[Spot]:
    from companion.ui.tables.ave_roma_board import board_cells, board_parts, region_cells

    view = table.view
    prompt = view.prompt() if hasattr(view, "prompt") else ""
    taking_back = bool(getattr(view, "taking_back", lambda: False)())
    parts = board_parts(rect, table.state, prompt, table.metrics, taking_back)
    spots: list[Spot] = []
    if parts.regions is not None:
        cells, deck = region_cells(parts.regions, table.metrics)
        spots += [(cell, topic("part", "region")) for cell in cells]
        spots.append((deck, topic("part", "deck")))
    cells = board_cells(parts.boards, len(table.state.seats), parts.layout, table.metrics)
    spots += [(cell, topic("player", str(player)))  # all of a board, whatever its row shows
              for player, cell in zip(table.state.order, cells, strict=True)]
    return spots


def _via_spots(table: TableScreen, rect: pygame.Rect) -> list[Spot]:
    areas = getattr(table.view, "areas", None)
    if areas is None:
        return []
    _hint, _board, side = areas(rect)
    return [(side, topic("part", "final"))]
