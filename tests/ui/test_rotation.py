"""Rotation: the picture is turned at present time and touches are turned back to match."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.core.events import new_input_queue
from companion.log.store import Store
from companion.ui.app_loop import App
from companion.ui.intents import Intent, Tap
from companion.ui.rotation import (
    ANGLES,
    Rotation,
    check_angle,
    logical_size,
    rect_to_physical,
    to_logical,
    to_physical,
)

PANEL = (720, 1280)  # the Touch Display 2, portrait-native


@pytest.fixture
def panel() -> Iterator[pygame.Surface]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    surface = pygame.display.set_mode(PANEL)
    yield surface
    pygame.display.quit()


@pytest.mark.parametrize("degrees", ANGLES)
def test_touch_and_drawing_are_inverse_for_every_corner(degrees: int) -> None:
    width, height = logical_size(PANEL, degrees)
    for point in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (17, 42)):
        panel_point = to_physical(point, PANEL, degrees)
        assert 0 <= panel_point[0] < PANEL[0] and 0 <= panel_point[1] < PANEL[1]
        assert to_logical(panel_point, PANEL, degrees) == point


@pytest.mark.parametrize("degrees, top_left_lands", [
    (0, (0, 0)), (90, (719, 0)), (180, (719, 1279)), (270, (0, 1279)),
])
def test_the_logical_top_left_lands_where_a_clockwise_turn_puts_it(
    degrees: int, top_left_lands: tuple[int, int]
) -> None:
    assert to_physical((0, 0), PANEL, degrees) == top_left_lands


def test_landscape_on_a_portrait_panel_and_bad_angles() -> None:
    assert logical_size(PANEL, 90) == (1280, 720)
    assert logical_size(PANEL, 180) == PANEL
    with pytest.raises(ValueError, match="rotation must be one of"):
        check_angle(45)


@pytest.mark.parametrize("degrees", ANGLES)
def test_present_puts_each_logical_pixel_where_touch_maps_it_back(
    panel: pygame.Surface, degrees: int
) -> None:
    shown: list[list[pygame.Rect]] = []
    rotation = Rotation(panel, degrees, shown.append)
    panel.fill((0, 0, 0))
    rotation.logical.fill((0, 0, 0))
    marks = {(10, 20): (255, 0, 0), (300, 5): (0, 255, 0), (5, 600): (0, 0, 255)}
    for (x, y), colour in marks.items():
        rotation.logical.fill(colour, pygame.Rect(x, y, 3, 2))
    rotation.present([rotation.logical.get_rect()])
    assert shown == [[panel.get_rect()]]
    for (x, y), colour in marks.items():
        panel_point = to_physical((x + 1, y + 1), PANEL, degrees)
        assert tuple(panel.get_at(panel_point))[:3] == colour
        assert rotation.to_logical(panel_point) == (x + 1, y + 1)


def test_present_of_a_dirty_rect_updates_only_its_turned_place(panel: pygame.Surface) -> None:
    shown: list[list[pygame.Rect]] = []
    rotation = Rotation(panel, 90, shown.append)
    dirty = pygame.Rect(100, 50, 40, 30)
    rotation.present([dirty])
    assert shown == [[rect_to_physical(dirty, PANEL, 90)]]
    assert shown[0][0].size == (30, 40)


def test_the_app_draws_landscape_and_turns_a_tap_back(panel: pygame.Surface,
                                                     tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    seen: list[Intent] = []
    try:
        app = App(store, new_input_queue(), panel, present=lambda rects: None, rotation=90)
        app.start()
        app.render(force=True)
        assert (app.metrics.width, app.metrics.height) == (1280, 720)
        assert app.surface.get_size() == (1280, 720)
        app.translator.deliver = seen.append  # type: ignore[method-assign,assignment]
        # A finger at the panel's top-right corner is the landscape picture's top-left.
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=1,
                                             x=0.999, y=0.0, dx=0.0, dy=0.0, pressure=1.0))
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=1,
                                             x=0.999, y=0.0, dx=0.0, dy=0.0, pressure=0.0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(0, 1279),
                                             touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(0, 1279),
                                             touch=False))
        app.step()
        taps = [intent.pos for intent in seen if isinstance(intent, Tap)]
        assert taps == [(0, 0), (1279, 719)]
        app.frame.set_rotation(0)
        assert (app.metrics.width, app.metrics.height) == PANEL
    finally:
        store.close()
