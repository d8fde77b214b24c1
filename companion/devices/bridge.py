"""A microcontroller bridge (MFRC522 readers on a Pico or Arduino) over USB serial.

The bridge tracks its own tags and sends ``TAG``/``GONE`` lines; this side asks for its
``HELLO`` on opening, turns tag lines into events once two agree (:mod:`bridge_tags`), and
treats a bridge that has stopped sending heartbeats as lost, like one whose cable was
pulled.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable

import serial

from companion.core.events import DeviceStatus, InputEvent
from companion.core.i18n import _
from companion.core.records import frozen
from companion.devices import bridge_protocol as bp
from companion.devices.bridge_tags import BridgeTags
from companion.devices.serial_link import ReaderSilent, open_port, read_until

Clock = Callable[[], float]


@frozen
class BridgeTiming:
    hello_timeout: float = 3.0  # an Arduino resets when the port opens; give it time to boot
    ask_again: float = 0.5  # resend VERSION this often until HELLO comes
    heartbeat_timeout: float = 3.5  # the firmware beats (and repeats its tags) every second


class BridgeReader:
    """One bridge on an open serial port; ``device`` names it in status events.

    Between lines the thread sleeps on the port until the next line or the moment the
    bridge would count as silent: one wake-up per line, about two a second when idle.
    """

    def __init__(self, port: serial.Serial, device: str, stop: threading.Event,
                 timing: BridgeTiming | None = None, clock: Clock = time.monotonic) -> None:
        self.port_name = str(port.port)
        self._port = port
        self._device = device
        self._stop = stop
        self._timing = timing or BridgeTiming()
        self._clock = clock
        self._lines = bp.LineSplitter()
        self._tags = BridgeTags(self._timing.heartbeat_timeout)
        self._backlog: list[bp.BridgeMessage] = []
        self._last_heard = clock()

    def handshake(self) -> str:
        """Ask for HELLO until it comes; lines after it are kept for the first poll."""
        deadline = self._clock() + self._timing.hello_timeout
        next_ask = 0.0
        while not self._stop.is_set() and (now := self._clock()) < deadline:
            if now >= next_ask:
                self._port.write(bp.format_line("VERSION"))
                next_ask = now + self._timing.ask_again
            messages = self._read_messages(min(deadline, next_ask))
            for index, message in enumerate(messages):
                if isinstance(message, bp.Hello):
                    if message.protocol != bp.PROTOCOL_VERSION:
                        raise ReaderSilent(_("the bridge speaks protocol {theirs}, this "
                                             "program protocol {ours} (flash the firmware "
                                             "in firmware_notes/bridge)").format(
                                                 theirs=message.protocol,
                                                 ours=bp.PROTOCOL_VERSION))
                    self._backlog = messages[index + 1 :]
                    self._last_heard = self._clock()
                    return _("bridge firmware {firmware} with readers {readers}").format(
                        firmware=message.firmware, readers=", ".join(message.readers))
        raise ReaderSilent(_("no answer from a bridge (is the firmware flashed, the baud "
                             "rate right?)"))

    def poll(self) -> list[InputEvent]:
        """Sleep until lines come (or a tag goes stale); the events they make."""
        messages, self._backlog = self._backlog, []
        if not messages:
            deadline = self._last_heard + self._timing.heartbeat_timeout
            expiry = self._tags.next_expiry()
            messages = self._read_messages(deadline if expiry is None else min(deadline, expiry))
        now = self._clock()
        if messages:
            self._last_heard = now
        elif now - self._last_heard >= self._timing.heartbeat_timeout and not self._stop.is_set():
            raise ReaderSilent(_("the bridge stopped sending heartbeats"))
        events: list[InputEvent] = []
        for message in messages:
            if isinstance(message, bp.TagOn):
                events += self._tags.tag_line(message.reader, message.uid, now)
            elif isinstance(message, bp.TagOff):
                events += self._tags.gone_line(message.reader, message.uid)
            elif isinstance(message, bp.ReaderFault):
                events.append(DeviceStatus(self._device, "fault", _(
                    "Bridge reader {reader}: {text}").format(
                        reader=message.reader, text=message.text)))
        return events + self._tags.expire(now)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._port.close()

    def _read_messages(self, until: float) -> list[bp.BridgeMessage]:
        messages: list[bp.BridgeMessage] = []
        while not messages:
            data = read_until(self._port, self._stop, until, self._clock)
            if not data:
                break  # the deadline passed, or a stop was asked for
            for line in self._lines.feed(data):
                message = bp.parse_line(line)
                if message is not None:
                    messages.append(message)
        return messages


def open_bridge(port: str, baud: int, device: str, stop: threading.Event,
                timing: BridgeTiming | None = None) -> BridgeReader:
    """Open the port for a bridge (the handshake is the caller's next step)."""
    return BridgeReader(open_port(port, baud), device, stop, timing)
