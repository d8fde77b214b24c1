"""GPIO buttons on gpiozero: seat buttons, next, undo and menu, as input events.

gpiozero calls back on the pin factory's thread; the callbacks here only put
:class:`ButtonPress` events on the queue. Long presses come from one :class:`HoldTimer`
for all buttons, which sleeps until the earliest hold is due (or for ever when no button
is down), instead of gpiozero's ``Button``, whose hold thread per button wakes ten times
a second even on an idle table.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero import DigitalInputDevice

from companion.core.events import ButtonPress, InputEvent
from companion.devices.chatter import ChatterFilter
from companion.devices.config import ButtonConfig

Clock = Callable[[], float]


class HoldTimer:
    """Calls each armed callback once its deadline passes, unless cancelled first.

    ``start_thread=False`` leaves the firing to :meth:`fire_due`, so tests can drive it
    with a fake clock instead of sleeping.
    """

    def __init__(self, clock: Clock = time.monotonic, start_thread: bool = True) -> None:
        self._clock = clock
        self._due: dict[str, tuple[float, Callable[[], None]]] = {}
        self._changed = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None
        if start_thread:
            self._thread = threading.Thread(target=self._run, name="button-holds", daemon=True)
            self._thread.start()

    def arm(self, key: str, delay: float, callback: Callable[[], None]) -> None:
        with self._changed:
            self._due[key] = (self._clock() + delay, callback)
            self._changed.notify()

    def cancel(self, key: str) -> None:
        with self._changed:
            self._due.pop(key, None)

    def fire_due(self) -> None:
        """Run the callbacks whose time has come (outside the lock)."""
        now = self._clock()
        with self._changed:
            due = [(key, callback) for key, (at, callback) in self._due.items() if at <= now]
            for key, _callback in due:
                del self._due[key]
        for _key, callback in due:
            callback()

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._due.clear()
            self._changed.notify()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2.0)

    def _run(self) -> None:
        while True:
            with self._changed:
                if self._closed:
                    return
                if self._due:
                    earliest = min(at for at, _callback in self._due.values())
                    wait: float | None = max(0.0, earliest - self._clock())
                else:
                    wait = None  # nothing held: sleep until a button goes down
                if wait is None or wait > 0:
                    self._changed.wait(wait)
                    continue
            self.fire_due()


class _ButtonWatcher:
    """One button: a chatter filter for short presses, the shared hold timer for long ones.

    A short press is reported when the press ends (so a hold does not also give a short
    press); a long press as soon as the hold time is reached, while still held.
    """

    def __init__(self, name: str, settle: float, hold_time: float, pressed: bool,
                 events: queue.Queue[InputEvent], clock: Clock, holds: HoldTimer) -> None:
        self._name = name
        self._hold_time = hold_time
        self._events = events
        self._clock = clock
        self._holds = holds
        self._filter = ChatterFilter(settle, pressed)
        self._long_sent = False
        self._lock = threading.Lock()

    def pressed(self) -> None:
        self._edge(True)
        self._holds.arm(self._name, self._hold_time, self.held)

    def released(self) -> None:
        self._holds.cancel(self._name)
        self._edge(False)

    def held(self) -> None:
        with self._lock:
            if self._filter.level and not self._long_sent:
                self._long_sent = True
                self._events.put(ButtonPress(self._name, long=True))

    def _edge(self, pressed: bool) -> None:
        with self._lock:
            if self._filter.edge(pressed, self._clock()):
                if self._long_sent:
                    self._long_sent = False
                else:
                    self._events.put(ButtonPress(self._name))


class GpioButtons:
    """The buttons named in the config, live until :meth:`close`."""

    def __init__(self, config: ButtonConfig, events: queue.Queue[InputEvent],
                 pin_factory: Any = None, clock: Clock = time.monotonic,
                 holds: HoldTimer | None = None) -> None:
        self._devices: list[DigitalInputDevice] = []
        self._names: list[str] = []
        self._holds = holds or HoldTimer(clock)
        try:
            for name, pin in config.pins.items():
                device = DigitalInputDevice(pin, pull_up=config.pull_up, bounce_time=None,
                                            pin_factory=pin_factory)
                self._devices.append(device)
                watcher = _ButtonWatcher(name, config.debounce_ms / 1000.0,
                                         config.hold_time_for(name), bool(device.is_active),
                                         events, clock, self._holds)
                device.when_activated = watcher.pressed
                device.when_deactivated = watcher.released
                self._names.append(name)
        except BaseException:
            self.close()
            raise

    @property
    def names(self) -> list[str]:
        """The buttons that are wired, in config order."""
        return list(self._names)

    def close(self) -> None:
        """Release the pins and stop the hold timer."""
        for device in self._devices:
            device.close()
        self._devices.clear()
        self._holds.close()
