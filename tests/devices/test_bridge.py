"""The bridge line protocol and the real bridge driver through a pty."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from paths import REPO

from companion.core.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.devices import bridge_protocol as bp
from companion.devices.bridge import BridgeTiming, open_bridge
from companion.devices.bridge_tags import BridgeTags
from companion.devices.config import ReaderConfig
from companion.devices.emulators import BridgeEmulator, PtyPort
from companion.devices.reader_thread import ReaderThread
from companion.devices.readers import start_reader
from companion.devices.serial_link import ReaderSilent

UID = "04A1B2C3D4E5F6"
OTHER = "5A3C9E71"
# FAST for the tests of silence; STEADY (the real timeouts) wherever a slow or busy
# machine must not turn a pause into a lost bridge.
FAST = BridgeTiming(hello_timeout=0.5, ask_again=0.1, heartbeat_timeout=0.4)
STEADY = BridgeTiming(ask_again=0.1)
WAIT = 30.0  # a hang guard, never a measured duration


def test_lines_round_trip_with_checksums() -> None:
    assert bp.format_line("TAG", "seat1", UID) == b"TAG seat1 04A1B2C3D4E5F6*" + \
        bp.checksum("TAG seat1 04A1B2C3D4E5F6").encode() + b"\n"
    assert bp.parse_line(bp.format_line("TAG", "seat1", UID)[:-1]) == bp.TagOn("seat1", UID)
    assert bp.parse_line(bp.format_line("GONE", "vault", OTHER.lower())[:-1]) == bp.TagOff(
        "vault", OTHER)
    assert bp.parse_line(bp.format_line("HB", "42")[:-1]) == bp.Heartbeat(42)
    assert bp.parse_line(bp.format_line("HELLO", "1", "1.2.0", "seat1,vault")[:-1]) == bp.Hello(
        1, "1.2.0", ("seat1", "vault"))
    assert bp.parse_line(bp.format_line("ERR", "seat2", "no", "answer")[:-1]) == bp.ReaderFault(
        "seat2", "no answer")
    assert bp.parse_line(b"HB 7*" + bp.checksum("HB 7").encode() + b"\r") == bp.Heartbeat(7)


def test_the_checksum_is_crc8_autosar() -> None:
    assert bp.crc8(b"123456789") == 0xDF  # the catalogued check value of CRC-8/AUTOSAR
    assert bp.checksum("VERSION") == f"{bp.crc8(b'VERSION'):02X}"


def test_two_bytes_swapped_with_the_same_xor_are_caught() -> None:
    """Protocol 1's XOR let this through: a different UID with the same checksum."""
    good = bp.format_line("TAG", "seat1", "04A1B2C3D4E5F6")[:-1]
    forged = good.replace(b"A1B2", b"B1A2")
    assert bp.parse_line(good) == bp.TagOn("seat1", "04A1B2C3D4E5F6")
    assert bp.parse_line(forged) is None


@pytest.mark.parametrize("line", [
    b"TAG seat1 04A1B2C3D4E5F6",  # no checksum
    b"TAG seat1 04A1B2C3D4E5F6*00",  # wrong checksum
    bp.format_line("TAG", "seat1", "04A1B2C3D4E5")[:-1],  # 6-byte UID
    bp.format_line("TAG", "seat 1", UID)[:-1],  # too many fields
    bp.format_line("TAG", "seat1", "04A1B2C3D4E5FG")[:-1],  # not hex
    bp.format_line("WHAT", "seat1", UID)[:-1],
    bp.format_line("HB", "-1")[:-1],
    b"\xff\xfeTAG*00",
    b"",
])
def test_bad_lines_are_ignored(line: bytes) -> None:
    assert bp.parse_line(line) is None


@pytest.mark.parametrize("text", ["no\x1b[2Janswer", "no\x00answer", "no\tanswer",
                                  "no\x7fanswer", "no\ranswer"])
def test_a_line_with_unprintable_characters_is_refused_whatever_its_checksum(text: str) -> None:
    """An ERR line's words reach the screen: a control character in them (with a checksum
    that matches) is refused as a whole line, not passed on."""
    line = bp.format_line("ERR", "seat1", text)[:-1]
    assert bp.parse_line(line) is None
    assert bp.parse_line(bp.format_line("ERR", "seat1", "no answer")[:-1]) == bp.ReaderFault(
        "seat1", "no answer")


@given(st.binary(max_size=120))
def test_random_lines_never_raise(raw: bytes) -> None:
    message = bp.parse_line(raw)
    assert message is None or isinstance(message, bp.Hello | bp.TagOn | bp.TagOff |
                                         bp.Heartbeat | bp.ReaderFault)


@given(data=st.data(), reader=st.sampled_from(["seat1", "vault", "r2"]),
       uid=st.sampled_from([UID, OTHER]), verb=st.sampled_from(["TAG", "GONE"]))
