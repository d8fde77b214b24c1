"""Whether SDL opened a display a person can see, or fell back on one that shows nothing.

SDL tries its real drivers (X11, Wayland, KMS/DRM) and, when none can start, silently takes
``offscreen``: on a bare Debian without libX11 ``uv run companion`` under X ran for a minute
with no window. A driver that shows nothing is fine when it was asked for
(``SDL_VIDEODRIVER``: the tests and ``companion screenshot``); otherwise the app says what to
install and stops.
"""

from __future__ import annotations

from companion.core.i18n import _

#: SDL's video drivers that draw into memory only
SHOWS_NOTHING = frozenset({"offscreen", "dummy"})


def invisible_driver_message(driver: str, requested: str | None) -> str | None:
    """One line for a person (None: ``driver`` shows a window, or was asked for)."""
    if requested or driver.lower() not in SHOWS_NOTHING:
        return None
    return _("SDL found no display to show a window on and fell back on its {driver} driver, "
             "which shows nothing: under X11 install the Debian packages libx11-6 and "
             "libxext6, under Wayland libwayland-client0, libwayland-cursor0, libwayland-egl1 "
             "and libxkbcommon0 (or set SDL_VIDEODRIVER to choose a driver)").format(
                 driver=driver)
