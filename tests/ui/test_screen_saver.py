"""Dimming, blanking on home and waking: the timing, the settings file, the app's wiring."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion.core.events import new_input_queue
from companion.log.store import Store
from companion.system import display_settings
from companion.system.display_settings import DIM_LEVEL, DisplaySettings
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.intents import Intent, PointerDown, Press, Tap
from companion.ui.screen_saver import FULL, OFF, ScreenSaver

SETTINGS = DisplaySettings(dim_after=60, blank_home_after=300)


def test_dims_after_quiet_and_blanks_only_on_home() -> None:
    sent: list[int] = []
    saver = ScreenSaver(SETTINGS, sent.append, now=0.0)
    assert saver.level(59.0, on_home=True) == FULL
    assert saver.level(60.0, on_home=False) == DIM_LEVEL
    assert saver.level(400.0, on_home=False) == DIM_LEVEL
    assert saver.level(300.0, on_home=True) == OFF
    saver.update(61.0, on_home=True)
    saver.update(62.0, on_home=True)
    saver.update(301.0, on_home=True)
    assert sent == [DIM_LEVEL, OFF]


def test_the_next_change_is_known_so_the_loop_need_not_poll() -> None:
    saver = ScreenSaver(SETTINGS, lambda level: None, now=10.0)
    assert saver.next_change(10.0, on_home=True) == 70.0
    assert saver.next_change(70.0, on_home=True) == 310.0
    assert saver.next_change(70.0, on_home=False) is None
    assert saver.next_change(400.0, on_home=True) is None
    never = ScreenSaver(DisplaySettings(dim_after=0, blank_home_after=0), lambda level: None, 0)
    assert never.next_change(0.0, on_home=True) is None
    assert never.level(10_000.0, on_home=True) == FULL


def test_input_wakes_and_says_whether_it_only_woke() -> None:
    sent: list[int] = []
    saver = ScreenSaver(SETTINGS, sent.append, now=0.0)
    assert saver.input(5.0) is False
    saver.update(400.0, on_home=True)
    assert saver.input(401.0) is True
    assert sent == [OFF, FULL]
    assert saver.level(402.0, on_home=True) == FULL


def test_settings_round_trip_and_a_bad_file_is_named(tmp_path: Path) -> None:
    path = display_settings.settings_path(tmp_path)
    assert display_settings.load(path) == DisplaySettings()
    chosen = DisplaySettings().with_choice("rotation", 270).with_choice("dim_after", 900)
    display_settings.save(path, chosen)
    assert display_settings.load(path) == chosen
    assert json.loads(path.read_text()) == {"rotation": 270, "dim_after": 900,
                                            "blank_home_after": 900}
    path.write_text('{"rotation": 45}')
    loaded = display_settings.load(path)
    assert loaded.rotation == 0 and loaded.problem and "rotation" in loaded.problem
    path.write_text("{not json")
    assert display_settings.load(path).problem
    with pytest.raises(ValueError, match="dim_after"):
        DisplaySettings().with_choice("dim_after", 7)


@pytest.fixture
def app(tmp_path: Path) -> App:
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    store = Store.open(tmp_path)
    made = App(store, new_input_queue(), surface, present=lambda rects: None)
    made.start()
    made.render(force=True)
    return made


def test_the_touch_that_wakes_a_dark_screen_does_nothing_else(app: App) -> None:
    sent: list[int] = []
    app.saver = ScreenSaver(SETTINGS, sent.append, now=0.0)
    app.saver.update(1000.0, on_home=True)
    reached: list[Intent] = []

    def guard(action: object, *args: Intent) -> bool:
        reached.append(args[0])
        return True

    app.overlays.guard = guard  # type: ignore[method-assign,assignment]
    app.deliver(PointerDown((10, 10)))
    app.deliver(Tap((10, 10)))
    assert reached == [] and sent == [OFF, FULL]
    app.deliver(PointerDown((10, 10)))
    app.deliver(Tap((10, 10)))
    assert reached == [PointerDown((10, 10)), Tap((10, 10))]
    app.saver.update(app.saver.last_input + 61, on_home=True)
    app.deliver(Press("next", False))
    assert reached[-1] == Tap((10, 10)), "the press only woke the dimmed screen"
    app.store.close()


def test_the_display_screen_turns_the_picture_and_keeps_it(app: App, tmp_path: Path) -> None:
    app.display_settings_path = display_settings.settings_path(tmp_path)
    app.go(places.Display())
    app.render(force=True)
    button = next(b for b in app.top.buttons if b.key == "rotation-90")
    app.deliver(PointerDown(button.rect.center))
    app.deliver(Tap(button.rect.center))
    assert app.display_settings.rotation == 90
    assert (app.metrics.width, app.metrics.height) == (480, 800)
    assert display_settings.load(app.display_settings_path).rotation == 90
    app.render(force=True)
    blank = next(b for b in app.top.buttons if b.key == "blank_home_after-0")
    app.deliver(PointerDown(blank.rect.center))
    app.deliver(Tap(blank.rect.center))
    assert display_settings.load(app.display_settings_path).blank_home_after == 0
    app.store.close()
