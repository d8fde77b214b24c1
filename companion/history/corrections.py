"""Corrections of a finished game: what each one changes, worked out before it is stored.

A corrected number is scored again by the game's own scoring (the function
``companion score`` ends in) from the entries kept with the result: totals, order,
tie-breaks, winners and the words about a tie follow. A tie the table settled, a date,
a player seated under the wrong profile: each is one :meth:`Store.edit_game` entry,
so it shows in the edit log and can be undone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.i18n import _
from companion.games import get_rules
from companion.games.base import (
    PlayerScore,
    ScoreInputError,
    ScoreResult,
    explain,
    rank,
    with_entry,
)
from companion.log.entries import GameRecord, StoreError
from companion.log.history_edits import DAY, rename_in_result
from companion.log.store import Store

#: the part to correct for a score kept without parts (a play imported from BG Stats)
TOTAL = "total"


def _result(record: GameRecord) -> ScoreResult:
    if record.result is None:
        raise StoreError(_("This game has no recorded score."))
    return ScoreResult.from_json(record.result)


def corrected_score(record: GameRecord, name: str, part: str, value: int) -> dict[str, Any]:
    """The result with ``name``'s number ``part`` set to ``value`` and scored again.

    A result that keeps its entries (every game finished on this companion) is scored by
    the game's own scoring, as ``companion score`` would score the same entries; ``part``
    is then one of the game's :meth:`GameRules.correctable` keys. An older or imported
    result keeps only the parts of each score (``part`` a breakdown key, or :data:`TOTAL`
    for a bare total): the total changes by as much and the scoreboard is ranked again.
    Either way a tie the table gave to one player stays given while that player is tied.
    """
    result = _result(record)
    names = [p.name for p in record.players]
    if name not in names or all(p.name != name for p in result.players):
        raise StoreError(_("{name} did not play this game.").format(name=name))
    entries = (record.result or {}).get("entries")
    if entries is None:
        before = _ranked(record, result.players)
        after = _ranked(record, [_with_part(p, part, value) if p.name == name else p
                                 for p in result.players])
        return _keep_table_winner(result, before, after).to_json()
    rules = get_rules(record.game)
    position = names.index(name)
    try:
        field = next((f for f in rules.correctable(entries, position) if f.key == part),
                     None)
        if field is None:
            raise StoreError(_("{name} has no {part} in this score.").format(name=name,
                                                                              part=part))
        if not field.minimum <= value <= field.maximum:
            raise StoreError(_("{label}: enter a number from {low} to {high}.").format(
                label=_("{name}: {part}").format(name=name, part=field.label),
                low=field.minimum, high=field.maximum))
        changed = with_entry(entries, position, part, value)
        before, after = rules.rescore(entries, names), rules.rescore(changed, names)
    except (ScoreInputError, KeyError, IndexError, TypeError) as exc:
        raise StoreError(_("This game's score cannot be worked out again ({error}).").format(
            error=exc)) from None
    document = _keep_table_winner(result, before, after).to_json()
    document["entries"] = changed
    return document


def _with_part(player: PlayerScore, part: str, value: int) -> PlayerScore:
    if part == TOTAL and not player.breakdown:
        return PlayerScore(player.name, value, {})  # an imported play: only a total
    if part not in player.breakdown:
        raise StoreError(_("{name} has no {part} in this score.").format(
            name=player.name, part=part))
    breakdown = dict(player.breakdown)
    total = player.total + value - int(breakdown[part])
    breakdown[part] = value
    return PlayerScore(player.name, total, breakdown)


def _ranked(record: GameRecord, scores: Sequence[PlayerScore]) -> ScoreResult:
    seat_order = {p.name: index for index, p in enumerate(record.players)}
    return rank(sorted(scores, key=lambda p: seat_order.get(p.name, 0)))


def _keep_table_winner(stored: ScoreResult, before: ScoreResult,
                       after: ScoreResult) -> ScoreResult:
    """``after``, with the victory still given to the one the table gave a tie to (the
    stored winner, where scoring the entries before the correction left a tie), as long
    as the correction leaves that player among those tied."""
    given = stored.winners[0] if len(stored.winners) == 1 else None
    if (given is None or len(before.winners) < 2 or given not in before.winners
            or len(after.winners) < 2 or given not in after.winners):
        return after
    return table_win(after, given)


def table_win(result: ScoreResult, winner: str) -> ScoreResult:
    """A tie at the top given by the table to ``winner``: first, alone, and said so."""
    tied = list(result.winners)
    players = sorted(result.players, key=lambda p: (p.total, p.name == winner), reverse=True)
    said = ({"say": "table_gave", "names": tied, "total": players[0].total,
             "winner": winner},)
    return ScoreResult(tuple(players), (winner,), explain(said), said=said)


def correct_score(store: Store, game_id: int, name: str, part: str, value: int,
                  who: str = "") -> int:
    result = corrected_score(store.game(game_id), name, part, value)
    return store.edit_game(game_id, {"result": result}, who)


def give_tie(store: Store, game_id: int, winner: str | None, who: str = "") -> int:
    """The table settles a tie at the top for ``winner`` (None: shared by all tied)."""
    record = store.game(game_id)
    result = _result(record)
    top = result.players[0].total if result.players else 0
    tied = [p.name for p in result.players if p.total == top]
    if winner is not None and winner not in tied:
        raise StoreError(_("{name} is not among those tied for the win.").format(name=winner))
    winners = [winner] if winner is not None else tied
    document: dict[str, Any] = dict(record.result or {})
    document["winners"] = winners
    # the winner first, and places worked out again from the totals and the winners
    document["players"] = sorted(document.get("players", []), key=lambda p: (
        -int(p["total"]), p["name"] not in winners))
    document.pop("places", None)
    said = [{"say": "table_gave", "names": tied, "total": top, "winner": winner}
            if winner is not None else {"say": "shared", "names": tied}]
    document["said"] = said
    document["explanation"] = explain(said)
    return store.edit_game(game_id, {"result": document}, who)


def redate(store: Store, game_id: int, days: int, who: str = "") -> int:
    """Move a game ``days`` earlier or later (its length stays the same)."""
    record = store.game(game_id)
    changes: dict[str, Any] = {"created": record.created + days * DAY}
    if record.ended is not None:
        changes["ended"] = record.ended + days * DAY
    return store.edit_game(game_id, changes, who)


def reseat(store: Store, game_id: int, position: int, name: str, who: str = "") -> int:
    """The player at ``position`` was really ``name`` (another profile): seat and score."""
    record = store.game(game_id)
    name = name.strip()
    if not name:
        raise StoreError(_("A player needs a name."))
    if not 0 <= position < len(record.players):
        raise StoreError(_("There is no seat {n} in this game.").format(n=position + 1))
    old = record.players[position].name
    if any(p.name.casefold() == name.casefold() for i, p in enumerate(record.players)
           if i != position):
        raise StoreError(_("{name} already sits at this game.").format(name=name))
    players = [[p.name, p.colour, p.seat, p.token] for p in record.players]
    players[position][0] = name
    changes: dict[str, Any] = {"players": players}
    if record.result is not None:
        changes["result"] = rename_in_result(record.result, old, name)
    return store.edit_game(game_id, changes, who)
