"""The main loop: pump the input, handle it, draw if something changed, sleep until needed.

Under the SDL dummy driver and KMS/DRM ``pygame.event.wait`` degrades to polling every
millisecond, so the loop never uses it. Instead it pumps pygame's events, then blocks on
the devices queue with a timeout: short right after input, about 28 ms when idle (or
until woken, where the waiter can select on the inputs). A frame is drawn only when a
screen invalidated something, and only the touched rectangles go to the display, so an
idle table costs well under 1% of a core.
"""

from __future__ import annotations

import collections
import contextlib
import math
import queue
import sys
import time
from typing import TYPE_CHECKING, Protocol

import pygame

from companion.core.events import (
    CommitFailed,
    Committed,
    DeviceStatus,
    InputEvent,
    InputQueue,
    StoreNotice,
    WorkDone,
)
from companion.core.i18n import _
from companion.ui.frame import Frame
from companion.ui.input_events import InputTranslator
from companion.ui.intents import Press
from companion.ui.moves import MovePath
from companion.ui.overlays import Overlays
from companion.ui.screen_stack import ScreenStack
from companion.ui.turn_time import TurnTime
from companion.ui.waiter import InputWaiter

if TYPE_CHECKING:
    from companion.ui.input_events import KeyHolds
    from companion.ui.screen_saver import ScreenSaver

    # for the type checker alone (a Protocol class costs start-up time)
    class Notifier(Protocol):
        def ready(self) -> None: ...

        def ping_watchdog(self) -> None: ...

        def seconds_until_watchdog(self) -> float | None: ...

        def stopping(self) -> None: ...

    class LoopOwner(Protocol):
        """What the loop needs of the app: what start-up wired in after the app was made."""

        keys: KeyHolds | None
        saver: ScreenSaver | None

#: where SDL cannot wait and we cannot select on the inputs (a desktop window): the wait
#: between pumps while nothing happens; touch is answered within about two frames
IDLE_INTERVAL = 0.028
#: wait between pumps right after input, so a finger's lift follows its press quickly
BUSY_INTERVAL = 0.004
#: how long after the last input the loop stays on the short interval
BUSY_AFTER_INPUT = 0.3
#: how long shutting down waits for moves still on their way to the disk
SHUTDOWN_SAVE_SECONDS = 5.0
#: the longest the loop sleeps without a reason to wake (a last resort, not a poll)
MAX_SLEEP = 30.0


def _driver_name() -> str:
    try:
        return str(pygame.display.get_driver())
    except pygame.error:
        return "dummy"


