"""The tap budget of a typical 3-player Glory to Rome Architect turn, counted by touch
(at most 7 by the screen alone; 16 at 800x480 and 15 at 720x1280 on the text table before).

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
from companion.ui.numpad import NumberDialog  # noqa: E402

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


def test_typical_architect_turn_takes_six_touches(app: App) -> None:
    """16 touches at 800x480 and 15 at 720x1280 on the text table; 7 at both sizes with a
    foundation's material asked; now 6.

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
    driver.taps("move-foundation", "pick-Wall")  # 5, 6: the Wall names its material
    state = session.state
    assert state.turn == 8 and state.players[0].building("Temple").materials == 2
    assert state.players[1].building("Wall") is not None
    assert [a.type for a in session.actions[-6:]] == [
        "lead", "follow", "think", "add_material", "add_material", "lay_foundation"]
    assert driver.touches == 6


def before_the_screen_turn(app: App) -> GameSession:
    """Ana holds an Architect client and a Temple foundation, Ben a Wall foundation, and
    Cato's hand is down to 4: dealt 5, one drawn by Thinking, a role card followed with
    and one led since."""
    session = GameSession.create(app.store, "glory-to-rome", THREE, {})
    session.dispatch("lead", {"role": "craftsman"}, 0)  # turn 1: Ana leads
    session.dispatch("follow", {}, 1)
    session.dispatch("think", {"option": "draw_one", "hand": 5}, 2)
    session.dispatch("lay_foundation", {"building": "Temple"}, 0)
    session.dispatch("lay_foundation", {"building": "Wall"}, 1)
    session.dispatch("lead", {"role": "patron"}, 1)  # turn 2: Ben leads
    session.dispatch("follow", {}, 2)
    session.dispatch("follow", {}, 0)
    for seat, role in ((1, "merchant"), (2, "laborer"), (0, "architect")):
        session.dispatch("hire_client", {"role": role}, seat)
    session.dispatch("lead", {"role": "laborer"}, 2)  # turn 3: Cato leads
    for seat in (0, 1):
        session.dispatch("think", {"option": "refill", "hand": 3}, seat)
    while session.state.phase == "actions":
        session.dispatch("done", {}, session.state.acting)
    assert session.state.leader == 0 and session.state.turn == 4
    return session


def test_architect_turn_by_screen_alone_takes_seven_taps(app: App) -> None:
    """Lead Architect, one follows, one Thinks, the Leader adds a material and lays a
    foundation, the follower adds one: every choice tapped on the screen (9 taps before:
    Think was the number then Done, a foundation its material then its building)."""
    session = before_the_screen_turn(app)
    driver = open_table(app, session)
    driver.tap("move-lead-architect")
    driver.tap("move-follow")  # Ben
    think = app.top.button("move-think-hand")
    assert "4" in think.label  # dealt 5, +1 drawn, -1 followed with, -1 led
    driver.tap("move-think-hand")  # Cato: 4 in hand, below the limit: he refills
    assert session.actions[-1].payload == {"option": "refill", "hand": 4}
    driver.tap("move-material-Temple")  # Ana's first action
    driver.taps("move-foundation", "pick-Aqueduct")  # her client's: concrete, in town
    driver.tap("move-material-Wall")  # Ben's
    state = session.state
    assert state.turn == 5
    assert state.players[0].building("Temple").materials == 1
    aqueduct = state.players[0].building("Aqueduct")
    assert aqueduct is not None and aqueduct.material == "concrete"
    assert state.players[1].building("Wall").materials == 1
    assert driver.touches <= 7, driver.touches


def test_a_first_think_offers_the_dealt_hand(app: App) -> None:
    """Before anyone has Thought, the dialog offers the hand dealt at set-up less the
    role card just played (none for a follower who Thinks instead)."""
    session = GameSession.create(app.store, "glory-to-rome", THREE, {})
    driver = open_table(app, session)
    driver.tap("move-lead-architect")
    driver.tap("move-think")  # Ben: the dialog, for a Jack or another count
    dialog = app.top
    assert isinstance(dialog, NumberDialog) and dialog.digits == "5"
    driver.tap("done")
    assert session.actions[-1].payload == {"option": "draw_one", "hand": 5}
