"""The real PN532 driver and reader thread, through a pty, against the emulated chip."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.core.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.devices.config import ReaderConfig
from companion.devices.emulators import Pn532Emulator, PtyPort
from companion.devices.pn532 import Pn532Timing, open_pn532
from companion.devices.reader_thread import ReaderThread
from companion.devices.readers import start_reader
from companion.devices.serial_link import ReaderSilent, describe_error

UID = "04A1B2C3D4E5F6"
OTHER = "5A3C9E71"
# FAST for the tests of silence; STEADY (the real answer timeout) wherever a slow or busy
# machine must not turn a pause into a lost reader.
FAST = Pn532Timing(answer_timeout=0.15, heartbeat=0.1, poll_interval=0.005)
STEADY = Pn532Timing(answer_timeout=2.0, heartbeat=0.1, poll_interval=0.005)
WAIT = 30.0  # a hang guard for anything to happen; never a measured duration


def wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "condition never came true"
        time.sleep(0.005)


def wait_for_polls(rig: Rig, count: int) -> None:
    """Until the reader has polled ``count`` times: the hang guard counts from the last poll,
    so a long run on a busy machine is not taken for a hang while it goes on."""
    deadline, seen = time.monotonic() + WAIT, rig.emulator.polls
    while rig.emulator.polls < count:
        if rig.emulator.polls != seen:
            deadline, seen = time.monotonic() + WAIT, rig.emulator.polls
        assert time.monotonic() < deadline, f"the reader stopped polling at {seen}"
        time.sleep(0.005)


class Rig:
    """A pty-linked emulated PN532 that can be unplugged and plugged back under one name."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.events: queue.Queue[InputEvent] = queue.Queue()
        self.emulator = self._plug()
        self.thread: ReaderThread | None = None

    def _plug(self, **options: bool) -> Pn532Emulator:
        emulator = Pn532Emulator(PtyPort(self.link), **options)
        emulator.start()
        return emulator

    def start(self, timing: Pn532Timing = STEADY) -> None:
        config = ReaderConfig(id="table", type="pn532", port=str(self.link))
        self.thread = start_reader(config, self.events, pn532_timing=timing, retry_min=0.02,
                                   retry_max=0.1)

    def replug(self, **options: bool) -> None:
        tag = self.emulator.tag
        self.emulator = self._plug(**options)
        self.emulator.tag = tag

    def next(self) -> InputEvent:
        return self.events.get(timeout=WAIT)

    def close(self) -> None:
        if self.thread is not None:
            self.thread.stop()
        self.emulator.unplug()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    setup = Rig(tmp_path / "companion-nfc")
    yield setup
    setup.close()


def opened(rig: Rig) -> DeviceStatus:
    event = rig.next()
    assert isinstance(event, DeviceStatus)
    return event


def test_opens_and_reports_the_firmware(rig: Rig) -> None:
    rig.start()
    status = opened(rig)
    assert status.status == "opened"
    assert "PN532 firmware 1.6" in status.message


def test_a_tag_held_for_many_polls_arrives_once_and_is_removed_once(rig: Rig) -> None:
    rig.emulator.garbage = True  # and noise around every ACK and answer
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    polls = rig.emulator.polls
    wait_until(lambda: rig.emulator.polls >= polls + 25)
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)
    rig.emulator.place(OTHER)
    assert rig.next() == TagArrived("table", OTHER)


def settle_after_corruption(rig: Rig) -> None:
    """Wait until the corrupted answers were sent and several good polls followed."""
    wait_until(lambda: rig.emulator.corrupt_answers == 0)
    polls = rig.emulator.polls
    wait_until(lambda: rig.emulator.polls >= polls + 5)


def test_with_no_tag_the_reader_waits_instead_of_polling(rig: Rig) -> None:
    rig.start()
    opened(rig)
    wait_until(lambda: rig.emulator.aborts >= 3)  # three heartbeats: waits re-issued
    assert rig.emulator.polls == 0  # no InListPassiveTarget answered: nobody polled
    assert rig.events.empty()  # and the reader was not taken for lost
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)


def test_a_tag_that_stays_is_reset_between_reads_and_so_never_missed(rig: Rig) -> None:
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    polls = rig.emulator.polls
    wait_until(lambda: rig.emulator.polls >= polls + 20)
    assert rig.emulator.silent_reads == 0  # the field was off long enough every time
    assert rig.events.empty()


