"""Ave Roma: what the players must do on the table after a placement, in words.

The companion cannot move a card or a coin, so every physical step the rules demand is
said as a short imperative ("pay 2 coins and take the region card") for the screen to
show where it cannot be missed. With essentials tracking the supplies stay on the
players' boards, so the gains are said too.
"""

from __future__ import annotations

from companion.core.i18n import _, ngettext
from companion.games.ave_roma.model import (
    AEDILIS_RESOURCES,
    EMPTY,
    FRESH,
    MERCATOR_MAX_PURCHASE,
    QUAESTOR_COINS_PER_PIP,
    REGION_FEE,
    TRAINING,
)


def region_step(card_before: str, position: int, marker_after: int, drawn: bool) -> str:
    """The sliding rule for a use of region position ``position``."""
    if card_before == FRESH:
        return _("Slide region card {n} up; nothing to pay.").format(n=position)
    if card_before == EMPTY:
        return _("Pay {fee} coins: region position {n} has no card.").format(fee=REGION_FEE,
                                                                             n=position)
    step = _("Pay {fee} coins and take the region card {n}; its brown marker rises to "
             "{level}.").format(fee=REGION_FEE, n=position, level=marker_after)
    if drawn:
        step += " " + _("Draw a new region card for position {n}.").format(n=position)
    else:
        step += " " + _("The region deck is out: position {n} stays empty.").format(n=position)
    return step


def space_step(space: str, number: int, bonus: str | None = None, card: bool = True) -> str:
    """What the space gives, for a table that keeps the supplies on the boards; ``card``:
    a region card lies at the position the number names."""
    if space == "quaestor":
        coins = QUAESTOR_COINS_PER_PIP * number
        return ngettext("Take {n} coin.", "Take {n} coins.", coins).format(n=coins)
    if space == "aedilis":
        return _("Take the {count} resources shown on region card {n}.").format(
            count=AEDILIS_RESOURCES, n=number)
    if space == "mercator":
        return _("Sell resources and/or buy up to {count} of the kinds on region card "
                 "{n}.").format(count=MERCATOR_MAX_PURCHASE, n=number)
    if space == "propraetor" and not card:
        return _("No card at region position {n}: no row to take.").format(n=number) + " " + (
            _("Take 1 more resource.") if bonus != "influence"
            else _("Turn aside the cards used for influence."))
    if space == "propraetor" and bonus == "influence":
        return _("Take a row of region card {n}; turn aside the cards used for "
                 "influence.").format(n=number)
    if space == "propraetor":
        return _("Take a row of region card {n} and 1 more resource.").format(n=number)
    if space == "rome":
        return ngettext("Advance {n} space on the Rome track, paying its cost.",
                        "Advance {n} spaces on the Rome track, paying each cost.",
                        number).format(n=number)
    if space == TRAINING:
        return _("Pay for the training; next time this worker counts 1 more, 1 less or as it "
                 "is (from 1 to 5).")
    return _("Pay the card's cost and take it; a second copy gives its set bonus.")
