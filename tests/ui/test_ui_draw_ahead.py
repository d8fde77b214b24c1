"""The frame showing a move is drawn while the move is committed, and shown only once it is.

Whatever happens meanwhile (a slow disk, a failed write, a second move), what reaches the
screen is what a frame drawn from the disk's state alone would show.
"""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver, hold_commits

from companion.store import LogEntry, StoreError
from companion.ui import loop, moves
from companion.ui.app_loop import App
from companion.ui.intents import PointerDown, Tap


class Frames:
    """What the app presented, as pixels, and how many frames it drew."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: list[bytes] = []
        self.drawn = 0
        draw_frame = app.frame.draw

        def counting_draw() -> list[pygame.Rect]:
            self.drawn += 1
            return draw_frame()

        app.frame.present = lambda rects: self.shown.append(self.pixels())
        app.frame.draw = counting_draw  # type: ignore[method-assign]

    def pixels(self) -> bytes:
        return pygame.image.tobytes(self.app.surface, "RGB")

    def fresh(self) -> bytes:
        """The frame drawn now from the disk's state alone, with nothing kept."""
        self.app.render(force=True)
        return self.shown[-1]


@pytest.fixture
def commits_within_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that commits within the step's grace, however long this machine's fsyncs
    stall (the tests of a slow disk hold their commits instead)."""
    monkeypatch.setattr(loop, "COMMIT_GRACE", 10.0)


@pytest.fixture
def app(counter_app: App) -> App:
    counter_app.moves.draw_ahead = True  # as with more than one CPU, however many this one has
    return counter_app


@pytest.mark.usefixtures("commits_within_grace")
def test_the_frame_drawn_during_the_commit_is_the_one_shown_once_it_landed(app: App) -> None:
    frames = Frames(app)
    assert app.dispatch("add", {"amount": 2})
    app.step()
    assert app.session is not None and app.session.state.tallies == (2, 0)
    assert frames.drawn == 1  # drawn while in flight, not again after the commit
    assert len(frames.shown) == 1
    assert frames.shown[-1] == frames.fresh()


def test_a_slow_disk_shows_the_state_on_disk_until_the_move_lands(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    before = Frames(app).fresh()
    frames = Frames(app)
    gate = hold_commits(app.store, monkeypatch)
    assert app.dispatch("add", {"amount": 2})
    app.step()  # the commit outlasts the grace: the frame drawn ahead is not shown
    assert app.saving_shown
    assert frames.drawn == 2
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert frames.shown[-1] == frames.fresh()
    assert frames.shown[-1] != before  # "Saving..." over the unchanged table
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert app.session.state.tallies == (2, 0) and not app.saving_shown
    assert frames.shown[-1] == frames.fresh()


def test_a_failed_commit_never_shows_the_move_drawn_ahead(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    before = Frames(app).fresh()
    frames = Frames(app)

    def full_card(game_id: int, entry: LogEntry) -> int:
        raise StoreError("The SD card is full.")

    monkeypatch.setattr(app.store, "append", full_card)
    assert app.dispatch("add", {"amount": 2})
    app.step()
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert app.banner is not None and "full" in app.banner.text
    assert frames.drawn == 2  # the frame drawn ahead was drawn again from the disk's state
    shown = frames.shown[-1]
    app.banner = None
    assert shown != before and frames.fresh() == before  # only the message is new


def test_input_while_the_move_is_in_flight_is_drawn_again(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    frames = Frames(app)
    gate = hold_commits(app.store, monkeypatch)
    assert app.dispatch("add", {"amount": 1})
    app.moves.draw_ahead_of_commit()
    assert app.dispatch("add", {"amount": 2})  # a second move voids the first frame ahead
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert app.session is not None and app.session.state.tallies == (1, 2)
    assert frames.shown[-1] == frames.fresh()


def test_with_saving_already_shown_a_move_in_flight_stays_off_the_screen(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    frames = Frames(app)
    gate = hold_commits(app.store, monkeypatch)
    assert app.dispatch("add", {"amount": 1})
    app.step()
    assert app.saving_shown
    assert app.dispatch("add", {"amount": 2})
    app.step()  # drawn ahead again; the disk still has neither move
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert frames.shown[-1] == frames.fresh()
    gate.open.set()
    app.settle(timeout=10)
    app.step()
    assert app.session.state.tallies == (1, 2)
    assert frames.shown[-1] == frames.fresh()


@pytest.mark.usefixtures("commits_within_grace")
def test_on_one_cpu_the_frame_is_drawn_once_the_move_is_on_disk(app: App) -> None:
    app.moves.draw_ahead = False
    frames = Frames(app)
    assert app.dispatch("add", {"amount": 2})
    app.step()
    assert app.session is not None and app.session.state.tallies == (2, 0)
    assert frames.drawn == 1 and frames.shown[-1] == frames.fresh()


def test_a_second_core_is_what_turns_drawing_ahead_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(moves.os, "sched_getaffinity", lambda pid: {1})
    assert not moves._spare_core()
    monkeypatch.setattr(moves.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert moves._spare_core()


@pytest.mark.usefixtures("commits_within_grace")
def test_a_touch_that_makes_a_move_lays_the_table_out_once(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """For the move in flight, in the frame drawn ahead: not first for the disk's state,
    which that frame does not show (it was a tenth of a millisecond before the frame)."""
    assert app.dispatch("add", {"amount": 1})
    app.settle()
    app.step()  # the undo button is there now
    states = []
    build = app.top.build

    def counting_build() -> None:
        states.append(app.session.state.tallies if app.session else None)
        build()

    monkeypatch.setattr(app.top, "build", counting_build)
    Driver(app).tap("undo")
    assert app.session is not None and app.session.state.tallies == (0, 0)
    assert states == [(0, 0)]  # laid out once, as if the undo were on disk


def test_an_intent_after_a_screen_change_meets_the_new_screen_s_buttons(app: App) -> None:
    """The layout comes before each intent, not after it: a second touch in the same step
    is matched against the screen the first one opened."""
    table = app.top
    app.deliver(Tap(table.button("menu").rect.center))
    menu = app.top
    assert menu is not table and not menu.buttons  # opened, laid out only when needed
    app.deliver(PointerDown((0, 0)))
    assert menu.buttons
