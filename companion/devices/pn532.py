"""PN532 NFC reader over HSU (its UART), written from the PN532 user manual UM0701-02.

Start-up: the HSU wake-up preamble with SAMConfiguration (normal mode), GetFirmwareVersion
to make sure a PN532 answers, and RFConfiguration MaxRetries so that InListPassiveTarget
returns "no tag" quickly instead of waiting for one forever. Polling: InListPassiveTarget
for one type A tag, then the RF field off so a tag that stays is found afresh next time
(a selected tag does not answer the next poll). A garbled or lost answer is no reading at
all: it neither reports a tag nor takes one away.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from dataclasses import dataclass

import serial

from companion.devices import pn532_frames as pn
from companion.devices.presence import PresenceTracker
from companion.devices.serial_link import ReaderSilent, discard_input, open_port
from companion.events import InputEvent, TagArrived, TagRemoved
from companion.i18n import _


@dataclass(frozen=True)
class Pn532Timing:
    """How long to wait; tests shorten these, the defaults suit a real PN532."""

    answer_timeout: float = 0.5  # one command's ACK and response
    poll_interval: float = 0.1  # pause between polls
    failures_before_lost: int = 3  # unanswered polls in a row that mean the reader is gone
    removal_misses: int = 2  # answered polls without a tag before it counts as removed


class Pn532Reader:
    """One PN532 on an open serial port; ``reader_id`` names it in tag events."""

    def __init__(self, port: serial.Serial, reader_id: str, stop: threading.Event,
                 timing: Pn532Timing | None = None) -> None:
        self.port_name = str(port.port)
        self._port = port
        self._reader_id = reader_id
        self._stop = stop
        self._timing = timing or Pn532Timing()
        self._parser = pn.FrameParser()
        self._pending: deque[pn.Message] = deque()
        self._presence = PresenceTracker(self._timing.removal_misses)
        self._failures = 0

    def handshake(self) -> str:
        """Wake the chip, configure it, and return its firmware version in words."""
        for _attempt in range(2):
            answer = self._exchange(pn.SAM_CONFIGURATION, pn.SAM_NORMAL_MODE, prefix=pn.WAKE_UP)
            if answer is not None:
                break
        else:
            raise ReaderSilent(_("no answer from a PN532 (check the wiring and that its "
                                 "switches select HSU)"))
        version = self._exchange(pn.GET_FIRMWARE_VERSION)
        if version is None or len(version) != 4:
            raise ReaderSilent(_("the reader did not give a PN532 firmware version"))
        self._exchange(pn.RF_CONFIGURATION, pn.RF_MAX_RETRIES)
        chip, major, minor = version[0], version[1], version[2]
        return _("PN5{chip:02X} firmware {major}.{minor}").format(
            chip=chip, major=major, minor=minor)

    def poll(self) -> list[InputEvent]:
        """One InListPassiveTarget; the arrivals and removals it shows."""
        answer = self._exchange(pn.IN_LIST_PASSIVE_TARGET, pn.LIST_ONE_TYPE_A)
        if answer is None:
            self._failures += 1
            if self._failures >= self._timing.failures_before_lost:
                raise ReaderSilent(_("the PN532 stopped answering"))
            return []
        self._failures = 0
        try:
            uids = pn.parse_target_uids(answer)
        except pn.MalformedResponse:
            return []
        if uids:
            self._exchange(pn.RF_CONFIGURATION, pn.RF_FIELD_OFF)
        arrived, removed = self._presence.update(set(uids))
        self._stop.wait(self._timing.poll_interval)
        events: list[InputEvent] = [TagRemoved(self._reader_id, uid) for uid in removed]
        events += [TagArrived(self._reader_id, uid) for uid in arrived]
        return events

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._port.close()

    def _exchange(self, command: int, params: bytes = b"", prefix: bytes = b"") -> bytes | None:
        """Send one command; the answer's parameters, or None if it never came intact.

        The ACK is not required: if it was garbled but the response arrived, the command
        was evidently received.
        """
        self._pending.clear()
        self._parser.clear()
        discard_input(self._port)
        self._port.write(prefix + pn.command_frame(command, params))
        deadline = time.monotonic() + self._timing.answer_timeout
        while (message := self._next_message(deadline)) is not None:
            if not isinstance(message, pn.Frame):
                continue
            if message.tfi == pn.ERROR_TFI:
                return None
            if message.tfi == pn.PN532_TO_HOST and message.data[:1] == bytes([command + 1]):
                return message.data[1:]
        return None

    def _next_message(self, deadline: float) -> pn.Message | None:
        while not self._pending:
            if self._stop.is_set() or time.monotonic() >= deadline:
                self._pending.extend(self._parser.expire())
                return self._pending.popleft() if self._pending else None
            data = self._port.read(max(1, self._port.in_waiting))
            if data:
                self._pending.extend(self._parser.feed(data))
        return self._pending.popleft()


def open_pn532(port: str, baud: int, reader_id: str, stop: threading.Event,
               timing: Pn532Timing | None = None) -> Pn532Reader:
    """Open the port for a PN532 (the handshake is the caller's next step)."""
    return Pn532Reader(open_port(port, baud), reader_id, stop, timing)
