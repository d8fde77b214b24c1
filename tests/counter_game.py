"""A tiny game for testing the game-independent layers (session, store, CLI).

Players take turns adding to their own tally; ``add`` refuses amounts outside 1..3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import (
    Action,
    EntryField,
    PlayerInfo,
    PlayerScore,
    Rejected,
    ScoreInputError,
    ScoreResult,
    rank,
)


@dataclass(frozen=True)
class CounterState:
    names: tuple[str, ...]
    tallies: tuple[int, ...]
    turn: int = 0
    over: bool = False


class CounterRules:
    key = "counter"
    title = "Counter"
    min_players = 2
    max_players = 5

    def default_options(self) -> dict[str, Any]:
        return {"target": 10}

    def setup(self, players: Sequence[PlayerInfo], options: Mapping[str, Any]) -> CounterState:
        if int(options.get("target", 10)) < 1:
            raise Rejected("target must be at least 1")
        return CounterState(tuple(p.name for p in players), tuple(0 for _ in players))

    def apply(self, state: CounterState, action: Action) -> CounterState:
        if action.type == "add":
            amount = int(action.payload.get("amount", 0))
            if not 1 <= amount <= 3:
                raise Rejected(f"add 1 to 3, not {amount}")
            who = state.turn % len(state.names)
            tallies = list(state.tallies)
            tallies[who] += amount
            return replace(state, tallies=tuple(tallies), turn=state.turn + 1)
        if action.type == "end":
            return replace(state, over=True)
        raise Rejected(f"unknown action {action.type}")

    def current_player(self, state: CounterState) -> int | None:
        return state.turn % len(state.names)

    def turn_order(self, state: CounterState) -> list[int]:
        return list(range(len(state.names)))

    def status_line(self, state: CounterState) -> str:
        return f"Turn {state.turn + 1}"

    def is_over(self, state: CounterState) -> bool:
        return state.over

    def endgame_fields(self, state: CounterState) -> list[EntryField]:
        return [EntryField(f"{i}.bonus", "bonus", i) for i in range(len(state.names))]

    def final_score(self, state: CounterState, entries: Mapping[str, int]) -> ScoreResult:
        return rank([PlayerScore(n, t + entries.get(f"{i}.bonus", 0), {"tally": t})
                     for i, (n, t) in enumerate(zip(state.names, state.tallies, strict=True))])

    def score_input(self, data: Mapping[str, Any]) -> ScoreResult:
        players = data.get("players")
        if not isinstance(players, list) or not players:
            raise ScoreInputError("players", "expected a non-empty list")
        scores = []
        for i, player in enumerate(players):
            tally = player.get("tally") if isinstance(player, dict) else None
            if not isinstance(tally, int) or tally < 0:
                raise ScoreInputError(f"players[{i}].tally", "expected a whole number >= 0")
            scores.append(PlayerScore(str(player.get("name")), tally, {"tally": tally}))
        return rank(scores)

    def final_entries(self, state: CounterState, entries: Mapping[str, int]) -> dict[str, Any]:
        return {"players": [{"tally": t, "bonus": entries.get(f"{i}.bonus", 0)}
                            for i, t in enumerate(state.tallies)]}

    def rescore(self, entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
        seats = entries.get("players")
        if not isinstance(seats, list) or len(seats) != len(names):
            raise ScoreInputError("players", "expected one entry per player")
        return rank([PlayerScore(n, s["tally"] + s["bonus"], {"tally": s["tally"]})
                     for n, s in zip(names, seats, strict=True)])

    def correctable(self, entries: Mapping[str, Any], player: int) -> list[EntryField]:
        seat = entries["players"][player]
        return [EntryField("bonus", "bonus", player, default=seat["bonus"])]


RULES = CounterRules()
