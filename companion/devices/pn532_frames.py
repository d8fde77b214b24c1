"""PN532 host-controller frames (user manual UM0701-02, section 6.2): build and parse.

The parser takes bytes as they come off a noisy line. It looks for the start code
``00 FF``; a frame whose LEN/LCS or DCS check fails is dropped and the search resumes just
after its start code, so the next good frame is still found. Nothing that fails a check
ever comes out, and nothing here raises on bad input. Whatever is dropped (a frame that
failed a check, bytes other than the zeros around frames) leaves a :class:`Garbled`
mark, with no data: something was said, spoiled. So a driver need not wait out its
timeout, and above all never takes a spoiled answer for no answer.
"""

from __future__ import annotations

from companion.core.records import frozen

START_CODE = b"\x00\xff"
HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5
ERROR_TFI = 0x7F  # the "syntax error" application frame: 00 00 FF 01 FF 7F 81 00
ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"
NACK_FRAME = b"\x00\x00\xff\xff\x00\x00"
# HSU wake-up: the PN532 sleeps after power-on until it sees 0x55 and a long preamble.
WAKE_UP = b"\x55\x55" + bytes(14)
MAX_DATA = 265  # the largest information field the PN532 sends (TFI + 264)

# Commands (section 7) and the fields they use here.
GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
RF_CONFIGURATION = 0x32
IN_LIST_PASSIVE_TARGET = 0x4A
SAM_NORMAL_MODE = b"\x01\x14\x01"  # normal mode, 1 s virtual-card timeout, use IRQ
RF_FIELD_OFF = b"\x01\x00"  # CfgItem 1 (RF field): AutoRFCA off, field off
# CfgItem 5, MaxRetries: ATR 0xFF, PSL 1, then passive activation retries: 0xFF waits for a
# card for ever (until aborted); 2 answers "no tag" within a few milliseconds.
RF_MAX_RETRIES_WAIT = b"\x05\xff\x01\xff"
RF_MAX_RETRIES_QUICK = b"\x05\xff\x01\x02"
WAIT_FOR_EVER = 0xFF
LIST_ONE_TYPE_A = b"\x01\x00"  # MaxTg 1, BrTy 0 (106 kbps type A)
UID_LENGTHS = (4, 7, 10)


@frozen
class Frame:
    """A normal or extended information frame that passed both checksums."""

    tfi: int
    data: bytes  # PD0..PDn: command or response code first


@frozen
class Ack:
    pass


@frozen
class Nack:
    pass


@frozen
class Garbled:
    """Bytes came that make no valid message (a frame failing a checksum, or noise)."""


Message = Frame | Ack | Nack | Garbled


class MalformedResponse(ValueError):
    """A checksummed frame whose content does not make sense for its command."""


def build_frame(tfi: int, data: bytes) -> bytes:
    """A normal information frame: preamble, start code, LEN, LCS, TFI, data, DCS, postamble."""
    body = bytes([tfi]) + data
    if len(body) > 254:
        raise ValueError("a normal frame holds at most 254 bytes")
    length = len(body)
    return (b"\x00" + START_CODE + bytes([length, -length & 0xFF]) + body
            + bytes([-sum(body) & 0xFF, 0x00]))


def command_frame(command: int, params: bytes = b"") -> bytes:
    """A frame from the host to the PN532."""
    return build_frame(HOST_TO_PN532, bytes([command]) + params)


def response_frame(command: int, params: bytes = b"") -> bytes:
    """A frame from the PN532 answering ``command`` (its code plus one)."""
    return build_frame(PN532_TO_HOST, bytes([command + 1]) + params)


