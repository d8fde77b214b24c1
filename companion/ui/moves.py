"""The move path: a move (or undo, redo) checked, handed to the log writer, shown once saved.

``dispatch`` checks an action against the rules and hands the log entry to the writer
thread; the screen shows it when the writer reports it committed (:meth:`committed`), so
the screen never shows a move that is not on disk. With a spare core the frame showing
the move is drawn while the writer commits it (:meth:`MovePath.draw_ahead_of_commit`)
and presented as soon as the move landed.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

from companion.events import CommitFailed, Committed
from companion.games.base import Action
from companion.i18n import _
from companion.store import LogEntry
from companion.ui.damage import Damage
from companion.ui.frame import Frame, FrameAhead
from companion.ui.overlays import Overlays
from companion.ui.screen_stack import ScreenStack
from companion.ui.turn_time import TurnTime

if TYPE_CHECKING:  # a game and its writer come with the first move, not the first frame
    import queue

    from companion.events import InputEvent
    from companion.session import GameSession
    from companion.writer import LogWriter

#: how soon the log writer gets the interpreter back while a frame is drawn ahead (seconds)
AHEAD_SWITCH_INTERVAL = 0.0001


def _spare_core() -> bool:
    """Whether the app may run on more than one CPU (a Pi has four).

    Drawing a frame while the move is committed pays only with a second core: on one, the
    commit and the drawing take turns and the frame came later than drawing it after the
    commit (``bench --slow 4``, pinned to one CPU: p99 39 ms against 22 ms).
    """
    try:
        return len(os.sched_getaffinity(0)) > 1
    except (AttributeError, OSError):  # no affinity here: the machine's count
        return (os.cpu_count() or 1) > 1


class MovePath:
    """The game on the table and the way its moves go to the disk and back to the screen."""

    def __init__(self, inputs: queue.Queue[InputEvent], damage: Damage, screens: ScreenStack,
                 overlays: Overlays, frame: Frame, turns: TurnTime) -> None:
        self.inputs = inputs
        self.damage = damage
        self.screens = screens
        self.overlays = overlays
        self.frame = frame
        self.turns = turns
        self.session: GameSession | None = None
        #: draw the frame showing a move while it is committed (see :meth:`draw_ahead_of_commit`)
        self.draw_ahead = _spare_core()
        self._writer: LogWriter | None = None

    @property
    def writer(self) -> LogWriter:
        """The log writer thread, started with the first move."""
        if self._writer is None:
            from companion.writer import LogWriter

            self._writer = LogWriter(self.inputs)
        return self._writer

    @property
    def started_writer(self) -> LogWriter | None:
        """The log writer if a move started it (None: nothing was ever written)."""
        return self._writer

    def dispatch(self, action_type: str, payload: dict[str, Any] | None = None,
                 player: int | None = None) -> bool:
        """Check an action and hand it to the log writer; it shows once committed.

        A refusal is shown in words and nothing changes.
        """
        overlays = self.overlays
        if self.session is None:
            overlays.message(_("There is no game in progress. Start one from the home screen."))
            return False
        overlays.clear_prompts()
        ok = overlays.guard(self._submit, LogEntry("do", Action(action_type, dict(payload or {}),
                                                                player)))
        if ok:
            overlays.banner = None
        self.damage.invalidate()
        return ok

    def _submit(self, entry: LogEntry) -> None:
        assert self.session is not None
        self.writer.write(self.session.submit(entry))

    def undo(self) -> None:
        if self.session is None:
            return
        if not self.session.can_undo:
            self.overlays.message(_("Nothing to undo yet."), error=False)
            return
        self.overlays.clear_prompts()
        if self.overlays.guard(self._submit, LogEntry("undo")):
            self.overlays.banner = None
        self.damage.invalidate()

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo:
            self.overlays.clear_prompts()
        if (self.session is not None and self.session.can_redo
                and self.overlays.guard(self._submit, LogEntry("redo"))):
            self.overlays.banner = None
        self.damage.invalidate()

    def committed(self, event: Committed | CommitFailed) -> None:
        """The writer's word on a move: on disk (show it), or refused by the disk."""
        session = self.session
        if session is None or event.submitted.session is not session:
            return  # a commit of a game that is no longer on screen
        if isinstance(event, Committed):
            self.writer.save_snapshot(session, session.acknowledge(event.submitted, event.seq))
            self.turns.observe(session, self._writer)
            for screen in list(self.screens.stack):
                self.overlays.guard(screen.committed)
            ahead = self.frame.ahead
            if (ahead is not None and ahead.invalidations == self.damage.invalidations
                    and ahead.last is event.submitted.entry):
                ahead.landed = True  # the frame drawn ahead shows exactly this: present it
                return
        else:
            session.reject_pending(event.submitted)
            self.overlays.clear_prompts()
            if event.message:
                self.overlays.message(event.message)
        self.damage.invalidate()

    def draw_ahead_of_commit(self) -> None:
        """Draw the frame showing the moves in flight while the writer commits them.

        The frame is presented only when the last of them is on disk and nothing else
        asked for a redraw meanwhile (see :meth:`committed`); otherwise the invalidated
        rects stay invalidated and are drawn again from the disk's state before anything
        is presented. So the screen still shows only moves on disk, and the drawing
        overlaps the commit instead of following it.
        """
        session = self.session
        last = session.last_in_flight if session is not None else None
        if (not self.draw_ahead or session is None or last is None
                or self.frame.ahead is not None or not self.damage.pending):
            return
        # the writer needs the interpreter between its calls into SQLite: let it have it
        # within a tenth of a millisecond instead of the default 5 ms, so the commit goes
        # on while the frame is drawn rather than after it
        interval = sys.getswitchinterval()
        sys.setswitchinterval(AHEAD_SWITCH_INTERVAL)
        time.sleep(0)  # and let it start now: it has waited for the interpreter since write
        try:
            with session.as_if_saved():
                self.damage.needs_build = True  # the buttons too are those of the moves in flight
                rects = self.frame.draw()
        finally:
            sys.setswitchinterval(interval)
        self.frame.ahead = FrameAhead(rects, last, self.damage.invalidations)
