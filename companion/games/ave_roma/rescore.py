"""A finished Ave Roma game scored again after a correction.

The result keeps what its score was worked out from (:func:`entries_of`: each seat's
supplies and points, the regions' markers and cubes, the table's region points if it
scored the regions itself); a corrected number changes them and :func:`rescore` runs the
same :func:`score_table` as ``companion score``: goods and coins per VP, the political
cap, the push-down and the tie-breaks (most coins, then most resources) all follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.i18n import _
from companion.games.ave_roma.model import POLITICAL_CAP, RESOURCE_CAP, RESOURCES
from companion.games.ave_roma.scoring import FinalRecord, RegionFinal, score_table
from companion.games.base import EntryField, ScoreInputError, ScoreResult

#: the numbers of a seat's record, in the order the correction offers them
NUMBERS = ("coins", "resources", "surplus", "track_vp", "patron_vp", "political_vp")


def entries_of(records: Sequence[FinalRecord], regions: Sequence[RegionFinal],
               region_points: Sequence[int] | None) -> dict[str, Any]:
    players = []
    for index, r in enumerate(records):
        seat: dict[str, Any] = {"coins": r.coins, "resources": r.resources,
                                "surplus": r.surplus, "track_vp": r.track_vp,
                                "patron_vp": r.patron_vp, "political_vp": r.political}
        if region_points is not None:
            seat["region_vp"] = region_points[index]
        players.append(seat)
    return {"players": players,
            "regions": [{"marker": r.marker, "levels": list(r.levels)} for r in regions]}


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9999:
        raise ScoreInputError(where, _("expected a whole number"))
    return value


def rescore(entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
    """Score the entries again (checked: they may come from a file)."""
    players = entries.get("players")
    raw_regions = entries.get("regions")
    if not isinstance(players, list) or len(players) != len(names) \
            or not isinstance(raw_regions, list):
        raise ScoreInputError("entries", _("expected one record per player"))
    records = []
    for i, (data, name) in enumerate(zip(players, names, strict=True)):
        if not isinstance(data, dict):
            raise ScoreInputError(f"entries.players[{i}]", _("expected an object"))
        n = {key: _count(data.get(key), f"entries.players[{i}].{key}") for key in NUMBERS}
        records.append(FinalRecord(name, n["coins"], n["resources"], n["surplus"],
                                   n["patron_vp"], n["political_vp"], n["track_vp"]))
    by_table = [isinstance(p, dict) and "region_vp" in p for p in players]
    points = ([_count(p["region_vp"], f"entries.players[{i}].region_vp")
               for i, p in enumerate(players)] if all(by_table) else None)
    regions = []
    for i, region in enumerate(raw_regions):
        levels = region.get("levels") if isinstance(region, dict) else None
        if not isinstance(levels, list) or len(levels) != len(names):
            raise ScoreInputError(f"entries.regions[{i}]", _("expected a level per player"))
        regions.append(RegionFinal(_count(region.get("marker"), f"entries.regions[{i}]"),
                                   tuple(_count(v, f"entries.regions[{i}]") for v in levels)))
    return score_table(records, regions, points)


def correctable(entries: Mapping[str, Any], player: int) -> list[EntryField]:
    """A seat's supplies and points (and its region points where the table scored them)."""
    labels = {"coins": _("coins"), "resources": _("resources"), "surplus": _("surplus"),
              "track_vp": _("VP on the score track"), "patron_vp": _("patron card points"),
              "political_vp": _("political influence points"),
              "region_vp": _("region points")}
    limits = {"resources": len(RESOURCES) * RESOURCE_CAP, "political_vp": POLITICAL_CAP}
    record = entries["players"][player]
    return [EntryField(key, labels[key], player, maximum=limits.get(key, 999),
                       default=record[key])
            for key in (*NUMBERS, "region_vp") if key in record]
