"""Correcting a finished game on the screen, by touches: a number, the date, a seat, undo."""

from __future__ import annotations

from ui_driver import Driver

from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import demo_history
from companion.ui.screens.edit_game import EditGameScreen
from companion.ui.screens.scoreboard import ScoreboardScreen
from companion.ui.screens.stats import StatsScreen


def _open_edit(app: App) -> tuple[Driver, int]:
    ids = demo_history(app.store)
    app.go(places.History())
    app.step()
    driver = Driver(app)
    driver.taps(f"game-{ids[0]}", "edit")
    assert isinstance(app.top, EditGameScreen)
    return driver, ids[0]


def test_a_number_corrected_by_touch_rescores_and_is_undone(app: App) -> None:
    driver, game_id = _open_edit(app)
    before = app.store.game(game_id)
    assert before.result is not None
    last = before.result["players"][-1]
    position = [p.name for p in before.players].index(last["name"])
    part = next(iter(last["breakdown"]))
    driver.taps(f"score-{position}", f"pick-{part}")
    driver.number_dialog(last["breakdown"][part] + 50)
    screen = app.top
    assert isinstance(screen, EditGameScreen)
    after = app.store.game(game_id).result
    assert after is not None and after["winners"] == [last["name"]]
    assert after["players"][0]["total"] == last["total"] + 50
    assert screen.button(f"score-{position}").label.endswith(str(last["total"] + 50))
    assert len(screen.edits) == 1 and screen.button("undo-edit").enabled
    driver.tap("back")
    board = app.top
    assert isinstance(board, ScoreboardScreen) and board.result.winners == (last["name"],)
    driver.tap("done")
    driver.tap("stats")
    stats = app.top
    assert isinstance(stats, StatsScreen)
    assert next(s for s in stats.players if s.name == last["name"]).best \
        >= last["total"] + 50
    app.go(places.History())
    app.step()
    driver.taps(f"game-{game_id}", "edit", "undo-edit")
    assert app.store.game(game_id).result == before.result
    assert app.top.button("undo-edit").enabled is False


def test_date_seat_and_place_corrected_by_touch(app: App) -> None:
    driver, game_id = _open_edit(app)
    before = app.store.game(game_id)
    driver.taps("date", "pick--1")
    assert app.store.game(game_id).created == before.created - 86400
    driver.taps("seat-0", "pick-")
    driver.type_text("Gaius")
    record = app.store.game(game_id)
    assert record.players[0].name == "Gaius"
    assert "Gaius" in {p["name"] for p in (record.result or {})["players"]}
    driver.taps("place", "pick-~new")
    driver.type_text("Ana")
    driver.type_text("Rain")
    record = app.store.game(game_id)
    assert (record.place, record.note) == ("Ana", "rain")
    # the place typed once is offered again
    driver.tap("place")
    assert app.top.has_button("pick-Ana")
    driver.tap("cancel")
    screen = app.top
    assert isinstance(screen, EditGameScreen) and len(screen.edits) == 3
    driver.taps("undo-edit", "undo-edit", "undo-edit")
    assert app.store.game(game_id) == before
