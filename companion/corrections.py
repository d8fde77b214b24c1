"""Corrections of a finished game: what each one changes, worked out before it is stored.

A corrected number re-ranks the scoreboard with the games' own ranking (:func:`rank`,
the one ``companion score`` ends with): the part changes, the total by as much, and the
order, winners and words about a tie follow. A tie the table settled differently, a date,
a player seated under the wrong profile: each is one :meth:`Store.edit_game` entry,
so it shows in the edit log and can be undone.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import PlayerScore, ScoreResult, rank
from companion.i18n import _
from companion.store import GameRecord, Store, StoreError, rename_in_result

DAY = 86400.0
#: the part to correct for a score kept without parts (a play imported from BG Stats)
TOTAL = "total"


def _result(record: GameRecord) -> ScoreResult:
    if record.result is None:
        raise StoreError(_("This game has no recorded score."))
    return ScoreResult.from_json(record.result)


def corrected_score(record: GameRecord, name: str, part: str, value: int) -> ScoreResult:
    """The scoreboard with ``name``'s ``part`` of the score set to ``value``, re-ranked
    (``part`` :data:`TOTAL` for a score that has no parts)."""
    result = _result(record)
    scores = []
    for player in result.players:
        if player.name == name and part == TOTAL and not player.breakdown:
            player = PlayerScore(player.name, value, {})  # an imported play: only a total
        elif player.name == name:
            breakdown = dict(player.breakdown)
            if part not in breakdown:
                raise StoreError(_("{name} has no {part} in this score.").format(
                    name=name, part=part))
            total = player.total + value - int(breakdown[part])
            breakdown[part] = value
            player = PlayerScore(player.name, total, breakdown)
        scores.append(player)
    if all(p.name != name for p in scores):
        raise StoreError(_("{name} did not play this game.").format(name=name))
    seat_order = {p.name: index for index, p in enumerate(record.players)}
    return rank(sorted(scores, key=lambda p: seat_order.get(p.name, 0)))


def correct_score(store: Store, game_id: int, name: str, part: str, value: int,
                  who: str = "") -> int:
    result = corrected_score(store.game(game_id), name, part, value)
    return store.edit_game(game_id, {"result": result.to_json()}, who)


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
    document["explanation"] = (
        _("{names} tied on {total}; the table gave the victory to {winner}.").format(
            names=", ".join(tied), total=top, winner=winner) if winner is not None
        else _("{names} share the victory.").format(names=", ".join(tied)))
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