def test_one_changed_byte_never_makes_a_different_tag(data: st.DataObject, reader: str, uid: str,
                                                      verb: str) -> None:
    line = bytearray(bp.format_line(verb, reader, uid)[:-1])
    original = bp.parse_line(bytes(line))
    position = data.draw(st.integers(min_value=0, max_value=len(line) - 1))
    line[position] = data.draw(st.integers(min_value=0, max_value=255).filter(
        lambda value: value not in (line[position], ord("\n"))))
    assert bp.parse_line(bytes(line)) in (None, original)


def test_line_splitter_joins_pieces_and_drops_overlong_lines() -> None:
    splitter = bp.LineSplitter()
    assert splitter.feed(b"HB 1*") == []
    assert splitter.feed(b"31\nHB") == [b"HB 1*31"]
    assert splitter.feed(b"x" * 300) == []
    assert splitter.feed(b"yyy\nHB 2\n") == [b"HB 2"]


def test_a_tag_counts_after_two_matching_lines_and_goes_once() -> None:
    tags = BridgeTags(stale_after=3.5)
    assert tags.tag_line("seat1", UID, 0.0) == []
    assert tags.tag_line("vault", OTHER, 0.0) == []  # another reader between is fine
    assert tags.tag_line("seat1", UID, 0.01) == [TagArrived("seat1", UID)]
    assert tags.tag_line("seat1", UID, 1.0) == []  # the repeat after a heartbeat
    assert tags.gone_line("seat1", OTHER) == []  # not the tag that is there
    assert tags.gone_line("seat1", UID) == [TagRemoved("seat1", UID)]
    assert tags.gone_line("seat1", UID) == []


def test_one_stray_line_never_makes_a_tag() -> None:
    tags = BridgeTags(stale_after=3.5)
    assert tags.tag_line("seat1", OTHER, 0.0) == []  # noise made a valid line once
    assert tags.tag_line("seat1", UID, 0.1) == []  # the real one resets the count
    assert tags.tag_line("seat1", UID, 0.1) == [TagArrived("seat1", UID)]
    assert tags.tag_line("seat1", OTHER, 0.5) == []  # a stray one while a tag is down
    assert tags.tag_line("seat1", UID, 1.1) == []
    assert tags.expire(2.0) == []


def test_a_replacing_tag_removes_the_old_one_and_a_silent_one_goes_stale() -> None:
    tags = BridgeTags(stale_after=3.5)
    tags.tag_line("seat1", UID, 0.0)
    tags.tag_line("seat1", UID, 0.0)
    tags.tag_line("seat1", OTHER, 1.0)
    assert tags.tag_line("seat1", OTHER, 1.0) == [TagRemoved("seat1", UID),
                                                  TagArrived("seat1", OTHER)]
    assert tags.next_expiry() == 4.5
    assert tags.expire(4.4) == []
    assert tags.expire(4.6) == [TagRemoved("seat1", OTHER)]  # its GONE line was lost
    assert tags.next_expiry() is None


class BridgeRig:
    def __init__(self, link: Path) -> None:
        self.link = link
        self.events: queue.Queue[InputEvent] = queue.Queue()
        self.emulator = self.plug()
        self.thread: ReaderThread | None = None

    def plug(self, tags: dict[str, str] | None = None, dead: tuple[str, ...] = ()
             ) -> BridgeEmulator:
        emulator = BridgeEmulator(PtyPort(self.link), ("seat1", "vault"), heartbeat=0.05,
                                  dead=dead)
        emulator.tags.update(tags or {})
        emulator.start()
        return emulator

    def start(self, timing: BridgeTiming = STEADY) -> None:
        self.thread = start_reader(ReaderConfig("bridge", "bridge", str(self.link)), self.events,
                                   bridge_timing=timing, retry_min=0.02, retry_max=0.1)

    def next(self) -> InputEvent:
        return self.events.get(timeout=WAIT)

    def status(self) -> str:
        event = self.next()
        assert isinstance(event, DeviceStatus), event
        return event.status

    def close(self) -> None:
        if self.thread is not None:
            self.thread.stop()
        self.emulator.unplug()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[BridgeRig]:
    setup = BridgeRig(tmp_path / "companion-bridge")
    yield setup
    setup.close()


def test_opens_with_hello_and_reports_tags_per_reader(rig: BridgeRig) -> None:
    rig.start()
    status = rig.next()
    assert isinstance(status, DeviceStatus) and status.status == "opened"
    assert "2.0.0" in status.message and "seat1, vault" in status.message
    rig.emulator.place("vault", OTHER)
    assert rig.next() == TagArrived("vault", OTHER)
    rig.emulator.place("seat1", UID)
    assert rig.next() == TagArrived("seat1", UID)
    rig.emulator.lift("vault")
    assert rig.next() == TagRemoved("vault", OTHER)


def test_tags_already_down_are_announced_after_hello(tmp_path: Path) -> None:
    rig = BridgeRig(tmp_path / "b")
    rig.emulator.unplug()
    rig.emulator = rig.plug({"seat1": UID})
    try:
        rig.start()
        assert rig.status() == "opened"
        assert rig.next() == TagArrived("seat1", UID)
    finally:
        rig.close()


