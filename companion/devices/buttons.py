"""GPIO buttons on gpiozero: seat buttons, next, undo and menu, as input events.

gpiozero calls back on its own threads (the pin factory's, and the hold thread for long
presses); the callbacks here only put :class:`ButtonPress` events on the queue.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero import Button

from companion.devices.chatter import ChatterFilter
from companion.devices.config import ButtonConfig
from companion.events import ButtonPress, InputEvent

Clock = Callable[[], float]


class _ButtonWatcher:
    """One button: a chatter filter for short presses, gpiozero's hold for long ones.

    A short press is reported when the press ends (so a hold does not also give a short
    press); a long press as soon as the hold time is reached, while still held.
    """

    def __init__(self, name: str, settle: float, pressed: bool,
                 events: queue.Queue[InputEvent], clock: Clock) -> None:
        self._name = name
        self._events = events
        self._clock = clock
        self._filter = ChatterFilter(settle, pressed)
        self._long_sent = False
        self._lock = threading.Lock()

    def pressed(self) -> None:
        self._edge(True)

    def released(self) -> None:
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
                 pin_factory: Any = None, clock: Clock = time.monotonic) -> None:
        self._buttons: list[Button] = []
        self._watchers: list[_ButtonWatcher] = []
        self._names: list[str] = []
        try:
            for name, pin in config.pins.items():
                button = Button(pin, pull_up=config.pull_up,
                                hold_time=config.hold_time_for(name), pin_factory=pin_factory)
                self._buttons.append(button)
                watcher = _ButtonWatcher(name, config.debounce_ms / 1000.0,
                                         bool(button.is_pressed), events, clock)
                button.when_pressed = watcher.pressed
                button.when_released = watcher.released
                button.when_held = watcher.held
                self._watchers.append(watcher)
                self._names.append(name)
        except BaseException:
            self.close()
            raise

    @property
    def names(self) -> list[str]:
        """The buttons that are wired, in config order."""
        return list(self._names)

    def close(self) -> None:
        """Release the pins (and stop gpiozero's hold threads)."""
        for button in self._buttons:
            button.close()
        self._buttons.clear()
        self._watchers.clear()
