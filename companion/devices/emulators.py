"""The far end of the serial line, in software: a PN532 and a bridge on a pseudo-terminal.

The drivers are tested against these through ``os.openpty`` exactly as they talk to real
hardware, and a developer can run one to try ``companion nfc`` without a reader:
``python -m companion.devices.emulators pn532`` prints the port to use.
Test knobs (garbage between frames, corrupted checksums, silence, unplugging) are here
so the drivers' failure handling can be shown, not only their happy path.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import select
import sys
import threading
import time
import tty
from pathlib import Path

from companion.devices import bridge_protocol as bp
from companion.devices import pn532_frames as pn


class PtyPort:
    """A pseudo-terminal standing in for a serial cable; ``path`` is the driver's end.

    With ``link`` the driver opens a symlink instead (as udev's ``/dev/companion-nfc``),
    so unplugging and plugging back in keeps the name while the pty changes.
    """

    def __init__(self, link: Path | None = None) -> None:
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo or line editing before the driver sets it up
        self.tty_path = os.ttyname(self._slave)
        self.link = link
        if link is not None:
            with contextlib.suppress(FileNotFoundError):
                link.unlink()
            link.symlink_to(self.tty_path)
        self.path = str(link) if link is not None else self.tty_path

    def close(self) -> None:
        """Unplug: the name disappears and the driver's reads fail."""
        if self.link is not None:
            with contextlib.suppress(FileNotFoundError):
                self.link.unlink()
        for fd in (self.master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)


class BitErrors:
    """A noisy wire: each bit passing through is flipped with probability ``rate``.

    Seeded, so a run can be repeated; the gaps between errors are drawn geometrically,
    so a long clean stretch costs nothing and the error process runs on across writes.
    """

    def __init__(self, rate: float, seed: int) -> None:
        if not 0 < rate < 1:
            raise ValueError("a bit error rate is between 0 and 1")
        self.rate = rate
        self.flipped = 0
        self._rng = random.Random(seed)
        self._gap = self._next_gap()

    def _next_gap(self) -> int:
        """Clean bits before the next error."""
        return int(math.log(1.0 - self._rng.random()) / math.log(1.0 - self.rate))

    def apply(self, data: bytes) -> bytes:
        out = bytearray(data)
        bits = len(out) * 8
        position = self._gap
        while position < bits:
            out[position // 8] ^= 1 << (position % 8)
            self.flipped += 1
            position += 1 + self._next_gap()
        self._gap = position - bits
        return bytes(out)


class _Emulator:
    """A thread reading what the driver writes and answering through ``handle``.

    With ``baud`` every byte takes as long as on a UART at that rate (a pty is instant),
    in both directions, so latencies measured through it include the line time. With
    :meth:`add_line_noise`, bits are flipped on the wire both ways.
    """

    def __init__(self, port: PtyPort, baud: int | None = None) -> None:
        self.port = port
        self.baud = baud
        self.noise_out: BitErrors | None = None  # on what the device sends
        self.noise_in: BitErrors | None = None  # on what the driver sends
        self._stopping = threading.Event()
        self._lock = threading.RLock()
        self._thread = threading.Thread(target=self._run, name=type(self).__name__, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(2.0)

    def unplug(self) -> None:
        """Stop answering and pull the cable."""
        self.stop()
        self.port.close()

    def add_line_noise(self, bit_error_rate: float, seed: int) -> None:
        """Flip bits at ``bit_error_rate`` in both directions (seeded, each its own way)."""
        with self._lock:
            self.noise_out = BitErrors(bit_error_rate, seed)
            self.noise_in = BitErrors(bit_error_rate, seed + 1)

    def write(self, data: bytes) -> None:
        self._line_time(len(data))
        with self._lock:
            if self.noise_out is not None:
                data = self.noise_out.apply(data)
        with contextlib.suppress(OSError):
            os.write(self.port.master, data)

    def _line_time(self, count: int) -> None:
        if self.baud:
            time.sleep(count * 10 / self.baud)  # start bit, 8 data bits, stop bit

    def _run(self) -> None:
        while not self._stopping.is_set():
            self.tick()
            try:
                ready, _, _ = select.select([self.port.master], [], [], self.next_tick())
                data = os.read(self.port.master, 4096) if ready else b""
            except OSError:
                return
            if data:
                self._line_time(len(data))
                with self._lock:
                    if self.noise_in is not None:
                        data = self.noise_in.apply(data)
                    self.handle(data)

    def tick(self) -> None:
        """Called at least every :meth:`next_tick` seconds (heartbeats)."""

    def next_tick(self) -> float:
        return 0.05  # how often ``stop`` is noticed

    def handle(self, data: bytes) -> None:
        raise NotImplementedError


class Pn532Emulator(_Emulator):
    """A PN532 in HSU mode: asleep until the wake-up preamble, then answering commands.

    ``place``/``lift`` put a tag on it. As the chip does, InListPassiveTarget with unlimited
    retries (MaxRetries 0xFF, the chip's default) waits until a card comes, and an ACK
    frame from the host aborts that wait; with limited retries it answers at once. A NACK
    frame has it send its last answer again (UM0701-02 section 6.2.1.4). As a tag does,
    one selected by a read ignores the next unless the RF field was off for 5 ms in
    between.
    ``garbage`` sends noise around every ACK and answer; ``corrupt_answers`` spoils that
    many answers' DCS, ``spoiled_headers`` that many target lists' LCS, and
    ``lost_answers`` loses that many target lists whole (after their ACK),
    ``ignored_resets`` answers that many field-off commands without switching it off;
    ``forged_uids`` are listed (once each) instead of the real tag in the answers sent,
    as a corruption on the line that passes the checksums would; ``answering`` False
    makes it silent; ``resends`` False makes it ignore NACKs.
    """

    GARBAGE = b"\xff\x00\x13\x00\xff\x05\xfa\xd5\x4b\x01\x01\x55\xaa\x00\x00"
    FIELD_RESET = 0.005

    def __init__(self, port: PtyPort, *, answering: bool = True, garbage: bool = False,
                 baud: int | None = None) -> None:
        super().__init__(port, baud)
        self.answering = answering
        self.garbage = garbage
        self.corrupt_answers = 0
        self.spoiled_headers = 0  # answers whose length checksum (LCS) is spoiled
        self.lost_answers = 0  # target lists lost whole on the way (the ACK still comes)
        self.ignored_resets = 0  # field-off commands answered but not done (spoiled on the way)
        self.forged_uids: list[str] = []  # answers that list these instead of the real tag
        self.tag: str | None = None
        self.polls = 0  # InListPassiveTarget commands answered
        self.waits = 0  # InListPassiveTarget commands that waited for a card
        self.aborts = 0  # waits aborted by the host's ACK
        self.passive_retries = pn.WAIT_FOR_EVER
        self.silent_reads = 0  # reads a still-selected tag did not answer
        self.resends = True
        self.resent = 0  # answers sent again after a NACK
        self._last_answer: tuple[int, bytes] | None = None
        self._selected = False  # the tag was selected by the last read, not reset since
        self._field_off_at: float | None = None
        self._waiting = False
        self._awake = False
        self._parser = pn.FrameParser()

    def place(self, uid: str) -> None:
        with self._lock:
            self.tag = uid
            if self._waiting:
                self._waiting = False
                self._send_answer(pn.IN_LIST_PASSIVE_TARGET, self._target_list(), ack=False)

    def lift(self) -> None:
        with self._lock:
            self.tag = None

    def handle(self, data: bytes) -> None:
        if b"\x55" in data:
            self._awake = True
        for message in self._parser.feed(data):
            if isinstance(message, pn.Ack) and self._waiting:
                self._waiting = False
                self.aborts += 1
            elif (isinstance(message, pn.Nack) and self._awake and self.answering
                    and self.resends and self._last_answer is not None and not self._waiting):
                self.resent += 1
                self._send_answer(*self._last_answer, ack=False)
            elif (self._awake and self.answering and isinstance(message, pn.Frame)
                    and message.tfi == pn.HOST_TO_PN532 and message.data):
                self._waiting = False  # a new command ends a wait
                self._answer(message.data[0], message.data[1:])

    def _target_list(self) -> bytes:
        self.polls += 1
        if self.tag is None:
            return pn.target_list_answer([])
        if self._selected and not self._field_was_reset():
            self.silent_reads += 1  # a selected tag ignores the next REQA
            return pn.target_list_answer([])
        self._selected, self._field_off_at = True, None
        return pn.target_list_answer([self.tag])

    def _field_was_reset(self) -> bool:
        """The RF field was off long enough for the tag to reset (ISO 14443-3: 5 ms)."""
        return (self._field_off_at is not None
                and time.monotonic() - self._field_off_at >= self.FIELD_RESET)

    def _answer(self, command: int, params: bytes) -> None:
        if command == pn.GET_FIRMWARE_VERSION:
            answer = b"\x32\x01\x06\x07"
        elif command == pn.IN_LIST_PASSIVE_TARGET:
            if self.tag is None and self.passive_retries == pn.WAIT_FOR_EVER:
                self.waits += 1
                self._waiting = True
                self.write(self._noise() + pn.ACK_FRAME)
                return
            answer = self._target_list()
        elif command == pn.RF_CONFIGURATION:
            if params[:1] == b"\x05" and len(params) == 4:
                self.passive_retries = params[3]
            if params == pn.RF_FIELD_OFF and self.ignored_resets > 0:
                self.ignored_resets -= 1
            elif params == pn.RF_FIELD_OFF:
                self._field_off_at = time.monotonic()
            answer = b""
        elif command == pn.SAM_CONFIGURATION:
            answer = b""
        else:
            self.write(self._noise() + pn.ACK_FRAME + b"\x00\x00\xff\x01\xff\x7f\x81\x00")
            return
        self._send_answer(command, answer)

    def _noise(self) -> bytes:
        return self.GARBAGE if self.garbage else b""

    def _send_answer(self, command: int, answer: bytes, ack: bool = True) -> None:
        self._last_answer = (command, answer)
        if command == pn.IN_LIST_PASSIVE_TARGET and ack and self.lost_answers > 0:
            self.lost_answers -= 1
            self.write(self._noise() + pn.ACK_FRAME)  # the tag was read; its list is lost
            return
        if command == pn.IN_LIST_PASSIVE_TARGET and self.forged_uids:
            answer = pn.target_list_answer([self.forged_uids.pop(0)])  # spoiled on the line
        frame = bytearray(pn.response_frame(command, answer))
        if self.corrupt_answers > 0:
            self.corrupt_answers -= 1
            frame[-2] ^= 0x5A  # the DCS
        if self.spoiled_headers > 0 and command == pn.IN_LIST_PASSIVE_TARGET:
            self.spoiled_headers -= 1
            frame[4] ^= 0x01  # the LCS: the parser cannot even tell how long the frame is
        noise = self._noise()
        self.write((noise + pn.ACK_FRAME if ack else b"") + noise + bytes(frame) + noise)


class BridgeEmulator(_Emulator):
    """A bridge with MFRC522 readers ``readers``, speaking the line protocol as the firmware.

    Every arrival is sent twice and repeated after each heartbeat while the tag stays;
    ``dead`` readers are reported with ``ERR`` after each ``HELLO``.
    """

    def __init__(self, port: PtyPort, readers: tuple[str, ...] = ("seat1", "vault"), *,
                 firmware: str = "2.0.0", heartbeat: float = 0.2, answering: bool = True,
                 dead: tuple[str, ...] = (), baud: int | None = None) -> None:
        super().__init__(port, baud)
        self.readers = readers
        self.firmware = firmware
        self.heartbeat = heartbeat
        self.answering = answering
        self.dead = dead
        self.repeat_tags = True
        self.tags: dict[str, str] = {}
        self.hellos = 0  # VERSION requests answered
        self._lines = bp.LineSplitter()
        self._beat = 0
        self._next_beat = 0.0

    def place(self, reader: str, uid: str) -> None:
        with self._lock:
            self.tags[reader] = uid
            self.write(bp.format_line("TAG", reader, uid) * 2)

    def lift(self, reader: str) -> None:
        with self._lock:
            uid = self.tags.pop(reader, None)
            if uid is not None:
                self.write(bp.format_line("GONE", reader, uid))

    def send_raw(self, data: bytes) -> None:
        """Anything at all, e.g. noise or a corrupted line."""
        with self._lock:
            self.write(data)

    def tick(self) -> None:
        now = time.monotonic()
        if self.answering and now >= self._next_beat:
            self._next_beat = now + self.heartbeat
            self._beat += 1
            with self._lock:
                lines = bp.format_line("HB", str(self._beat))
                if self.repeat_tags:
                    lines += b"".join(bp.format_line("TAG", reader, uid)
                                      for reader, uid in self.tags.items())
                self.write(lines)

    def next_tick(self) -> float:
        return max(0.0, min(self._next_beat - time.monotonic(), super().next_tick()))

    def handle(self, data: bytes) -> None:
        for line in self._lines.feed(data):
            if self.answering and line.startswith(b"VERSION*") and line == bp.format_line(
                    "VERSION").rstrip(b"\n"):
                self.hellos += 1
                lines = bp.format_line("HELLO", str(bp.PROTOCOL_VERSION), self.firmware,
                                       ",".join(self.readers))
                for reader in self.dead:
                    lines += bp.format_line("ERR", reader, "no", "MFRC522", "answers")
                for reader, uid in self.tags.items():
                    lines += bp.format_line("TAG", reader, uid) * 2
                self.write(lines)


def main(argv: list[str]) -> int:
    """Run an emulator on a new pty; type a UID and Enter to place it, Enter to lift it."""
    kind = argv[0] if argv else "pn532"
    port = PtyPort()
    emulator: Pn532Emulator | BridgeEmulator
    emulator = Pn532Emulator(port) if kind == "pn532" else BridgeEmulator(port, ("table",))
    emulator.start()
    print(f"companion nfc --reader {'pn532' if kind == 'pn532' else 'bridge'} --port {port.path}")
    try:
        for line in sys.stdin:
            uid = line.strip().upper()
            if isinstance(emulator, Pn532Emulator):
                emulator.place(uid) if uid else emulator.lift()
            elif uid:
                emulator.place("table", uid)
            else:
                emulator.lift("table")
    except KeyboardInterrupt:
        pass
    emulator.unplug()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
