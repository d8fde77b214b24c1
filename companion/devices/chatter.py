"""Contact chatter filter: many edges within a few milliseconds are one press.

A level (pressed or released) only counts once it has held for ``settle`` seconds; that is
decided when the next edge ends it, so the filter needs no timer and gives the same answer
on a Pi and in tests (gpiozero's own ``bounce_time`` is ignored by its mock pins).
A press is counted when a settled pressed level follows a settled released one.
"""

from __future__ import annotations

import math


class ChatterFilter:
    """Turns raw edges of one button into whole presses."""

    def __init__(self, settle: float, pressed: bool = False) -> None:
        self._settle = settle
        self._level = pressed  # raw level right now
        self._since = -math.inf  # when the raw level last changed
        self._down = pressed  # the last settled level was "pressed"

    @property
    def level(self) -> bool:
        """The raw level now (True while the contact is closed)."""
        return self._level

    def edge(self, pressed: bool, now: float) -> bool:
        """Record that the contact became ``pressed`` at ``now``; True completes a press."""
        if pressed == self._level:
            return False
        completed = False
        if now - self._since >= self._settle:
            if self._level and not self._down:
                completed = True
            self._down = self._level
        self._level = pressed
        self._since = now
        return completed
