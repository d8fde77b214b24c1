"""Ave Roma: who acts when — the worker-sum turn order and the refill calling order.

Workers are shared pieces: in the refill phase players take back whatever lies in an
area, so the numbers in hand change every round. The new order follows the sums of the
numbers in hand: lowest first, and players with equal sums swap their previous order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.ave_roma.model import (
    WORKER_VALUES,
    WORKERS_PER_PLAYER,
    WORKERS_PER_VALUE,
    Seat,
)
from companion.games.base import Rejected
from companion.i18n import _

MIN_SUM = WORKERS_PER_PLAYER * min(WORKER_VALUES)
MAX_SUM = WORKERS_PER_PLAYER * max(WORKER_VALUES)


def next_turn_order(previous: Sequence[int], sums: Mapping[int, int]) -> tuple[int, ...]:
    """Lowest sum first; among equal sums, the reverse of their previous order."""
    position = {player: index for index, player in enumerate(previous)}
    return tuple(sorted(previous, key=lambda player: (sums[player], -position[player])))


def checked_numbers(raw: Any) -> tuple[int, ...]:
    """The five worker numbers a player entered, each 1-5, sorted."""
    if not isinstance(raw, list | tuple):
        raise Rejected(_("'numbers' must list the five worker numbers in hand, e.g. "
                         "[1, 2, 2, 4, 5]."))
    if len(raw) != WORKERS_PER_PLAYER:
        raise Rejected(_("Every player holds exactly {count} workers; {given} numbers were "
                         "entered.").format(count=WORKERS_PER_PLAYER, given=len(raw)))
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int) or value not in WORKER_VALUES:
            raise Rejected(_("Worker numbers run from 1 to 5; {value!r} is not one.").format(
                value=value))
    return tuple(sorted(raw))


def checked_sum(raw: Any) -> int:
    """A sum of five worker numbers: 5 to 25."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not MIN_SUM <= raw <= MAX_SUM:
        raise Rejected(_("Five workers numbered 1-5 add up to {low}-{high}, not {value!r}.").format(
            low=MIN_SUM, high=MAX_SUM, value=raw))
    return raw


def check_value_supply(seats: Sequence[Seat]) -> None:
    """No more than five workers of one value can be in the players' hands together."""
    for value in WORKER_VALUES:
        held = sum(seat.entered_numbers.count(value) for seat in seats
                   if seat.entered_numbers is not None)
        if held > WORKERS_PER_VALUE:
            raise Rejected(_("The entries add up to {held} workers numbered {value}, but there "
                             "are only {supply}; check the numbers in hand.").format(
                held=held, value=value, supply=WORKERS_PER_VALUE))


def entered_sum(seat: Seat) -> int | None:
    """The sum a player entered this turn-order phase (directly or as numbers)."""
    if seat.entered_numbers is not None:
        return sum(seat.entered_numbers)
    return seat.entered_sum


def refill_caller(order: Sequence[int], cursor: int, seats: Sequence[Seat]) -> int | None:
    """The player called to take back workers: from the last in turn order upwards,
    round and round, skipping anyone who already holds five. ``cursor`` counts
    positions in the reversed order. None once everyone holds five."""
    calling = list(reversed(order))
    for step in range(len(calling)):
        player = calling[(cursor + step) % len(calling)]
        if len(seats[player].hand) < WORKERS_PER_PLAYER:
            return player
    return None


def describe_order(order: Sequence[int], seats: Sequence[Seat]) -> str:
    """"Livia (9), Marcus (12), Titus (12)" — the order with each player's sum."""
    parts = []
    for player in order:
        total = entered_sum(seats[player])
        name = seats[player].name
        parts.append(name if total is None else _("{name} ({total})").format(name=name,
                                                                             total=total))
    return ", ".join(parts)
