"""Sleeping until there is something to do, without polling where SDL cannot wait.

SDL's event wait is a 1 ms polling loop on the KMS/DRM and dummy video drivers, and even
a 28 ms polling loop costs about 1% of a core on a small machine: every wake-up costs.
On those drivers the loop instead sleeps in ``select`` on the input queue's pipe (device
events, log commits, signals) and on the touchscreen's ``/dev/input/event*`` nodes (the
same ones SDL reads), so it wakes exactly when a finger lands, a button is pressed or a
timer is due. Where neither is possible (a desktop window, or input nodes we may not
read) it falls back to pumping at a fixed interval.
"""

from __future__ import annotations

import contextlib
import os
import select
import time
from pathlib import Path

from companion.core.events import InputQueue

#: drivers where SDL has no native event wait but we can select on the inputs ourselves
SELECTABLE_DRIVERS = frozenset({"kmsdrm", "dummy", "offscreen", "evdev"})
#: how often the list of input devices is looked at again (a touchscreen plugged in late)
RESCAN_SECONDS = 5.0


class InputWaiter:
    """Blocks until input may be pending or ``seconds`` have passed."""

    def __init__(self, inputs: InputQueue, driver: str,
                 input_dir: Path = Path("/dev/input")) -> None:
        self.inputs = inputs
        self.input_dir = input_dir
        self.watch_devices = driver == "kmsdrm"
        #: True where sleeping needs no polling: wake-ups come from the file descriptors
        self.native = driver in SELECTABLE_DRIVERS
        self._devices: dict[str, int] = {}
        self._scanned = -float("inf")
        if self.watch_devices:
            self._rescan()
            if not self._devices:
                self.native = False  # no readable input nodes: poll SDL instead

    def _rescan(self) -> None:
        self._scanned = time.monotonic()
        present = {str(p) for p in self.input_dir.glob("event*")}
        for gone in set(self._devices) - present:
            with contextlib.suppress(OSError):
                os.close(self._devices.pop(gone))
        for path in sorted(present - set(self._devices)):
            try:
                self._devices[path] = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            except OSError:
                continue  # not ours to read; SDL may still read it

    def wait(self, seconds: float) -> None:
        """Sleep up to ``seconds``; return early when anything arrives."""
        if seconds <= 0:
            return
        if self.watch_devices and time.monotonic() - self._scanned > RESCAN_SECONDS:
            self._rescan()
        fds = [self.inputs.fileno(), *self._devices.values()]
        # poll, not select: select refuses a descriptor numbered 1024 or more
        poller = select.poll()
        for fd in fds:
            poller.register(fd, select.POLLIN)
        try:
            ready = [fd for fd, _event in poller.poll(seconds * 1000)]
        except InterruptedError:
            return
        except OSError:
            self._rescan()  # a device node went away under us
            return
        for fd in ready:
            if fd == self.inputs.fileno():
                self.inputs.clear_wakeups()
            else:
                self._drain(fd)

    def _drain(self, fd: int) -> None:
        """Read and drop our copy of the device's events (SDL reads its own copy)."""
        try:
            while os.read(fd, 4096):
                pass
        except BlockingIOError:
            return
        except OSError:
            for path, known in list(self._devices.items()):
                if known == fd:
                    with contextlib.suppress(OSError):
                        os.close(self._devices.pop(path))

    def close(self) -> None:
        for fd in self._devices.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self._devices.clear()
