"""Time on turn: stretches from whose-turn changes, saved, shown; the gentle reminder."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.log.turn_clock import TurnClock, format_duration
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.screens.scoreboard import ScoreboardScreen

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_change_of_turn_closes_the_stretch() -> None:
    clock = TurnClock()
    assert clock.observe(1, 0, 100.0) is None
    assert clock.observe(1, 0, 130.0) is None  # still Livia
    stretch = clock.observe(1, 1, 160.0)
    assert stretch is not None and (stretch.player, stretch.seconds) == (0, 60.0)
    left = clock.stop(200.0)
    assert left is not None and (left.player, left.seconds) == (1, 40.0)
    assert clock.stop(210.0) is None  # nobody on turn while away from the table


def test_durations_read_as_minutes_and_hours() -> None:
    assert format_duration(65) == "1:05"
    assert format_duration(3909) == "1:05:09"


def test_time_on_turn_is_recorded_and_shown_on_the_scoreboard(
        app: App, counter_game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeClock()
    monkeypatch.setattr("companion.ui.turn_time.time.time", fake)
    session = GameSession.create(app.store, counter_game, PLAYERS, {})
    app.start_session(session)
    app.step()
    fake.now += 30  # Livia thinks for half a minute
    assert app.dispatch("add", {"amount": 2}, 0)
    app.settle()
    fake.now += 90  # Marcus for a minute and a half
    assert app.dispatch("add", {"amount": 1}, 1)
    app.settle()
    fake.now += 10
    app.go(places.Home())  # the break is nobody's time
    fake.now += 600
    app.resume_game()
    fake.now += 20
    assert app.dispatch("end", {}, None)
    app.settle()
    assert app.time_on_turn(session.game_id, PLAYERS) == {"Livia": 60.0, "Marcus": 90.0}
    app.go(places.Endgame())
    app.step()
    Driver(app).tap("score")
    screen = app.top
    assert isinstance(screen, ScoreboardScreen)
    assert screen.times == {"Livia": 60.0, "Marcus": 90.0}


def test_a_gentle_reminder_after_the_time_the_table_set(
        app: App, counter_game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeClock()
    monkeypatch.setattr("companion.ui.turn_time.time.time", fake)
    app.store.set_table_setting("turn_reminder_minutes", 3)
    app.start_session(GameSession.create(app.store, counter_game, PLAYERS, {}))
    app.step()
    due = app.wake_at()
    assert due is not None  # the loop wakes for it: no polling
    fake.now += 100
    app.step()
    assert app.banner is None
    fake.now += 90
    app.step()
    assert app.banner is not None and not app.banner.error
    assert "Livia" in app.banner.text and "3 minutes" in app.banner.text
    app.banner = None
    fake.now += 500
    app.step()
    assert app.banner is None  # once per turn
