"""Just enough of the OpenType file format: which characters a font covers, one face of a TTC.

pygame-ce opens only the first face of a font collection, and Noto Sans CJK SC is the third
face of Debian's ``NotoSansCJK-*.ttc``; :func:`extract_face` copies that face's tables into a
stand-alone file once. :func:`cmap_ranges` reads the character map as ranges, so checking a
character against the 40,000 CJK glyphs is a bisect, not a 40,000-entry dictionary.
Standard library only.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from pathlib import Path
from typing import BinaryIO

CodeRanges = list[tuple[int, int]]
#: bytes copied at a time when a face is written out of a collection
COPY_PIECE = 1024 * 1024


class FontFileError(ValueError):
    """The file is not an OpenType/TrueType font this module can read."""


def _directory(font_file: BinaryIO, index: int) -> tuple[int, dict[bytes, tuple[int, int, int]]]:
    """Face ``index``'s version and table directory: tag -> (checksum, offset, length).

    Only the headers are read, so neither the cmap nor a face copied out of a 20 MB
    collection needs the whole file in memory.
    """
    try:
        return _read_directory(font_file, index)
    except struct.error as error:
        raise FontFileError(f"the font file is cut short ({error})") from error


def _read_directory(font_file: BinaryIO, index: int
                    ) -> tuple[int, dict[bytes, tuple[int, int, int]]]:
    head = font_file.read(12)
    if head[:4] == b"ttcf":
        (count,) = struct.unpack_from(">I", head, 8)
        if not 0 <= index < count:
            raise FontFileError(f"the collection has {count} faces, not face {index}")
        font_file.seek(12 + 4 * index)
        (start,) = struct.unpack(">I", font_file.read(4))
        font_file.seek(start)
        head = font_file.read(12)
    elif index != 0:
        raise FontFileError(f"a single-face font has no face {index}")
    if len(head) < 12:
        raise FontFileError("the font file is cut short")
    version, count = struct.unpack_from(">IH", head)
    directory = font_file.read(16 * count)
    if len(directory) < 16 * count:
        raise FontFileError("the font file is cut short")
    tables = {}
    for entry in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", directory, 16 * entry)
        tables[tag] = (checksum, offset, length)
    return version, tables


def _format4_ranges(data: bytes, at: int) -> CodeRanges:
    (segments2,) = struct.unpack_from(">H", data, at + 6)
    count = segments2 // 2
    ends = struct.unpack_from(f">{count}H", data, at + 14)
    starts = struct.unpack_from(f">{count}H", data, at + 16 + segments2)
    deltas = struct.unpack_from(f">{count}h", data, at + 16 + 2 * segments2)
    range_offsets_at = at + 16 + 3 * segments2
    range_offsets = struct.unpack_from(f">{count}H", data, range_offsets_at)
    ranges: CodeRanges = []
    for i, (first, last) in enumerate(zip(starts, ends, strict=True)):
        if first == 0xFFFF:
            continue
        if range_offsets[i] == 0:
            ranges.append((first, last))
            continue
        # glyph ids come from an array: a code is covered only when its glyph is not 0
        base = range_offsets_at + 2 * i + range_offsets[i]
        for code in range(first, last + 1):
            (glyph,) = struct.unpack_from(">H", data, base + 2 * (code - first))
            if glyph and (glyph + deltas[i]) & 0xFFFF:
                ranges.append((code, code))
    return ranges


def _format12_ranges(data: bytes, at: int) -> CodeRanges:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    ranges: CodeRanges = []
    for group in range(groups):
        first, last, _glyph = struct.unpack_from(">III", data, at + 16 + 12 * group)
        ranges.append((first, last))
    return ranges


def _merged(ranges: CodeRanges) -> CodeRanges:
    merged: CodeRanges = []
    for first, last in sorted(ranges):
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return merged


def _read_cmap(path: Path, index: int) -> bytes:
    """Only the character-map table of face ``index``: a CJK font is 20 MB, its cmap 0.2."""
    with path.open("rb") as font_file:
        _version, tables = _directory(font_file, index)
        if b"cmap" not in tables:
            raise FontFileError(f"{path} has no character map")
        _checksum, offset, length = tables[b"cmap"]
        font_file.seek(offset)
        return font_file.read(length)


def cmap_ranges(path: Path, index: int = 0) -> CodeRanges:
    """The characters face ``index`` of ``path`` has glyphs for, as sorted inclusive ranges."""
    data = _read_cmap(path, index)
    try:
        (count,) = struct.unpack_from(">H", data, 2)
        subtables: dict[int, int] = {}
        for entry in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, 4 + 8 * entry)
            if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):
                (fmt,) = struct.unpack_from(">H", data, offset)
                subtables.setdefault(fmt, offset)
        if 12 in subtables:
            return _merged(_format12_ranges(data, subtables[12]))
        if 4 in subtables:
            return _merged(_format4_ranges(data, subtables[4]))
    except struct.error as error:
        raise FontFileError(f"{path} has a damaged character map ({error})") from error
    raise FontFileError(f"{path} has no Unicode character map this reader knows")


def covers(ranges: CodeRanges, character: str) -> bool:
    """Whether ``character`` falls in one of the sorted inclusive ``ranges``."""
    code = ord(character)
    at = bisect_right(ranges, (code, 0x10FFFF)) - 1
    return at >= 0 and ranges[at][0] <= code <= ranges[at][1]


def extract_face(collection: Path, index: int, destination: Path) -> None:
    """Write face ``index`` of a TTC as a stand-alone font file (tables copied, offsets moved).

    The tables are copied a piece at a time: the CJK collection is 20 MB and its face 17.
    """
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_suffix(destination.suffix + ".part")
    try:
        with collection.open("rb") as source, partial.open("wb") as copy:
            version, directory = _directory(source, index)
            tables = sorted(directory.items())
            count = len(tables)
            search_range = 1
            while search_range * 2 <= count:
                search_range *= 2
            entry_selector = search_range.bit_length() - 1
            copy.write(struct.pack(">IHHHH", version, count, search_range * 16, entry_selector,
                                   count * 16 - search_range * 16))
            offset = 12 + 16 * count
            for tag, (checksum, _table_offset, length) in tables:
                copy.write(struct.pack(">4sIII", tag, checksum, offset, length))
                offset += length + (-length % 4)
            for _tag, (_checksum, table_offset, length) in tables:
                source.seek(table_offset)
                left = length
                while left:
                    piece = source.read(min(left, COPY_PIECE))
                    if not piece:
                        raise FontFileError(f"{collection} is cut short")
                    copy.write(piece)
                    left -= len(piece)
                copy.write(b"\0" * (-length % 4))
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(destination)
