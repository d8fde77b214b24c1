"""Dim the backlight after a quiet while, blank it when idle on home, wake on any input.

Pure timing: :meth:`ScreenSaver.level` says what the backlight should be at a moment,
:meth:`ScreenSaver.next_change` when that will next change, so the app's loop sleeps
until then instead of polling. The touch or press that wakes a dark screen only wakes
it: nobody scores a point by brushing a blank panel.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.system.display_settings import DIM_LEVEL, DisplaySettings

FULL = 100
OFF = 0


class ScreenSaver:
    def __init__(self, settings: DisplaySettings, send: Callable[[int], object],
                 now: float) -> None:
        self.settings = settings
        self._send = send
        self.last_input = now
        self.shown = FULL

    def level(self, now: float, on_home: bool) -> int:
        quiet = now - self.last_input
        blank = self.settings.blank_home_after
        if on_home and blank and quiet >= blank:
            return OFF
        dim = self.settings.dim_after
        if dim and quiet >= dim:
            return DIM_LEVEL
        return FULL

    def next_change(self, now: float, on_home: bool) -> float | None:
        """The next moment :meth:`level` changes without input; None: not before input."""
        times = [self.last_input + after for after in
                 (self.settings.dim_after, self.settings.blank_home_after if on_home else 0)
                 if after and self.last_input + after > now]
        return min(times) if times else None

    def update(self, now: float, on_home: bool) -> None:
        wanted = self.level(now, on_home)
        if wanted != self.shown:
            self.shown = wanted
            self._send(wanted)

    def input(self, now: float) -> bool:
        """Note input at ``now``; True if the screen was dark and this input only wakes it."""
        self.last_input = now
        was_dark = self.shown != FULL
        if was_dark:
            self.shown = FULL
            self._send(FULL)
        return was_dark
