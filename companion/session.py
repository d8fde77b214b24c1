"""A game night: its game, players and log, with undo/redo and resume.

The log is the history. Every action, undo and redo is appended to it; the list of
actions in effect and the undo cursor are derived from the log by :func:`effective_actions`,
so resuming after a pulled plug rebuilds exactly the state that was on screen.
The current state is the game's pure reducer folded over its set-up and those actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games import get_rules
from companion.games.base import Action, GameRules, PlayerInfo, Rejected, ScoreResult
from companion.i18n import _
from companion.store import GameRecord, LogEntry, Store

MIN_PLAYERS = 2
MAX_PLAYERS = 5


def effective_actions(entries: Sequence[LogEntry]) -> tuple[list[Action], int]:
    """The actions in effect and the cursor (how many of them are applied).

    A new action after undos discards the undone tail; undo/redo beyond either end is
    ignored (they cannot be recorded that way, but a hand-edited log must not break).
    """
    actions: list[Action] = []
    cursor = 0
    for entry in entries:
        if entry.kind == "do" and entry.action is not None:
            del actions[cursor:]
            actions.append(entry.action)
            cursor += 1
        elif entry.kind == "undo" and cursor > 0:
            cursor -= 1
        elif entry.kind == "redo" and cursor < len(actions):
            cursor += 1
    return actions, cursor


def validate_players(players: Sequence[PlayerInfo], rules: GameRules[Any]) -> None:
    """Check the table before anything is written: count, names, seats, tokens."""
    low = max(MIN_PLAYERS, rules.min_players)
    high = min(MAX_PLAYERS, rules.max_players)
    if not low <= len(players) <= high:
        raise Rejected(_("{title} needs {low} to {high} players, not {count}.").format(
            title=rules.title, low=low, high=high, count=len(players)))
    names = [p.name.strip() for p in players]
    if any(not name for name in names):
        raise Rejected(_("Every player needs a name."))
    for label, values in ((_("name"), [n.casefold() for n in names]),
                          (_("colour"), [p.colour for p in players]),
                          (_("seat"), [str(p.seat) for p in players]),
                          (_("tag"), [p.token for p in players if p.token])):
        duplicates = {v for v in values if values.count(v) > 1}
        if duplicates:
            raise Rejected(_("Two players have the same {what}; each needs their own.").format(
                what=label))


class GameSession:
    """One game night, backed by the store. Writes are acknowledged after commit."""

    def __init__(self, store: Store, record: GameRecord) -> None:
        self.store = store
        self.record = record
        self.rules: GameRules[Any] = get_rules(record.game)
        self.replay_notice: str | None = None
        self._actions, self._cursor = effective_actions(store.log(record.id))
        self._states: list[Any] = [self.rules.setup(record.players, record.options)]
        self._replay()

    @classmethod
    def create(cls, store: Store, game: str, players: Sequence[PlayerInfo],
               options: Mapping[str, Any] | None = None) -> GameSession:
        """Start a new game night; nothing is written if the set-up is refused."""
        rules = get_rules(game)
        merged = {**rules.default_options(), **(options or {})}
        validate_players(players, rules)
        rules.setup(tuple(players), merged)  # refuses bad options before anything is written
        game_id = store.create_game(game, players, merged)
        return cls(store, store.game(game_id))

    @classmethod
    def resume(cls, store: Store) -> GameSession | None:
        record = store.unfinished_game()
        return cls(store, record) if record else None

    def _replay(self) -> None:
        """Fold the applied actions; an action today's rules refuse is skipped and reported."""
        state = self._states[0]
        kept: list[Action] = []
        for index, action in enumerate(self._actions):
            try:
                state = self.rules.apply(state, action)
            except Rejected as exc:
                if index < self._cursor:
                    self._cursor -= 1
                self.replay_notice = _("A recorded move could not be replayed and was left "
                                       "out: {reason}").format(reason=exc)
                continue
            kept.append(action)
            if len(kept) <= self._cursor:
                self._states.append(state)
        self._actions = kept

    # -- reading -------------------------------------------------------------------------

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self.record.players

    @property
    def state(self) -> Any:
        return self._states[self._cursor]

    @property
    def actions(self) -> list[Action]:
        """The actions in effect, oldest first."""
        return self._actions[: self._cursor]

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    def next_undo(self) -> Action | None:
        return self._actions[self._cursor - 1] if self.can_undo else None

    # -- writing -------------------------------------------------------------------------

    def dispatch(self, action_type: str, payload: Mapping[str, Any] | None = None,
                 player: int | None = None) -> Any:
        """Check, record and apply an action; returns the new state once it is on disk.

        Raises Rejected (the rules refuse it) or StoreError (it could not be saved);
        either way nothing changes.
        """
        action = Action(action_type, dict(payload or {}), player)
        new_state = self.rules.apply(self.state, action)
        self.store.append(self.game_id, LogEntry("do", action))
        del self._actions[self._cursor:]
        del self._states[self._cursor + 1:]
        self._actions.append(action)
        self._states.append(new_state)
        self._cursor += 1
        return new_state

    def undo(self) -> Action | None:
        """Step back one action (recorded in the log); returns the undone action."""
        if not self.can_undo:
            return None
        self.store.append(self.game_id, LogEntry("undo"))
        self._cursor -= 1
        return self._actions[self._cursor]

    def redo(self) -> Action | None:
        if not self.can_redo:
            return None
        self.store.append(self.game_id, LogEntry("redo"))
        action = self._actions[self._cursor]
        if len(self._states) == self._cursor + 1:
            self._states.append(self.rules.apply(self.state, action))
        self._cursor += 1
        return action

    def finish(self, result: ScoreResult) -> None:
        """Record the final scores; the game moves to the history."""
        document = result.to_json()
        document["explanation"] = result.explanation
        self.store.finish_game(self.game_id, document)

    def abandon(self) -> None:
        self.store.abandon_game(self.game_id)
