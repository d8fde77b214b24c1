"""One companion per data folder: an exclusive ``flock`` on a lock file inside it.

Two copies writing one log interleave their moves, and on restart most of them are
dropped. The lock is held for the life of the process (the kernel releases it when the
process ends, however it ends), so a stale lock file after a power cut means nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from companion.core.i18n import _

LOCK_NAME = "companion.lock"


class AlreadyRunning(Exception):
    """Another companion holds the data folder; the message says so, and where."""


def lock_data_folder(directory: Path) -> int | None:
    """Take the folder's lock; returns its file descriptor (keep it open), or None.

    None means no lock file can be made there (a read-only or unwritable folder):
    then nothing can be written either, and the store opens the log read-only.
    Raises :class:`AlreadyRunning` if another process holds the lock.
    """
    with contextlib.suppress(OSError):
        directory.mkdir(parents=True, exist_ok=True)
    path = directory / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        os.close(fd)
        raise AlreadyRunning(_(
            "The companion is already running on the data folder {folder} (process {pid}). "
            "Close that one first: two copies on one game log would lose moves.").format(
                folder=directory, pid=holder or "?")) from None
    except OSError:  # a file system without locks: carry on unlocked
        os.close(fd)
        return None
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd
