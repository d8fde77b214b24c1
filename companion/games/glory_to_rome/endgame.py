"""Glory to Rome at the end: what the table types in, and the final score from the log.

The companion knows influence, vaults (except Atrium cards) and structures; it asks for
cards in hand (the tie-break), the stockpile of a Wall's holder, and the revealed
materials of Atrium cards, then scores through the same function as ``companion score``.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.i18n import _, ngettext
from companion.games.base import EntryField, Rejected, ScoreResult
from companion.games.glory_to_rome.data import MATERIALS, material_label
from companion.games.glory_to_rome.scoring import ScoringRecord, score_records
from companion.games.glory_to_rome.state import GloryState, has_function, unknown_vault_cards


def endgame_fields(state: GloryState) -> list[EntryField]:
    """Per player: cards in hand; stockpile size with a Wall; Atrium cards by material."""
    fields: list[EntryField] = []
    for index, player in enumerate(state.players):
        fields.append(EntryField(f"{index}.hand", _("{name}: cards in hand").format(
            name=player.name), player=index))
        if has_function(state, index, "Wall"):
            fields.append(EntryField(f"{index}.stockpile", _(
                "{name}: materials in stockpile (Wall)").format(name=player.name), player=index))
        unknown = unknown_vault_cards(state, index)
        for material in MATERIALS if unknown else ():
            fields.append(EntryField(
                f"{index}.atrium.{material}",
                _("{name}: Atrium cards of {material} ({count} to reveal)").format(
                    name=player.name, material=material_label(material), count=unknown),
                player=index, maximum=unknown))
    return fields


def _entry(entries: Mapping[str, int], field: EntryField) -> int:
    value = entries.get(field.key, field.default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(_("{label}: enter a whole number.").format(label=field.label))
    if not field.minimum <= value <= field.maximum:
        raise Rejected(_("{label}: enter a number from {low} to {high}, not {value}.").format(
            label=field.label, low=field.minimum, high=field.maximum, value=value))
    return value


def scoring_records(state: GloryState, entries: Mapping[str, int]) -> list[ScoringRecord]:
    """The per-player records of an ended game plus the table's numbers (checked)."""
    values = {field.key: _entry(entries, field) for field in endgame_fields(state)}
    records: list[ScoringRecord] = []
    for index, player in enumerate(state.players):
        vault = {m: sum(1 for card in player.vault if card.material == m) for m in MATERIALS}
        unknown = unknown_vault_cards(state, index)
        if unknown:
            revealed = {m: values[f"{index}.atrium.{m}"] for m in MATERIALS}
            if sum(revealed.values()) != unknown:
                raise Rejected(ngettext(
                    "{name} has {count} Atrium card in the vault, but the revealed materials "
                    "add up to {total}; check them.",
                    "{name} has {count} Atrium cards in the vault, but the revealed materials "
                    "add up to {total}; check them.", unknown).format(
                        name=player.name, count=unknown, total=sum(revealed.values())))
            vault = {m: vault[m] + revealed[m] for m in MATERIALS}
        records.append(ScoringRecord(
            name=player.name, influence=player.influence, hand=values[f"{index}.hand"],
            vault=vault, stockpile=values.get(f"{index}.stockpile", 0),
            statue=has_function(state, index, "Statue"),
            wall=has_function(state, index, "Wall")))
    return records


def final_score(state: GloryState, entries: Mapping[str, int]) -> ScoreResult:
    """Score the ended game; a Forum winner wins regardless of the totals."""
    if state.phase != "over":
        raise Rejected(_("The game is not over yet; the final score comes at the end."))
    winner = state.players[state.forum_winner].name if state.forum_winner is not None else None
    return score_records(scoring_records(state, entries), winner)
