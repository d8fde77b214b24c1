"""The status line's words about devices: a passing word, or a reader that is out.

A status passes after ``STATUS_SECONDS``; but a reader that was lost stays said, in red,
until it is back (``opened`` or ``reopened``): the table must not take a silent reader
for one that reads. Several readers out are said together, and a passing word about
another device does not make the table forget them: once it has passed, they are said
again.
"""

from __future__ import annotations

from companion.core.events import DeviceStatus
from companion.core.i18n import _
from companion.ui.banners import Banner

STATUS_SECONDS = 10.0
#: a reader that is out is said again after this long (the line never simply ends)
OUT_SECONDS = 3600.0
OUT = "lost"
BACK = ("opened", "reopened")


def words(event: DeviceStatus) -> str:
    """What a device's status says: its own message, or the device and its status."""
    return event.message or _("{device}: {status}").format(device=event.device,
                                                           status=event.status)


class DeviceLine:
    def __init__(self) -> None:
        self._out: dict[str, str] = {}  # device -> the words that said it was lost

    @property
    def out(self) -> list[str]:
        """The devices that are out now."""
        return list(self._out)

    def said(self, event: DeviceStatus, now: float) -> Banner:
        """The status line for ``event``."""
        text = words(event)
        if event.status == OUT:
            self._out[event.device] = text
        elif event.status in BACK:
            self._out.pop(event.device, None)
        if event.status == OUT:
            return self._still_out(now)
        return Banner(text, False, now + STATUS_SECONDS)

    def after(self, now: float) -> Banner | None:
        """What the line says once a passing word has passed: the devices still out."""
        return self._still_out(now) if self._out else None

    def _still_out(self, now: float) -> Banner:
        return Banner("\n".join(self._out.values()), True, now + OUT_SECONDS)
