"""The data folder's lock file: it names its holder alone, and no child process keeps it."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

from companion.log.folder_lock import LOCK_NAME, lock_data_folder


def test_the_lock_file_names_only_its_holder(tmp_path: Path) -> None:
    """A longer holder left by an earlier run is cut off, not overwritten in part."""
    (tmp_path / LOCK_NAME).write_text("123456789012345\nleft over\n")
    fd = lock_data_folder(tmp_path)
    assert fd is not None
    try:
        assert (tmp_path / LOCK_NAME).read_text() == f"{os.getpid()}\n"
    finally:
        os.close(fd)


def test_a_child_process_does_not_inherit_the_lock(tmp_path: Path) -> None:
    """A child started without closing descriptors (a shell-out to a helper) outlives its
    parent's lock: it must not keep the data folder locked for the next start."""
    fd = lock_data_folder(tmp_path)
    assert fd is not None
    assert fcntl.fcntl(fd, fcntl.F_GETFD) & fcntl.FD_CLOEXEC
    child = subprocess.Popen([sys.executable, "-c", "import time; print(1, flush=True); "
                              "time.sleep(30)"], close_fds=False, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline()  # it runs (exec'd)
        os.close(fd)  # the holder ends; the child goes on
        again = lock_data_folder(tmp_path)
        assert again is not None
        os.close(again)
    finally:
        child.kill()
        child.wait()
