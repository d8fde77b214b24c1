"""The log folded into state: the actions in effect, the undo cursor, and the states kept.

A game's log holds every action, undo and redo; :func:`effective_actions` reads which
actions are in effect and how many are applied, :class:`Timeline` keeps the states an
evening needs in memory (every one of the newest, one in :data:`STATE_EVERY` behind
them), and :class:`TimelineFork` is a timeline that went another way after an undo
without copying what it shares. Snapshots, keyed by :func:`snapshot_code`, make resume
independent of the evening's length.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, SupportsIndex, cast, overload

from companion import __version__
from companion import games as games_package
from companion.core.checksum import checksum
from companion.games.base import Action, GameRules
from companion.log.entries import LogEntry

#: A snapshot of the state every this many applied actions makes resume independent of
#: the length of the evening (the log stays the truth; snapshots are only shortcuts).
SNAPSHOT_EVERY = 200
#: states an evening keeps in memory behind the cursor: every one of the newest (undo is
#: instant), then one in so many (a deeper undo folds at most that many moves)
RECENT_STATES = 64
STATE_EVERY = 25

@functools.cache
def snapshot_code() -> str:
    """Snapshots are valid only for the exact game code that pickled them.

    A checksum of the code (:mod:`companion.core.checksum`) tells a change apart.
    """
    return checksum([__version__.encode()] + [
        source.read_bytes()
        for source in sorted(Path(games_package.__file__).parent.rglob("*.py"))])


def effective_actions(entries: Sequence[LogEntry]) -> tuple[list[Action], int]:
    """The actions in effect and the cursor (how many of them are applied).

    A new action after undos discards the undone tail; undo/redo beyond either end is
    ignored (they cannot be recorded that way, but a hand-edited log must not break).
    """
    actions, _origins, cursor = _fold_log(entries)
    return actions, cursor


def _fold_log(entries: Sequence[LogEntry]) -> tuple[list[Action], list[int], int]:
    """:func:`effective_actions`, plus the log seq each action in effect came from."""
    actions: list[Action] = []
    origins: list[int] = []
    cursor = 0
    for entry in entries:
        if entry.kind == "do" and entry.action is not None:
            del actions[cursor:]
            del origins[cursor:]
            actions.append(entry.action)
            origins.append(entry.seq)
            cursor += 1
        elif entry.kind == "undo" and cursor > 0:
            cursor -= 1
        elif entry.kind == "redo" and cursor < len(actions):
            cursor += 1
    return actions, origins, cursor


def fold_kinds(index: Sequence[tuple[int, str]]) -> tuple[list[int], int]:
    """:func:`_fold_log` on (seq, kind) rows alone: the seqs of the actions in effect."""
    origins: list[int] = []
    append = origins.append
    cursor = 0
    for seq, kind in index:
        if kind == "do":
            if cursor < len(origins):
                del origins[cursor:]
            append(seq)
            cursor += 1
        elif kind == "undo":
            if cursor > 0:
                cursor -= 1
        elif cursor < len(origins):  # redo
            cursor += 1
    return origins, cursor


class LoggedActions(list[Action]):
    """The actions in effect, some still only their log seq: decoded on first use.

    A resume decodes the moves after the newest snapshot; an undo below it, or a look
    at the whole list, loads the older ones one by one through ``load``.
    """

    def __init__(self, origins: Sequence[int], load: Callable[[int], Action]) -> None:
        super().__init__(cast(list[Action], list(origins)))
        self._load = load

    def place(self, position: int, action: Action) -> None:
        """The move at ``position`` is ``action`` (decoded along with the log's tail)."""
        list.__setitem__(self, position, action)

    def _resolve(self, position: int) -> Action:
        item: Action | int = list.__getitem__(self, position)
        if isinstance(item, int):
            item = self._load(item)
            list.__setitem__(self, position, item)
        return item

    @overload
    def __getitem__(self, index: SupportsIndex) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._resolve(i) for i in range(*index.indices(len(self)))]
        return self._resolve(int(index))

    def __iter__(self) -> Iterator[Action]:
        return (self._resolve(i) for i in range(len(self)))


