"""Ave Roma: what an action does to a player's board, checked before anything changes.

Card texts (set bonuses, patron powers, Rome spaces) are not known to the companion, so
the table enters their effects as numbers; this module applies them with the rules that
*are* known: coins never go negative, resources are capped at 3 with the overflow put
into surplus or sold, political influence stops at 30 and pays 2 VP per point beyond,
and two cubes never share a space in a region.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.i18n import _, ngettext
from companion.core.records import frozen
from companion.games.ave_roma.model import (
    POLITICAL_CAP,
    POLITICAL_OVERFLOW_VP,
    REGION_COUNT,
    RESOURCE_CAP,
    RESOURCES,
    SALE_VALUES,
    AveRomaState,
    Region,
    Seat,
    resource_label,
)
from companion.games.base import Rejected

NO_RESOURCES: tuple[int, ...] = (0,) * len(RESOURCES)


@frozen
class Effects:
    """The entered consequences of one action, as signed changes."""

    gain: tuple[int, ...] = NO_RESOURCES
    pay: tuple[int, ...] = NO_RESOURCES
    sell: tuple[int, ...] = NO_RESOURCES
    coins: int = 0
    surplus: int = 0
    vp: int = 0
    political: int = 0
    influence: tuple[tuple[int, int], ...] = ()

    @property
    def sale_coins(self) -> int:
        return sum(n * SALE_VALUES[r] for r, n in zip(RESOURCES, self.sell, strict=True))


def whole_number(payload: Mapping[str, Any], key: str, *, default: int | None = None,
                 minimum: int | None = None, maximum: int | None = None) -> int:
    """Read an integer field of a payload, refusing anything else in words."""
    value = payload.get(key, default)
    if value is None:
        raise Rejected(_("The action needs '{key}'.").format(key=key))
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(_("'{key}' must be a whole number, not {value!r}.").format(
            key=key, value=value))
    if minimum is not None and value < minimum:
        raise Rejected(_("'{key}' must be at least {minimum}, not {value}.").format(
            key=key, minimum=minimum, value=value))
    if maximum is not None and value > maximum:
        raise Rejected(_("'{key}' must be at most {maximum}, not {value}.").format(
            key=key, maximum=maximum, value=value))
    return value


def resource_counts(payload: Mapping[str, Any], key: str) -> tuple[int, ...]:
    """Read ``{"wood": 2, ...}`` into counts aligned with RESOURCES."""
    raw = payload.get(key) or {}
    if not isinstance(raw, Mapping):
        raise Rejected(_("'{key}' must map resources to amounts, e.g. {{\"wood\": 2}}.").format(
            key=key))
    counts = dict.fromkeys(RESOURCES, 0)
    for resource in raw:
        if resource not in counts:
            raise Rejected(_("'{key}' names {resource!r}, which is not a resource; use one of: "
                             "{known}.").format(key=key, resource=resource,
                                                known=", ".join(RESOURCES)))
        counts[resource] = whole_number(raw, resource, minimum=0)
    return tuple(counts[r] for r in RESOURCES)


def region_amounts(payload: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    """Read ``{"influence": {"2": 3}}``: region position -> influence gained there."""
    raw = payload.get("influence") or {}
    if not isinstance(raw, Mapping):
        raise Rejected(_("'influence' must map region positions 1-5 to amounts, "
                         "e.g. {\"2\": 3}."))
    gains: list[tuple[int, int]] = []
    for key in raw:
        position = key if isinstance(key, int) and not isinstance(key, bool) else None
        if isinstance(key, str) and key.isascii() and key.isdigit():
            position = int(key)
        if position is None or not 1 <= position <= REGION_COUNT:
            raise Rejected(_("'influence' names region {key!r}; regions are numbered 1 to "
                             "5.").format(key=key))
        gains.append((position, whole_number(raw, key, minimum=1)))
    return tuple(sorted(gains))


def parse_effects(payload: Mapping[str, Any]) -> Effects:
    """The effect fields every action may carry (all optional)."""
    return Effects(
        gain=resource_counts(payload, "gain"),
        pay=resource_counts(payload, "pay"),
        sell=resource_counts(payload, "sell"),
        coins=whole_number(payload, "coins", default=0),
        surplus=whole_number(payload, "surplus", default=0),
        vp=whole_number(payload, "vp", default=0),
        political=whole_number(payload, "political", default=0),
        influence=region_amounts(payload),
    )


def _coins_after(seat: Seat, effects: Effects, income: int, fee: int, fee_reason: str) -> int:
    before_fee = seat.coins + income + effects.sale_coins + effects.coins
    if before_fee < 0:
        raise Rejected(_("{name} has {have} coins and cannot pay {cost}. Take coins first "
                         "(Quaestor, selling) or choose another action.").format(
            name=seat.name, have=seat.coins + income + effects.sale_coins,
            cost=-effects.coins))
    if before_fee - fee < 0:
        raise Rejected(_("{reason} costs {fee} coins at the end of the action, and {name} "
                         "would have only {have}. Choose another action or another "
                         "worker.").format(reason=fee_reason, fee=fee, name=seat.name,
                                           have=before_fee))
    return before_fee - fee


def _resources_after(seat: Seat, effects: Effects) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """New resource counts (capped) and the overflow beyond the cap."""
    kept: list[int] = []
    overflow: list[int] = []
    for index, resource in enumerate(RESOURCES):
        spent = effects.pay[index] + effects.sell[index]
        have = seat.resources[index] + effects.gain[index]
        if spent > have:
            raise Rejected(_("{name} has {have} {resource} and cannot give up {spent}.").format(
                name=seat.name, have=have, resource=resource_label(resource), spent=spent))
        amount = have - spent
        kept.append(min(amount, RESOURCE_CAP))
        overflow.append(seat.overflow[index] + max(0, amount - RESOURCE_CAP))
    return tuple(kept), tuple(overflow)


def _political_after(seat: Seat, gained: int) -> tuple[int, int]:
    """New political influence and the VP earned by points beyond the cap."""
    total = seat.political + gained
    if total < 0:
        raise Rejected(_("{name} has {have} political influence and cannot lose {lost}.").format(
            name=seat.name, have=seat.political, lost=-gained))
    beyond = max(0, total - POLITICAL_CAP)
    return total - beyond, beyond * POLITICAL_OVERFLOW_VP


def political_beyond_cap(seat: Seat, effects: Effects) -> list[str]:
    """What the table must do when political influence passes the top of its track: each
    point beyond 30 is 2 VP at once, on the score track (kept on the boards with
    essentials, so it must be said)."""
    beyond = max(0, seat.political + effects.political - POLITICAL_CAP) \
        - max(0, seat.political - POLITICAL_CAP)
    if beyond <= 0:
        return []
    return [ngettext("Political influence is at {cap}: the {n} point beyond it gives {vp} VP "
                     "now; move the score marker.",
                     "Political influence is at {cap}: the {n} points beyond it give {vp} VP "
                     "now; move the score marker.", beyond).format(
        cap=POLITICAL_CAP, n=beyond, vp=beyond * POLITICAL_OVERFLOW_VP)]


def checked_seat(seat: Seat, effects: Effects, *, surplus_cap: int | None, income: int = 0,
                 fee: int = 0, fee_reason: str = "") -> Seat:
    """The player's board after ``effects`` plus ``income`` coins and a ``fee``; refuses
    (changing nothing) anything the player cannot pay."""
    coins = _coins_after(seat, effects, income, fee, fee_reason)
    resources, overflow = _resources_after(seat, effects)
    surplus = seat.surplus + effects.surplus
    if surplus < 0:
        raise Rejected(_("{name} has {have} surplus and cannot give up {spent}.").format(
            name=seat.name, have=seat.surplus, spent=-effects.surplus))
    if surplus_cap is not None and surplus > surplus_cap:
        raise Rejected(_("Surplus is capped at {cap}; {name} would reach {surplus}.").format(
            cap=surplus_cap, name=seat.name, surplus=surplus))
    political, political_vp = _political_after(seat, effects.political)
    track_vp = seat.track_vp + effects.vp + political_vp
    if track_vp < 0:
        raise Rejected(_("{name} has {have} VP on the score track and cannot lose {lost}.").format(
            name=seat.name, have=seat.track_vp, lost=-effects.vp))
    return replace(seat, coins=coins, resources=resources, overflow=overflow, surplus=surplus,
                   political=political, track_vp=track_vp)


def place_cube(region: Region, player: int, amount: int) -> tuple[Region, int]:
    """Raise ``player``'s cube by ``amount``; a cube that would land on another player's
    cube drops one space at a time until it finds a free one. Returns the region and
    the level it was aimed at (equal to the new level when nothing dropped)."""
    current = region.cubes[player]
    aimed = current + amount
    level = aimed
    while level > current and region.holder_of(level) not in (None, player):
        level -= 1
    cubes = region.cubes[:player] + (level,) + region.cubes[player + 1:]
    return replace(region, cubes=cubes), aimed


def apply_influence(state: AveRomaState, player: int,
                    gains: tuple[tuple[int, int], ...]) -> tuple[AveRomaState, list[str]]:
    """Move the player's cubes; return the new state and notices about dropped cubes."""
    notices: list[str] = []
    for position, amount in gains:
        before = state.regions[position - 1].cubes[player]
        region, aimed = place_cube(state.regions[position - 1], player, amount)
        landed = region.cubes[player]
        if landed == before:
            notices.append(_("Region {position}: every space from {aimed} down to {name}'s cube "
                             "is taken, so the influence is lost.").format(
                position=position, aimed=aimed, name=state.name(player)))
        elif landed < aimed:
            notices.append(_("Region {position}: space {aimed} is taken, so {name}'s cube drops "
                             "to {landed}.").format(position=position, aimed=aimed,
                                                   name=state.name(player), landed=landed))
        state = state.with_region(position, region)
    return state, notices


