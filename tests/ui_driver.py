"""Drive the app like a player: FINGERDOWN/FINGERUP at a button's centre, then a step."""

from __future__ import annotations

import os
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.core.events import new_input_queue  # noqa: E402
from companion.log.entries import LogEntry
from companion.log.store import Store  # noqa: E402
from companion.ui import drawn, text  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402


def frame_items(app: App) -> list[drawn.Item]:
    """Everything the next frame draws, every kept picture painted afresh so that its
    texts and pieces are recorded, in the order drawn."""
    text.repaint_kept_pictures()
    with drawn.recording() as record:
        app.invalidate()
        app.render(force=True)
    return record.items(app.surface)


def make_app(data_dir: Path, size: tuple[int, int]) -> App:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    app = App(Store.open(data_dir), new_input_queue(), surface)
    app.start()
    app.step()
    return app


class CommitGate:
    """Holds every commit until opened (a stalled SD card)."""

    def __init__(self, store: Store) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self._append = store.append

    def append(self, game_id: int, entry: LogEntry) -> int:
        self.started.set()
        self.open.wait()
        return self._append(game_id, entry)


def hold_commits(store: Store, monkeypatch: pytest.MonkeyPatch) -> CommitGate:
    """Make ``store``'s commits wait at a gate (opened with ``gate.open.set()``)."""
    gate = CommitGate(store)
    monkeypatch.setattr(store, "append", gate.append)
    return gate


class Driver:
    """Taps buttons by key with real touch events and records every screen seen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.seen: set[str] = {app.top.name}
        #: every touch so far, paging included: what a table would tap
        self.touches = 0

    def touch(self, pos: tuple[int, int]) -> None:
        self.post_touch(pos)
        self.app.step()
        self.app.settle()  # moves show once the log writer has committed them
        self.seen.add(self.app.top.name)

    def post_touch(self, pos: tuple[int, int]) -> None:
        """A finger down and up at ``pos``, posted for the app's next step."""
        width, height = self.app.metrics.width, self.app.metrics.height
        x, y = pos[0] / width, pos[1] / height
        self.touches += 1
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=0,
                                                 touch_id=1, pressure=1.0))

    def tap(self, key: str, allow_error: bool = False) -> None:
        screen = self.app.top
        skipped = self.app.skipped_answers
        if (key.startswith("pick-") and not screen.has_button(key) and skipped
                and str(skipped[0]) == key.removeprefix("pick-")):
            skipped.pop(0)  # a question with one answer was not asked: nothing to tap
            return
        pages = 0
        while not screen.has_button(key) and screen.has_button("more") and pages < 20:
            self.touch(screen.button("more").rect.center)
            pages += 1
        button = screen.button(key)
        assert button.enabled, f"{key} is disabled on {screen.name}"
        self.touch(button.rect.center)
        assert self.app.errors == 0
        if not allow_error:
            banner = self.app.banner
            assert banner is None or not banner.error, f"after {key}: {banner.text}"

    def taps(self, *keys: str) -> None:
        for key in keys:
            self.tap(key)

    def type_text(self, text: str) -> None:
        """On the on-screen keyboard (first letters are capitalised by the keyboard)."""
        for char in text:
            self.tap("key-space" if char == " " else f"key-{char.lower()}")
        self.tap("key-done")

    def number(self, value: int) -> None:
        self.tap("pad-clear")
        for digit in str(value):
            self.tap(f"pad-{digit}")

    def number_dialog(self, value: int) -> None:
        if self.app.top.has_button("answer-no"):  # a 0-or-1 question: two buttons
            self.tap("answer-yes" if value else "answer-no")
            return
        self.number(value)
        self.tap("done")

    def name_players(self, names: list[str]) -> None:
        for index, name in enumerate(names):
            if index >= 2:
                self.tap("add-player")
            self.tap(f"name-{index}")
            self.type_text(name)
