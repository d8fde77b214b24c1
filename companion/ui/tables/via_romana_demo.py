"""A Via Romana evening half-way through, on the shipped map: four players, roads being
built, one road just completed and waiting for its marker pick (screenshots, README)."""

from __future__ import annotations

from typing import Any

from companion.games.base import PlayerInfo
from companion.games.via_romana import Board
from companion.log.session import GameSession
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2),
           PlayerInfo("Julia", "yellow", 3), PlayerInfo("Titus", "green", 4))


def _road(board: Board, a: str, b: str) -> int:
    ends = {board.city_index(a), board.city_index(b)}
    return next(i for i, r in enumerate(board.roads) if {r.a, r.b} == ends)


def scoring_session(store: Store) -> GameSession:
    """The demo evening up to a pending road scoring (every move checked by the rules)."""
    session = GameSession.create(store, "via-romana", PLAYERS, {})
    board: Board = session.state.board

    def road(a: str, b: str, colour: str, count: int = 1, symbol: str = "") -> tuple[
            str, dict[str, Any]]:
        card = {"colour": colour, **({"symbol": symbol} if symbol else {})}
        kind = "two_milestones" if count == 2 else "milestone_road"
        return kind, {"road": _road(board, a, b), "from": a, "cards": [card]}

    def city(kind: str, name: str, colour: str) -> tuple[str, dict[str, Any]]:
        cards = [{"colour": colour}] * (2 if kind == "castle" else 1)
        return kind, {"city": name, "cards": cards}

    end: tuple[str, dict[str, Any]] = ("end_turn", {})
    moves = [
        ("start_castle", {"city": "Lutetia"}), ("start_castle", {"city": "Durocortorum"}),
        ("start_castle", {"city": "Lugdunum"}), ("start_castle", {"city": "Narbo"}),
        road("Lutetia", "Durocortorum", "grey"), city("milestone_city", "Rotomagus", "grey"),
        end,
        city("castle", "Samarobriva", "blue"), end,
        road("Lugdunum", "Vesontio", "yellow"), road("Lugdunum", "Vesontio", "grey"), end,
        road("Narbo", "Massilia", "violet"), city("milestone_city", "Tolosa", "violet"), end,
        end,
        road("Durocortorum", "Lutetia", "blue", count=2, symbol="eagle"),
    ]
    for kind, payload in moves:
        session.dispatch(kind, payload)
    return session
