"""Real file systems for the store's failure paths: a tiny tmpfs, a read-only bind mount.

Both need root (CI runs as root); elsewhere the tests that use them skip with a line
that says why.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _mount(*args: str) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a file system (CI runs as root)")
    result = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
    if result.returncode:
        pytest.skip(f"cannot mount here: {result.stderr.strip()}")


def _unmount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True, check=False)


@contextmanager
def small_tmpfs(path: Path, size: str = "1m") -> Iterator[Path]:
    """A tmpfs of ``size`` at ``path``, to fill up."""
    path.mkdir(parents=True, exist_ok=True)
    _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path))
    try:
        yield path
    finally:
        _unmount(path)


@contextmanager
def read_only_view(path: Path) -> Iterator[Path]:
    """``path`` remounted read-only in place (as the kernel does to a failing card)."""
    _mount("--bind", str(path), str(path))
    try:
        result = subprocess.run(["mount", "-o", "remount,bind,ro", str(path)],
                                capture_output=True, text=True, check=False)
        if result.returncode:
            pytest.skip(f"cannot remount read-only here: {result.stderr.strip()}")
        yield path
    finally:
        _unmount(path)


def fill(folder: Path) -> None:
    """Write a file in ``folder`` until the file system is full."""
    with (folder / "filler").open("wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass
