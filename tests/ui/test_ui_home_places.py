"""Home: New game, History and Settings stay where they are however many games wait."""

from __future__ import annotations

from ui_driver import Driver

from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.ui import places
from companion.ui.app_loop import App

TABLE = (PlayerInfo("Livia", "green", 1), PlayerInfo("Marcus", "purple", 2))


def test_a_second_paused_game_moves_no_fixed_button(app: App) -> None:
    GameSession.create(app.store, "ave-roma", TABLE)
    app.go(places.Home())
    app.step()
    fixed = {key: app.top.button(key).rect.copy() for key in ("new-game", "history",
                                                             "settings")}
    GameSession.create(app.store, "via-romana", TABLE)
    app.go(places.Home())
    app.step()
    home = app.top
    assert home.has_button("resume") and len([b for b in home.buttons
                                              if b.key.startswith("resume")]) == 2
    assert {key: home.button(key).rect for key in fixed} == fixed
    for button in home.buttons:  # each a finger tall
        assert button.rect.height >= app.metrics.unit * 0.9, button.key
    Driver(app).touch(fixed["settings"].center)  # where Settings was a game ago
    assert app.top.name == "settings"


def test_a_third_paused_game_is_picked_behind_the_newest(app: App) -> None:
    first = GameSession.create(app.store, "ave-roma", TABLE)
    for game in ("via-romana", "glory-to-rome"):
        GameSession.create(app.store, game, TABLE)
    app.go(places.Home())
    app.step()
    driver = Driver(app)
    assert app.top.button("resume").label == "Resume Glory to Rome"
    if app.top.has_button(f"resume-{first.game_id}"):  # three side by side
        driver.tap(f"resume-{first.game_id}")
    else:
        driver.taps("resume-other", f"pick-{first.game_id}")
    assert app.session is not None and app.session.game_id == first.game_id
