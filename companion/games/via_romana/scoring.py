"""Via Romana final scoring: one function over a plain per-player record.

Both the table (tracked state) and ``companion score`` (JSON) build a
:class:`PlayerTally` and score it here, so the arithmetic exists once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import (
    PlayerScore,
    Rejected,
    ScoreInputError,
    ScoreResult,
    explain,
    rank,
)

ORDER_BOARD_BONUS = 5
LEGION_EAGLE_BONUS = 2
ORDER_BOARD_COLOURS = 4


@frozen
class Marker:
    """A collected city marker: the city's province colour and its face value."""

    colour: str
    value: int


@frozen
class PlayerTally:
    """Everything the final score of one player depends on.

    ``order_board`` is None when the table did not record the board (it is secret in
    play); then ``order_board_fulfilled`` is the table's own yes/no for the bonus.
    """

    name: str
    markers: tuple[Marker, ...]
    castle_markers: tuple[int, ...]
    order_board: tuple[str, ...] | None
    legion_eagle: bool
    order_board_fulfilled: bool = False
    order_board_bonus: int = ORDER_BOARD_BONUS
    eagle_bonus: int = LEGION_EAGLE_BONUS


def order_board_met(tally: PlayerTally) -> bool:
    """True when the collected markers cover the order board's colours as a multiset.

    A colour shown twice needs two markers of it, so boards with and without repeated
    colours both score right.
    """
    if tally.order_board is None:
        return tally.order_board_fulfilled
    collected = Counter(m.colour.casefold() for m in tally.markers)
    wanted = Counter(colour.casefold() for colour in tally.order_board)
    return all(collected[colour] >= count for colour, count in wanted.items())


def score_tally(tally: PlayerTally) -> PlayerScore:
    """Markers at face value + castle markers + order-board bonus + legion eagle."""
    breakdown = {
        "markers": sum(m.value for m in tally.markers),
        "castles": sum(tally.castle_markers),
        "order_board": tally.order_board_bonus if order_board_met(tally) else 0,
        "eagle": tally.eagle_bonus if tally.legion_eagle else 0,
    }
    return PlayerScore(tally.name, sum(breakdown.values()), breakdown)


def score_tallies(tallies: Sequence[PlayerTally]) -> ScoreResult:
    """Rank the players; the rules know no tie-break, so a tie at the top is shared."""
    return rank([score_tally(t) for t in tallies])


def break_tie(result: ScoreResult, winner: str | None) -> ScoreResult:
    """The table's own tie-break: ``winner`` takes a shared victory, or None keeps it shared.

    The rule book's tie rule is not known here, so the table decides and the result says so.
    """
    if len(result.winners) < 2:
        raise Rejected(_("There is no tie to break: {name} won alone.").format(
            name=", ".join(result.winners) or _("nobody")))
    if winner is None:
        said = (*result.said, {"say": "table_kept_shared"})
        return replace(result, explanation=explain(said), said=said)
    if winner not in result.winners:
        raise Rejected(_("{name} is not among the tied players ({tied}).").format(
            name=winner, tied=", ".join(result.winners)))
    players = sorted(result.players, key=lambda p: (p.total, p.name == winner), reverse=True)
    said = ({"say": "table_gave_tie", "names": list(result.winners),
             "total": players[0].total, "winner": winner},)
    return ScoreResult(tuple(players), (winner,), explain(said), said=said)


def breakdown_lines(score: PlayerScore) -> list[str]:
    """The breakdown of one player in words, for the final screen."""
    b = score.breakdown
    return [
        _("City markers collected: {n}").format(n=b.get("markers", 0)),
        _("Castles (marker beside each city): {n}").format(n=b.get("castles", 0)),
        _("Order board: {n}").format(n=b.get("order_board", 0)),
        _("Legion eagle: {n}").format(n=b.get("eagle", 0)),
        _("Total: {n}").format(n=score.total),
    ]


# --- the ``companion score via-romana`` JSON format -------------------------------------------


def _positive(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(field, _("expected a whole number, got {value!r}").format(
            value=value))
    if value < 1:
        raise ScoreInputError(field, _("a marker is worth at least 1, not {value}").format(
            value=value))
    return value


def _list(data: Mapping[str, Any], key: str, field: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ScoreInputError(field, _("expected a list"))
    return value


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScoreInputError(field, _("expected a non-empty text"))
    return value.strip()


def _tally_from_json(data: Any, where: str) -> PlayerTally:
    if not isinstance(data, dict):
        raise ScoreInputError(where, _("expected an object"))
    name = _text(data.get("name"), f"{where}.name")
    markers: list[Marker] = []
    for i, raw in enumerate(_list(data, "markers", f"{where}.markers")):
        field = f"{where}.markers[{i}]"
        if not isinstance(raw, dict):
            raise ScoreInputError(field, _('expected an object like {"colour": "blue", '
                                           '"value": 3}'))
        markers.append(Marker(_text(raw.get("colour"), f"{field}.colour").casefold(),
                              _positive(raw.get("value"), f"{field}.value")))
    castles = tuple(_positive(v, f"{where}.castle_markers[{i}]")
                    for i, v in enumerate(_list(data, "castle_markers",
                                                f"{where}.castle_markers")))
    if "order_board" not in data:
        raise ScoreInputError(f"{where}.order_board", _("missing: list the four colours of "
                                                        "the player's order board"))
    raw_board = data["order_board"]
    if not isinstance(raw_board, list):
        raise ScoreInputError(f"{where}.order_board", _("expected a list of four colours"))
    board = tuple(_text(v, f"{where}.order_board[{i}]").casefold()
                  for i, v in enumerate(raw_board))
    if len(board) != ORDER_BOARD_COLOURS:
        raise ScoreInputError(f"{where}.order_board", _(
            "an order board shows exactly four colours, got {board}").format(
            board=", ".join(board) or _("none")))
    eagle = data.get("legion_eagle", False)
    if not isinstance(eagle, bool):
        raise ScoreInputError(f"{where}.legion_eagle", _("expected true or false"))
    return PlayerTally(name, tuple(markers), castles, board, eagle)


def tallies_from_json(data: Mapping[str, Any]) -> list[PlayerTally]:
    """Check a ``companion score via-romana`` document; ScoreInputError names the field."""
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ScoreInputError("players", _("expected a non-empty list of players"))
    tallies = [_tally_from_json(p, f"players[{i}]") for i, p in enumerate(players)]
    seen: set[str] = set()
    for i, tally in enumerate(tallies):
        if tally.name.casefold() in seen:
            raise ScoreInputError(f"players[{i}].name", _("{name!r} is used twice").format(
                name=tally.name))
        seen.add(tally.name.casefold())
    eagles = [i for i, t in enumerate(tallies) if t.legion_eagle]
    if len(eagles) > 1:
        raise ScoreInputError(f"players[{eagles[1]}].legion_eagle", _(
            "there is only one legion eagle, but {names} both hold it").format(
            names=" and ".join(tallies[i].name for i in eagles[:2])))
    return tallies
