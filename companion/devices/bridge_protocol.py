"""The bridge line protocol (firmware_notes/bridge-protocol.md): parse and format lines.

Every line is ASCII, ``VERB field ...*CS`` ending in ``\\n``, where CS is the CRC-8 of all
bytes before ``*`` as two hex digits. A line that fails any check is ignored, so boot
noise or a half line after plugging in never becomes a tag. (Protocol 1 had an XOR there,
which two changed bytes with the same XOR slip through: 41 false tags in 10^5 noisy lines.)
"""

from __future__ import annotations

import re

from companion.core.records import frozen

PROTOCOL_VERSION = 2
MAX_LINE = 200
_READER = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
_UID = re.compile(r"^(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14}|[0-9A-Fa-f]{20})$")
_FIRMWARE = re.compile(r"^[A-Za-z0-9._+-]{1,24}$")


@frozen
class Hello:
    """The bridge's introduction: protocol version, firmware version, its reader ids."""

    protocol: int
    firmware: str
    readers: tuple[str, ...]


@frozen
class TagOn:
    reader: str
    uid: str


@frozen
class TagOff:
    reader: str
    uid: str


@frozen
class Heartbeat:
    sequence: int


@frozen
class ReaderFault:
    """One of the bridge's readers is not working (the text says why)."""

    reader: str
    text: str


BridgeMessage = Hello | TagOn | TagOff | Heartbeat | ReaderFault


def _crc8_table(polynomial: int) -> tuple[int, ...]:
    table = []
    for byte in range(256):
        value = byte
        for _bit in range(8):
            value = ((value << 1) ^ polynomial if value & 0x80 else value << 1) & 0xFF
        table.append(value)
    return tuple(table)


CRC8_POLYNOMIAL = 0x2F  # CRC-8/AUTOSAR: init 0xFF, not reflected, final XOR 0xFF
_CRC8 = _crc8_table(CRC8_POLYNOMIAL)


def crc8(data: bytes) -> int:
    """CRC-8/AUTOSAR (check value: ``crc8(b"123456789") == 0xDF``), as the firmware has it."""
    value = 0xFF
    for byte in data:
        value = _CRC8[value ^ byte]
    return value ^ 0xFF


def checksum(text: str) -> str:
    """The two hex digits that end a line with ``text`` before its ``*``."""
    return f"{crc8(text.encode('ascii')):02X}"


def format_line(*fields: str) -> bytes:
    """A checksummed line ready to write, e.g. ``format_line("TAG", "seat1", uid)``."""
    text = " ".join(fields)
    return f"{text}*{checksum(text)}\n".encode("ascii")


def parse_line(raw: bytes) -> BridgeMessage | None:
    """The message on one line (without its newline), or None if anything is off."""
    if len(raw) > MAX_LINE:
        return None
    try:
        line = raw.decode("ascii").strip("\r")
    except UnicodeDecodeError:
        return None
    text, star, given = line.rpartition("*")
    if not star or not line.isprintable() or given.upper() != checksum(text) or len(given) != 2:
        return None
    verb, *fields = text.split(" ")
    if verb in ("TAG", "GONE") and len(fields) == 2:
        reader, uid = fields
        if not (_READER.match(reader) and _UID.match(uid)):
            return None
        return (TagOn if verb == "TAG" else TagOff)(reader, uid.upper())
    if verb == "HB" and len(fields) == 1 and fields[0].isdigit():
        return Heartbeat(int(fields[0]))
    if verb == "HELLO" and len(fields) == 3 and fields[0].isdigit():
        readers = tuple(fields[2].split(","))
        if not _FIRMWARE.match(fields[1]) or not all(_READER.match(r) for r in readers):
            return None
        return Hello(int(fields[0]), fields[1], readers)
    if verb == "ERR" and len(fields) >= 2 and _READER.match(fields[0]):
        return ReaderFault(fields[0], " ".join(fields[1:]))
    return None


class LineSplitter:
    """Cuts a byte stream into lines; an overlong line is dropped whole."""

    def __init__(self) -> None:
        self._partial = bytearray()
        self._overlong = False

    def feed(self, data: bytes) -> list[bytes]:
        """Add received bytes; return the complete lines (without their newlines)."""
        lines = []
        *complete, tail = data.split(b"\n")
        for chunk in complete:
            self._partial += chunk
            if not self._overlong and len(self._partial) <= MAX_LINE:
                lines.append(bytes(self._partial))
            self._partial.clear()
            self._overlong = False
        self._partial += tail
        if len(self._partial) > MAX_LINE:
            self._partial.clear()
            self._overlong = True
        return lines

    def clear(self) -> None:
        self._partial.clear()
        self._overlong = False