class FrameParser:
    """Incremental frame parser that resyncs on the next start code after bad bytes."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[Message]:
        """Add received bytes; return every complete, valid message they finish."""
        self._buffer += data
        return self._drain()

    def expire(self) -> list[Message]:
        """The line went quiet: a partial frame is truncated, so drop it and rescan."""
        messages: list[Message] = []
        while self._buffer:
            self._drop(2 if self._buffer.startswith(START_CODE) else 1, messages)
            self._drain(messages)
        return messages

    def clear(self) -> None:
        self._buffer.clear()

    def _drop(self, count: int, messages: list[Message]) -> None:
        """Drop the first ``count`` bytes; anything but the zeros around frames is a mark
        (one for a run of spoiled bytes)."""
        if self._buffer[:count].strip(b"\x00") and messages[-1:] != [Garbled()]:
            messages.append(Garbled())
        del self._buffer[:count]

    def _drain(self, messages: list[Message] | None = None) -> list[Message]:
        """Parse what the buffer holds; the messages, added to ``messages`` if given."""
        messages = [] if messages is None else messages
        buf = self._buffer
        while True:
            start = buf.find(START_CODE)
            if start < 0:
                keep = 1 if buf.endswith(b"\x00") else 0  # may be half a start code
                self._drop(len(buf) - keep, messages)
                return messages
            self._drop(start, messages)
            if len(buf) < 4:
                return messages
            length, lcs = buf[2], buf[3]
            if length == 0x00 and lcs == 0xFF:
                messages.append(Ack())
                del buf[:4]
                continue
            if length == 0xFF and lcs == 0x00:
                messages.append(Nack())
                del buf[:4]
                continue
            if length == 0xFF and lcs == 0xFF:  # extended frame: LENM LENL LCS follow
                if len(buf) < 7:
                    return messages
                if (buf[4] + buf[5] + buf[6]) & 0xFF:
                    self._drop(2, messages)
                    continue
                length, header = buf[4] << 8 | buf[5], 7
            elif (length + lcs) & 0xFF:
                self._drop(2, messages)
                continue
            else:
                header = 4
            if not 1 <= length <= MAX_DATA:
                self._drop(2, messages)
                continue
            end = header + length
            if len(buf) < end + 1:
                return messages
            body = bytes(buf[header:end])
            if (sum(body) + buf[end]) & 0xFF:
                self._drop(2, messages)
                continue
            messages.append(Frame(tfi=body[0], data=body[1:]))
            del buf[: end + 1]


def parse_target_uids(data: bytes) -> list[str]:
    """UIDs from an InListPassiveTarget (106 kbps type A) answer, after its response code.

    Layout per target: Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1, and an ATS when
    SEL_RES says the tag speaks ISO 14443-4. Every byte must be accounted for.
    """
    if not data:
        raise MalformedResponse("empty target list")
    count, pos, uids = data[0], 1, []
    if count > 2:
        raise MalformedResponse("more targets than the PN532 can list")
    for number in range(1, count + 1):
        if len(data) < pos + 5 or data[pos] != number:
            raise MalformedResponse("target header")
        sel_res, uid_length = data[pos + 3], data[pos + 4]
        if uid_length not in UID_LENGTHS or len(data) < pos + 5 + uid_length:
            raise MalformedResponse("UID length")
        uid = data[pos + 5 : pos + 5 + uid_length]
        pos += 5 + uid_length
        if sel_res & 0x20:
            if len(data) <= pos or data[pos] < 1 or len(data) < pos + data[pos]:
                raise MalformedResponse("ATS")
            pos += data[pos]
        uids.append(uid.hex().upper())
    if pos != len(data):
        raise MalformedResponse("trailing bytes")
    return uids


def target_list_answer(uids: list[str]) -> bytes:
    """The answer a PN532 gives for tags ``uids`` (the emulators and tests build it)."""
    body = bytearray([len(uids)])
    for number, uid in enumerate(uids, start=1):
        raw = bytes.fromhex(uid)
        sens_res = b"\x00\x44" if len(raw) == 7 else b"\x00\x04"
        sel_res = 0x00 if len(raw) == 7 else 0x08
        body += bytes([number]) + sens_res + bytes([sel_res, len(raw)]) + raw
    return bytes(body)