class Timeline:
    """Actions in effect, where each came from in the log, the undo cursor, and states.

    States are cached sparsely (index -> state after that many actions): a resume from a
    snapshot starts with only the set-up and the snapshot, and an undo below it folds the
    missing states on demand.
    """

    def __init__(self, rules: GameRules[Any], initial: Any) -> None:
        self.rules = rules
        self.actions: list[Action] = []
        self.origins: list[int] = []  # log seq that put each action in place (0: unknown)
        self.cursor = 0
        self.states: dict[int, Any] = {0: initial}
        #: a state kept only as a fold's progress (see :meth:`fold_toward`), if any
        self._stone: int | None = None

    @property
    def length(self) -> int:
        return len(self.actions)

    def action(self, index: int) -> Action:
        return self.actions[index]

    def fork(self) -> TimelineFork:
        """What this timeline will be once the entries in flight are committed (O(1))."""
        return TimelineFork(self)

    def state_at(self, index: int) -> Any:
        if index not in self.states:
            start = max(i for i in self.states if i < index)
            state = self.states[start]
            for position in range(start, index):
                state = self.rules.apply(state, self.actions[position])
                if self._worth_keeping(position + 1, index):
                    self.states[position + 1] = state
            self.states[index] = state
        return self.states[index]

    def fold_toward(self, index: int, seconds: float) -> bool:
        """Fold toward the state at ``index`` for about ``seconds`` (one move at least);
        True once it is kept.

        Where the fold has not reached ``index`` yet, its progress is kept as a stepping
        stone, which the next call (or :meth:`state_at`) starts from; a stone that a
        later fold passes is dropped unless it is worth keeping anyway.
        """
        if index in self.states:
            return True
        start = max(i for i in self.states if i < index)
        state = self.states[start]
        deadline = time.perf_counter() + seconds
        position = start
        while position < index:
            state = self.rules.apply(state, self.actions[position])
            position += 1
            if self._worth_keeping(position, index):
                self.states[position] = state
            if time.perf_counter() >= deadline:
                break
        self.states[position] = state
        if self._stone is not None and self._stone != position and not self._worth_keeping(
                self._stone, index):
            self.states.pop(self._stone, None)
        self._stone = position if position < index else None
        return position == index

    @staticmethod
    def _worth_keeping(index: int, near: int) -> bool:
        """Whether the state after ``index`` actions stays in memory while the cursor is at
        ``near``: the newest ones and one in :data:`STATE_EVERY` (an evening's memory stays
        flat however long it runs)."""
        return index % STATE_EVERY == 0 or index > near - RECENT_STATES

    def _forget_old_states(self) -> None:
        old = self.cursor - RECENT_STATES
        if old > 0 and old % STATE_EVERY and old % SNAPSHOT_EVERY:  # snapshots stay
            self.states.pop(old, None)

    @property
    def state(self) -> Any:
        return self.state_at(self.cursor)

    def check(self, entry: LogEntry) -> Any:
        """The state ``entry`` would lead to; raises Rejected for a refused action."""
        return _check(self, entry)

    def record(self, entry: LogEntry, new_state: Any = None, origin: int = 0) -> None:
        """Apply an entry already known to be valid (``new_state`` from :meth:`check`)."""
        if entry.kind == "do":
            assert entry.action is not None
            if new_state is None:
                new_state = self.rules.apply(self.state, entry.action)
            if self.cursor < len(self.actions):  # a new action discards the undone tail
                del self.actions[self.cursor:]
                del self.origins[self.cursor:]
                for index in [i for i in self.states if i > self.cursor]:
                    del self.states[index]
            self.actions.append(entry.action)
            self.origins.append(origin)
            self.cursor += 1
            self.states[self.cursor] = new_state
            self._forget_old_states()
        elif entry.kind == "undo" and self.cursor > 0:
            self.cursor -= 1
        elif entry.kind == "redo" and self.cursor < len(self.actions):
            self.state_at(self.cursor + 1)
            self.cursor += 1


class TimelineFork:
    """A timeline ahead of its base by the entries in flight, sharing the base's past.

    The base only ever records the same entries, in the same order, that the fork
    recorded before it; so the first :attr:`shared` actions (and their states) of the
    base stay the fork's too, and a move costs the same after 20,000 as after 10.
    """

    def __init__(self, base: Timeline) -> None:
        self.base = base
        self.rules = base.rules
        self.shared = base.length  # the base's first ``shared`` actions are this fork's
        self.own: list[Action] = []  # the fork's actions after those
        self.own_states: dict[int, Any] = {}  # states past ``shared``
        self.cursor = base.cursor

    @property
    def length(self) -> int:
        return self.shared + len(self.own)

    def action(self, index: int) -> Action:
        return self.base.actions[index] if index < self.shared else self.own[index - self.shared]

    def state_at(self, index: int) -> Any:
        if index <= self.shared:
            return self.base.state_at(index)
        if index not in self.own_states:
            start = max((i for i in self.own_states if i < index), default=self.shared)
            state = self.state_at(start)
            for position in range(start, index):
                state = self.rules.apply(state, self.action(position))
                self.own_states[position + 1] = state
        return self.own_states[index]

    @property
    def state(self) -> Any:
        return self.state_at(self.cursor)

    def check(self, entry: LogEntry) -> Any:
        return _check(self, entry)

    def record(self, entry: LogEntry, new_state: Any = None) -> None:
        if entry.kind == "do":
            assert entry.action is not None
            if new_state is None:
                new_state = self.rules.apply(self.state, entry.action)
            if self.cursor < self.length:  # a new action discards the undone tail
                if self.cursor < self.shared:
                    self.shared = self.cursor
                    self.own.clear()
                else:
                    del self.own[self.cursor - self.shared:]
                self.own_states = {i: s for i, s in self.own_states.items() if i <= self.cursor}
            self.own.append(entry.action)
            self.cursor += 1
            self.own_states[self.cursor] = new_state
        elif entry.kind == "undo" and self.cursor > 0:
            self.cursor -= 1
        elif entry.kind == "redo" and self.cursor < self.length:
            self.state_at(self.cursor + 1)
            self.cursor += 1


def _check(timeline: Timeline | TimelineFork, entry: LogEntry) -> Any:
    if entry.kind == "do":
        assert entry.action is not None
        return timeline.rules.apply(timeline.state, entry.action)
    if entry.kind == "redo" and timeline.cursor < timeline.length:
        return timeline.state_at(timeline.cursor + 1)
    return None
