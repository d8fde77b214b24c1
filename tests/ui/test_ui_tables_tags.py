"""The tag enrolment prompt's city-marker choices: from the loaded Via Romana board while
a game of it is on, else the shipped map's colours (with their translated names)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import Driver, make_app  # noqa: E402

from companion.core.events import TagArrived  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screens.tag_enrol import CITY_MARKER_COLOURS  # noqa: E402
from companion.ui.theme import colour_names  # noqa: E402

BOARD = """
name = "Two provinces"
symbols = ["eagle", "helmet"]
base_value = 1
signposts = 1

[[province]]
name = "Belgica"
colour = "Blue"

[[province]]
name = "Raetia"
colour = "teal"

[[city]]
name = "Alpha"
colour = "blue"
symbol = "eagle"
markers = [5, 2]

[[city]]
name = "Beta"
colour = "teal"
symbol = "helmet"
markers = [3]

[[road]]
cities = ["Alpha", "Beta"]
spaces = 1
"""

UID = "04C0FFEE112233"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path, (800, 480))
    yield app
    app.store.close()
    pygame.display.quit()


def offer_marker(app: App) -> Driver:
    app.inputs.put(TagArrived("table", UID))
    app.step()
    app.settle()
    driver = Driver(app)
    driver.tap("vr-city-marker")
    return driver


def pick_keys(app: App) -> set[str]:
    return {b.key for b in app.top.buttons if b.key.startswith("pick-")}


def test_marker_colours_and_values_come_from_the_loaded_board(app: App,
                                                              tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text(BOARD, encoding="utf-8")
    players = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2))
    session = GameSession.create(app.store, "via-romana", players,
                                 {"board_file": str(board), "starting_castles": 1})
    app.start_session(session)
    app.step()
    driver = offer_marker(app)
    assert pick_keys(app) == {"pick-blue", "pick-teal"}
    assert app.top.button("pick-blue").label == "blue (Belgica)"
    assert app.top.button("pick-teal").label == "teal (Raetia)"
    driver.tap("pick-blue")
    assert pick_keys(app) == {"pick-2", "pick-5"}  # the values Alpha's stack starts with
    driver.tap("pick-5")
    meaning = app.store.tag_meaning(UID)
    assert meaning is not None
    assert (meaning.kind, meaning.value) == ("vr-city-marker", "blue:5")


def test_without_a_via_romana_game_the_shipped_colours_are_offered(app: App) -> None:
    driver = offer_marker(app)
    assert pick_keys(app) == {f"pick-{c}" for c in CITY_MARKER_COLOURS}
    names = colour_names()
    for colour in ("grey", "violet"):
        assert app.top.button(f"pick-{colour}").label == names[colour] == colour
    driver.taps("pick-violet", "pick-4")
    meaning = app.store.tag_meaning(UID)
    assert meaning is not None and meaning.value == "violet:4"
    assert meaning.label == "city marker violet 4"
