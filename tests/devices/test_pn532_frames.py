"""The PN532 frame parser: valid frames out, everything else dropped, never an exception."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices import pn532_frames as pn

UID7 = "04A1B2C3D4E5F6"
UID4 = "5A3C9E71"


def tag_frame(*uids: str) -> bytes:
    return pn.response_frame(pn.IN_LIST_PASSIVE_TARGET, pn.target_list_answer(list(uids)))


def tag_reads(stream: bytes, chunk: int = 7) -> list[str]:
    """Every UID the parser and decoder would report for ``stream`` fed in chunks."""
    parser = pn.FrameParser()
    messages: list[pn.Message] = []
    for start in range(0, len(stream), chunk):
        messages += parser.feed(stream[start : start + chunk])
    messages += parser.expire()
    uids: list[str] = []
    for message in messages:
        if (isinstance(message, pn.Frame) and message.tfi == pn.PN532_TO_HOST
                and message.data[:1] == bytes([pn.IN_LIST_PASSIVE_TARGET + 1])):
            with contextlib.suppress(pn.MalformedResponse):
                uids += pn.parse_target_uids(message.data[1:])
    return uids


def test_frame_layout_follows_the_manual() -> None:
    # GetFirmwareVersion as in the user manual: 00 00 FF 02 FE D4 02 2A 00
    assert pn.command_frame(pn.GET_FIRMWARE_VERSION) == bytes.fromhex("0000FF02FED4022A00")


def test_ack_nack_and_frames_are_recognised_in_a_stream() -> None:
    parser = pn.FrameParser()
    stream = pn.ACK_FRAME + tag_frame(UID7) + pn.NACK_FRAME
    assert parser.feed(stream) == [
        pn.Ack(),
        pn.Frame(pn.PN532_TO_HOST, bytes([0x4B]) + pn.target_list_answer([UID7])),
        pn.Nack(),
    ]


def test_byte_at_a_time_gives_the_same_frames() -> None:
    stream = pn.ACK_FRAME + tag_frame(UID4) + tag_frame()
    assert tag_reads(stream, chunk=1) == [UID4]


def test_garbage_between_frames_is_skipped() -> None:
    noise = b"\xff\x00\x13\x00\xff\x05\xfa\xd5\x4b\x01\x55\xaa\x00"
    stream = noise + tag_frame(UID7) + noise + noise + tag_frame(UID4) + noise
    assert tag_reads(stream) == [UID7, UID4]


def test_corrupt_dcs_drops_the_frame_and_the_next_one_is_read() -> None:
    bad = bytearray(tag_frame(UID7))
    bad[-2] ^= 0x01
    assert tag_reads(bytes(bad) + tag_frame(UID4)) == [UID4]
    assert pn.FrameParser().feed(bytes(bad)) == [pn.Garbled()]  # said, but spoiled


def test_corrupt_length_checksum_drops_the_frame() -> None:
    bad = bytearray(tag_frame(UID7))
    bad[4] ^= 0x10  # LCS
    assert tag_reads(bytes(bad) + tag_frame(UID4)) == [UID4]
    # a spoiled answer, not silence: the driver must not take it for "no card"
    assert pn.FrameParser().feed(bytes(bad)) == [pn.Garbled()]


def test_noise_is_marked_and_the_zeros_around_frames_are_not() -> None:
    assert pn.FrameParser().feed(b"\x00\x00\x00") == []
    assert pn.FrameParser().feed(pn.ACK_FRAME + b"\x00\x00") == [pn.Ack()]
    assert pn.FrameParser().feed(b"\x13\x37" + pn.ACK_FRAME) == [pn.Garbled(), pn.Ack()]


def test_truncated_frame_swallowing_the_next_one_is_resynced() -> None:
    truncated = tag_frame(UID7)[:9]
    assert tag_reads(truncated + tag_frame(UID4)) == [UID4]


def test_truncated_frame_at_the_end_is_dropped_when_the_line_goes_quiet() -> None:
    parser = pn.FrameParser()
    assert parser.feed(tag_frame(UID7)[:-3]) == []
    assert parser.expire() == [pn.Garbled()]  # something was said, cut short
    assert parser.feed(tag_frame(UID4))  # and the parser is ready for the next frame


def test_extended_frames_are_parsed() -> None:
    body = bytes([pn.PN532_TO_HOST, 0x4B]) + pn.target_list_answer([UID4])
    length = len(body)
    frame = (b"\x00\x00\xff\xff\xff" + bytes([length >> 8, length & 0xFF,
                                             -(length >> 8) - (length & 0xFF) & 0xFF])
             + body + bytes([-sum(body) & 0xFF, 0]))
    assert tag_reads(frame) == [UID4]


def test_error_frame_is_a_frame_with_the_error_tfi() -> None:
    assert pn.FrameParser().feed(b"\x00\x00\xff\x01\xff\x7f\x81\x00") == [
        pn.Frame(pn.ERROR_TFI, b"")]


@pytest.mark.parametrize("answer", [
    b"",
    b"\x01",  # one target announced, none there
    b"\x01\x01\x00\x44\x00\x05" + bytes(5),  # a 5-byte UID does not exist
    b"\x01\x02\x00\x04\x08\x04" + bytes(4),  # target numbered 2 first
    pn.target_list_answer([UID4]) + b"\x00",  # a byte too many
    b"\x01\x01\x00\x04\x20\x04" + bytes(4),  # ISO 14443-4 tag without its ATS
])
def test_malformed_target_lists_are_rejected(answer: bytes) -> None:
    with pytest.raises(pn.MalformedResponse):
        pn.parse_target_uids(answer)


def test_target_list_with_ats_and_two_targets() -> None:
    answer = (b"\x02" + b"\x01\x00\x04\x20\x04\x11\x22\x33\x44" + b"\x03\x78\x80"
              + b"\x02\x00\x44\x00\x07" + bytes.fromhex(UID7))
    assert pn.parse_target_uids(answer) == ["11223344", UID7]
    assert pn.parse_target_uids(b"\x00") == []


@settings(max_examples=300)
@given(st.binary(max_size=400), st.integers(min_value=1, max_value=64))
def test_random_bytes_never_raise_and_never_read_a_tag(stream: bytes, chunk: int) -> None:
    assert tag_reads(stream, chunk) == []


@settings(max_examples=300)
@given(data=st.data(), uid=st.sampled_from([UID7, UID4, "0102030405060708090A"]))
def test_one_corrupted_byte_is_never_a_tag_read(data: st.DataObject, uid: str) -> None:
    """Any single changed byte in a tag answer loses that answer, whatever the change."""
    frame = bytearray(tag_frame(uid))
    position = data.draw(st.integers(min_value=1, max_value=len(frame) - 2))  # not pre/postamble
    frame[position] ^= data.draw(st.integers(min_value=1, max_value=255))
    assert tag_reads(bytes(frame), data.draw(st.integers(min_value=1, max_value=32))) == []


@settings(max_examples=200)
@given(data=st.data(), cut=st.integers(min_value=0, max_value=20))
def test_truncated_answers_are_never_tag_reads(data: st.DataObject, cut: int) -> None:
    frame = tag_frame(UID7)
    end = data.draw(st.integers(min_value=0, max_value=len(frame) - 2))
    assert tag_reads(frame[:end] + frame[:cut][: min(cut, end)]) == []


noise_without_start = st.binary(max_size=40).map(lambda b: b.replace(b"\x00", b"\x01"))


@settings(max_examples=200)
@given(st.lists(st.tuples(noise_without_start, st.sampled_from([UID7, UID4])), max_size=5),
       noise_without_start, st.integers(min_value=1, max_value=50))
def test_frames_between_garbage_are_each_read_once(pieces: list[tuple[bytes, str]], tail: bytes,
                                                   chunk: int) -> None:
    stream = b"".join(noise + tag_frame(uid) for noise, uid in pieces) + tail
    assert tag_reads(stream, chunk) == [uid for _, uid in pieces]


def test_every_single_bit_flip_of_a_tag_answer_is_caught_by_a_checksum() -> None:
    """LCS and DCS are checked over the whole byte: a flip of the top bit of a UID byte,
    or of any other bit anywhere between the preamble and the postamble, loses the
    answer (it comes out as Garbled, never as a frame)."""
    frame = tag_frame(UID7)
    for position in range(1, len(frame) - 1):
        for bit in range(8):
            spoiled = bytearray(frame)
            spoiled[position] ^= 1 << bit
            messages = pn.FrameParser().feed(bytes(spoiled))
            assert not any(isinstance(m, pn.Frame) and m.tfi == pn.PN532_TO_HOST
                           for m in messages), (position, bit)


def test_a_frame_naming_three_targets_is_refused() -> None:
    """The PN532 lists at most two targets; a third is noise that passed the checksums."""
    three = (b"\x03" + b"\x01\x00\x04\x08\x04" + bytes.fromhex(UID4)
             + b"\x02\x00\x04\x08\x04" + bytes.fromhex("11223344")
             + b"\x03\x00\x04\x08\x04" + bytes.fromhex("55667788"))
    with pytest.raises(pn.MalformedResponse, match="more targets"):
        pn.parse_target_uids(three)
    assert pn.parse_target_uids(b"\x02" + three[1:19]) == [UID4, "11223344"]


def test_a_normal_frame_holds_at_most_254_bytes_so_its_len_is_never_ff() -> None:
    """LEN 0xFF starts a NACK or an extended frame: a normal frame stops one byte short."""
    largest = pn.build_frame(pn.HOST_TO_PN532, bytes(253))
    assert largest[3:5] == b"\xfe\x02"
    parser = pn.FrameParser()
    assert parser.feed(largest) == [pn.Frame(tfi=pn.HOST_TO_PN532, data=bytes(253))]
    with pytest.raises(ValueError, match="at most 254"):
        pn.build_frame(pn.HOST_TO_PN532, bytes(254))
