"""A microcontroller bridge (MFRC522 readers on a Pico or Arduino) over USB serial.

The bridge tracks its own tags and sends ``TAG``/``GONE`` lines; this side asks for its
``HELLO`` on opening, passes tag lines on as events, and treats a bridge that has stopped
sending heartbeats as lost, just like one whose cable was pulled.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass

import serial

from companion.devices import bridge_protocol as bp
from companion.devices.serial_link import ReaderSilent, open_port
from companion.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.i18n import _


@dataclass(frozen=True)
class BridgeTiming:
    hello_timeout: float = 3.0  # an Arduino resets when the port opens; give it time to boot
    ask_again: float = 0.5  # resend VERSION this often until HELLO comes
    heartbeat_timeout: float = 3.5  # the firmware beats every second
    poll_slice: float = 0.1  # how long one poll waits for lines


class BridgeReader:
    """One bridge on an open serial port; ``device`` names it in status events."""

    def __init__(self, port: serial.Serial, device: str, stop: threading.Event,
                 timing: BridgeTiming | None = None) -> None:
        self.port_name = str(port.port)
        self._port = port
        self._device = device
        self._stop = stop
        self._timing = timing or BridgeTiming()
        self._lines = bp.LineSplitter()
        self._backlog: list[bp.BridgeMessage] = []
        self._last_heard = time.monotonic()

    def handshake(self) -> str:
        """Ask for HELLO until it comes; tag lines after it are kept for the first poll."""
        deadline = time.monotonic() + self._timing.hello_timeout
        next_ask = 0.0
        while not self._stop.is_set() and (now := time.monotonic()) < deadline:
            if now >= next_ask:
                self._port.write(bp.format_line("VERSION"))
                next_ask = now + self._timing.ask_again
            messages = self._read_messages(min(deadline, next_ask))
            for index, message in enumerate(messages):
                if isinstance(message, bp.Hello):
                    if message.protocol != bp.PROTOCOL_VERSION:
                        raise ReaderSilent(_("the bridge speaks protocol {theirs}, this "
                                             "program protocol {ours}").format(
                                                 theirs=message.protocol,
                                                 ours=bp.PROTOCOL_VERSION))
                    self._backlog = messages[index + 1 :]
                    self._last_heard = time.monotonic()
                    return _("bridge firmware {firmware} with readers {readers}").format(
                        firmware=message.firmware, readers=", ".join(message.readers))
        raise ReaderSilent(_("no answer from a bridge (is the firmware flashed, the baud "
                             "rate right?)"))

    def poll(self) -> list[InputEvent]:
        messages, self._backlog = self._backlog, []
        messages += self._read_messages(time.monotonic() + self._timing.poll_slice)
        if messages:
            self._last_heard = time.monotonic()
        elif time.monotonic() - self._last_heard > self._timing.heartbeat_timeout:
            raise ReaderSilent(_("the bridge stopped sending heartbeats"))
        events: list[InputEvent] = []
        for message in messages:
            if isinstance(message, bp.TagOn):
                events.append(TagArrived(message.reader, message.uid))
            elif isinstance(message, bp.TagOff):
                events.append(TagRemoved(message.reader, message.uid))
            elif isinstance(message, bp.ReaderFault):
                events.append(DeviceStatus(self._device, "fault", _(
                    "Bridge reader {reader}: {text}").format(
                        reader=message.reader, text=message.text)))
        return events

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._port.close()

    def _read_messages(self, until: float) -> list[bp.BridgeMessage]:
        messages: list[bp.BridgeMessage] = []
        while not messages and not self._stop.is_set() and time.monotonic() < until:
            data = self._port.read(max(1, self._port.in_waiting))
            for line in self._lines.feed(data):
                message = bp.parse_line(line)
                if message is not None:
                    messages.append(message)
        return messages


def open_bridge(port: str, baud: int, device: str, stop: threading.Event,
                timing: BridgeTiming | None = None) -> BridgeReader:
    """Open the port for a bridge (the handshake is the caller's next step)."""
    return BridgeReader(open_port(port, baud), device, stop, timing)
