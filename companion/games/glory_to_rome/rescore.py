"""A finished Glory to Rome game scored again after a correction.

The result keeps the numbers its score was worked out from (:func:`entries_of`, one record
per seat, no names); a corrected number changes them and :func:`rescore` runs the same
:func:`score_records` as ``companion score``: the Merchant Bonuses, the totals and the
tie-break on cards in hand all follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.i18n import _
from companion.games.base import EntryField, ScoreInputError, ScoreResult
from companion.games.glory_to_rome.data import MATERIALS, material_label
from companion.games.glory_to_rome.scoring import ScoringRecord, _count, score_records


def entries_of(records: Sequence[ScoringRecord], forum_winner: int | None) -> dict[str, Any]:
    """The scoring records in plain JSON, by seat (the Forum winner as a seat)."""
    return {"players": [{"influence": r.influence, "hand": r.hand,
                         "vault": {m: r.vault.get(m, 0) for m in MATERIALS},
                         "stockpile": r.stockpile, "statue": r.statue, "wall": r.wall}
                        for r in records],
            "forum_winner": forum_winner}


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScoreInputError(where, _("expected true or false"))
    return value


def records_of(entries: Mapping[str, Any],
               names: Sequence[str]) -> tuple[list[ScoringRecord], str | None]:
    """The records back from :func:`entries_of` (checked: they may come from a file)."""
    players = entries.get("players")
    if not isinstance(players, list) or len(players) != len(names):
        raise ScoreInputError("entries.players", _("expected one record per player"))
    records = []
    for i, (data, name) in enumerate(zip(players, names, strict=True)):
        where = f"entries.players[{i}]"
        if not isinstance(data, dict) or not isinstance(data.get("vault"), dict):
            raise ScoreInputError(where, _("expected an object"))
        vault = data["vault"]
        if set(vault) - set(MATERIALS):
            raise ScoreInputError(f"{where}.vault", _("unknown material"))
        records.append(ScoringRecord(
            name=name, influence=_count(data.get("influence"), f"{where}.influence"),
            hand=_count(data.get("hand"), f"{where}.hand"),
            vault={m: _count(vault.get(m, 0), f"{where}.vault.{m}") for m in MATERIALS},
            stockpile=_count(data.get("stockpile"), f"{where}.stockpile"),
            statue=_flag(data.get("statue"), f"{where}.statue"),
            wall=_flag(data.get("wall"), f"{where}.wall")))
    forum = entries.get("forum_winner")
    if forum is not None and (isinstance(forum, bool) or not isinstance(forum, int)
                              or not 0 <= forum < len(names)):
        raise ScoreInputError("entries.forum_winner", _("expected a seat or null"))
    return records, names[forum] if forum is not None else None


def rescore(entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
    records, forum_winner = records_of(entries, names)
    return score_records(records, forum_winner)


def correctable(entries: Mapping[str, Any], player: int) -> list[EntryField]:
    """Influence, cards in hand, the vault by material, the stockpile of a Wall's holder."""
    record = entries["players"][player]
    fields = [EntryField("influence", _("influence"), player, default=record["influence"]),
              EntryField("hand", _("cards in hand"), player, default=record["hand"])]
    fields += [EntryField(f"vault.{m}", _("vault cards of {material}").format(
        material=material_label(m)), player, default=record["vault"].get(m, 0))
        for m in MATERIALS]
    if record["wall"]:
        fields.append(EntryField("stockpile", _("materials in stockpile (Wall)"), player,
                                 default=record["stockpile"]))
    return fields
