"""A finished Via Romana game scored again after a correction.

The result keeps each seat's tally (:func:`entries_of`: markers, castle markers, order
board, legion eagle, the bonuses of its settings); a corrected number changes it and
:func:`rescore` runs the same :func:`score_tallies` as ``companion score``. The rules
leave a tie at the top to the table, so a tie stays shared unless the table gives it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.i18n import _
from companion.games.base import EntryField, ScoreInputError, ScoreResult
from companion.games.via_romana.scoring import Marker, PlayerTally, score_tallies


def entries_of(tallies: Sequence[PlayerTally]) -> dict[str, Any]:
    return {"players": [{
        "markers": [{"colour": m.colour, "value": m.value} for m in t.markers],
        "castle_markers": list(t.castle_markers),
        "order_board": list(t.order_board) if t.order_board is not None else None,
        "order_board_fulfilled": t.order_board_fulfilled, "legion_eagle": t.legion_eagle,
        "order_board_bonus": t.order_board_bonus, "eagle_bonus": t.eagle_bonus,
    } for t in tallies]}


def _number(value: Any, where: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 999:
        raise ScoreInputError(where, _("expected a whole number"))
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScoreInputError(where, _("expected true or false"))
    return value


def _tally(data: Any, name: str, where: str) -> PlayerTally:
    if not isinstance(data, dict) or not isinstance(data.get("markers"), list) \
            or not isinstance(data.get("castle_markers"), list):
        raise ScoreInputError(where, _("expected an object"))
    markers = []
    for i, marker in enumerate(data["markers"]):
        if not isinstance(marker, dict) or not isinstance(marker.get("colour"), str):
            raise ScoreInputError(f"{where}.markers[{i}]", _("expected an object"))
        markers.append(Marker(marker["colour"][:24],
                              _number(marker.get("value"), f"{where}.markers[{i}]", 1)))
    board = data.get("order_board")
    if board is not None and (not isinstance(board, list)
                              or not all(isinstance(c, str) for c in board)):
        raise ScoreInputError(f"{where}.order_board", _("expected a list of colours"))
    return PlayerTally(
        name, tuple(markers),
        tuple(_number(v, f"{where}.castle_markers", 1) for v in data["castle_markers"]),
        tuple(board) if board is not None else None,
        _flag(data.get("legion_eagle"), f"{where}.legion_eagle"),
        _flag(data.get("order_board_fulfilled"), f"{where}.order_board_fulfilled"),
        _number(data.get("order_board_bonus"), f"{where}.order_board_bonus"),
        _number(data.get("eagle_bonus"), f"{where}.eagle_bonus"))


def rescore(entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
    """Score the tallies again (checked: they may come from a file)."""
    players = entries.get("players")
    if not isinstance(players, list) or len(players) != len(names):
        raise ScoreInputError("entries.players", _("expected one record per player"))
    return score_tallies([_tally(data, name, f"entries.players[{i}]")
                          for i, (data, name) in enumerate(zip(players, names, strict=True))])


def correctable(entries: Mapping[str, Any], player: int) -> list[EntryField]:
    """Each city marker's and castle marker's value, and an unrecorded order board's 1/0."""
    record = entries["players"][player]
    fields = [EntryField(f"markers.{i}.value", _("city marker {n}").format(n=i + 1), player,
                         minimum=1, maximum=99, default=m["value"])
              for i, m in enumerate(record["markers"])]
    fields += [EntryField(f"castle_markers.{i}", _("castle marker {n}").format(n=i + 1),
                          player, minimum=1, maximum=99, default=value)
               for i, value in enumerate(record["castle_markers"])]
    if record["order_board"] is None:
        fields.append(EntryField("order_board_fulfilled",
                                 _("all four order board colours collected?"), player,
                                 maximum=1, default=int(record["order_board_fulfilled"])))
    return fields
