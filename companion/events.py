"""Input events: what devices put on the one thread-safe queue the UI loop drains.

Device threads (gpiozero callbacks, serial reader threads) only ever create these and
``put`` them on an :class:`InputQueue`; they never touch pygame or game state.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ButtonPress:
    """A physical (or simulated) button: ``seat1``..``seat5``, ``next``, ``undo``, ``menu``.

    ``long`` is True for a press held past the button's hold time (the menu button's
    3-second hold asks to shut the Pi down).
    """

    button: str
    long: bool = False


@dataclass(frozen=True)
class TagArrived:
    """An NFC tag was put on reader ``reader`` (reported once per arrival)."""

    reader: str
    uid: str  # uppercase hex, e.g. "04A1B2C3D4E5F6"


@dataclass(frozen=True)
class TagRemoved:
    reader: str
    uid: str


@dataclass(frozen=True)
class DeviceStatus:
    """A device changed state, with a message in words for the status line.

    ``opened``, ``lost``, ``reopened``; ``unavailable`` (a reader not reached at start),
    ``simulated`` (no GPIO here, keyboard stand-ins instead), ``fault`` (a bridge's reader
    reports an error).
    """

    device: str
    status: str
    message: str = ""


@dataclass(frozen=True)
class Committed:
    """The log writer put a submitted entry on disk (``submitted``: session.Submitted)."""

    submitted: Any
    seq: int = 0  # the entry's place in the game's log


@dataclass(frozen=True)
class CommitFailed:
    """The log writer could not save a submitted entry; ``message`` says why in words."""

    submitted: Any
    message: str


InputEvent = ButtonPress | TagArrived | TagRemoved | DeviceStatus | Committed | CommitFailed
InputQueue = queue.Queue  # of InputEvent; unbounded, FIFO, safe across threads


def new_input_queue() -> queue.Queue[InputEvent]:
    return queue.Queue()
