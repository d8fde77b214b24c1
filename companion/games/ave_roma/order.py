"""Ave Roma: who acts when — the worker-sum turn order and the refill calling order.

Workers are shared pieces: in the refill phase players take back whatever lies in an
area, so the numbers in hand change every round. The new order follows the sums of the
numbers in hand: lowest first, and players with equal sums swap their previous order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.i18n import _
from companion.games.ave_roma.model import (
    WORKER_VALUES,
    WORKERS_PER_PLAYER,
    Seat,
)
from companion.games.base import Rejected

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


def check_value_supply(numbers: Sequence[int], players: int) -> None:
    """Every player brings workers 1-5, so no hand holds more of a value than there are
    players."""
    for value in WORKER_VALUES:
        held = list(numbers).count(value)
        if held > players:
            raise Rejected(_("{held} workers numbered {value} were entered, but with {players} "
                             "players there are only {players}; check the numbers in "
                             "hand.").format(held=held, value=value, players=players))


def check_against_hand(seat: Seat, numbers: Sequence[int] | None, total: int | None) -> None:
    """A typed hand must be the one the companion followed through the take-backs."""
    held = " ".join(map(str, seat.hand))
    if numbers is not None and tuple(sorted(numbers)) != tuple(sorted(seat.hand)):
        raise Rejected(_("{name} was tracked taking back {held}, but {typed} was entered; "
                         "undo the take-back that went wrong instead.").format(
            name=seat.name, held=held, typed=" ".join(map(str, sorted(numbers)))))
    if total is not None and total != sum(seat.hand):
        raise Rejected(_("{name} holds {held} (sum {tracked}) by the take-backs, not a sum of "
                         "{total}.").format(name=seat.name, held=held,
                                            tracked=sum(seat.hand), total=total))


def hand_order(previous: Sequence[int], seats: Sequence[Seat]) -> tuple[int, ...]:
    """The next order from the hands the companion tracked."""
    return next_turn_order(previous, {player: sum(seats[player].hand) for player in previous})


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
    """"Livia (9), Marcus (12), Titus (12)" — the order with each player's sum in hand."""
    return ", ".join(_("{name} ({total})").format(name=seats[p].name, total=sum(seats[p].hand))
                     for p in order)