def apply_effects(state: AveRomaState, player: int, effects: Effects, *, income: int = 0,
                  fee: int = 0, fee_reason: str = "") -> tuple[AveRomaState, list[str]]:
    """Apply everything an action does to one player; refuse it whole or not at all."""
    seat = checked_seat(state.seat(player), effects, surplus_cap=state.surplus_cap,
                        income=income, fee=fee, fee_reason=fee_reason)
    return apply_influence(state.with_seat(player, seat), player, effects.influence)


def resolve_overflow(seat: Seat, resource: str, to_surplus: int, sold: int,
                     surplus_cap: int | None) -> Seat:
    """Put resources beyond the cap into surplus and/or sell them at the sale value."""
    if resource not in RESOURCES:
        raise Rejected(_("{resource!r} is not a resource; use one of: {known}.").format(
            resource=resource, known=", ".join(RESOURCES)))
    index = RESOURCES.index(resource)
    pending = seat.overflow[index]
    if pending == 0:
        raise Rejected(_("{name} has no {resource} over the cap to convert.").format(
            name=seat.name, resource=resource_label(resource)))
    if to_surplus + sold != pending:
        raise Rejected(_("{name} has {pending} {resource} over the cap: put all of it into "
                         "surplus or sell it ({given} given).").format(
            name=seat.name, pending=pending, resource=resource_label(resource),
            given=to_surplus + sold))
    surplus = seat.surplus + to_surplus
    if surplus_cap is not None and surplus > surplus_cap:
        raise Rejected(_("Surplus is capped at {cap}: {name} can put at most {room} into "
                         "surplus; sell the rest.").format(
            cap=surplus_cap, name=seat.name, room=max(0, surplus_cap - seat.surplus)))
    overflow = seat.overflow[:index] + (0,) + seat.overflow[index + 1:]
    return replace(seat, overflow=overflow, surplus=surplus,
                   coins=seat.coins + sold * SALE_VALUES[resource])
