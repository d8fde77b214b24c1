"""Via Romana rules cards: the four builds, a city, the round's card limit, a road's
scoring and the final score.

Written from the German seed and its digest; the bonuses come from the game's settings
(the order board and the eagle are configurable), the card limit from ``cards``.
"""

from __future__ import annotations

from companion.core.i18n import _
from companion.games.rules_card import RulesCard, split_topic, topic
from companion.games.via_romana.allowed import BUILD_ACTIONS
from companion.games.via_romana.cards import MAX_CARDS_PER_ROUND
from companion.games.via_romana.scoring import LEGION_EAGLE_BONUS, ORDER_BOARD_BONUS

#: the cards beside the builds
PARTS: tuple[str, ...] = ("city", "cards", "connection", "final")


def topics() -> tuple[str, ...]:
    return (*(topic("build", b) for b in BUILD_ACTIONS), *(topic("part", p) for p in PARTS))


def _build_card(build: str) -> RulesCard:
    cards = {
        "castle": RulesCard(
            _("Castle"),
            _("A castle in an empty city."),
            _("2 cards of the city's colour."),
            _("At the end each of your castles scores the marker still beside its city (at "
              "least 1).")),
        "milestone_city": RulesCard(
            _("Milestone in a city"),
            _("A milestone in an empty city."),
            _("1 card of the city's colour, or 2 cards of two different colours as a "
              "joker."),
            _("A city holds one piece: a castle or a milestone.")),
        "milestone_road": RulesCard(
            _("Milestone on a road"),
            _("A milestone on the next free road space from a built city."),
            _("As in that city: 1 card of its colour, or 2 of different colours."),
            _("A road milestone must connect to a castle or milestone in a city.")),
        "two_milestones": RulesCard(
            _("Two milestones at once"),
            _("Two milestones on the next two free spaces of a road."),
            _("1 card matching the city you build from in colour and symbol."),
            _("That city space must already be built.")),
    }
    return cards[build]


def _part_card(part: str, eagle: int, order_board: int) -> RulesCard:
    cards = {
        "city": RulesCard(
            _("City"),
            _("A city space holds one piece: a castle or a milestone."),
            _("Castle: 2 cards of its colour. Milestone: 1 card of its colour, or 2 of "
              "different colours."),
            _("A road scores only once both its cities and every space between are built.")),
        "cards": RulesCard(
            _("Cards per round"),
            _("Build with your hand cards, or pass."),
            _("At most {n} hand cards per round.").format(n=MAX_CARDS_PER_ROUND),
            _("Fewer or none is allowed: ending the turn is a pass.")),
        "connection": RulesCard(
            _("Scoring a road"),
            _("Most pieces on it picks a city marker from one of its two cities; every other "
              "builder draws a card per piece."),
            _("Nothing: it happens when the last space is built."),
            _("A tie goes to the trigger if tied, else to the next tied player in turn "
              "order; road pieces leave and a signpost closes the road.")),
        "final": RulesCard(
            _("Final score"),
            _("Collected markers, plus the marker beside each of your castles, plus {bonus} "
              "for four markers matching your order board.").format(bonus=order_board),
            _("The game ends as soon as the last signpost is placed, even with roads still "
              "open."),
            _("Who placed it takes the legion eagle ({eagle} VP) and builds no more; the "
              "others play once more.").format(eagle=eagle)),
    }
    return cards[part]


def rules_card(key: str, eagle: int = LEGION_EAGLE_BONUS,
               order_board: int = ORDER_BOARD_BONUS) -> RulesCard | None:
    """The card of a topic key (see :func:`topics`); ``eagle`` and ``order_board`` are the
    game's settings. None for a topic this game lacks."""
    kind, name = split_topic(key)
    if kind == "build" and name in BUILD_ACTIONS:
        return _build_card(name)
    if kind == "part" and name in PARTS:
        return _part_card(name, eagle, order_board)
    return None
