"""Via Romana game state: immutable records plus the read-only questions about them.

Everything is a frozen dataclass of tuples so the reducer can share untouched parts
between successive states (cheap replay of long logs, safe undo).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from companion.core.records import frozen
from companion.games.base import PlayerInfo
from companion.games.via_romana.board import Board
from companion.games.via_romana.scoring import (
    LEGION_EAGLE_BONUS,
    ORDER_BOARD_BONUS,
    Marker,
    PlayerTally,
)

T = TypeVar("T")


class Phase(StrEnum):
    SETUP = "setup"  # starting castles are placed
    PLAY = "play"  # normal rounds
    LAST_TURNS = "last_turns"  # the last signpost is out: everyone else has one more turn
    OVER = "over"  # only the final scoring remains


@frozen
class Building:
    """A piece on a city space: a castle or a milestone of ``player``."""

    player: int
    castle: bool


@frozen
class Connection:
    """One scored road: who had how many pieces, who picks, who draws.

    ``pieces`` counts per player the pieces on both city spaces and the road spaces.
    ``tied`` lists every player with the most pieces (one entry when there was no tie).
    ``draws`` is ``(player, cards)`` in turn order from the trigger.
    ``marker``/``marker_city`` stay None while the pick is pending, and for good when
    neither city had a marker left.
    """

    road: int
    trigger: int
    pieces: tuple[int, ...]
    chooser: int
    tied: tuple[int, ...]
    draws: tuple[tuple[int, int], ...]
    signpost: bool
    marker: Marker | None = None
    marker_city: int | None = None


@frozen
class Settings:
    castles_per_player: int
    milestones_per_player: int
    starting_castles: int
    #: after the last signpost the others play once more (reviews); False: the game ends
    last_turns: bool = True
    order_board_bonus: int = ORDER_BOARD_BONUS
    eagle_bonus: int = LEGION_EAGLE_BONUS


@frozen
class ViaRomanaState:
    board: Board
    players: tuple[PlayerInfo, ...]
    settings: Settings
    phase: Phase
    current: int
    round: int
    cards_this_turn: int
    cities: tuple[Building | None, ...]
    #: per road, the owner of each road space listed from the road's first city (None: empty)
    roads: tuple[tuple[int | None, ...], ...]
    closed: tuple[bool, ...]
    #: per city, the markers still beside it, top first
    stacks: tuple[tuple[int, ...], ...]
    collected: tuple[tuple[Marker, ...], ...]
    order_boards: tuple[tuple[str, ...] | None, ...]
    signposts_left: int
    pending: tuple[Connection, ...] = ()
    scored: tuple[Connection, ...] = ()
    eagle: int | None = None
    #: players still owed their last turn, in order (phase LAST_TURNS)
    last_turns: tuple[int, ...] = ()
    starting_castles_placed: int = 0


def name_of(state: ViaRomanaState, player: int) -> str:
    return state.players[player].name


def order_from(state: ViaRomanaState, first: int) -> list[int]:
    """All players in turn order, starting with ``first``."""
    n = len(state.players)
    return [(first + k) % n for k in range(n)]


def castles_left(state: ViaRomanaState, player: int) -> int:
    """Castles still in the player's supply."""
    built = sum(1 for b in state.cities if b is not None and b.player == player and b.castle)
    return state.settings.castles_per_player - built


def milestones_left(state: ViaRomanaState, player: int) -> int:
    """Milestones still in the supply (road pieces come back when a road is scored)."""
    in_cities = sum(1 for b in state.cities if b is not None and b.player == player
                    and not b.castle)
    on_roads = sum(1 for spaces in state.roads for owner in spaces if owner == player)
    return state.settings.milestones_per_player - in_cities - on_roads


def next_space(state: ViaRomanaState, road: int, from_city: int) -> int | None:
    """The road space a milestone built from ``from_city`` goes on (None: road full).

    Road spaces fill from both ends inwards, so the next one from an end is the first
    empty space counted from that end.
    """
    spaces = state.roads[road]
    order = range(len(spaces)) if from_city == state.board.roads[road].a \
        else range(len(spaces) - 1, -1, -1)
    for index in order:
        if spaces[index] is None:
            return index
    return None


def road_colours(state: ViaRomanaState, road: int, from_city: int) -> tuple[str, ...]:
    """Card colours that pay for a milestone on ``road`` built from ``from_city``."""
    del from_city  # either end's colour pays, whichever end the road is built from
    return state.board.roads[road].colours


def extendable_ends(state: ViaRomanaState) -> list[tuple[int, int]]:
    """``(road, from_city)`` pairs where a milestone may go now: open road, built end, room."""
    ends: list[tuple[int, int]] = []
    for index, road in enumerate(state.board.roads):
        if state.closed[index]:
            continue
        for city in (road.a, road.b):
            if state.cities[city] is not None and next_space(state, index, city) is not None:
                ends.append((index, city))
    return ends


def free_cities(state: ViaRomanaState) -> list[int]:
    """Cities with an empty city space."""
    return [i for i, b in enumerate(state.cities) if b is None]


def castle_marker_values(state: ViaRomanaState, player: int) -> tuple[int, ...]:
    """Per own castle, the top marker still beside its city (the base value when none)."""
    return tuple(state.stacks[i][0] if state.stacks[i] else state.board.base_value
                 for i, b in enumerate(state.cities)
                 if b is not None and b.castle and b.player == player)


def tally(state: ViaRomanaState, player: int, order_board_fulfilled: bool = False) -> PlayerTally:
    """The player's final-score record from the tracked game."""
    return PlayerTally(name=name_of(state, player), markers=state.collected[player],
                       castle_markers=castle_marker_values(state, player),
                       order_board=state.order_boards[player], legion_eagle=state.eagle == player,
                       order_board_fulfilled=order_board_fulfilled,
                       order_board_bonus=state.settings.order_board_bonus,
                       eagle_bonus=state.settings.eagle_bonus)


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with one entry replaced; the other entries are shared, not copied deeply."""
    return (*items[:index], value, *items[index + 1:])
