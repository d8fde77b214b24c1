"""A recording block device for power-cut tests: one file on a FUSE file system.

``python tests/block_recorder.py BACKING LOG MOUNTPOINT`` serves ``MOUNTPOINT/disk.img``,
read from and written to ``BACKING``, and appends every write (offset, data) and every
flush (fsync) to ``LOG`` with the time it arrived (``time.monotonic``, the same clock in
every process). A loop device over ``disk.img`` then turns each block write into a write
here and each cache flush (a barrier, FUA) into an fsync here, in the order the kernel
sends them: what a card has surely kept at any moment is the writes before the last
flush; any part of those after it may or may not be there.

Device-mapper's log-writes target records the same, but needs device-mapper; this needs
only FUSE (libfuse3 and the ``mfusepy`` bindings) and a loop device.
"""

from __future__ import annotations

import errno
import os
import stat
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.core.records import frozen

HEADER = struct.Struct("<cQdI")  # kind (W/F), offset, monotonic time, data length
IMAGE_NAME = "disk.img"


@frozen
class Op:
    """One recorded request: a write of ``data`` at ``offset``, or a flush (``data`` None)."""

    at: float
    offset: int = 0
    data: bytes | None = None


def read_log(path: Path) -> Iterator[Op]:
    raw = path.read_bytes()
    position = 0
    while position + HEADER.size <= len(raw):
        kind, offset, at, length = HEADER.unpack_from(raw, position)
        position += HEADER.size
        data = raw[position:position + length]
        position += length
        yield Op(at, offset, data if kind == b"W" else None)


def _operations(backing: str, log: str) -> Any:
    import mfusepy as fuse

    class Recorder(fuse.Operations):  # type: ignore[misc]
        def __init__(self) -> None:
            self.fd = os.open(backing, os.O_RDWR)
            self.size = os.fstat(self.fd).st_size
            self.log = open(log, "ab", buffering=0)  # noqa: SIM115 - for the process's life

        def getattr(self, path: str, fh: int | None = None) -> dict[str, Any]:
            now = time.time()
            if path == "/":
                return {"st_mode": stat.S_IFDIR | 0o755, "st_nlink": 2, "st_atime": now,
                        "st_mtime": now, "st_ctime": now}
            if path == f"/{IMAGE_NAME}":
                return {"st_mode": stat.S_IFREG | 0o644, "st_nlink": 1, "st_size": self.size,
                        "st_atime": now, "st_mtime": now, "st_ctime": now}
            raise fuse.FuseOSError(errno.ENOENT)

        def readdir(self, path: str, fh: int) -> list[str]:
            return [".", "..", IMAGE_NAME]

        def open(self, path: str, flags: int) -> int:
            return 0

        def read(self, path: str, size: int, offset: int, fh: int) -> bytes:
            return os.pread(self.fd, size, offset)

        def write(self, path: str, data: bytes, offset: int, fh: int) -> int:
            os.pwrite(self.fd, data, offset)
            self.log.write(HEADER.pack(b"W", offset, time.monotonic(), len(data)) + bytes(data))
            return len(data)

        def fsync(self, path: str, datasync: int, fh: int) -> int:
            self.log.write(HEADER.pack(b"F", 0, time.monotonic(), 0))
            return 0

        def flush(self, path: str, fh: int) -> int:
            return 0  # a close, not a cache flush

        def truncate(self, path: str, length: int, fh: int | None = None) -> None:
            raise fuse.FuseOSError(errno.EPERM)

    return fuse, Recorder()


if __name__ == "__main__":
    fuse_module, operations = _operations(sys.argv[1], sys.argv[2])
    fuse_module.FUSE(operations, sys.argv[3], foreground=True)
