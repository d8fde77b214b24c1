"""A check run under an ordinary user's permissions, also when the suite runs as root (CI).

Root may write anywhere: a test of what a user who may not write is told would skip as
root and so hide a failure. As root the check runs instead in a forked child that has
given up the capabilities by which root ignores permissions (CAP_DAC_OVERRIDE,
CAP_DAC_READ_SEARCH, CAP_FOWNER): the owner's mode bits then hold for it as for anyone.
(Becoming ``nobody`` would not do: root's temporary folders and Python itself, under
/root on some machines, are closed to other users.) Not as root, the check runs as it is.
"""

from __future__ import annotations

import ctypes
import os
import traceback
from collections.abc import Callable

import pytest

_CAPABILITY_VERSION_3 = 0x20080522
#: CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER (linux/capability.h)
_PERMISSION_BYPASSES = (1 << 1) | (1 << 2) | (1 << 3)


class _Header(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _Data(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32)]


def _give_up_permission_bypasses() -> None:
    """This process keeps root but obeys file permissions from now on (capset(2))."""
    libc = ctypes.CDLL(None, use_errno=True)
    header = _Header(_CAPABILITY_VERSION_3, 0)
    data = (_Data * 2)()
    if libc.capget(ctypes.byref(header), data) != 0:
        raise OSError(ctypes.get_errno(), "capget failed")
    for word in data:  # the bypasses are in the first of the two 32-bit words
        word.effective &= ~_PERMISSION_BYPASSES
        word.permitted &= ~_PERMISSION_BYPASSES
        word.inheritable &= ~_PERMISSION_BYPASSES
    if libc.capset(ctypes.byref(header), data) != 0:
        raise OSError(ctypes.get_errno(), "capset failed")


def run_as_ordinary_user(check: Callable[[], None]) -> None:
    """``check()`` under an ordinary user's permissions: here if not root, else in a child
    without root's permission bypasses; its failure (with the child's traceback) is the
    test's."""
    if os.geteuid() != 0:
        check()
        return
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        os.close(reading)
        status = 0
        try:
            _give_up_permission_bypasses()
            check()
        except BaseException:  # noqa: BLE001 - everything goes back to the parent
            os.write(writing, traceback.format_exc().encode())
            status = 1
        os._exit(status)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        report = pipe.read().decode(errors="replace")
    _pid, status = os.waitpid(child, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        pytest.fail(f"under an ordinary user's permissions:\n{report}", pytrace=False)
