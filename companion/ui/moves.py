"""The move path: a move (or undo, redo) checked, handed to the log writer, shown once saved.

``dispatch`` checks an action against the rules and hands the log entry to the writer
thread; the screen shows it when the writer reports it committed (:meth:`committed`), so
the screen never shows a move that is not on disk. Meanwhile the loop says "Saving..."
over the table as it is on disk: the press was taken, within the step that handled it,
however long the disk takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.events import CommitFailed, Committed
from companion.core.i18n import _
from companion.games.base import Action
from companion.log.entries import LogEntry
from companion.ui.damage import Damage
from companion.ui.frame import Frame
from companion.ui.overlays import Overlays
from companion.ui.screen_stack import ScreenStack
from companion.ui.turn_time import TurnTime

if TYPE_CHECKING:  # a game and its writer come with the first move, not the first frame
    import queue

    from companion.core.events import InputEvent
    from companion.log.session import GameSession
    from companion.log.writer import LogWriter

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
        self._writer: LogWriter | None = None

    @property
    def writer(self) -> LogWriter:
        """The log writer thread, started with the first move."""
        if self._writer is None:
            from companion.log.writer import LogWriter

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
        if self.session is None:
            self.overlays.message(
                _("There is no game in progress. Start one from the home screen."))
            return False
        self.overlays.clear_prompts()
        return self._hand_over(LogEntry("do", Action(action_type, dict(payload or {}),
                                                     player)))

    def _hand_over(self, entry: LogEntry) -> bool:
        """Check ``entry`` and hand it to the writer; False (said in words) if refused.

        The table is drawn again when the entry is on disk (:meth:`committed`), not now:
        until then it would look the same, and the loop says "Saving..." over it.
        """
        overlays = self.overlays
        ok = overlays.guard(self._submit, entry)
        if ok and overlays.banner is not None:
            overlays.banner = None
            self.damage.invalidate()
        elif not ok:
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
        self._hand_over(LogEntry("undo"))

    def redo(self) -> None:
        if self.session is None or not self.session.can_redo:
            return
        self.overlays.clear_prompts()
        self._hand_over(LogEntry("redo"))

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
        else:
            session.reject_pending(event.submitted)
            self.overlays.clear_prompts()
            if event.message:
                self.overlays.message(event.message)
        self.damage.invalidate()
