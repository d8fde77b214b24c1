"""PN532 NFC reader over HSU (its UART), written from the PN532 user manual UM0701-02.

Start-up: the HSU wake-up preamble with SAMConfiguration (normal mode), then
GetFirmwareVersion to make sure a PN532 answers.

While no tag is on it, the PN532 waits for one itself: InListPassiveTarget with unlimited
retries (RFConfiguration MaxRetries 0xFF) answers the moment a card enters the field, and
the host sleeps on the port meanwhile. Every ``heartbeat`` seconds the wait is aborted
(an ACK frame, section 6.2.1.3) and issued again; the PN532 acknowledging the new command
is how a reader that went away is noticed. While a tag is on it, the host polls with
limited retries every ``poll_interval`` so that a removal shows within two polls. Before
reading again after a tag was found, the RF field is switched off for ``field_reset`` so
the tag is found afresh (a selected tag does not answer the next poll). A garbled or lost
answer is no reading at all: it neither reports a tag nor takes one away, and a tag
needs two matching reads to count. The second comes at once: a NACK frame (section
6.2.1.4) has the PN532 send its last answer again, so the UID crosses the line twice
(noise would have to spoil both alike) without a field reset and a new poll; a chip
that does not resend gets the full second read instead, from then on. A garbled answer
is known as soon as it has come: the driver does not wait out the timeout.

Only a checksummed answer listing no target means "no card". A chip polled with limited
retries always answers, so an acknowledged read without an answer is a lost answer, not
an empty field; and any read that did not end in a valid answer may have selected a tag
(its answer spoiled on the way), so the field is reset before the next one. A wait for a
card that is aborted is reset alike, in case a spoiled answer came just before, and so is
a read that missed a tag still counted present, before the read that may remove it.

Noise is not a lost reader: the reader counts as gone only after ``silences_before_lost``
commands in a row that the chip said nothing at all to (any byte of an answer, spoiled
or not, shows it is there), or after ``failures_before_lost`` reads in a row without a
valid answer (a line so noisy that nothing gets through).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable

import serial

from companion.core.events import InputEvent, TagArrived, TagRemoved
from companion.core.i18n import _
from companion.core.records import frozen
from companion.devices import pn532_frames as pn
from companion.devices.presence import PresenceTracker
from companion.devices.serial_link import ReaderSilent, discard_input, open_port, read_until

Clock = Callable[[], float]
NACKS_BEFORE_GIVING_UP = 3  # unanswered NACKs in a row that mean the chip never resends


@frozen
class Pn532Timing:
    """How long to wait; tests shorten these, the defaults suit a real PN532."""

    answer_timeout: float = 0.5  # one command's ACK and response
    heartbeat: float = 3.0  # re-issue a wait for a card this often (is the PN532 there?)
    poll_interval: float = 0.07  # pause between polls while a tag is on the reader
    # commands in a row the chip said nothing to (7 x answer_timeout: 3.5 s, as the bridge)
    silences_before_lost: int = 7
    failures_before_lost: int = 40  # reads in a row without a valid answer (noise alone)
    removal_misses: int = 2  # answered polls without a tag before it counts as removed
    confirmations: int = 2  # answered polls in a row with a tag before it counts as arrived
    field_reset: float = 0.006  # RF field off this long resets a tag (ISO 14443-3: 5 ms)
    resend_timeout: float = 0.05  # the answer again after a NACK (at once on the chip)
    quiet_after_garbled: float = 0.02  # a spoiled answer, then this long without a good one


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
        self._failures = 0  # reads in a row without a valid answer
        self._silences = 0  # commands in a row the chip said nothing at all to
        self._retries: bytes | None = None  # the MaxRetries the chip was last given
        self._field_on = False  # a tag was selected by the last read: reset it first
        self._acked = False
        self._garbled = False  # the last exchange got an answer that failed its checks
        self._heard = False  # the last exchange got anything at all from the chip
        self._listed = False  # the last InListPassiveTarget answer named tags: resend it
        self._resends = True  # the chip answers a NACK with its last answer again
        self._unanswered_nacks = 0  # NACKs in a row met with silence (noise may spoil one)

    def handshake(self) -> str:
        """Wake the chip, configure it, and return its firmware version in words."""
        for _attempt in range(2):
            answer = self._exchange(pn.SAM_CONFIGURATION, pn.SAM_NORMAL_MODE, prefix=pn.WAKE_UP)
            if answer is not None:
                break
        else:
            raise ReaderSilent(_("no answer from a PN532 (check the wiring and that its "
                                 "switches select HSU)"))
        for _attempt in range(3):  # a noisy line may spoil one answer or command
            version = self._exchange(pn.GET_FIRMWARE_VERSION)
            if version is not None:
                break
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
            uids = self._read_again()
        else:
            self._stop.wait(self._timing.poll_interval)
            uids = self._read_field(pn.RF_MAX_RETRIES_QUICK, self._timing.answer_timeout)
        if uids is None:
            if self._stop.is_set():
                return []
            self._failures += 1
            if (self._silences >= self._timing.silences_before_lost
                    or self._failures >= self._timing.failures_before_lost):
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

    def _read_again(self) -> list[str] | None:
        """The confirming read, at once: the last answer sent again (NACK), or a new read."""
        if self._resends and self._listed:
            answer = self._exchange(pn.IN_LIST_PASSIVE_TARGET, resend=True)
            if self._heard:
                self._unanswered_nacks = 0
            elif not self._stop.is_set():
                self._unanswered_nacks += 1
                # silence each time: this chip does not resend; read anew from now on
                self._resends = self._unanswered_nacks < NACKS_BEFORE_GIVING_UP
            if answer is not None:
                with contextlib.suppress(pn.MalformedResponse):
                    return pn.parse_target_uids(answer)
        return self._read_field(None, self._timing.answer_timeout)

    def _read_field(self, retries: bytes | None, wait: float) -> list[str] | None:
        """InListPassiveTarget for one type A tag: the UIDs ([] when a valid answer listed
        none, or a wait for a card ran ``wait`` and was aborted), or None when no valid
        answer came (with limited retries the chip always answers: silence is a loss).

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
        self._listed = False
        waiting = self._retries == pn.RF_MAX_RETRIES_WAIT  # the chip waits for a card
        answer = self._exchange(pn.IN_LIST_PASSIVE_TARGET, pn.LIST_ONE_TYPE_A, wait=wait)
        self._field_on = True  # unless a valid answer says no tag was selected
        if answer is None:
            if waiting and self._acked and not self._garbled and not self._stop.is_set():
                self._port.write(pn.ACK_FRAME)  # abort the wait; no card came
                return []
            return None  # limited retries always answer: this answer was lost
        try:
            uids = pn.parse_target_uids(answer)
        except pn.MalformedResponse:
            return None
        self._listed = bool(uids)
        # a present tag missed is read again after a reset too: the field may not have
        # been off (a command spoiled into another on the way), the tag silent, selected
        self._field_on = self._listed or bool(self._presence.present)
        return uids

    def _exchange(self, command: int, params: bytes = b"", prefix: bytes = b"",
                  wait: float | None = None, resend: bool = False) -> bytes | None:
        """Send one command; the answer's parameters, or None if it never came intact.

        The ACK is not required: if it was garbled but the response arrived, the command
        was evidently received. With ``wait``, an acknowledged command may take that long
        to be answered (``self._acked`` tells whether the ACK came). With ``resend``, a
        NACK asks for the answer to ``command`` again instead (no ACK comes). An answer
        that came spoiled (``self._garbled``) ends the exchange once the line has been
        quiet for ``quiet_after_garbled`` without a good one.
        """
        self._pending.clear()
        self._parser.clear()
        discard_input(self._port)
        self._port.write(pn.NACK_FRAME if resend else prefix + pn.command_frame(command, params))
        self._acked = self._garbled = self._heard = False
        started = self._clock()
        deadline = started + (self._timing.resend_timeout if resend
                              else self._timing.answer_timeout)
        while (message := self._next_message(deadline)) is not None:
            self._heard = True
            self._silences = 0
            if isinstance(message, pn.Ack) and wait is not None and not self._acked:
                self._acked = True
                deadline = started + wait
            if isinstance(message, pn.Garbled) and (self._acked or wait is None):
                self._garbled = True
                deadline = min(deadline, self._clock() + self._timing.quiet_after_garbled)
            if not isinstance(message, pn.Frame):
                continue
            if message.tfi == pn.ERROR_TFI:
                return None
            if message.tfi == pn.PN532_TO_HOST and message.data[:1] == bytes([command + 1]):
                return message.data[1:]
        if not (self._heard or resend or self._stop.is_set()):
            self._silences += 1  # (a chip may ignore a NACK: that is no sign of its absence)
        return None

    def _next_message(self, deadline: float) -> pn.Message | None:
        while not self._pending:
            if self._stop.is_set() or self._clock() >= deadline:
                # what came while this thread was kept from running still counts
                self._pending.extend(self._parser.feed(self._bytes_waiting()))
                if not self._pending:
                    self._pending.extend(self._parser.expire())
                return self._pending.popleft() if self._pending else None
            data = read_until(self._port, self._stop, deadline, self._clock)
            if data:
                self._pending.extend(self._parser.feed(data))
        return self._pending.popleft()

    def _bytes_waiting(self) -> bytes:
        if self._stop.is_set() or not self._port.in_waiting:
            return b""
        return bytes(self._port.read(self._port.in_waiting))


def open_pn532(port: str, baud: int, reader_id: str, stop: threading.Event,
               timing: Pn532Timing | None = None) -> Pn532Reader:
    """Open the port for a PN532 (the handshake is the caller's next step)."""
    return Pn532Reader(open_port(port, baud), reader_id, stop, timing)
