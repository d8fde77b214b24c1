"""What a screen is asked to do, whatever the input device.

Touch, mouse, keyboard, GPIO buttons and NFC tags are all reduced to these few records,
so screens have one input path and tests can drive them exactly like a player would.
"""

from __future__ import annotations

from companion.core.records import frozen


@frozen
class PointerDown:
    """A finger (or the mouse) went down: screens show the pressed button."""

    pos: tuple[int, int]


@frozen
class Tap:
    """A finger (or the mouse) lifted where it went down: the touch that acts."""

    pos: tuple[int, int]


@frozen
class Press:
    """A physical button (or its keyboard stand-in): seat1..seat5, next, undo, menu."""

    button: str
    long: bool = False


@frozen
class Key:
    """A key typed on a desktop keyboard, offered to screens that take text."""

    name: str  # pygame key name: "a", "backspace", "return", "escape", ...
    text: str  # the character it types ("" for none)


@frozen
class Tag:
    """An NFC tag arrived on a reader."""

    reader: str
    uid: str


Intent = PointerDown | Tap | Press | Key | Tag
