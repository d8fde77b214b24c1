"""Via Romana card rules: which played cards pay for which build.

Pure checks that raise Rejected naming the broken rule, so the table learns the rule
from the refusal instead of from the rule book.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import Rejected
from companion.games.via_romana.board import Board, City
from companion.games.via_romana.words import colour_word, symbol_word

MAX_CARDS_PER_ROUND = 3


@frozen
class Card:
    """A played hand card. The symbol only matters for the two-milestone build."""

    colour: str
    symbol: str | None = None


def parse_cards(raw: Any, board: Board) -> tuple[Card, ...]:
    """Read ``[{"colour": "blue", "symbol": "eagle"}, ...]``; unknown colours are refused."""
    if not isinstance(raw, list) or not raw:
        raise Rejected(_('List the cards played, e.g. [{"colour": "blue"}].'))
    cards: list[Card] = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("colour"), str):
            raise Rejected(_('Each card needs a colour, e.g. {"colour": "blue"}.'))
        colour = item["colour"].strip().casefold()
        if colour not in board.colours:
            raise Rejected(_("No card has the colour {colour}; the colours are {known}.").format(
                colour=colour, known=", ".join(board.colours)))
        symbol = item.get("symbol")
        if symbol is not None:
            if not isinstance(symbol, str) or symbol.strip().casefold() not in board.symbols:
                raise Rejected(_("There is no card symbol {symbol!r}; the symbols are {known}.")
                               .format(symbol=symbol, known=", ".join(board.symbols)))
            symbol = symbol.strip().casefold()
        cards.append(Card(colour, symbol))
    return tuple(cards)


def check_card_limit(already_played: int, cards: Sequence[Card]) -> None:
    """At most three hand cards per player per round."""
    if already_played + len(cards) > MAX_CARDS_PER_ROUND:
        raise Rejected(_("At most {limit} cards per round: {played} already played this round, "
                         "this build needs {needed}. Build something cheaper or end the turn.")
                       .format(limit=MAX_CARDS_PER_ROUND, played=already_played,
                               needed=len(cards)))


def check_castle_cards(cards: Sequence[Card], city: City) -> None:
    """A castle costs two cards, both of the city's colour."""
    if len(cards) != 2:
        raise Rejected(_("A castle costs exactly 2 cards of the city's colour ({colour}), "
                         "not {n}.").format(colour=colour_word(city.colour), n=len(cards)))
    wrong = [colour_word(c.colour) for c in cards if c.colour != city.colour]
    if wrong:
        raise Rejected(_("A castle in {city} needs 2 cards in {colour}; {wrong} does not "
                         "match (no joker for castles).").format(
            city=city.name, colour=colour_word(city.colour), wrong=", ".join(wrong)))


def check_milestone_cards(cards: Sequence[Card], colours: Sequence[str], place: str) -> None:
    """One card of a matching colour, or two cards of two different colours as a joker."""
    wanted = _(" or ").join(colour_word(colour) for colour in colours)
    if len(cards) == 1:
        if cards[0].colour not in colours:
            raise Rejected(_("A milestone {place} needs a card in {wanted}, not {colour}; or "
                             "play 2 cards of two different colours as a joker.").format(
                place=place, wanted=wanted, colour=colour_word(cards[0].colour)))
        return
    if len(cards) == 2:
        if cards[0].colour == cards[1].colour:
            raise Rejected(_("A joker is 2 cards of two different colours; both cards are in "
                             "{colour}. For a milestone {place} play 1 card in {wanted}.").format(
                colour=colour_word(cards[0].colour), place=place, wanted=wanted))
        return
    raise Rejected(_("A milestone {place} costs 1 card in {wanted} or 2 cards of two "
                     "different colours, not {n} cards.").format(place=place, wanted=wanted,
                                                                 n=len(cards)))


def check_double_cards(cards: Sequence[Card], city: City) -> None:
    """Two milestones at once: one card matching the city in colour and symbol."""
    if len(cards) != 1:
        raise Rejected(_("Two milestones at once cost exactly 1 card matching {city} in colour "
                         "and symbol ({colour}, {symbol}), not {n}.").format(
            city=city.name, colour=colour_word(city.colour), symbol=symbol_word(city.symbol),
            n=len(cards)))
    card = cards[0]
    if card.symbol is None:
        raise Rejected(_("Say the card's symbol too: two milestones at once need a card in "
                         "{colour} with the symbol of {city} ({symbol}).").format(
            colour=colour_word(city.colour), symbol=symbol_word(city.symbol), city=city.name))
    if card.colour != city.colour or card.symbol != city.symbol:
        raise Rejected(_("Two milestones at once need a card matching {city} in colour AND "
                         "symbol ({colour}, {symbol}); this card: {card_colour}, "
                         "{card_symbol}. Build one milestone instead.").format(
            city=city.name, colour=colour_word(city.colour), symbol=symbol_word(city.symbol),
            card_colour=colour_word(card.colour), card_symbol=symbol_word(card.symbol)))
