"""Reading font files: a face copied out of a collection, a cut-short file refused."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from companion.ui import font_files
from companion.ui.font_files import FontFileError, cmap_ranges, extract_face


def _cmap(first: int, last: int) -> bytes:
    """A format 12 character map covering ``first``..``last``."""
    subtable = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", first, last, 1)
    return struct.pack(">HH", 0, 1) + struct.pack(">HHI", 3, 10, 12) + subtable


def _collection(path: Path, faces: list[dict[bytes, bytes]]) -> None:
    """A TTC of ``faces`` (tag -> table bytes); every face's tables follow the headers."""
    header = 12 + 4 * len(faces)
    directories = [12 + 16 * len(face) for face in faces]
    offset = header + sum(directories)
    starts, blobs, body = [], [], b""
    at = header
    for face, size in zip(faces, directories, strict=True):
        starts.append(at)
        at += size
        entries = b""
        for tag, table in sorted(face.items()):
            entries += struct.pack(">4sIII", tag, 0, offset + len(body), len(table))
            body += table + b"\0" * (-len(table) % 4)
        blobs.append(struct.pack(">IHHHH", 0x00010000, len(face), 16, 0, 0) + entries)
    path.write_bytes(b"ttcf" + struct.pack(">II", 0x00010000, len(faces))
                     + struct.pack(f">{len(faces)}I", *starts) + b"".join(blobs) + body)


def test_a_face_copied_out_of_a_collection_keeps_its_own_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(font_files, "COPY_PIECE", 7)  # tables copied in several pieces
    collection = tmp_path / "two.ttc"
    second_name = b"the second face's name table, longer than a piece"
    _collection(collection, [{b"cmap": _cmap(0x41, 0x5A), b"name": b"first"},
                             {b"cmap": _cmap(0x4E00, 0x4E10), b"name": second_name}])
    copy = tmp_path / "fonts" / "two-1.otf"
    extract_face(collection, 1, copy)
    assert cmap_ranges(copy) == [(0x4E00, 0x4E10)] == cmap_ranges(collection, 1)
    assert cmap_ranges(collection, 0) == [(0x41, 0x5A)]
    data = copy.read_bytes()
    assert data[:4] == b"\0\1\0\0" and second_name in data and b"first" not in data
    assert not list(copy.parent.glob("*.part"))


def test_a_collection_cut_short_is_refused_and_leaves_no_copy(tmp_path: Path) -> None:
    collection = tmp_path / "two.ttc"
    _collection(collection, [{b"cmap": _cmap(0x41, 0x5A)}, {b"cmap": _cmap(0x4E00, 0x4E10)}])
    collection.write_bytes(collection.read_bytes()[:-20])
    copy = tmp_path / "two-1.otf"
    with pytest.raises(FontFileError, match="cut short"):
        extract_face(collection, 1, copy)
    assert not copy.exists() and not list(tmp_path.glob("*.part"))
    with pytest.raises(FontFileError, match="not face 2"):
        cmap_ranges(collection, 2)
