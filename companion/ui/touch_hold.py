"""A touch held still on the screen: the long press of a finger.

The GPIO buttons and their keyboard stand-ins have their hold times (``devices``); a
touch gets the same: held :data:`HOLD_SECONDS` it is a long press, reported while the
finger is still down (so the player sees when to let go), and the lift that follows
does nothing else. A shorter touch stays a tap, exactly as before. The screen that
wants long presses keeps a :class:`TouchHold` and is asked by the loop each step
(``Screen.tick``); its ``wake_at`` makes the loop wake when the hold comes due.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: how long a finger stays down before the touch is a long press (Android: 0.5 s)
HOLD_SECONDS = 0.6

#: a hold not asked for this long after it came due is stale (the screen was covered by a
#: dialog meanwhile): dropped, never fired late
STALE_SECONDS = 2.0

#: the clock holds are measured with (tests step it by hand)
clock: Callable[[], float] = time.monotonic


class TouchHold:
    """The one touch a screen may turn into a long press."""

    def __init__(self) -> None:
        self._held: tuple[tuple[int, int], float] | None = None

    def down(self, pos: tuple[int, int]) -> None:
        """A finger went down where a long press means something."""
        self._held = (pos, clock())

    def cancel(self) -> None:
        """The finger lifted (a tap) or the screen changed under it."""
        self._held = None

    def due_at(self) -> float | None:
        """When the touch held now becomes a long press (None: no touch held)."""
        return None if self._held is None else self._held[1] + HOLD_SECONDS

    def take(self, now: float) -> tuple[int, int] | None:
        """The position of a touch held long enough by ``now``, once; else None."""
        if self._held is None or now < self._held[1] + HOLD_SECONDS:
            return None
        (pos, since), self._held = self._held, None
        return pos if now <= since + HOLD_SECONDS + STALE_SECONDS else None