def test_garbage_corrupt_lines_and_repeats_give_one_arrival(rig: BridgeRig) -> None:
    rig.start()
    assert rig.status() == "opened"
    rig.emulator.send_raw(b"\x00\xffboot noise\r\n")
    rig.emulator.send_raw(b"TAG seat1 " + OTHER.encode() + b"*00\n")  # bad checksum
    rig.emulator.send_raw(b"TAG seat1 04A1B2")  # half a line, then a fresh one
    rig.emulator.send_raw(b"\n")
    rig.emulator.place("seat1", UID)
    rig.emulator.place("seat1", UID)  # a firmware repeating itself
    rig.emulator.lift("seat1")
    assert rig.next() == TagArrived("seat1", UID)
    assert rig.next() == TagRemoved("seat1", UID)


def test_unplug_and_replug_resume_reading(rig: BridgeRig) -> None:
    rig.start()
    assert rig.status() == "opened"
    rig.emulator.place("seat1", UID)
    assert rig.next() == TagArrived("seat1", UID)
    rig.emulator.unplug()
    assert rig.next() == TagRemoved("seat1", UID)
    assert rig.status() == "lost"
    time.sleep(0.2)  # several reopen attempts fail meanwhile
    rig.emulator = rig.plug({"seat1": UID})
    assert rig.status() == "reopened"
    assert rig.next() == TagArrived("seat1", UID)
    rig.emulator.lift("seat1")
    assert rig.next() == TagRemoved("seat1", UID)


def test_silent_bridge_is_lost_after_missing_heartbeats_and_comes_back(rig: BridgeRig) -> None:
    rig.start(FAST)
    assert rig.status() == "opened"
    rig.emulator.answering = False
    assert rig.status() == "lost"
    rig.emulator.answering = True
    assert rig.status() == "reopened"


def test_a_reader_dead_at_power_on_is_reported_after_hello(tmp_path: Path) -> None:
    rig = BridgeRig(tmp_path / "b")
    rig.emulator.unplug()
    rig.emulator = rig.plug(dead=("vault",))
    try:
        rig.start()
        assert rig.status() == "opened"
        fault = rig.next()
        assert isinstance(fault, DeviceStatus) and fault.status == "fault"
        assert "vault" in fault.message and "no MFRC522 answers" in fault.message
    finally:
        rig.close()


def test_a_single_forged_line_on_the_wire_is_not_a_tag(rig: BridgeRig) -> None:
    rig.start()
    assert rig.status() == "opened"
    rig.emulator.send_raw(bp.format_line("TAG", "seat1", OTHER))  # once, never repeated
    rig.emulator.place("vault", UID)
    assert rig.next() == TagArrived("vault", UID)
    rig.emulator.lift("vault")
    assert rig.next() == TagRemoved("vault", UID)


def test_reader_fault_becomes_a_status(rig: BridgeRig) -> None:
    rig.start()
    assert rig.status() == "opened"
    rig.emulator.send_raw(bp.format_line("ERR", "vault", "MFRC522", "not", "found"))
    fault = rig.next()
    assert isinstance(fault, DeviceStatus) and fault.status == "fault"
    assert "vault" in fault.message and "MFRC522 not found" in fault.message


def test_handshake_without_hello_raises_reader_silent(tmp_path: Path) -> None:
    emulator = BridgeEmulator(PtyPort(tmp_path / "quiet"), answering=False)
    emulator.start()
    reader = open_bridge(str(tmp_path / "quiet"), 115200, "bridge", threading.Event(), FAST)
    try:
        with pytest.raises(ReaderSilent):
            reader.handshake()
    finally:
        reader.close()
        emulator.unplug()


def test_the_protocol_document_examples_are_valid_lines() -> None:
    document = (REPO / "firmware_notes"
                / "bridge-protocol.md").read_text(encoding="utf-8")
    example = document.split("## Example", 1)[1].split("```")[1].strip().splitlines()
    assert len(example) >= 5
    for line in example:
        text, _, given = line.rpartition("*")
        assert bp.checksum(text) == given, line
        if not line.startswith("VERSION"):
            assert bp.parse_line(line.encode()) is not None, line


def _line_of(length: int) -> bytes:
    """A valid checksummed line (newline not counted) of exactly ``length`` bytes."""
    text = "ERR seat1 " + "x" * (length - len("ERR seat1 ") - 3)
    line = bp.format_line(text)[:-1]
    assert len(line) == length
    return line


def test_a_line_of_max_line_bytes_is_read_and_one_byte_more_is_dropped() -> None:
    longest, overlong = _line_of(bp.MAX_LINE), _line_of(bp.MAX_LINE + 1)
    assert isinstance(bp.parse_line(longest), bp.ReaderFault)
    assert bp.parse_line(overlong) is None
    for pieces in ([longest + b"\n"], [longest[:7], longest[7:] + b"\n"], [longest, b"\n"]):
        splitter = bp.LineSplitter()
        assert [line for piece in pieces for line in splitter.feed(piece)] == [longest]
    for pieces in ([overlong + b"\nHB 1\n"], [overlong[:7], overlong[7:], b"\nHB 1\n"]):
        splitter = bp.LineSplitter()
        assert [line for piece in pieces for line in splitter.feed(piece)] == [b"HB 1"]