def test_a_forged_uid_in_one_answer_is_never_a_tag(rig: Rig) -> None:
    rig.start()
    opened(rig)
    rig.emulator.forged_uids = [OTHER]  # noise turned the first answer into another UID
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)
    assert rig.events.empty()


def test_corrupt_answers_neither_add_nor_remove_tags(rig: Rig) -> None:
    rig.start()
    opened(rig)
    rig.emulator.garbage = True
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.corrupt_answers = 2  # spoiled answers: no reading either way
    settle_after_corruption(rig)
    assert rig.events.empty()  # not removed and put back, not lost
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)
    rig.emulator.corrupt_answers = 2
    rig.emulator.place(OTHER)
    assert rig.next() == TagArrived("table", OTHER)
    assert rig.events.empty()


def test_a_spoiled_answer_that_selected_the_tag_does_not_hide_it(rig: Rig) -> None:
    """The garbled answer listed the tag, so the tag is selected and ignores plain polls:
    the reader must reset the field before reading again, or never see that tag."""
    rig.start()
    opened(rig)
    wait_until(lambda: rig.emulator.waits >= 1)  # waiting for a card, retries set
    rig.emulator.corrupt_answers = 1
    rig.emulator.place(UID)  # its answer to the waiting poll comes spoiled
    assert rig.next() == TagArrived("table", UID)
    assert rig.emulator.corrupt_answers == 0


def test_a_spoiled_header_while_a_tag_stays_does_not_take_it_away(rig: Rig) -> None:
    """The answer's length checksum spoiled: no answer at all, not "no card there". The
    read selected the tag all the same, so the next read must reset the field first."""
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.spoiled_headers = 1
    settle_after_spoiled_header(rig)
    assert rig.events.empty()  # not removed (and not put back)
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)
    rig.emulator.place(OTHER)
    assert rig.next() == TagArrived("table", OTHER)


def test_an_answer_lost_after_its_ack_is_no_reading_not_an_empty_field(rig: Rig) -> None:
    """With limited retries the chip always answers: an ACK and then nothing is a lost
    answer, not "no card". Two in a row must not take the tag away."""
    rig.start(FAST)
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.lost_answers = 2
    wait_until(lambda: rig.emulator.lost_answers == 0)
    polls = rig.emulator.polls
    wait_until(lambda: rig.emulator.polls >= polls + 10)
    assert rig.events.empty()
    assert rig.emulator.silent_reads == 0  # and the field was reset after each
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)


def test_a_field_reset_that_did_not_happen_does_not_take_the_tag_away(rig: Rig) -> None:
    """A field-off command spoiled into another valid one on the way: the tag stays
    selected and misses the next read. It is read again after a reset that does happen."""
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.ignored_resets = 1
    wait_until(lambda: rig.emulator.ignored_resets == 0)
    polls = rig.emulator.polls
    wait_until(lambda: rig.emulator.polls >= polls + 10)
    assert rig.emulator.silent_reads == 1  # the one read after the reset that was not done
    assert rig.events.empty()
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)


def settle_after_spoiled_header(rig: Rig) -> None:
    wait_until(lambda: rig.emulator.spoiled_headers == 0)
    polls = rig.emulator.polls
    wait_until(lambda: rig.emulator.polls >= polls + 10)


def test_a_spoiled_header_on_the_answer_to_a_wait_does_not_blind_the_reader(rig: Rig) -> None:
    """A tag arrives while the reader waits, and the answer naming it comes with its header
    spoiled: the tag is selected, so unless the field is reset it never answers again."""
    rig.start()
    opened(rig)
    wait_until(lambda: rig.emulator.waits >= 1)
    rig.emulator.spoiled_headers = 1
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    assert rig.emulator.spoiled_headers == 0
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)


NOISY = Pn532Timing(answer_timeout=0.1, heartbeat=0.5, poll_interval=0.0, field_reset=0.006,
                    resend_timeout=0.02, quiet_after_garbled=0.01)


