"""Starting and stopping all devices for the app, real or simulated.

``start_devices`` never fails for want of hardware: off a Pi (no ``/dev/gpiochip*``, or
gpiozero finds no pin factory) it falls back to the keyboard and an on-screen reader,
and says why in a :class:`DeviceStatus`. gpiozero's own switch
``GPIOZERO_PIN_FACTORY=mock`` is honoured: the configured buttons then run on mock pins
on any machine, so the Pi's device set-up can be run and measured off a Pi.
"""

from __future__ import annotations

import glob
import os
import queue
import time
import warnings
from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any

from companion.core.events import DeviceStatus, InputEvent
from companion.core.i18n import _
from companion.core.records import mutable
from companion.devices.config import DeviceConfig
from companion.devices.simulated import KeyHoldTracker, SimulatedReader

if TYPE_CHECKING:
    from companion.devices.buttons import GpioButtons
    from companion.devices.reader_thread import ReaderThread


@mutable
class Devices:
    """The running devices; ``close`` releases pins and stops reader threads."""

    simulated: bool
    simulated_reader: SimulatedReader | None = None
    keys: KeyHoldTracker | None = None  # keyboard stand-in for the buttons when simulated
    buttons: GpioButtons | None = None  # None when simulated or no buttons are configured
    readers: list[ReaderThread] = field(default_factory=list)

    def close(self) -> None:
        for thread in self.readers:
            thread.stop_event.set()
        for thread in self.readers:
            thread.stop()
        self.readers.clear()
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None


def start_devices(config: DeviceConfig, events: queue.Queue[InputEvent], simulate: bool,
                  pin_factory: Any = None, clock: Callable[[], float] = time.monotonic
                  ) -> Devices:
    """Start the buttons and readers in ``config`` (or stand-ins for them)."""
    if simulate:
        events.put(DeviceStatus("devices", "simulated", simulated_note(), key="simulated"))
        return _simulated(config, events)
    buttons, reason = _start_buttons(config, events, pin_factory, clock)
    devices = Devices(simulated=False, buttons=buttons)
    if reason is not None:
        key, detail = reason
        events.put(DeviceStatus("buttons", "simulated", simulated_note(key, detail), key=key,
                                detail=detail))
        devices = _simulated(config, events)
    for reader in config.readers:
        if devices.simulated and not os.path.exists(reader.port):
            continue  # a laptop without this reader; with it plugged in, it is used
        from companion.devices.readers import start_reader  # pyserial only when needed

        devices.readers.append(start_reader(reader, events))
    return devices


def _simulated(config: DeviceConfig, events: queue.Queue[InputEvent]) -> Devices:
    names = [reader.id for reader in config.readers if reader.type == "pn532"]
    if config.vault_reader:
        names.append(config.vault_reader)
    names += list(config.seat_readers)
    unique = list(dict.fromkeys(names))
    return Devices(simulated=True, simulated_reader=SimulatedReader(events, unique),
                   keys=KeyHoldTracker(config.buttons))


def simulated_note(key: str = "simulated", detail: str = "") -> str:
    """The word off a Pi in the language of the moment: ``key`` "simulated" (asked for),
    "no-chip" or "gpiozero" (no buttons; ``detail`` is gpiozero's own words)."""
    if key == "simulated":
        return _("Simulated devices: keys stand in for the buttons, tags are tapped on screen.")
    reason = (_("this machine has no GPIO (no /dev/gpiochip*)") if key == "no-chip"
              else _("gpiozero cannot use the pins ({error})").format(error=detail))
    return _("No GPIO buttons: {reason}. Keys stand in for them, tags are tapped on "
             "screen.").format(reason=reason)


def _start_buttons(config: DeviceConfig, events: queue.Queue[InputEvent], pin_factory: Any,
                   clock: Callable[[], float]
                   ) -> tuple[GpioButtons | None, tuple[str, str] | None]:
    """The GPIO buttons, or None and why they cannot be had (a :func:`simulated_note`
    key and gpiozero's words)."""
    if not config.buttons.pins:
        return None, None  # a table without buttons: the touchscreen does it all
    chosen = os.environ.get("GPIOZERO_PIN_FACTORY", "").strip()
    if pin_factory is None and not chosen and not glob.glob("/dev/gpiochip*"):
        return None, ("no-chip", "")
    try:
        from gpiozero.exc import PinFactoryFallback

        from companion.devices.buttons import GpioButtons

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PinFactoryFallback)
            return GpioButtons(config.buttons, events, pin_factory, clock), None
    except Exception as exc:  # gpiozero fails in many ways off a Pi; all mean "no GPIO"
        return None, ("gpiozero", str(exc))
