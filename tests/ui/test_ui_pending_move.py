"""A move is shown taken at once ("Saving...") and drawn only once it is on disk.

The loop never waits for the disk: the step that handles a press says "Saving..." over
the table as it is on disk (a touched button stays pressed a moment first, so that a move
on a sound card is drawn with no frame before it), and the step after the commit landed
draws the move. Whatever
happens meanwhile (a slow disk, a failed write, a second move), what reaches the screen is
what a frame drawn from the disk's state alone would show, with "Saving..." while moves
are in flight.
"""

from __future__ import annotations

import time

import pygame
import pytest
from ui_driver import Driver, hold_commits

from companion.core.events import DeviceStatus
from companion.log.entries import LogEntry, StoreError
from companion.ui import overlays
from companion.ui.app_loop import App
from companion.ui.intents import PointerDown, Tap
from companion.ui.widgets import Button


class Frames:
    """What the app presented: each frame's pixels and the rects it sent."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: list[bytes] = []
        self.rects: list[list[pygame.Rect]] = []

        def present(rects: list[pygame.Rect]) -> None:
            self.rects.append([pygame.Rect(rect) for rect in rects])
            self.shown.append(self.pixels())

        app.frame.present = present

    def pixels(self) -> bytes:
        return pygame.image.tobytes(self.app.surface, "RGB")

    def outside(self, pixels: bytes, rect: pygame.Rect) -> bytes:
        """``pixels`` (a frame of this app) with ``rect`` blanked."""
        picture = pygame.image.frombytes(pixels, self.app.surface.get_size(), "RGB")
        picture.fill((0, 0, 0), rect)
        return pygame.image.tobytes(picture, "RGB")

    def fresh(self) -> bytes:
        """The frame drawn now from the disk's state alone (with whatever overlay is up)."""
        self.app.render(force=True)
        return self.shown[-1]


