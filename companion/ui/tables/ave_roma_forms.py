"""Ave Roma with full tracking: the amounts a placement or a card effect asks for.

Each dialog gathers one kind of change (what was taken, what was paid, what a card gave),
so a placement with nothing to enter costs one tap per dialog. Surplus is offered wherever
the game spends or gives it: Rome-track spaces, card costs and card effects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.core.i18n import _
from companion.games.ave_roma import (
    AEDILIS_RESOURCES,
    CARD_ROWS,
    PROPRAETOR_ROW_RESOURCES,
    REGION_COUNT,
    RESOURCES,
    resource_label,
)
from companion.ui.form import Counts, Number, Several, Step, Values


def _resources() -> list[tuple[str, str]]:
    return [(r, resource_label(r)) for r in RESOURCES]


def _prefixed(prefix: str, names: list[tuple[str, str]], template: str) -> list[tuple[str, str]]:
    return [(f"{prefix}{key}", template.format(what=label)) for key, label in names]


def _costs() -> list[tuple[str, str]]:
    """What a cost may take: coins, surplus and any resource."""
    return [("coins", _("coins")), ("surplus", _("surplus")), *_resources()]


def _totalling(count: int) -> Callable[[Values, dict[str, int]], bool]:
    return lambda _values, amounts: sum(amounts.values()) == count


def full_steps(space: str, number: int, *, card: bool = True) -> list[Step]:
    """The amounts a placement on ``space`` asks for when the supplies are tracked: one
    dialog of steppers each, so nothing to enter is one tap; where the rules fix the total
    (Aedilis, Propraetor) the dialog closes once it is reached. ``card``: a region card lies
    at the position the worker's number names."""
    if space == "aedilis":
        return [Counts("gain", _("Resources taken"), _resources(), 4,
                       complete=_totalling(AEDILIS_RESOURCES))]
    if space == "mercator":
        names = [*_prefixed("sell-", _resources(), _("sold: {what}")),
                 *_prefixed("buy-", _resources(), _("bought: {what}")),
                 ("paid-coins", _("coins paid"))]
        return [Counts("amounts", _("Sold, bought and paid"), names, 9)]
    if space == "propraetor":  # the extra resource, if any, was named with the choice
        if not card:
            return []  # no card at the position: no row to take
        return [Counts("gain", _("The row's resources"), _resources(), 2,
                       complete=_totalling(PROPRAETOR_ROW_RESOURCES))]
    if space == "rome":
        names = [("political", _("spaces advanced")),
                 *_prefixed("paid-", _costs(), _("paid: {what}"))]
        return [Counts("amounts", _("Rome track"), names, 9, start={"political": number})]
    if space in CARD_ROWS:
        names = [*_prefixed("paid-", _costs(), _("paid: {what}")),
                 ("got-vp", _("set bonus: VP")), ("got-coins", _("set bonus: coins"))]
        return [Counts("amounts", _("Paid, and the set bonus"), names, 9)]
    if space == "training":
        return [Number("price", _("Coins paid for the training"), 0, 99, 1)]
    return []


def full_payload(values: Values) -> dict[str, object]:
    """The effect fields of a placement from the answers of ``full_steps``."""
    payload: dict[str, object] = {}
    coins = -int(values.get("price", 0) or 0)
    surplus = 0
    gain: dict[str, int] = dict(values.get("gain") or {})
    bonus = str(values.get("bonus") or "")
    if bonus.startswith("resource:"):
        extra = bonus.partition(":")[2]
        gain[extra] = gain.get(extra, 0) + 1
    pay: dict[str, int] = {}
    sell: dict[str, int] = {}
    amounts: Mapping[str, int] = values.get("amounts") or {}
    for name, amount in amounts.items():
        kind, _sep, what = name.partition("-")
        if name == "political":
            payload["political"] = amount
        elif kind == "sell":
            sell[what] = amount
        elif kind == "buy":
            gain[what] = gain.get(what, 0) + amount
        elif name == "got-vp":
            payload["vp"] = amount
        elif name == "got-coins":
            coins += amount
        elif name == "paid-coins":
            coins -= amount
        elif name == "paid-surplus":
            surplus -= amount
        elif kind == "paid":
            pay[what] = amount
    for key, value in (("gain", gain), ("pay", pay), ("sell", sell), ("coins", coins),
                       ("surplus", surplus)):
        if value:
            payload[key] = value
    return payload


def effect_form(tracks_supplies: bool) -> tuple[list[Step], Callable[[Values], dict[str, object]]]:
    """A card's effect outside an action: only the parts the table ticks are asked.

    With essentials tracking only what the companion keeps is offered: political and
    region influence."""
    resources = _resources()
    parts = [("political", _("Political influence")), ("influence", _("Region influence"))]
    if tracks_supplies:
        parts = [("gain", _("Resources gained")), ("pay", _("Resources paid")),
                 ("sell", _("Resources sold")), ("coins", _("Coins gained")),
                 ("coins_paid", _("Coins paid")), ("surplus", _("Surplus gained")),
                 ("surplus_paid", _("Surplus paid")), ("vp", _("Victory points")), *parts]
    regions = [(str(n), _("Region {n}").format(n=n)) for n in range(1, REGION_COUNT + 1)]

    def ticked(part: str) -> Callable[[Values], bool]:
        return lambda values: part in values["parts"]

    steps: list[Step] = [
        Several("parts", _("What does it change?"), parts),
        Counts("gain", _("Resources gained"), resources, 3, when=ticked("gain")),
        Counts("pay", _("Resources paid"), resources, 3, when=ticked("pay")),
        Counts("sell", _("Resources sold"), resources, 3, when=ticked("sell")),
        Number("coins", _("Coins gained"), 0, 99, 0, when=ticked("coins")),
        Number("coins_paid", _("Coins paid"), 0, 99, 0, when=ticked("coins_paid")),
        Number("surplus", _("Surplus gained"), 0, 99, 0, when=ticked("surplus")),
        Number("surplus_paid", _("Surplus paid"), 0, 99, 0, when=ticked("surplus_paid")),
        Number("vp", _("Victory points gained"), 0, 99, 0, when=ticked("vp")),
        Number("political", _("Political influence gained"), 0, 30, 0,
               when=ticked("political")),
        Counts("influence", _("Influence gained per region"), regions, 9,
               when=ticked("influence"))]

    def payload_of(values: Values) -> dict[str, object]:
        payload: dict[str, object] = {k: values[k] for k in ("gain", "pay", "sell", "vp",
                                                             "political", "influence")
                                      if values.get(k)}
        coins = int(values.get("coins", 0)) - int(values.get("coins_paid", 0))
        surplus = int(values.get("surplus", 0)) - int(values.get("surplus_paid", 0))
        if coins:
            payload["coins"] = coins
        if surplus:
            payload["surplus"] = surplus
        return payload

    return steps, payload_of