@pytest.mark.parametrize(("bit_error_rate", "seed", "reads"), [(1e-3, 7, 600), (1e-4, 8, 600)])
def test_a_tag_that_never_moves_arrives_once_on_a_noisy_line(
        rig: Rig, bit_error_rate: float, seed: int, reads: int) -> None:
    """Bits flipped both ways on the wire (seeded): one arrival, no removal, no loss."""
    rig.emulator.place(UID)
    rig.emulator.add_line_noise(bit_error_rate, seed)
    rig.start(NOISY)
    wait_for_polls(rig, reads)
    assert rig.thread is not None
    rig.thread.stop(timeout=WAIT)
    said = []
    while not rig.events.empty():
        said.append(rig.events.get_nowait())
    assert rig.emulator.noise_out is not None and rig.emulator.noise_out.flipped > 0
    assert [event for event in said if not isinstance(event, DeviceStatus)] == [
        TagArrived("table", UID)]
    assert [event.status for event in said if isinstance(event, DeviceStatus)] == ["opened"]


def test_the_confirming_read_is_the_answer_sent_again(rig: Rig) -> None:
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    assert rig.emulator.resent == 1  # one NACK: the UID crossed the line twice


def test_a_chip_that_ignores_nacks_gets_a_second_read(rig: Rig) -> None:
    rig.emulator.resends = False
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)
    rig.emulator.place(OTHER)
    assert rig.next() == TagArrived("table", OTHER)
    assert rig.emulator.resent == 0 and rig.events.empty()


def test_unplug_and_replug_give_one_status_each_way_and_reading_resumes(rig: Rig) -> None:
    rig.start()
    opened(rig)
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.unplug()
    assert rig.next() == TagRemoved("table", UID)
    lost = rig.next()
    assert isinstance(lost, DeviceStatus) and lost.status == "lost"
    assert "unplugged" in lost.message
    wait_until(lambda: not rig.link.exists())
    time.sleep(0.2)  # let several reopen attempts fail while unplugged
    rig.replug()
    reopened = rig.next()
    assert isinstance(reopened, DeviceStatus) and reopened.status == "reopened"
    assert rig.next() == TagArrived("table", UID)
    rig.emulator.lift()
    assert rig.next() == TagRemoved("table", UID)


def test_a_reader_that_stops_answering_is_lost_then_reopened(rig: Rig) -> None:
    rig.start(FAST)
    opened(rig)
    rig.emulator.answering = False
    lost = rig.next()
    assert isinstance(lost, DeviceStatus) and lost.status == "lost"
    rig.emulator.answering = True
    reopened = rig.next()
    assert isinstance(reopened, DeviceStatus) and reopened.status == "reopened"
    rig.emulator.place(UID)
    assert rig.next() == TagArrived("table", UID)


def test_missing_port_is_reported_once_then_opened_when_plugged_in(tmp_path: Path) -> None:
    link = tmp_path / "later"
    events: queue.Queue[InputEvent] = queue.Queue()
    thread = start_reader(ReaderConfig("table", "pn532", str(link)), events, pn532_timing=FAST,
                          retry_min=0.02, retry_max=0.05)
    emulator = None
    try:
        first = events.get(timeout=WAIT)
        assert isinstance(first, DeviceStatus) and first.status == "unavailable"
        assert "does not exist" in first.message
        time.sleep(0.2)
        emulator = Pn532Emulator(PtyPort(link))
        emulator.start()
        second = events.get(timeout=WAIT)
        assert isinstance(second, DeviceStatus) and second.status == "opened"
    finally:
        thread.stop()
        if emulator is not None:
            emulator.unplug()


def test_handshake_on_a_silent_port_raises_reader_silent(tmp_path: Path) -> None:
    emulator = Pn532Emulator(PtyPort(tmp_path / "silent"), answering=False)
    emulator.start()
    reader = open_pn532(str(tmp_path / "silent"), 115200, "table", threading.Event(), FAST)
    try:
        with pytest.raises(ReaderSilent):
            reader.handshake()
    finally:
        reader.close()
        emulator.unplug()


def test_stop_ends_the_thread_promptly(rig: Rig) -> None:
    rig.start()
    opened(rig)
    assert rig.thread is not None
    rig.thread.stop(timeout=WAIT)
    assert not rig.thread.is_alive()


def test_a_vanished_port_fails_as_oserror_with_plain_words(tmp_path: Path) -> None:
    """pyserial's flush raises termios.error on a dead pty; the driver must say OSError."""
    emulator = Pn532Emulator(PtyPort(tmp_path / "nfc"))
    emulator.start()
    reader = open_pn532(str(tmp_path / "nfc"), 115200, "table", threading.Event(), FAST)
    try:
        reader.handshake()
        emulator.unplug()
        with pytest.raises(OSError) as caught:
            reader.poll()
        assert "unplugged" in describe_error(caught.value)
    finally:
        reader.close()