def test_the_step_that_takes_a_move_says_saving_and_draws_nothing_else(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app = counter_app
    frames = Frames(app)
    before = frames.fresh()
    gate = hold_commits(app.store, monkeypatch)
    assert app.dispatch("add", {"amount": 2})
    app.step()  # returns with the commit still held at the gate: the loop did not wait
    assert gate.started.wait(5) and not gate.open.is_set()  # held, not committed
    assert app.saving_shown
    assert app.session is not None and app.session.state.tallies == (0, 0)
    saving = app.overlays.saving_rect
    assert saving is not None and frames.rects[-1] == [saving]  # the table is not redrawn
    assert frames.shown[-1] != before  # "Saving..." over the table as on disk
    assert frames.outside(frames.shown[-1], saving) == frames.outside(before, saving)
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert app.session.state.tallies == (2, 0) and not app.saving_shown
    assert frames.shown[-1] == frames.fresh()


def test_a_move_that_landed_before_the_frame_is_drawn_at_once(counter_app: App) -> None:
    app = counter_app
    frames = Frames(app)
    assert app.dispatch("add", {"amount": 2})
    app.settle(timeout=10)  # landed and handled before the step draws
    assert app.session is not None and app.session.state.tallies == (2, 0)
    assert not app.saving_shown and frames.shown[-1] == frames.fresh()


def test_a_failed_commit_never_shows_the_move(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app = counter_app
    before = Frames(app).fresh()
    frames = Frames(app)

    def full_card(game_id: int, entry: LogEntry) -> int:
        raise StoreError("The SD card is full.")

    monkeypatch.setattr(app.store, "append", full_card)
    assert app.dispatch("add", {"amount": 2})
    app.settle(timeout=10)
    app.step()
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert app.banner is not None and "full" in app.banner.text
    assert not app.saving_shown
    shown = frames.shown[-1]
    app.banner = None
    assert shown != before and frames.fresh() == before  # only the message is new


def test_moves_in_flight_stay_off_the_screen_until_they_land(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app = counter_app
    frames = Frames(app)
    before = frames.fresh()
    gate = hold_commits(app.store, monkeypatch)
    assert app.dispatch("add", {"amount": 1})
    app.step()
    assert app.dispatch("add", {"amount": 2})
    app.step()
    assert app.saving_shown and app.overlays.saving_rect is not None
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert frames.outside(frames.shown[-1], app.overlays.saving_rect) == frames.outside(
        before, app.overlays.saving_rect)
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert app.session.state.tallies == (1, 2) and not app.saving_shown
    assert frames.shown[-1] == frames.fresh()


def test_an_intent_after_a_screen_change_meets_the_new_screen_s_buttons(
        counter_app: App) -> None:
    """The layout comes before each intent, not after it: a second touch in the same step
    is matched against the screen the first one opened."""
    app = counter_app
    table = app.top
    app.deliver(Tap(table.button("menu").rect.center))
    menu = app.top
    assert menu is not table and not menu.buttons  # opened, laid out only when needed
    app.deliver(PointerDown((0, 0)))
    assert menu.buttons


def _touch(app: App, pos: tuple[int, int]) -> None:
    """A finger down and up at ``pos`` in one step, the commit not waited for."""
    Driver(app).post_touch(pos)
    app.step()


def _undone_by_touch(app: App, monkeypatch: pytest.MonkeyPatch,
                     grace: float) -> tuple[Frames, bytes, Button]:
    """A move on disk, then the finger on Undo with "Saving..." held off for ``grace``."""
    monkeypatch.setattr(overlays, "SAVING_GRACE", grace)
    assert app.dispatch("add", {"amount": 2})
    app.settle(timeout=10)
    app.step()
    frames = Frames(app)
    before = frames.fresh()
    undo = app.top.button("undo")
    assert undo.enabled
    return frames, before, undo


def test_a_touched_move_on_a_slow_disk_keeps_its_button_pressed_then_says_saving(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The finger on Undo: the button stays pressed (the touch was taken) and nothing else
    is drawn; past the grace it is released alone and "Saving..." put up, and the table is
    drawn once, when the move has landed (not also before, unchanged)."""
    app = counter_app
    frames, before, undo = _undone_by_touch(app, monkeypatch, 0.2)
    gate = hold_commits(app.store, monkeypatch)
    _touch(app, undo.rect.center)
    assert gate.started.wait(5) and not gate.open.is_set()
    app.step()
    assert not app.saving_shown
    pressed = [rect for rects in frames.rects[1:] for rect in rects]
    assert pressed and all(undo.rect.contains(rect) for rect in pressed)
    assert frames.shown[-1] != before  # the button, pressed
    time.sleep(0.25)
    app.step()
    saving = app.overlays.saving_rect
    assert app.saving_shown and saving is not None
    touched = [rect for rects in frames.rects[1:] for rect in rects]
    assert all(undo.rect.contains(rect) or rect == saving for rect in touched)
    assert frames.outside(frames.shown[-1], saving) == frames.outside(before, saving)
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert not app.saving_shown and frames.shown[-1] == frames.fresh()


def test_a_touched_move_that_lands_within_the_grace_is_drawn_with_no_frame_before(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sound card: the pressed button is all that is drawn until the frame with the move,
    in which the button is released; "Saving..." is never put up."""
    app = counter_app
    frames, _before, undo = _undone_by_touch(app, monkeypatch, 60.0)
    _touch(app, undo.rect.center)
    app.settle(timeout=10)
    app.step()
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert not app.saving_shown and app.overlays.held is None
    partial = [rects for rects in frames.rects[1:-1]]
    assert partial and all(undo.rect.contains(rect) for rects in partial for rect in rects)
    assert frames.rects[-1] == [app.metrics.rect()]
    assert frames.shown[-1] == frames.fresh()


def test_a_tap_that_moves_nothing_redraws_the_screen(counter_app: App) -> None:
    """A tap that changes the screen without a move (What now?) is drawn in its step."""
    app = counter_app
    frames = Frames(app)
    frames.fresh()
    Driver(app).touch(app.top.button("what-now").rect.center)
    app.step()
    assert app.metrics.rect() in frames.rects[-1]


def test_saving_goes_below_the_device_line_and_is_still_drawn_alone(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """For ten seconds after a reader connects its line is across the top: "Saving..."
    goes under it, both are read, and the table is not redrawn to put it up."""
    app = counter_app
    app.inputs.put(DeviceStatus("table", "opened", "PN532 firmware 1.6 on /dev/serial0"))
    app.step()
    status = app.overlays.status
    assert status is not None
    frames = Frames(app)
    frames.fresh()
    gate = hold_commits(app.store, monkeypatch)
    assert app.dispatch("add", {"amount": 2})
    app.step()
    assert gate.started.wait(5) and not gate.open.is_set()
    saving = app.overlays.saving_rect
    assert saving is not None and not saving.colliderect(status.rect)
    assert frames.rects[-1] == [saving]  # drawn alone over the frame
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert not app.saving_shown and frames.shown[-1] == frames.fresh()
