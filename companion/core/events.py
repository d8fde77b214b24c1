"""Input events: what devices put on the one thread-safe queue the UI loop drains.

Device threads (gpiozero callbacks, serial reader threads) only ever create these and
``put`` them on an :class:`InputQueue`; they never touch pygame or game state.
"""

from __future__ import annotations

import contextlib
import os
import queue
from typing import Any

from companion.core.records import frozen


@frozen
class ButtonPress:
    """A physical (or simulated) button: ``seat1``..``seat5``, ``next``, ``undo``, ``menu``.

    ``long`` is True for a press held past the button's hold time (the menu button's
    3-second hold asks to shut the Pi down).
    """

    button: str
    long: bool = False


@frozen
class TagArrived:
    """An NFC tag was put on reader ``reader`` (reported once per arrival)."""

    reader: str
    uid: str  # uppercase hex, e.g. "04A1B2C3D4E5F6"


@frozen
class TagRemoved:
    """The tag ``uid`` was lifted off reader ``reader``."""

    reader: str
    uid: str


@frozen
class DeviceStatus:
    """A device changed state, with a message in words for the status line.

    ``opened``, ``lost``, ``reopened``; ``unsteady`` (a reader that keeps dropping out and
    reconnecting, said once); ``unavailable`` (a reader not reached at start),
    ``simulated`` (no GPIO here, keyboard stand-ins instead), ``fault`` (a bridge's reader
    reports an error).
    """

    device: str
    status: str
    message: str = ""
    #: what the message says, for a screen that shows it later in the language of that
    #: moment: a key its device layer knows, and the part no catalog has (a library's words)
    key: str = ""
    detail: str = ""


@frozen
class Committed:
    """The log writer put a submitted entry on disk (``submitted``: session.Submitted)."""

    submitted: Any
    seq: int = 0  # the entry's place in the game's log


@frozen
class CommitFailed:
    """The log writer could not save a submitted entry; ``message`` says why in words."""

    submitted: Any
    message: str


@frozen
class StoreNotice:
    """Something the table must be told about the log (the background check found damage)."""

    message: str


@frozen
class WorkDone:
    """Work the loop handed to a thread of its own (an import) is over: ``deliver`` (no
    arguments) shows its outcome, run on the loop's thread like every other event."""

    deliver: Any


InputEvent = (ButtonPress | TagArrived | TagRemoved | DeviceStatus | Committed | CommitFailed
              | StoreNotice | WorkDone)
class InputQueue(queue.Queue[InputEvent]):
    """The one input queue: unbounded, FIFO, safe across threads, and selectable.

    Every ``put`` also writes a byte to a pipe, so the UI loop can sleep in ``select``
    on that pipe together with the touchscreen's input devices and wake the moment
    anything arrives, instead of polling (SDL has no real event wait on KMS/DRM).
    """

    def __init__(self) -> None:
        super().__init__()
        self._read_end, self._write_end = os.pipe()
        os.set_blocking(self._read_end, False)
        os.set_blocking(self._write_end, False)

    def put(self, item: InputEvent, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        self.wake()

    def wake(self) -> None:
        """Wake the waiting loop; safe from signal handlers (no lock is taken)."""
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._write_end, b"\0")

    def fileno(self) -> int:
        """The pipe end that becomes readable when something was put or woken."""
        return self._read_end

    def clear_wakeups(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            while os.read(self._read_end, 4096):
                pass

    def close(self) -> None:
        """Close the pipe once: a second close must not hit a number reused since."""
        ends, self._read_end, self._write_end = (self._read_end, self._write_end), -1, -1
        for fd in ends:
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)


def new_input_queue() -> InputQueue:
    return InputQueue()
