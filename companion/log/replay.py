"""A finished game opened again, read-only, at any point of its log.

The log is folded once, the same way resume does; the states in between are worked out
on demand, so a long evening opens as fast as a short one. Nothing can be recorded.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import _
from companion.games.base import Action, Rejected
from companion.log.entries import GameRecord, LogEntry
from companion.log.session import GameSession, Submitted
from companion.log.store import Store


class ReplaySession(GameSession):
    """A game session that only shows: ``position`` moves of the log applied."""

    def __init__(self, store: Store, record: GameRecord) -> None:
        super().__init__(store, record)
        self.moves: list[Action] = list(super().actions)
        self.position = len(self.moves)
        self._replayed: dict[int, Any] = {0: self.rules.setup(record.players, record.options),
                                          len(self.moves): super().state}

    @property
    def state(self) -> Any:
        if self.position not in self._replayed:
            start = max(i for i in self._replayed if i < self.position)
            state = self._replayed[start]
            for index in range(start, self.position):
                state = self.rules.apply(state, self.moves[index])
                self._replayed[index + 1] = state
        return self._replayed[self.position]

    @property
    def actions(self) -> list[Action]:
        return self.moves[:self.position]

    def step(self, by: int) -> None:
        self.position = max(0, min(len(self.moves), self.position + by))

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    def next_undo(self) -> Action | None:
        return None

    def submit(self, entry: LogEntry) -> Submitted | None:
        raise Rejected(_("This game is over: its moves can be watched, not changed."))

    def _write_now(self, entry: LogEntry) -> None:
        raise Rejected(_("This game is over: its moves can be watched, not changed."))
