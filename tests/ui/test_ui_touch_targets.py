"""Every button on every screen is big enough for a finger: at least 9 mm, 48 px on the 7"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.core.events import new_input_queue  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screenshot import SCREEN_NAMES, _screens  # noqa: E402

MIN_TARGET = 48


@pytest.fixture
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_every_button_is_finger_sized(display: None, tmp_path: Path, screen: str,
                                      size: tuple[int, int]) -> None:
    app = App(Store.open(tmp_path), new_input_queue(), pygame.Surface(size),
              present=lambda rects: None)
    app.start()
    _screens()[screen](app)
    app.render(force=True)
    small = [(button.key, button.rect.size) for shown in app.screens.visible()
             for button in shown.buttons
             if min(button.rect.size) < MIN_TARGET]
    assert app.screens.visible()[-1].buttons, f"{screen} has no buttons at all"
    assert small == [], f"{screen} at {size}: buttons smaller than {MIN_TARGET} px: {small}"
    for shown in app.screens.visible():
        for button in shown.buttons:
            assert app.metrics.rect().contains(button.rect), f"{button.key} is off the screen"