class Loop:
    """Runs the app's steps until a stop is requested."""

    def __init__(self, owner: LoopOwner, inputs: queue.Queue[InputEvent],
                 notifier: Notifier | None, screens: ScreenStack, frame: Frame,
                 overlays: Overlays, moves: MovePath, turns: TurnTime,
                 translator: InputTranslator) -> None:
        self.owner = owner
        self.inputs = inputs
        self.notifier = notifier
        self.screens = screens
        self.frame = frame
        self.overlays = overlays
        self.moves = moves
        self.turns = turns
        self.translator = translator
        self.stop_requested = False
        self._ready_sent = False
        self._pending: collections.deque[InputEvent] = collections.deque()
        self.waiter = (InputWaiter(inputs, _driver_name()) if isinstance(inputs, InputQueue)
                       else None)

    # -- one step -------------------------------------------------------------------------

    def step(self) -> bool:
        """Process everything pending (pygame events, devices queue), then draw if needed.

        Never sleeps: tests call it after posting events. Returns True if there was input.
        """
        translator = self.translator
        had_input = False
        for event in pygame.event.get():
            intent = translator.translate(event)
            if intent is not None:
                had_input = True
                translator.deliver(intent)
        had_input = self._handle_pending() or had_input
        keys = self.owner.keys
        if keys is not None:
            for press in keys.due(time.monotonic()):
                had_input = True
                translator.deliver(Press(press.button, press.long))
        if self.screens.stack:  # the top screen's own timers (a touch held into a long press)
            self.overlays.guard(self.screens.top.tick, time.monotonic())
        now = time.monotonic()
        self.turns.remind(now, self.moves.session)
        self.overlays.expire(now)
        session = self.moves.session
        # the loop never waits for the disk: a move on its way there is shown taken at once
        # ("Saving..." over the table as it is on disk, or its touched button held pressed
        # a moment before), and drawn when it has landed
        self.overlays.show_saving(session is not None and session.saving, self.frame.metrics,
                                  now)
        self.frame.render()
        self.turns.hand_over()  # after the frame: a turn's time is saved, the next undo
        if self.moves.session is not None:  # made ready
            self.overlays.guard(self.moves.session.prepare_undo)
        saver = self.owner.saver
        if saver is not None:
            saver.update(time.monotonic(), self.screens.on_home)
        return had_input

    def await_commit(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the moves in flight to land (tests, shutdown,
        the benchmark: never a step of the loop), handling what arrives meanwhile."""
        deadline = time.monotonic() + timeout
        while self.moves.session is not None and self.moves.session.saving:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            try:
                item = self.inputs.get(timeout=remaining)
            except queue.Empty:
                return
            self._pending.append(item)
            self._handle_pending()

    def settle(self, timeout: float = 5.0) -> None:
        """Wait until every submitted move is committed and shown (tests, shutdown)."""
        self.await_commit(timeout)
        self.frame.render()
        self.turns.hand_over()

    def _handle_pending(self) -> bool:
        """Handle what the devices and the log writer queued; True if any was input."""
        had_input = False
        while True:
            if self._pending:
                item = self._pending.popleft()
            else:
                try:
                    item = self.inputs.get_nowait()
                except queue.Empty:
                    return had_input
            if item is None:  # a wake-up from request_stop
                continue
            if not isinstance(item, Committed | CommitFailed | DeviceStatus | StoreNotice
                              | WorkDone):
                had_input = True
            intent = self.translator.device_intent(item)
            if intent is not None:
                self.translator.deliver(intent)

    # -- the loop -------------------------------------------------------------------------

    def show_first_frame(self) -> None:
        """Draw the screen and tell systemd the app is up (once)."""
        self.frame.render()
        if self.notifier is not None and not self._ready_sent:
            self.notifier.ready()
        self._ready_sent = True

    def run(self) -> int:
        """The main loop until a stop is requested (signal, window close, shutdown)."""
        self.show_first_frame()
        last_input = time.monotonic()
        while not self.stop_requested:
            if self.step():
                last_input = time.monotonic()
            if self.stop_requested:
                break
            now = time.monotonic()
            busy = now - last_input < BUSY_AFTER_INPUT
            if busy:
                interval = BUSY_INTERVAL
            elif self.waiter is not None and self.waiter.native:
                interval = math.inf  # woken by input, a commit, a signal or a timer
            else:
                interval = IDLE_INTERVAL
            wake = self.wake_at()
            if wake is not None:
                interval = min(interval, max(0.0, wake - now))
            interval = min(interval, self._watchdog_due(), MAX_SLEEP)
            self._wait(interval)
        return 0

    def wake_at(self) -> float | None:
        """The next time something changes by itself (monotonic), or None."""
        times = self.overlays.wake_times()
        reminder = self.turns.reminder_due()
        if reminder is not None:
            times.append(reminder)
        saver = self.owner.saver
        if saver is not None:
            dark_at = saver.next_change(time.monotonic(), self.screens.on_home)
            if dark_at is not None:
                times.append(dark_at)
        session = self.moves.session
        if session is not None and not session.undo_ready:
            times.append(time.monotonic())  # the next step folds on toward it
        if self.screens.stack:
            screen_wake = self.screens.top.wake_at()
            if screen_wake is not None:
                times.append(screen_wake)
        return min(times) if times else None

    def _watchdog_due(self) -> float:
        if self.notifier is None:
            return math.inf
        due = self.notifier.seconds_until_watchdog()
        if due is None:
            return math.inf
        if due <= 0:
            self.notifier.ping_watchdog()
            due = self.notifier.seconds_until_watchdog()
            if due is None:
                return math.inf
        return max(0.0, due)  # a failed ping stays due: retried on the next pass

    def _wait(self, seconds: float) -> None:
        """Sleep until input or ``seconds`` (never in pygame: it has no real wait here)."""
        if self.waiter is not None:
            self.waiter.wait(seconds)
            return
        try:
            item = self.inputs.get(timeout=seconds) if seconds > 0 else self.inputs.get_nowait()
        except queue.Empty:
            return
        if item is not None:
            self._pending.append(item)

    # -- the end --------------------------------------------------------------------------

    def request_stop(self) -> None:
        """Safe from signal handlers and other threads: the loop ends within one wait."""
        self.stop_requested = True
        if isinstance(self.inputs, InputQueue):
            self.inputs.wake()  # takes no lock: a signal may arrive while the queue is held
        else:
            with contextlib.suppress(queue.Full):
                self.inputs.put_nowait(None)  # type: ignore[arg-type]

    def close(self, timeout: float = SHUTDOWN_SAVE_SECONDS) -> int:
        """Finish the commits in flight (for up to ``timeout`` s) and release the waiter.

        Returns how many moves were abandoned unsaved (never shown, so nothing shown is
        lost); they are reported on stderr for the journal.
        """
        abandoned = 0
        writer = self.moves.started_writer
        self.turns.leave(writer)
        if writer is not None:
            abandoned = writer.close(timeout)
            if abandoned:
                print(_("companion: {count} moves were still waiting for the disk at "
                        "shutdown and were not saved (none of them had been shown).").format(
                            count=abandoned), file=sys.stderr)
        if self.waiter is not None:
            self.waiter.close()
        return abandoned
