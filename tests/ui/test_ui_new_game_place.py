"""Where a game is played and a note, given at New game: optional, typed once, the last
place kept as the default and the last note offered again; no tap added when left alone."""

from __future__ import annotations

from ui_driver import Driver

from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.screens.new_game import NewGameScreen


def _new_game(app: App) -> Driver:
    app.go(places.Home())
    app.step()
    driver = Driver(app)
    driver.tap("new-game")
    assert isinstance(app.top, NewGameScreen)
    return driver


def test_place_and_note_typed_at_new_game_are_kept_and_offered_again(app: App) -> None:
    driver = _new_game(app)
    assert app.top.button("where").label == "Place and note"
    driver.name_players(["Livia", "Marcus"])
    driver.taps("where", "pick-~new")
    driver.type_text("club")
    driver.type_text("rainy night")  # the note: no earlier one, so the keyboard at once
    screen = app.top
    assert isinstance(screen, NewGameScreen)
    assert (screen.place, screen.note) == ("Club", "rainy night")
    assert screen.button("where").label == "Place: Club · rainy night"
    driver.tap("start")
    assert app.session is not None
    first = app.store.game(app.session.game_id)
    assert (first.place, first.note) == ("Club", "rainy night")
    assert app.store.edits(first.id) == []  # given at the start: not a correction
    app.close_session()  # the table walks away from it: still the last game

    # next time: the place stays as it was, the note is offered but not copied
    driver = _new_game(app)
    screen = app.top
    assert isinstance(screen, NewGameScreen)
    assert (screen.place, screen.note) == ("Club", None)
    driver.taps("same-again", "where", "pick-Club", "pick-rainy night")
    assert (screen.place, screen.note) == ("Club", "rainy night")
    driver.taps("where", "pick-~none", "pick-~none")
    assert (screen.place, screen.note) == (None, None)
    driver.tap("start")
    assert app.session is not None
    second = app.store.game(app.session.game_id)
    assert (second.place, second.note) == (None, None)


def test_left_alone_the_last_place_is_used_with_no_extra_tap(app: App) -> None:
    driver = _new_game(app)
    driver.name_players(["Livia", "Marcus"])
    driver.taps("where", "pick-~new")
    driver.type_text("club")
    driver.tap("key-done")  # no note
    driver.tap("start")
    assert app.session is not None
    app.close_session()  # the table walks away from it: still the last game
    driver = _new_game(app)
    driver.taps("same-again", "start")  # two taps, as before
    assert app.session is not None
    record = app.store.game(app.session.game_id)
    assert (record.place, record.note) == ("Club", None)
