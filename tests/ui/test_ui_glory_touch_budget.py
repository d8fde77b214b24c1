"""The tap budget of a typical 3-player Glory to Rome Architect turn, counted by touch
(at most 7; 16 at 800x480 and 15 at 720x1280 on the text table before).

The turn: the Leader leads Architect, one player follows, one Thinks and refills, the
Leader adds two materials (one action plus an Architect client) and the follower lays a
foundation. Every touch is injected as a real FINGERDOWN/FINGERUP and counted.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from glory_support import open_table  # noqa: E402

from companion.core.events import ButtonPress  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
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


def press_seat(app: App, seat: int, long: bool = False) -> None:
    """A player's physical seat button (no screen touch)."""
    app.inputs.put(ButtonPress(f"seat{seat}", long=long))
    app.step()
    app.settle()


def test_typical_architect_turn_takes_seven_touches(app: App) -> None:
    """16 touches at 800x480 and 15 at 720x1280 on the text table; now 7 at both sizes.

    Ben follows with a short press of his seat button and Cato Thinks with a long press:
    two button presses, no screen touch for either choice.
    """
    session = before_the_typical_turn(app)
    driver = open_table(app, session)
    driver.tap("move-lead-architect")  # 1
    press_seat(app, 2)  # Ben follows
    press_seat(app, 3, long=True)  # Cato Thinks: the hand his last refill left him offered
    assert app.top.name == "number"
    driver.tap("done")  # 2: the 5 cards his refill gave him, at the limit: he draws one
    assert session.actions[-1].payload == {"option": "draw_one", "hand": 5}
    driver.taps("move-material-Temple", "move-material-Temple")  # 3, 4
    driver.taps("move-foundation", "pick-concrete", "pick-Wall")  # 5, 6, 7
    state = session.state
    assert state.turn == 8 and state.players[0].building("Temple").materials == 2
    assert state.players[1].building("Wall") is not None
    assert [a.type for a in session.actions[-6:]] == [
        "lead", "follow", "think", "add_material", "add_material", "lay_foundation"]
    assert driver.touches == 7
