"""What every serial reader shares: opening the port, a reader's session, and error words."""

from __future__ import annotations

import contextlib
import errno
import os
import select
import termios
import threading
from collections.abc import Callable
from typing import Protocol

import serial

from companion.core.events import InputEvent
from companion.core.i18n import _

STOP_CHECK = 0.05  # the longest wait on a stop request that cannot wake a select


class WakingEvent(threading.Event):
    """A stop request that also wakes a thread sleeping in ``select`` on :meth:`fileno`.

    Readers block until bytes come or a deadline passes (no polling in slices), and a
    stop must still end such a wait at once. ``set`` is safe in a signal handler.
    """

    def __init__(self) -> None:
        super().__init__()
        self._read_end, self._write_end = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):  # a full pipe is awake already; closed: done
            os.write(self._write_end, b"\0")

    def fileno(self) -> int:
        return self._read_end

    def close(self) -> None:
        for fd in (self._read_end, self._write_end):
            with contextlib.suppress(OSError):
                os.close(fd)


class ReaderSilent(OSError):
    """The port is open but the reader does not answer (or stopped answering)."""


class ReaderSession(Protocol):
    """One open connection to a reader."""

    port_name: str

    def handshake(self) -> str:
        """Wake and configure the reader; a few words about it (firmware), or raise."""
        ...

    def poll(self) -> list[InputEvent]:
        """Wait briefly for news; the tag events seen (or raise on I/O error or silence)."""
        ...

    def close(self) -> None: ...


def open_port(port: str, baud: int) -> serial.Serial:
    """Open ``port`` raw, 8N1, reads never blocking (:func:`read_until` waits instead);
    locked so a second program cannot share it."""
    return serial.Serial(port, baudrate=baud, timeout=0, write_timeout=1.0, exclusive=True)


def read_until(port: serial.Serial, stop: threading.Event, deadline: float,
               clock: Callable[[], float]) -> bytes:
    """Sleep until bytes arrive, ``stop`` is set or ``deadline`` passes; what arrived.

    One wake-up per burst of bytes: the thread sleeps in ``select`` on the port (and on
    the stop request, when it is a :class:`WakingEvent`) rather than in short slices.
    An unplugged port reads as an error (pyserial: "returned no data"), not as silence.
    """
    waits = [port.fileno()]
    if isinstance(stop, WakingEvent):
        waits.append(stop.fileno())
    while not stop.is_set():
        remaining = deadline - clock()
        if remaining <= 0:
            return b""
        if len(waits) == 1:
            remaining = min(remaining, STOP_CHECK)
        ready, _, _ = select.select(waits, [], [], remaining)
        if waits[0] in ready:
            return bytes(port.read(max(1, port.in_waiting)))
    return b""


def discard_input(port: serial.Serial) -> None:
    """Drop unread bytes. pyserial lets ``termios.error`` (not an OSError) escape when the
    port has vanished; it is turned into the OSError every other port failure is."""
    try:
        port.reset_input_buffer()
    except termios.error as exc:
        code = exc.args[0] if exc.args and isinstance(exc.args[0], int) else errno.EIO
        raise OSError(code, os.strerror(code)) from None


def describe_error(exc: BaseException) -> str:
    """Short words for why a port failed, without pyserial's nested error text."""
    if isinstance(exc, ReaderSilent):
        return str(exc)
    code = getattr(exc, "errno", None)
    text = str(exc)
    if code == errno.ENOENT or "No such file" in text:
        return _("the port does not exist (is the reader plugged in?)")
    if code == errno.EACCES or "Permission denied" in text:
        return _("permission denied (is this user in the dialout group?)")
    if code in (errno.EBUSY, errno.EAGAIN) or "exclusively lock" in text:
        return _("the port is in use by another program")
    if "Errno 5" in text or "returned no data" in text or code == errno.EIO:
        return _("the reader went away (unplugged?)")
    return _("serial port error: {detail}").format(detail=text or type(exc).__name__)
