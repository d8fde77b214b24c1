"""What every serial reader shares: opening the port, a reader's session, and error words."""

from __future__ import annotations

import errno
import os
import termios
from typing import Protocol

import serial

from companion.events import InputEvent
from companion.i18n import _

READ_SLICE = 0.02  # seconds one read may block, so stop requests are seen quickly


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
    """Open ``port`` raw, 8N1, with short reads; locked so a second program cannot share it."""
    return serial.Serial(port, baudrate=baud, timeout=READ_SLICE, write_timeout=1.0,
                         exclusive=True)


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
