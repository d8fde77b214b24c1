"""The tap budget of a typical 3-player Glory to Rome Architect turn, counted by touch.

The turn: the Leader leads Architect, one player follows, one Thinks and refills, the
Leader adds two materials (one action plus an Architect client) and the follower lays a
foundation. Every touch is injected as a real FINGERDOWN/FINGERUP and counted.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from glory_support import open_table  # noqa: E402

from companion.games.base import PlayerInfo  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402

THREE = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2),
         PlayerInfo("Cato", "green", 3))


def before_the_typical_turn(app: App) -> GameSession:
    """Ana has a Temple foundation and an Architect client, and leads again."""
    session = GameSession.create(app.store, "glory-to-rome", THREE, {})
    session.dispatch("lead", {"role": "craftsman"}, 0)
    for seat in (1, 2):
        session.dispatch("think", {"option": "draw_one", "hand": 5}, seat)
    session.dispatch("lay_foundation", {"building": "Temple"}, 0)
    for leader in (1, 2):
        session.dispatch("think", {"option": "refill", "hand": 3}, leader)
    session.dispatch("lead", {"role": "patron"}, 0)
    for seat in (1, 2):
        session.dispatch("think", {"option": "draw_one", "hand": 5}, seat)
    session.dispatch("hire_client", {"role": "architect"}, 0)
    for leader in (1, 2):
        session.dispatch("think", {"option": "refill", "hand": 4}, leader)
    assert session.state.leader == 0
    return session


def test_typical_architect_turn_touches(app: App) -> None:
    session = before_the_typical_turn(app)
    driver = open_table(app, session)
    driver.tap("move-lead-architect")
    driver.tap("move-follow")
    driver.taps("move-think", "pick-refill")
    driver.number_dialog(3)
    for _material in range(2):
        driver.taps("move-material", "pick-Temple")
    driver.taps("move-foundation", "pick-Wall", "pick-in")
    state = session.state
    assert state.turn == 8 and state.players[0].building("Temple").materials == 2
    assert state.players[1].building("Wall") is not None
    # the building list pages on the small screen: one more touch to find the Wall
    assert driver.touches == {800: 16, 720: 15}[app.metrics.width]
