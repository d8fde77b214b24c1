"""PN532 NFC reader over HSU (its UART), written from the PN532 user manual UM0701-02.

Start-up: the HSU wake-up preamble with SAMConfiguration (normal mode), then
GetFirmwareVersion to make sure a PN532 answers.

While no tag is on it, the PN532 waits for one itself: InListPassiveTarget with unlimited
retries (RFConfiguration MaxRetries 0xFF) answers the moment a card enters the field, and
the host sleeps on the port meanwhile. Every ``heartbeat`` seconds the wait is aborted
(an ACK frame, section 6.2.1.3) and issued again; the PN532 acknowledging the new command
is how a reader that went away is noticed. While a tag is on it, the host polls with
limited retries every ``poll_interval`` so that a removal shows within two polls (and
at once after a first read, for the second read a tag needs to count). Before reading
again after a tag was found, the RF field is switched off for ``field_reset`` so the
tag is found afresh (a selected tag does not answer the next poll). A garbled or lost
answer is no reading at all: it neither reports a tag nor takes one away, and a tag
needs two matching reads to count.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import serial

from companion.devices import pn532_frames as pn
from companion.devices.presence import PresenceTracker
from companion.devices.serial_link import ReaderSilent, discard_input, open_port, read_until
from companion.events import InputEvent, TagArrived, TagRemoved
from companion.i18n import _

Clock = Callable[[], float]


@dataclass(frozen=True)
class Pn532Timing:
    """How long to wait; tests shorten these, the defaults suit a real PN532."""

    answer_timeout: float = 0.5  # one command's ACK and response
    heartbeat: float = 3.0  # re-issue a wait for a card this often (is the PN532 there?)
    poll_interval: float = 0.07  # pause between polls while a tag is on the reader
    failures_before_lost: int = 3  # unanswered commands in a row that mean the reader is gone
    removal_misses: int = 2  # answered polls without a tag before it counts as removed
    confirmations: int = 2  # answered polls in a row with a tag before it counts as arrived
    field_reset: float = 0.006  # RF field off this long resets a tag (ISO 14443-3: 5 ms)


class Pn532Reader:
    """One PN532 on an open serial port; ``reader_id`` names it in tag events."""

    def __init__(self, port: serial.Serial, reader_id: str, stop: threading.Event,
                 timing: Pn532Timing | None = None, clock: Clock = time.monotonic) -> None:
        self.port_name = str(port.port)
        self._port = port
        self._reader_id = reader_id
        self._stop = stop
        self._timing = timing or Pn532Timing()
        self._clock = clock
        self._parser = pn.FrameParser()
        self._pending: deque[pn.Message] = deque()
        self._presence = PresenceTracker(self._timing.removal_misses,
                                         self._timing.confirmations)
        self._failures = 0
        self._retries: bytes | None = None  # the MaxRetries the chip was last given
        self._field_on = False  # a tag was selected by the last read: reset it first
        self._acked = False

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
        chip, major, minor = version[0], version[1], version[2]
        return _("PN5{chip:02X} firmware {major}.{minor}").format(
            chip=chip, major=major, minor=minor)

    def poll(self) -> list[InputEvent]:
        """One read of the field (waiting for a card when none is there); what it shows."""
        if self._presence.idle:
            uids = self._read_field(pn.RF_MAX_RETRIES_WAIT, self._timing.heartbeat)
        elif self._presence.confirming:
            uids = self._read_field(None, self._timing.answer_timeout)  # at once
        else:
            self._stop.wait(self._timing.poll_interval)
            uids = self._read_field(pn.RF_MAX_RETRIES_QUICK, self._timing.answer_timeout)
        if uids is None:
            if self._stop.is_set():
                return []
            self._failures += 1
            if self._failures >= self._timing.failures_before_lost:
                raise ReaderSilent(_("the PN532 stopped answering"))
            return []
        self._failures = 0
        arrived, removed = self._presence.update(set(uids))
        events: list[InputEvent] = [TagRemoved(self._reader_id, uid) for uid in removed]
        events += [TagArrived(self._reader_id, uid) for uid in arrived]
        return events

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._port.close()

    def _read_field(self, retries: bytes | None, wait: float) -> list[str] | None:
        """InListPassiveTarget for one type A tag: the UIDs ([] when the PN532 acknowledged
        but found no card within ``wait``), or None when it gave no valid answer.

        ``retries`` sets MaxRetries first if the chip has others (None: as it is). A tag
        selected by the previous read is reset first: RF field off, and ``field_reset``
        without it, so that it answers afresh.
        """
        if self._field_on:
            if self._exchange(pn.RF_CONFIGURATION, pn.RF_FIELD_OFF) is None:
                return None
            self._field_on = False
            self._stop.wait(self._timing.field_reset)
        if retries is not None and self._retries != retries:
            if self._exchange(pn.RF_CONFIGURATION, retries) is None:
                return None
            self._retries = retries
        answer = self._exchange(pn.IN_LIST_PASSIVE_TARGET, pn.LIST_ONE_TYPE_A, wait=wait)
        if answer is None:
            if self._acked and not self._stop.is_set():
                self._port.write(pn.ACK_FRAME)  # abort the wait; no card came
                return []
            return None
        try:
            uids = pn.parse_target_uids(answer)
        except pn.MalformedResponse:
            return None
        self._field_on = bool(uids)
        return uids

    def _exchange(self, command: int, params: bytes = b"", prefix: bytes = b"",
                  wait: float | None = None) -> bytes | None:
        """Send one command; the answer's parameters, or None if it never came intact.

        The ACK is not required: if it was garbled but the response arrived, the command
        was evidently received. With ``wait``, an acknowledged command may take that long
        to be answered (``self._acked`` tells whether the ACK came).
        """
        self._pending.clear()
        self._parser.clear()
        discard_input(self._port)
        self._port.write(prefix + pn.command_frame(command, params))
        self._acked = False
        started = self._clock()
        deadline = started + self._timing.answer_timeout
        while (message := self._next_message(deadline)) is not None:
            if isinstance(message, pn.Ack) and wait is not None and not self._acked:
                self._acked = True
                deadline = started + wait
            if not isinstance(message, pn.Frame):
                continue
            if message.tfi == pn.ERROR_TFI:
                return None
            if message.tfi == pn.PN532_TO_HOST and message.data[:1] == bytes([command + 1]):
                return message.data[1:]
        return None

    def _next_message(self, deadline: float) -> pn.Message | None:
        while not self._pending:
            if self._stop.is_set() or self._clock() >= deadline:
                self._pending.extend(self._parser.expire())
                return self._pending.popleft() if self._pending else None
            data = read_until(self._port, self._stop, deadline, self._clock)
            if data:
                self._pending.extend(self._parser.feed(data))
        return self._pending.popleft()


def open_pn532(port: str, baud: int, reader_id: str, stop: threading.Event,
               timing: Pn532Timing | None = None) -> Pn532Reader:
    """Open the port for a PN532 (the handshake is the caller's next step)."""
    return Pn532Reader(open_port(port, baud), reader_id, stop, timing)
