"""``companion nfc``: print the UID of every tag that arrives, to check a reader's wiring.

Standard output gets one line per arrival holding just the UID in uppercase hex, so it can
be piped; standard error gets what happens to the reader (opened, lost, reopened, tag
removed). Runs until SIGINT or SIGTERM. A port that does not exist, or a reader that does
not answer at the start, is a one-line error and exit status 1.
"""

from __future__ import annotations

import queue
import signal
import sys
import threading
from types import FrameType
from typing import TextIO

from companion.core.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.core.i18n import _
from companion.devices.bridge import BridgeTiming
from companion.devices.pn532 import Pn532Timing
from companion.devices.reader_thread import ReaderThread
from companion.devices.readers import open_reader
from companion.devices.serial_link import ReaderSession, WakingEvent, describe_error


def run_nfc(reader: str, port: str, baud: int | None) -> int:
    """The ``companion nfc`` command; returns the exit status."""
    stop = WakingEvent()

    def on_signal(_number: int, _frame: FrameType | None) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        return watch_reader(reader, port, baud, stop, sys.stdout, sys.stderr)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        stop.close()


def watch_reader(reader: str, port: str, baud: int | None, stop: threading.Event,
                 out: TextIO, err: TextIO, *, pn532_timing: Pn532Timing | None = None,
                 bridge_timing: BridgeTiming | None = None, retry_min: float = 0.5) -> int:
    """Open and check the reader, then print arrivals until ``stop`` is set."""
    device = "nfc"

    def opener(thread_stop: threading.Event) -> ReaderSession:
        return open_reader(reader, port, baud, device, thread_stop, pn532_timing, bridge_timing)

    session: ReaderSession | None = None
    try:
        session = opener(stop)
        detail = session.handshake()
    except (OSError, ValueError) as exc:  # ValueError: a baud rate pyserial refuses
        if session is not None:
            session.close()
        if stop.is_set():
            return 0  # interrupted while waiting for the reader
        err.write(_("companion nfc: {port}: {reason}").format(
            port=port, reason=describe_error(exc)) + "\n")
        return 1
    events: queue.Queue[InputEvent] = queue.Queue()
    thread = ReaderThread(device, port, opener, events, first_session=session,
                          first_detail=detail, retry_min=retry_min)
    thread.start()
    try:
        while not stop.is_set():
            try:
                event = events.get(timeout=0.1)
            except queue.Empty:
                continue
            _print_event(event, out, err)
    except BrokenPipeError:
        pass  # the reading end (e.g. ``head``) has had enough
    finally:
        thread.stop()
    return 0


def _print_event(event: InputEvent, out: TextIO, err: TextIO) -> None:
    if isinstance(event, TagArrived):
        out.write(event.uid + "\n")
        out.flush()
    elif isinstance(event, TagRemoved):
        err.write(_("removed: {uid}").format(uid=event.uid) + "\n")
    elif isinstance(event, DeviceStatus):
        err.write(f"{_(event.status)}: {event.message}\n")
    err.flush()
