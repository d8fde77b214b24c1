"""Ave Roma rules cards: every action area, the Training ground, a region card space and
the region deck.

Written from the seed (a Chinese walkthrough) and its digest, with the numbers this
package uses, so a card says what the companion checks. Made at call time (language).
"""

from __future__ import annotations

from companion.core.i18n import _
from companion.games.ave_roma.model import (
    AEDILIS_RESOURCES,
    MERCATOR_MAX_PURCHASE,
    QUAESTOR_COINS_PER_PIP,
    REGION_FEE,
    RESOURCES,
    SPACES,
    TRAINING,
    AveRomaState,
    resource_label,
    space_label,
)
from companion.games.rules_card import RulesCard, split_topic, topic

#: the parts of the board with a card besides the action areas
PARTS: tuple[str, ...] = ("region", "deck")


def topics() -> tuple[str, ...]:
    """Every card of the game: the areas (Training last), then the region parts."""
    return (*(topic("space", s) for s in SPACES), *(topic("part", p) for p in PARTS))


def _space_texts() -> dict[str, tuple[str, str, str]]:
    """Area -> (does, costs, catch)."""
    any_worker = _("A worker of any number.")
    card_row = _("A worker numbered no higher than the space it takes.")
    return {
        "quaestor": (_("Take coins: {per} for each pip of the worker.").format(
                         per=QUAESTOR_COINS_PER_PIP),
                     any_worker,
                     _("Coins only; at the end every 5 coins score 1 VP.")),
        "aedilis": (_("Take the {count} resources shown on the region card at the worker's "
                      "number.").format(count=AEDILIS_RESOURCES),
                    any_worker,
                    _("Refused when that position has no card. Its second use costs {fee} "
                      "coins and takes the card.").format(fee=REGION_FEE)),
        "mercator": (_("Sell resources at the board's prices and/or buy up to {count} of the "
                       "kinds on the region card at the worker's number.").format(
                           count=MERCATOR_MAX_PURCHASE),
                     any_worker,
                     _("Needs a card there: the first use slides it, a second costs {fee} "
                       "coins and takes it. Its icons show the kinds, not how many.").format(
                           fee=REGION_FEE)),
        "aedificator": (_("Pay resources for a grey building card; a second card of the "
                          "same name gives its set bonus at once."),
                        card_row,
                        _("A row nobody took from loses its rightmost card at the refill.")),
        "legatus": (_("Pay resources for a red military card; a second card of the same "
                      "name gives its set bonus at once."),
                    card_row,
                    _("A row nobody took from loses its rightmost card at the refill.")),
        "propraetor": (_("Take the 2 resources of one row of the region card at the worker's "
                         "number, then 1 more resource or influence through your cards."),
                       any_worker,
                       _("The first use slides the card, a second costs {fee} coins and "
                         "takes it. Cubes never share a space: yours drops one lower.").format(
                             fee=REGION_FEE)),
        "rome": (_("Advance on the Rome track by the worker's number, paying each space's "
                   "cost."),
                 any_worker,
                 _("Not if you cannot pay; never end on a taken space: stop one before.")),
        "senatus": (_("Pay for a green patron card; it acts the moment it is bought."),
                    card_row,
                    _("It works only in an unlocked slot; until then it waits beside your "
                      "board.")),
        "training": (_("Park a worker on your board; next time you act it may count 1 more "
                       "or 1 less (1 to 5)."),
                     _("Coins, as your board shows."),
                     _("Not used by the end of the round: it comes back to hand and scores "
                       "1 VP.")),
    }


def _part_card(part: str) -> RulesCard:
    if part == "region":
        return RulesCard(
            _("Region card space"),
            _("Aedilis, Mercator and Propraetor use the card at the position of the worker's "
              "number."),
            _("First use: free, the card slides up. Second use: pay {fee} coins, take the "
              "card, the region's marker rises.").format(fee=REGION_FEE),
            _("No card there: still {fee} coins, no card, the marker stays.").format(
                fee=REGION_FEE))
    return RulesCard(
        _("Region deck"),
        _("A taken region card is replaced from the deck while it lasts."),
        _("Nothing: the table draws."),
        _("When it runs out the game ends after this action phase; then everyone takes one "
          "last action with any number."))


def space_card(space: str) -> RulesCard:
    does, costs, catch = _space_texts()[space]
    return RulesCard(space_label(space), does, costs, catch)


def rules_card(key: str) -> RulesCard | None:
    """The card of a topic key (see :func:`topics`), or None for one this game lacks."""
    kind, name = split_topic(key)
    if kind == "space" and name in SPACES:
        return space_card(name)
    if kind == "part" and name in PARTS:
        return _part_card(name)
    return None


def player_sections(state: AveRomaState, index: int) -> tuple[str, list[tuple[str, str]]]:
    """A player's board in words for the card a long press on it opens: all of it,
    whatever the table's row had room for."""
    seat = state.seats[index]
    workers = ", ".join(map(str, seat.hand)) or "–"
    if seat.trained is not None:
        workers = _("{workers}; trained: {n}").format(workers=workers, n=seat.trained)
    sections = [(_("Workers in hand"), workers),
                (_("Political influence"), _("{n}; patron slots: {slots}").format(
                    n=seat.political, slots=seat.patron_slots))]
    if state.tracks_supplies:
        sections.append((_("Supplies"), _("{coins} coins · {surplus} surplus · {vp} VP").format(
            coins=seat.coins, surplus=seat.surplus, vp=seat.track_vp)))
        # a name and its amount stay on one line (a no-break space between them)
        sections.append((_("Resources"), " · ".join(
            f"{resource_label(resource)}\u00a0{seat.amount(resource)}"
            for resource in RESOURCES)))
    # the Training ground is on the player's board: its card goes with the board's
    sections.append((_("Training (player board)"), space_card(TRAINING).does))
    return seat.name, sections
