"""SIGHUP reads the device config again and restarts the buttons and readers, without
restarting the app: ``sudo systemctl reload companion`` after editing devices.toml.

A restart per config edit counts toward the unit's crash-loop limit (five starts in two
minutes), so the sixth edit in a row would leave the screen dark; a reload counts for
nothing and keeps the game on the screen.

The signal handler only sets a flag; a worker thread does the work, so nothing happens in
the middle of a frame. It talks to the screen the way the devices do, through the input
queue (a :class:`DeviceStatus`), and swaps the app's device attributes in one assignment
each. A config with a mistake leaves the devices that run in place.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Protocol

from companion.core.events import DeviceStatus
from companion.core.i18n import _

if TYPE_CHECKING:
    from companion.devices import Devices
    from companion.devices.config import DeviceConfig
    from companion.ui.app_loop import App


class ReloadOptions(Protocol):
    config: Path | None
    simulate: bool


class HangUp:
    """The SIGHUP handler, installed before anything is opened (the default action of a
    hang-up is to end the process): it remembers the request until a reloader takes it."""

    def __init__(self) -> None:
        self.requested = threading.Event()
        self._previous = signal.signal(signal.SIGHUP, self._on_signal)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.requested.set()

    def restore(self) -> None:
        signal.signal(signal.SIGHUP, self._previous)


Starter = Callable[["DeviceConfig"], "Devices"]


class DeviceReloader:
    """Owns the running devices from start-up on; reloads them at each hang-up."""

    def __init__(self, app: App, options: ReloadOptions, devices: Devices, hang_up: HangUp,
                 start: Starter | None = None) -> None:
        self.app = app
        self.options = options
        self.devices = devices
        self.reloads = 0
        self._hang_up = hang_up
        self._start = start or self._start_devices
        self._closing = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, name="device-reload", daemon=True)
        self._thread.start()

    def _start_devices(self, config: DeviceConfig) -> Devices:
        from companion.devices import start_devices

        return start_devices(config, self.app.inputs, self.options.simulate)

    def _serve(self) -> None:
        while True:
            self._hang_up.requested.wait()
            if self._closing:
                return
            self._hang_up.requested.clear()
            self.reload()

    def reload(self) -> None:
        """Read the config again; on success stop the old devices and start the new."""
        from companion.devices import DeviceConfigError, load_device_config
        from companion.devices.config import describe_device_config

        try:
            config = load_device_config(self.options.config)
        except DeviceConfigError as error:
            print(_("companion: device config not read again: {error}").format(error=error),
                  file=sys.stderr)
            self.app.inputs.put(DeviceStatus("devices", "config", _(
                "Device settings not read again ({error}); the ones before stay in use."
            ).format(error=error)))
            return
        with self._lock:
            if self._closing:
                return
            self.devices.close()
            self.devices = self._start(config)
            self.app.keys = self.devices.keys
            self.app.simulated_reader = self.devices.simulated_reader
            self.app.vault_reader = config.vault_reader
            self.reloads += 1
        print(_("companion: device config read again"), file=sys.stderr)
        print(describe_device_config(config), file=sys.stderr)
        self.app.inputs.put(DeviceStatus("devices", "reloaded", _(
            "Device settings read again; readers: {readers}.").format(
                readers=", ".join(reader.id for reader in config.readers) or _("none"))))

    def close(self) -> None:
        """Stop the worker, then the devices that run."""
        with self._lock:
            self._closing = True
        self._hang_up.requested.set()
        self._thread.join(timeout=10)
        self.devices.close()
