"""A game night: its game, players and log, with undo/redo and resume.

The log is the history. Every action, undo and redo is appended to it; the list of
actions in effect and the undo cursor are derived from the log by
:func:`~companion.log.folding.effective_actions`,
so resuming after a pulled plug rebuilds exactly the state that was on screen.
The current state is the game's pure reducer folded over its set-up and those actions.

Two ways to write: :meth:`GameSession.dispatch` (and ``undo``/``redo``) commit before they
return; :meth:`GameSession.submit` checks the move at once and hands the commit to a
:class:`~companion.log.writer.LogWriter` thread, so the screen keeps answering while the disk
works. Either way :attr:`GameSession.state` only ever shows what is on disk.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games import get_rules
from companion.games.base import Action, GameRules, PlayerInfo, Rejected, ScoreResult
from companion.log import folding
from companion.log.entries import GameRecord, LogEntry, StoreError
from companion.log.folding import LoggedActions, Timeline, TimelineFork, fold_kinds, snapshot_code
from companion.log.limits import (
    LimitError,
    check_names,
    check_note,
    check_place,
    check_result,
    normal_text,
)
from companion.log.store import Store

MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: the longest one call of :meth:`GameSession.prepare_undo` folds moves for (seconds): the
#: loop calls it once a step, so a step stays short however far the fold has to go (a
#: resume from a snapshot 200 moves back, a Pi four times slower than this machine)
PREPARE_SLICE = 0.002
#: moves on their way to the disk beyond which new ones are refused (a disk that stalls
#: must not let the table run ahead of what could be lost)
MAX_PENDING = 32


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
    try:
        check_names(p.name for p in players)
    except LimitError as exc:
        raise Rejected(exc.sentence()) from None
    for label, values in ((_("name"), [n.casefold() for n in names]),
                          (_("colour"), [p.colour for p in players]),
                          (_("seat"), [str(p.seat) for p in players]),
                          (_("tag"), [p.token for p in players if p.token])):
        duplicates = {v for v in values if values.count(v) > 1}
        if duplicates:
            raise Rejected(_("Two players have the same {what}; each needs their own.").format(
                what=label))


@frozen
class Submitted:
    """A log entry handed to the writer: the session, its entry and write generation.

    ``state`` is what the entry leads to, worked out when it was checked, so the
    acknowledgement shows it without running the reducer again.
    """

    session: GameSession
    entry: LogEntry
    generation: int
    state: Any = None


class GameSession:
    """One game night, backed by the store. Writes are acknowledged after commit."""

    def __init__(self, store: Store, record: GameRecord) -> None:
        self.store = store
        self.record = record
        self.rules: GameRules[Any] = get_rules(record.game)
        self.replay_notice: str | None = None
        #: the log seq from which the log could not be replayed (None: all of it was)
        self.replay_stopped_at: int | None = None
        self._replay_reason = ""
        self._initial = self.rules.setup(record.players, record.options)
        self._timeline = Timeline(self.rules, self._initial)
        self._replay()
        #: moves in effect when the log was read (a resumed game's, 0 for a new one)
        self.loaded_moves = self._timeline.cursor
        #: the table's pending steps were put back once for this resume
        self.steps_restored = False
        # Entries handed to the writer but not yet on disk, and the timeline they lead to.
        self._pending: deque[LogEntry] = deque()
        self._ahead: TimelineFork | None = None
        self.generation = 0

    @classmethod
    def create(cls, store: Store, game: str, players: Sequence[PlayerInfo],
               options: Mapping[str, Any] | None = None, place: str | None = None,
               note: str | None = None) -> GameSession:
        """Start a new game night (where, and a note, optional); nothing is written if the
        set-up is refused."""
        rules = get_rules(game)
        merged = {**rules.default_options(), **(options or {})}
        players = [replace(p, name=normal_text(p.name)) for p in players]
        validate_players(players, rules)
        try:
            place, note = check_place(place), check_note(note)
        except LimitError as exc:
            raise Rejected(exc.sentence()) from None
        # A game may copy what it read from outside (a board file) into its own options,
        # so the log alone replays it, whatever later happens to that file.
        prepare = getattr(rules, "prepare_options", None)
        if prepare is not None:
            merged = prepare(merged)
        rules.setup(tuple(players), merged)  # refuses bad options before anything is written
        game_id = store.create_game(game, players, merged, place, note)
        return cls(store, store.game(game_id))

    @classmethod
    def resume(cls, store: Store) -> GameSession | None:
        record = store.unfinished_game()
        return cls(store, record) if record else None

    def _replay(self) -> None:
        """Rebuild the timeline from the log, starting at the newest usable snapshot.

        Only the kinds of the entries (do/undo/redo) are read for the whole log; the
        moves themselves are decoded from the snapshot on, the older ones only when an
        undo reaches them. The replay stops at the first entry that cannot be read or
        that today's rules refuse: the game stands as it was just before it, nothing
        after it is applied (a later move made sense only after it), and the players
        are told from where.
        """
        index = self.store.log_index(self.game_id)
        snapshots = self.store.snapshots(self.game_id, snapshot_code())
        limit: int | None = None
        reason = ""
        while True:
            kept = index if limit is None else [row for row in index if row[0] < limit]
            refused = self._fold_and_apply(kept, snapshots)
            if refused is None:
                break
            limit, reason = refused
        if limit is not None:
            self.replay_stopped_at = limit
            self._replay_reason = reason
            self.replay_notice = _(
                "Moves from {number} on could not be replayed ({reason}). The game is shown "
                "as it stood before move {number}; those moves are still in the log.").format(
                    number=limit, reason=reason)
            if any(seq > limit for seq, _kind in index):
                self.replay_notice += " " + _(
                    "Menu, \"Skip the damaged move\": the later moves that still apply "
                    "are played again.")

    def _fold_and_apply(self, index: Sequence[tuple[int, str]],
                        snapshots: Sequence[tuple[int, int, bytes]]) -> tuple[int, str] | None:
        """Fold the log into a fresh timeline; (seq, reason) where it cannot go on."""
        origins, cursor = fold_kinds(index)
        timeline = self._timeline = Timeline(self.rules, self._initial)
        timeline.origins = origins
        position = self._restore_snapshots(origins, cursor, snapshots)
        actions = LoggedActions(origins, self._load_action)
        if position < len(origins):
            end = index[-1][0]  # the replay may stop short of the whole log
            places = {seq: at for at, seq in enumerate(origins[position:], position)}
            for entry in self.store.log_from(self.game_id, origins[position]):
                if entry.seq > end:
                    break
                if entry.problem is not None:
                    return entry.seq, entry.problem
                if entry.seq in places and entry.action is not None:
                    actions.place(places[entry.seq], entry.action)
        timeline.actions = actions
        state = timeline.states[position]
        while position < cursor:
            try:
                state = self.rules.apply(state, actions[position])
            except Exception as exc:  # noqa: BLE001 - a bad log must never stop the app
                return origins[position], str(exc) or type(exc).__name__
            position += 1
            timeline.states[position] = state
        timeline.cursor = cursor
        return None

    def _load_action(self, seq: int) -> Action:
        """An older move, decoded when an undo (or a look back) first reaches it."""
        entry = self.store.log_entry(self.game_id, seq)
        if entry.action is None:
            raise StoreError(entry.problem or _("move {seq} is missing from the log").format(
                seq=seq))
        return entry.action

    def set_unreplayable_aside(self) -> None:
        """Play on from where the replay stopped: the log from there moves to ``log_aside``.

        Nothing is deleted; the entries can still be read there. Raises StoreError if
        the log cannot be written.
        """
        if self.replay_stopped_at is None:
            return
        self.store.set_log_aside(self.game_id, self.replay_stopped_at, self._replay_reason)
        self.replay_stopped_at = None
        self.replay_notice = None

    def shown_origins(self) -> list[int]:
        """The log seqs of the moves in effect in the game as shown, oldest first."""
        return list(self._timeline.origins[:self._timeline.cursor])

    def state_after(self, count: int) -> Any:
        """The game after the first ``count`` moves in effect."""
        return self._timeline.state_at(count)

    def replay_again(self) -> None:
        """Rebuild the game from the log as it now is (after its tail was rewritten)."""
        self.replay_stopped_at = None
        self.replay_notice = None
        self._replay_reason = ""
        self._replay()

    def _refuse_if_stopped(self) -> None:
        if self.replay_stopped_at is not None:
            raise Rejected(_("This game could only be replayed up to move {number}. To play "
                             "on from there, go home, resume it and choose \"Continue from "
                             "here\".").format(number=self.replay_stopped_at))

    def _restore_snapshots(self, origins: Sequence[int], cursor: int,
                           snapshots: Sequence[tuple[int, int, bytes]]) -> int:
        """Put the snapshots that match the log in place; return the newest position.

        The older ones (a few are kept) make an undo below the newest one cheap.
        """
        newest = 0
        for applied, origin, blob in snapshots:
            if 0 < applied <= cursor and origins[applied - 1] == origin:
                try:
                    self._timeline.states[applied] = pickle.loads(blob)
                except Exception:  # a snapshot is only a shortcut; the log is the truth
                    continue
                newest = max(newest, applied)
        return newest

    def _snapshot_due(self) -> tuple[int, int, bytes] | None:
        """Every :data:`~companion.log.folding.SNAPSHOT_EVERY` applied actions, the
        (position, origin, state) to save."""
        timeline = self._timeline
        position = timeline.cursor
        if (position == 0 or position % folding.SNAPSHOT_EVERY
                or not timeline.origins[position - 1]):
            return None
        return position, timeline.origins[position - 1], pickle.dumps(timeline.state)

    # -- reading -------------------------------------------------------------------------

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self.record.players

    @property
    def state(self) -> Any:
        """The state on disk: what the screen shows."""
        return self._timeline.state

    def prepare_undo(self) -> None:
        """Work out the state an undo would go back to, unless it is kept already.

        Below the snapshot a resume started from, that state is folded from an older one
        (up to :data:`~companion.log.folding.SNAPSHOT_EVERY` moves); done here, while the
        table waits for its next touch, the undo itself shows as fast as any move. One call
        folds for at most :data:`PREPARE_SLICE`: the loop calls it every step until
        :attr:`undo_ready`, so a touch meanwhile is answered within a step.
        """
        timeline = self._timeline
        if not self._pending and timeline.cursor > 0:
            timeline.fold_toward(timeline.cursor - 1, PREPARE_SLICE)

    @property
    def undo_ready(self) -> bool:
        """False while :meth:`prepare_undo` has folding left to do."""
        timeline = self._timeline
        return bool(self._pending) or timeline.cursor == 0 or (
            timeline.cursor - 1 in timeline.states)

    def last_move(self) -> tuple[Any, Action, Any] | None:
        """(state before, action, state after) of the newest action in effect on disk, or
        None before the first: what a resumed table derives its pending steps from."""
        timeline = self._timeline
        if timeline.cursor == 0:
            return None
        return (timeline.state_at(timeline.cursor - 1), timeline.action(timeline.cursor - 1),
                timeline.state)

    @property
    def action_count(self) -> int:
        """How many actions are in effect (``len(actions)`` without building the list)."""
        return self._timeline.cursor

    @property
    def actions(self) -> list[Action]:
        """The actions in effect, oldest first."""
        timeline = self._timeline
        return timeline.actions[: timeline.cursor]

    @property
    def can_undo(self) -> bool:
        return self._latest.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._latest.cursor < self._latest.length

    @property
    def saving(self) -> bool:
        """True while submitted entries are still on their way to the disk."""
        return bool(self._pending)

    @property
    def pending_count(self) -> int:
        """How many submitted entries are still on their way to the disk."""
        return len(self._pending)

    @property
    def _latest(self) -> Timeline | TimelineFork:
        return self._ahead or self._timeline

    def next_undo(self) -> Action | None:
        return self._latest.action(self._latest.cursor - 1) if self.can_undo else None

    # -- writing, synchronously ----------------------------------------------------------

    def _write_now(self, entry: LogEntry) -> None:
        if self._pending:
            raise Rejected(_("Still saving the last move; try again in a moment."))
        self._refuse_if_stopped()
        new_state = self._timeline.check(entry)
        seq = self.store.append(self.game_id, entry)
        self._timeline.record(entry, new_state, origin=seq)
        snapshot = self._snapshot_due() if entry.kind == "do" else None
        if snapshot:
            self.store.save_snapshot(self.game_id, *snapshot, code=snapshot_code())

    def dispatch(self, action_type: str, payload: Mapping[str, Any] | None = None,
                 player: int | None = None) -> Any:
        """Check, record and apply an action; returns the new state once it is on disk.

        Raises Rejected (the rules refuse it) or StoreError (it could not be saved);
        either way nothing changes.
        """
        self._write_now(LogEntry("do", Action(action_type, dict(payload or {}), player)))
        return self.state

    def undo(self) -> Action | None:
        """Step back one action (recorded in the log); returns the undone action."""
        undone = self.next_undo()
        if undone is not None:
            self._write_now(LogEntry("undo"))
        return undone

    def redo(self) -> Action | None:
        if not self.can_redo:
            return None
        action = self._timeline.actions[self._timeline.cursor]
        self._write_now(LogEntry("redo"))
        return action

    # -- writing through the writer thread -----------------------------------------------

    def submit(self, entry: LogEntry) -> Submitted | None:
        """Check ``entry`` against everything already submitted; return it for the writer.

        Raises Rejected at once for a refused action. Returns None for an undo or redo
        with nothing to step over. The state changes only in :meth:`acknowledge`.
        """
        self._refuse_if_stopped()
        if len(self._pending) >= MAX_PENDING:
            raise Rejected(_("Still saving the last {count} moves; wait a moment before the "
                             "next one.").format(count=len(self._pending)))
        latest = self._latest
        if (entry.kind == "undo" and latest.cursor == 0) or (
                entry.kind == "redo" and latest.cursor == latest.length):
            return None
        new_state = latest.check(entry)
        ahead = self._ahead or self._timeline.fork()
        ahead.record(entry, new_state)
        self._ahead = ahead
        self._pending.append(entry)
        return Submitted(self, entry, self.generation, new_state)

    def submit_action(self, action_type: str, payload: Mapping[str, Any] | None = None,
                      player: int | None = None) -> Submitted | None:
        return self.submit(LogEntry("do", Action(action_type, dict(payload or {}), player)))

    def acknowledge(self, submitted: Submitted, seq: int = 0) -> tuple[int, int, bytes] | None:
        """The writer committed ``submitted`` as log entry ``seq``: show it.

        Returns a snapshot (position, origin, pickled state) when one is due, for the
        writer to save.
        """
        entry = self._pending.popleft()
        assert entry is submitted.entry, "entries are acknowledged in the order submitted"
        # Entries are acknowledged in the order they were checked, so the state worked out
        # against everything submitted before is the state the log on disk leads to.
        self._timeline.record(entry, submitted.state, origin=seq)
        if not self._pending:
            self._ahead = None
        return self._snapshot_due() if entry.kind == "do" else None

    def reject_pending(self, submitted: Submitted) -> None:
        """The writer could not commit ``submitted``; drop it and everything after it."""
        if self._pending and self._pending[0] is submitted.entry:
            self._pending.clear()
            self._ahead = None
            self.generation += 1

    # -- the end -------------------------------------------------------------------------

    def finish(self, result: ScoreResult, entries: Mapping[str, int] | None = None) -> None:
        """Record the final scores; the game moves to the history. With the numbers the
        table typed (``entries``), the result keeps what the score was worked out from,
        so a correction later scores it again the same way."""
        document = result.to_json()
        try:
            check_result(document)
        except LimitError as exc:
            raise Rejected(exc.sentence()) from None
        if entries is not None:
            document["entries"] = self.rules.final_entries(self.state, entries)
        self.store.finish_game(self.game_id, document)

    def abandon(self) -> None:
        self.store.abandon_game(self.game_id)
