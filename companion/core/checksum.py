"""A 64-bit checksum for telling versions apart: a kept result's key, a code change.

zlib's CRC-32 and Adler-32 over the same bytes. Not a signature (nothing it guards is
adversarial) and not hashlib, whose OpenSSL library alone would add 4 MB to the evening's
memory on a Pi for a few keys.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable


def checksum(chunks: Iterable[bytes]) -> str:
    """The checksum of ``chunks`` taken in order, as 16 hex digits."""
    crc, adler = 0, 1
    for data in chunks:
        crc, adler = zlib.crc32(data, crc), zlib.adler32(data, adler)
    return f"{crc:08x}{adler:08x}"
