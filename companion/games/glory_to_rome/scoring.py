"""Glory to Rome final scoring, shared by the live game and ``companion score``.

One scoring function over plain per-player records, so the table's end-of-game screen
and the command line can never disagree:
influence + vault card values + 3 per Merchant Bonus + Statue 3 + Wall ⌊stockpile / 2⌋.
Highest total wins; a tie goes to most cards in hand; a Forum win overrides the score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import PlayerScore, ScoreInputError, ScoreResult, explain, rank
from companion.games.glory_to_rome.data import (
    MATERIAL_VALUE,
    MATERIALS,
    MERCHANT_BONUS,
    STATUE_POINTS,
    canonical_building,
)


@frozen
class ScoringRecord:
    """What the final score of one player depends on."""

    name: str
    influence: int
    hand: int = 0
    vault: Mapping[str, int] = field(default_factory=dict)  # material -> cards
    stockpile: int = 0  # materials in the stockpile (all kinds), for the Wall
    statue: bool = False  # holds the Statue's function
    wall: bool = False  # holds the Wall's function


def merchant_bonus_holders(records: Sequence[ScoringRecord]) -> dict[str, int | None]:
    """Material -> index of the player with strictly most vault cards of it, else None.

    A tie at the top cancels the bonus; nobody earns it for a material nobody vaulted.
    """
    holders: dict[str, int | None] = {}
    for material in MATERIALS:
        counts = [record.vault.get(material, 0) for record in records]
        top = max(counts, default=0)
        leaders = [i for i, count in enumerate(counts) if count == top]
        holders[material] = leaders[0] if top > 0 and len(leaders) == 1 else None
    return holders


def breakdown(record: ScoringRecord, bonuses: int) -> dict[str, int]:
    """The four parts of one player's score (``bonuses``: Merchant Bonuses earned)."""
    vault = sum(MATERIAL_VALUE[m] * record.vault.get(m, 0) for m in MATERIALS)
    structures = (STATUE_POINTS if record.statue else 0) + (
        record.stockpile // 2 if record.wall else 0)
    return {"influence": record.influence, "vault": vault,
            "merchant_bonus": MERCHANT_BONUS * bonuses, "structures": structures}


def score_records(records: Sequence[ScoringRecord],
                  forum_winner: str | None = None) -> ScoreResult:
    """Rank the players; the tie-break is most cards in hand; a Forum winner wins outright."""
    holders = merchant_bonus_holders(records)
    scores = []
    for index, record in enumerate(records):
        earned = sum(1 for holder in holders.values() if holder == index)
        parts = breakdown(record, earned)
        scores.append(PlayerScore(record.name, sum(parts.values()), parts))
    result = rank(scores, [("hand", [r.hand for r in records])])
    if forum_winner is None:
        return result
    placed = sorted(zip(result.players, result.placings(), strict=True),
                    key=lambda pair: pair[0].name != forum_winner)
    others = [place for player, place in placed if player.name != forum_winner]
    places = [1 if player.name == forum_winner else 2 + sum(o < place for o in others)
              for player, place in placed]
    said = ({"say": "forum", "name": forum_winner},)
    return ScoreResult(tuple(p for p, _place in placed), (forum_winner,), explain(said),
                       tuple(places), said)


# --- the ``companion score glory-to-rome FILE`` format -------------------------------


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(where, _("expected a whole number, got {value!r}").format(
            value=value))
    if value < 0:
        raise ScoreInputError(where, _("must not be negative (got {value})").format(value=value))
    return value


def _materials(value: Any, where: str) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScoreInputError(where, _("expected an object of material counts, e.g. "
                                       "{\"stone\": 2}"))
    counts: dict[str, int] = {}
    for material, count in value.items():
        if material not in MATERIAL_VALUE:
            raise ScoreInputError(f"{where}.{material}", _(
                "unknown material; use one of: {materials}").format(
                    materials=", ".join(MATERIALS)))
        counts[material] = _count(count, f"{where}.{material}")
    return counts


def _structures(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ScoreInputError(where, _("expected a list of structure names"))
    names: list[str] = []
    for i, item in enumerate(value):
        known = canonical_building(item) if isinstance(item, str) else None
        if known is None:
            raise ScoreInputError(f"{where}[{i}]", _("unknown structure {name!r}").format(
                name=item))
        if known in names:
            raise ScoreInputError(f"{where}[{i}]", _(
                "{name} is listed twice; a player has each structure at most once").format(
                    name=known))
        names.append(known)
    return tuple(names)


def _player(data: Any, where: str) -> ScoringRecord:
    if not isinstance(data, dict):
        raise ScoreInputError(where, _("expected an object with name, influence, hand, vault, "
                                       "stockpile and structures"))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ScoreInputError(f"{where}.name", _("every player needs a non-empty name"))
    if "influence" not in data:
        raise ScoreInputError(f"{where}.influence", _("missing; give the player's influence"))
    structures = _structures(data.get("structures"), f"{where}.structures")
    return ScoringRecord(
        name=name.strip(),
        influence=_count(data["influence"], f"{where}.influence"),
        hand=_count(data.get("hand", 0), f"{where}.hand"),
        vault=_materials(data.get("vault"), f"{where}.vault"),
        stockpile=sum(_materials(data.get("stockpile"), f"{where}.stockpile").values()),
        statue="Statue" in structures,
        wall="Wall" in structures,
    )


def parse_score_input(data: Mapping[str, Any]) -> tuple[list[ScoringRecord], str | None]:
    """Validate the JSON document; return the records and the Forum winner's name."""
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ScoreInputError("players", _("expected a non-empty list of players"))
    if len(players) > 5:
        raise ScoreInputError("players", _("Glory to Rome has at most 5 players, got {n}").format(
            n=len(players)))
    records: list[ScoringRecord] = []
    for i, item in enumerate(players):
        record = _player(item, f"players[{i}]")
        if any(r.name == record.name for r in records):
            raise ScoreInputError(f"players[{i}].name", _(
                "duplicate player name {name!r}; names must differ").format(name=record.name))
        records.append(record)
    winner = data.get("forum_winner")
    if winner is not None and (not isinstance(winner, str)
                               or winner.strip() not in {r.name for r in records}):
        raise ScoreInputError("forum_winner", _(
            "must be null or the name of one of the players, got {value!r}").format(
                value=winner))
    return records, winner.strip() if isinstance(winner, str) else None


def score_input(data: Mapping[str, Any]) -> ScoreResult:
    """Score an endgame given in the ``companion score`` JSON format."""
    records, winner = parse_score_input(data)
    return score_records(records, winner)
