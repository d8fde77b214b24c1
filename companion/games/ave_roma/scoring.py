"""Ave Roma final scoring, shared by the tracked game and ``companion score ave-roma``.

Both paths reduce a game to plain per-player records plus the five regions and call
``score_table``, so the arithmetic exists once: region push-down first, then coins ÷5,
(resources + surplus) ÷3, patron points, political points (at most 30), region
influence, plus the VP already on the score track.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.ave_roma.model import POLITICAL_CAP, REGION_COUNT, RESOURCE_CAP, RESOURCES
from companion.games.base import PlayerScore, ScoreInputError, ScoreResult, explain, rank, say

COINS_PER_VP = 5
GOODS_PER_VP = 3
#: what a cube pushed off the bottom of a region track still scores
OFF_TRACK_VP = 1


@frozen
class FinalRecord:
    """What one player brings to the final scoring, apart from the regions."""

    name: str
    coins: int
    resources: int
    surplus: int
    patron_vp: int
    political: int
    track_vp: int


@frozen
class RegionFinal:
    """A region at the end: the brown marker and each player's level (0 = no cube)."""

    marker: int
    levels: tuple[int, ...]


@frozen
class PushedCube:
    """One cube's move in the push-down; ``after`` is None when pushed off the track."""

    player: int
    before: int
    after: int | None

    @property
    def points(self) -> int:
        return OFF_TRACK_VP if self.after is None else self.after


def push_down(marker: int, levels: Sequence[int]) -> tuple[PushedCube, ...]:
    """Pull cubes above the marker down to it, each pushing the cubes below it down in
    order; a cube pushed below 1 leaves the track. Cubes are listed top first."""
    cubes = sorted(((level, player) for player, level in enumerate(levels) if level > 0),
                   reverse=True)
    ceiling = marker
    moved: list[PushedCube] = []
    for level, player in cubes:
        after = min(level, ceiling)
        ceiling = after - 1
        moved.append(PushedCube(player, level, after if after >= 1 else None))
    return tuple(moved)


def push_down_said(position: int, marker: int, cubes: Sequence[PushedCube],
                   names: Sequence[str]) -> dict[str, Any]:
    """A region's push-down as the result keeps it (put in words by :func:`say`)."""
    return {"say": "push_down", "region": position, "marker": marker,
            "moves": [[names[cube.player], cube.before, cube.after] for cube in cubes]}


def describe_push_down(position: int, marker: int, cubes: Sequence[PushedCube],
                       names: Sequence[str]) -> str:
    """"Region 2 (marker 4): Livia 6→4, Titus 1→off the track" for the score screen."""
    return say(push_down_said(position, marker, cubes, names))


def score_table(records: Sequence[FinalRecord], regions: Sequence[RegionFinal],
                region_points: Sequence[int] | None = None) -> ScoreResult:
    """Final scores in the rules' order; ties go to most coins, then most resources.

    ``region_points`` replaces the region VP by the level when the table scores the
    regions itself (the other side of the area-scoring card); the push-down is still
    described, since it is done on the board either way."""
    region_vp = [0] * len(records)
    pushes: list[dict[str, Any]] = []
    names = [record.name for record in records]
    for position, region in enumerate(regions, start=1):
        cubes = push_down(region.marker, region.levels)
        for cube in cubes:
            region_vp[cube.player] += cube.points
        if cubes:
            pushes.append(push_down_said(position, region.marker, cubes, names))
    if region_points is not None:
        region_vp = list(region_points)
    scores = []
    for record, regions_points in zip(records, region_vp, strict=True):
        breakdown = {
            "coins": record.coins // COINS_PER_VP,
            "goods": (record.resources + record.surplus) // GOODS_PER_VP,
            "patrons": record.patron_vp,
            "political": min(record.political, POLITICAL_CAP),
            "regions": regions_points,
            "track": record.track_vp,
        }
        scores.append(PlayerScore(record.name, sum(breakdown.values()), breakdown))
    result = rank(scores, [("coins", [r.coins for r in records]),
                           ("resources", [r.resources for r in records])])
    said = (*result.said, *pushes)
    return ScoreResult(result.players, result.winners, explain(said), result.places, said)


# --- ``companion score ave-roma FILE`` ---------------------------------------------------

def _count(data: Mapping[str, Any], key: str, where: str, *, minimum: int = 0,
           maximum: int | None = None, required: bool = False) -> int:
    field = f"{where}.{key}"
    if key not in data or data[key] is None:
        if required:
            raise ScoreInputError(field, _("missing; enter a whole number"))
        return 0
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(field, _("must be a whole number, not {value!r}").format(
            value=value))
    if value < minimum:
        raise ScoreInputError(field, _("must be at least {minimum}, not {value}").format(
            minimum=minimum, value=value))
    if maximum is not None and value > maximum:
        raise ScoreInputError(field, _("must be at most {maximum}, not {value}").format(
            maximum=maximum, value=value))
    return value


def _object(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScoreInputError(field, _("expected a JSON object"))
    return value


def _player_record(raw: Any, where: str) -> FinalRecord:
    data = _object(raw, where)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ScoreInputError(f"{where}.name", _("every player needs a name"))
    resources = _object(data.get("resources") or {}, f"{where}.resources")
    for resource in resources:
        if resource not in RESOURCES:
            raise ScoreInputError(f"{where}.resources.{resource}", _(
                "unknown resource; use {known}").format(known=", ".join(RESOURCES)))
    held = sum(_count(resources, r, f"{where}.resources", maximum=RESOURCE_CAP)
               for r in RESOURCES)
    return FinalRecord(
        name=name, coins=_count(data, "coins", where), resources=held,
        surplus=_count(data, "surplus", where), patron_vp=_count(data, "patron_vp", where),
        political=_count(data, "political_vp", where), track_vp=_count(data, "track_vp", where))


def _region_final(raw: Any, where: str, names: Sequence[str]) -> RegionFinal:
    data = _object(raw, where)
    marker = _count(data, "marker", where, required=True)
    influence = _object(data.get("influence") or {}, f"{where}.influence")
    levels = [0] * len(names)
    holders: dict[int, str] = {}
    for name in influence:
        field = f"{where}.influence.{name}"
        if name not in names:
            raise ScoreInputError(field, _("no player of that name in 'players'"))
        level = _count(influence, name, f"{where}.influence", minimum=1)
        if level in holders:
            raise ScoreInputError(field, _("{other} is already on level {level}; two players "
                                           "never share a space").format(
                other=holders[level], level=level))
        holders[level] = name
        levels[names.index(name)] = level
    return RegionFinal(marker, tuple(levels))


def parse_score_input(data: Mapping[str, Any]) -> tuple[list[FinalRecord], list[RegionFinal]]:
    """Validate the JSON endgame description; ScoreInputError names the bad field."""
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ScoreInputError("players", _("expected a non-empty list of players"))
    records = [_player_record(raw, f"players[{i}]") for i, raw in enumerate(players)]
    names = [record.name for record in records]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise ScoreInputError(f"players[{index}].name", _("{name!r} appears twice").format(
                name=name))
    regions = data.get("regions") or []
    if not isinstance(regions, list) or len(regions) > REGION_COUNT:
        raise ScoreInputError("regions", _("expected a list of at most five regions, in board "
                                           "order"))
    finals = [_region_final(raw, f"regions[{i}]", names) for i, raw in enumerate(regions)]
    return records, finals


def score_json(data: Mapping[str, Any]) -> ScoreResult:
    """Score the ``companion score ave-roma`` input."""
    records, regions = parse_score_input(data)
    return score_table(records, regions)
