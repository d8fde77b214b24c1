"""Stand-ins for the hardware on a laptop: keys for buttons, an on-screen "tap" for tags.

No pygame here: the UI passes ``pygame.key.name(event.key)`` and a clock reading in, so the
mapping can be tested and documented on its own.

Keys: ``1``..``5`` (or the keypad's) are the seat buttons, ``space``/``n``/``return`` is
next, ``backspace``/``u`` is undo, ``m``/``escape`` is menu. Holding a key for the
button's hold time is a long press, as on the table (menu: 3 s asks to shut down).
"""

from __future__ import annotations

import queue
import re
from collections.abc import Mapping

from companion.core.events import ButtonPress, InputEvent, TagArrived, TagRemoved
from companion.core.i18n import _
from companion.devices.config import ButtonConfig

KEY_BUTTONS: Mapping[str, str] = {
    **{str(seat): f"seat{seat}" for seat in range(1, 6)},
    **{f"[{seat}]": f"seat{seat}" for seat in range(1, 6)},
    "space": "next",
    "n": "next",
    "return": "next",
    "enter": "next",  # the keypad's Enter
    "backspace": "undo",
    "u": "undo",
    "m": "menu",
    "escape": "menu",
}

# Tags the UI can offer to "tap" without a reader: 7-byte UIDs like NTAG stickers and
# 4-byte ones like MIFARE Classic cards, enough for five players and a few materials.
DEMO_TAG_UIDS: tuple[str, ...] = (
    "04A1B2C3D4E5F6",
    "04B7C8D9E0F1A2",
    "04C3D4E5F6A7B8",
    "04D9E0F1A2B3C4",
    "04E5F6A7B8C9D0",
    "5A3C9E71",
    "6B4DAF82",
    "7C5EB093",
    "8D6FC1A4",
    "9E70D2B5",
)

_UID = re.compile(r"^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$")


def button_for_key(name: str) -> str | None:
    """The button a key stands for (by ``pygame.key.name``), or None."""
    return KEY_BUTTONS.get(name.lower())


def normalise_uid(uid: str) -> str:
    """Uppercase hex without separators; ValueError with words if it is not a UID."""
    cleaned = re.sub(r"[\s:-]", "", uid).upper()
    if not _UID.match(cleaned):
        raise ValueError(_("\"{uid}\" is not a tag UID (4, 7 or 10 bytes in hex)").format(uid=uid))
    return cleaned


class KeyHoldTracker:
    """Turns key down/up into button presses with the buttons' own hold times.

    Call :meth:`key_down` and :meth:`key_up` from key events and :meth:`due` once per frame;
    times are seconds from any steady clock.
    """

    def __init__(self, config: ButtonConfig | None = None) -> None:
        self._config = config or ButtonConfig()
        self._down: dict[str, float] = {}  # button -> when its key went down
        self._long_sent: set[str] = set()

    def key_down(self, name: str, now: float) -> None:
        button = button_for_key(name)
        if button is not None and button not in self._down:
            self._down[button] = now

    def key_up(self, name: str, now: float) -> ButtonPress | None:
        """The short press this release completes, if the key was not held long."""
        button = button_for_key(name)
        if button is None or button not in self._down:
            return None
        del self._down[button]
        if button in self._long_sent:
            self._long_sent.discard(button)
            return None
        return ButtonPress(button)

    def due(self, now: float) -> list[ButtonPress]:
        """Long presses whose hold time has just been reached."""
        presses = []
        for button, since in self._down.items():
            if button not in self._long_sent and now - since >= self._config.hold_time_for(button):
                self._long_sent.add(button)
                presses.append(ButtonPress(button, long=True))
        return presses


class SimulatedReader:
    """An NFC reader driven from the screen: ``tap`` puts a tag down, ``remove`` lifts it.

    Like a real reader it reports a tag once while it stays; tapping a tag that is
    already down reports it lifted and put back, which is what a tap means.
    """

    def __init__(self, events: queue.Queue[InputEvent], readers: list[str] | None = None) -> None:
        self._events = events
        self.readers = list(readers) if readers else ["table"]
        self._present: set[tuple[str, str]] = set()

    def tap(self, uid: str, reader: str | None = None) -> None:
        reader_id = self._reader(reader)
        tag = normalise_uid(uid)
        if (reader_id, tag) in self._present:
            self._events.put(TagRemoved(reader_id, tag))
        self._present.add((reader_id, tag))
        self._events.put(TagArrived(reader_id, tag))

    def remove(self, uid: str, reader: str | None = None) -> None:
        reader_id = self._reader(reader)
        tag = normalise_uid(uid)
        if (reader_id, tag) in self._present:
            self._present.discard((reader_id, tag))
            self._events.put(TagRemoved(reader_id, tag))

    def _reader(self, reader: str | None) -> str:
        if reader is None:
            return self.readers[0]
        if reader not in self.readers:
            raise ValueError(_("no simulated reader \"{reader}\" (there are: {readers})").format(
                reader=reader, readers=", ".join(self.readers)))
        return reader
