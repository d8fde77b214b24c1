"""Input, turned into intents and handed to the screen on top.

SDL's events (a finger, the mouse, keys, the window) and the devices' events (buttons,
NFC tags, device status, the log writer's commits) become :mod:`companion.ui.intents`;
:meth:`InputTranslator.deliver` hands each to the top screen, after the screen saver (a
touch on a dark screen only wakes it) and the overlays (a tap dismisses the message, a
touch on the prompts is theirs) had their say.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from companion.core.events import (
    ButtonPress,
    CommitFailed,
    Committed,
    DeviceStatus,
    InputEvent,
    StoreNotice,
    TagArrived,
    WorkDone,
)
from companion.ui.damage import Damage
from companion.ui.frame import Frame
from companion.ui.intents import Intent, Key, PointerDown, Press, Tag, Tap
from companion.ui.moves import MovePath
from companion.ui.overlays import Overlays
from companion.ui.screen_stack import ScreenStack

if TYPE_CHECKING:
    from companion.ui.screen_saver import ScreenSaver

    # for the type checker alone (a Protocol class costs start-up time)
    class KeyHolds(Protocol):
        """Keyboard stand-ins for the buttons, with their hold times (long presses)."""

        def key_down(self, name: str, now: float) -> None: ...

        def key_up(self, name: str, now: float) -> ButtonPress | None: ...

        def due(self, now: float) -> list[ButtonPress]: ...

    class InputOwner(Protocol):
        """What the translator needs of the app: what start-up wired in, and two reactions."""

        keys: KeyHolds | None
        key_to_button: Callable[[str], str | None] | None
        saver: ScreenSaver | None

        def request_stop(self) -> None: ...

        def ask_shutdown(self) -> None: ...


class InputTranslator:
    """SDL and device events to intents, and intents to the top screen."""

    def __init__(self, owner: InputOwner, damage: Damage, screens: ScreenStack, frame: Frame,
                 overlays: Overlays, moves: MovePath) -> None:
        self.owner = owner
        self.damage = damage
        self.screens = screens
        self.frame = frame
        self.overlays = overlays
        self.moves = moves
        self._fingers: dict[tuple[int, int], tuple[int, int]] = {}
        self._mouse_down: tuple[int, int] | None = None
        self._waking_touch = False

    def translate(self, event: pygame.event.Event) -> Intent | None:
        """The intent of one SDL event (None: it was the window's business, or half one)."""
        kind = event.type
        frame = self.frame
        if kind == pygame.QUIT:
            self.owner.request_stop()
        elif kind in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.damage.invalidate()
        elif kind in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            display = pygame.display.get_surface()
            size = display.get_size() if display is not None else frame.surface.get_size()
            shown = (frame.rotation.physical if frame.rotation is not None
                     else (frame.metrics.width, frame.metrics.height))
            if size != shown:
                frame.resize(size)
        elif kind == pygame.FINGERDOWN:
            pos = self._finger_pos(event)
            self._fingers[(event.touch_id, event.finger_id)] = pos
            return PointerDown(pos)
        elif kind == pygame.FINGERUP:
            if self._fingers.pop((event.touch_id, event.finger_id), None) is not None:
                return Tap(self._finger_pos(event))
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if getattr(event, "touch", False) or event.button != 1:
                return None  # SDL's copy of a touch: the FINGER event already counted
            pos = event.pos if frame.rotation is None else frame.rotation.to_logical(event.pos)
            if kind == pygame.MOUSEBUTTONDOWN:
                self._mouse_down = pos
                return PointerDown(pos)
            if self._mouse_down is not None:
                self._mouse_down = None
                return Tap(pos)
        elif kind == pygame.KEYDOWN:
            return self._key_intent(event)
        elif kind == pygame.KEYUP and self.owner.keys is not None:
            press = self.owner.keys.key_up(pygame.key.name(event.key), time.monotonic())
            if press is not None:
                return Press(press.button, press.long)
        return None

    def _finger_pos(self, event: pygame.event.Event) -> tuple[int, int]:
        frame = self.frame
        if frame.rotation is not None:
            return frame.rotation.finger_to_logical(event.x, event.y)
        x = min(frame.metrics.width - 1, max(0, int(event.x * frame.metrics.width)))
        y = min(frame.metrics.height - 1, max(0, int(event.y * frame.metrics.height)))
        return x, y

    def _key_intent(self, event: pygame.event.Event) -> Intent | None:
        name = pygame.key.name(event.key)
        text = getattr(event, "unicode", "") or ""
        if self.screens.stack and self.screens.top.wants_text:
            return Key(name, text)
        keys, key_to_button = self.owner.keys, self.owner.key_to_button
        if keys is not None:
            keys.key_down(name, time.monotonic())
            if key_to_button is not None and key_to_button(name) is not None:
                return None  # the press is reported when the key goes up (or is held)
        button = key_to_button(name) if key_to_button else None
        if button is not None:
            return Press(button, long=bool(event.mod & pygame.KMOD_SHIFT))
        return Key(name, text)

    def device_intent(self, event: InputEvent) -> Intent | None:
        """The intent of a device's event; a commit, a status or a notice is handled here."""
        if isinstance(event, Committed | CommitFailed):
            self.moves.committed(event)
            return None
        if isinstance(event, ButtonPress):
            return Press(event.button, event.long)
        if isinstance(event, TagArrived):
            return Tag(event.reader, event.uid.upper())
        if isinstance(event, DeviceStatus):
            self.overlays.device_status(event)
        if isinstance(event, StoreNotice):
            self.screens.notify(event.message)
        if isinstance(event, WorkDone):
            event.deliver()
        return None

    def deliver(self, intent: Intent) -> None:
        """Hand one intent to the top screen, laid out for what it shows now.

        The layout is brought up to date before the intent, not after it: an intent is
        matched against the buttons of the screen as it is now (a second touch in the same
        step meets the screen the first one opened), and nothing is laid out for nothing.
        """
        if self.damage.needs_build:
            self.frame.build()
        if self.owner.saver is not None and self._wakes_only(intent, self.owner.saver):
            return
        if self.overlays.take(intent, self.screens):
            return
        if isinstance(intent, Press) and intent.button == "menu" and intent.long:
            self.overlays.guard(self.owner.ask_shutdown)
        else:
            self.overlays.guard(self.screens.top.handle, intent)

    def _wakes_only(self, intent: Intent, saver: ScreenSaver) -> bool:
        """Input on a dimmed or dark screen wakes it; that touch or press does nothing else."""
        if isinstance(intent, Tap) and self._waking_touch:
            self._waking_touch = False
            return True
        woke = saver.input(time.monotonic())
        if woke and isinstance(intent, PointerDown | Tap | Press):
            self._waking_touch = isinstance(intent, PointerDown)
            return True
        return False
