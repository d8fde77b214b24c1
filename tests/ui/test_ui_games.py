"""A whole game of each title, from set-up to the scoreboard, by injected touch events only."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from ui_driver import Driver  # noqa: E402

from companion.ui.app_loop import App  # noqa: E402

TINY_BOARD = """
name = "Test strip"
symbols = ["eagle", "helmet"]
base_value = 1
signposts = 1

[[province]]
name = "Belgica"
colour = "blue"

[[city]]
name = "Alpha"
colour = "blue"
symbol = "eagle"
markers = [3]

[[city]]
name = "Beta"
colour = "blue"
symbol = "helmet"
markers = [2]

[[road]]
cities = ["Alpha", "Beta"]
spaces = 1
"""




def logged_types(app: App, game_id: int) -> list[str]:
    return [e.action.type for e in app.store.log(game_id) if e.action is not None]


def enter_endgame(driver: Driver, values: dict[str, int]) -> None:
    for key, value in values.items():
        driver.tap(f"field-{key}")
        driver.number(value)
    driver.tap("score")


def test_glory_to_rome_whole_game(app: App) -> None:
    driver = Driver(app)
    driver.tap("new-game")
    driver.tap("game-glory-to-rome")
    driver.name_players(["Ana", "Ben"])
    driver.tap("start")
    session = app.session
    assert session is not None and [p.name for p in session.players] == ["Ana", "Ben"]
    game_id = session.game_id

    driver.taps("move-lead-architect", "move-follow")
    driver.taps("move-foundation", "pick-Wall")
    # undo and redo by touch: the foundation comes and goes
    driver.tap("undo")
    assert session.state.players[0].buildings == ()
    driver.tap("redo")
    assert session.state.players[0].buildings[0].name == "Wall"
    driver.taps("move-foundation", "pick-Statue", "pick-marble")
    # Ben leads next and Thinks (refill from 3 cards): the turn ends at once
    driver.tap("move-think")
    driver.number_dialog(3)
    assert session.actions[-1].payload == {"option": "refill", "hand": 3}
    driver.taps("move-lead-merchant", "move-follow")
    driver.taps("move-vault", "pick-stone", "move-vault", "pick-rubble")
    assert len(session.state.players[0].vault) == 1
    # a refused move is shown in words and records nothing
    before = len(session.actions)
    driver.tap("menu")
    driver.tap("end-game")
    driver.tap("pick-forum")
    driver.tap("pick-0", allow_error=True)
    assert app.banner is not None and app.banner.error
    assert len(session.actions) == before
    assert app.top.name == "pick"  # the refused form is open again at the step
    driver.tap("cancel")
    driver.taps("menu", "end-game", "pick-concede")
    assert session.rules.is_over(session.state)
    driver.tap("move-final-scoring")
    assert app.top.name == "endgame-entry"
    enter_endgame(driver, {"0.hand": 2, "1.hand": 4})
    assert app.top.name == "scoreboard"

    record = app.store.game(game_id)
    assert record.status == "finished"
    # Ana: influence 2 + stone 3 + merchant bonus 3; Ben: 2 + rubble 1 + bonus 3
    assert record.result is not None and record.result["winners"] == ["Ana"]
    assert [p["total"] for p in record.result["players"]] == [8, 6]
    assert logged_types(app, game_id) == [
        "lead", "follow", "lay_foundation", "lay_foundation", "think", "lead", "follow",
        "vault", "vault", "end_game"]
    driver.tap("done")
    driver.tap("history")
    assert app.top.has_button(f"game-{game_id}")
    driver.tap(f"game-{game_id}")
    assert app.top.name == "scoreboard"
    assert {"home", "new-game", "keyboard", "table", "pick", "number", "choice",
            "endgame-entry", "scoreboard", "history"} <= driver.seen


def test_ave_roma_whole_game(app: App) -> None:
    driver = Driver(app)
    driver.tap("new-game")
    driver.tap("game-ave-roma")
    driver.name_players(["Ana", "Ben"])
    driver.taps("option-tracking", "pick-full")
    driver.tap("start")
    session = app.session
    assert session is not None
    assert session.record.options["tracking"] == "full"
    game_id = session.game_id
    driver.taps("move-choose_start", "pick-wood", "pick-wine")
    driver.taps("move-choose_start", "pick-stone", "pick-ore")
    assert session.state.phase == "action"
    # Ana sends worker 1 to the Quaestor: 2 coins
    driver.taps("worker-1", "move-space-quaestor")
    assert session.state.seats[0].coins == 5
    driver.taps("menu", "pass", "menu", "pass")
    assert session.state.phase == "refill"
    driver.taps("menu", "row", "pick-senatus", "yes")
    assert session.state.phase == "final"
    assert app.prompts and "cannot be refilled" in app.prompts[0]
    driver.touch(app.prompt_rect.center)  # the table has read it
    assert not app.prompts
    driver.taps("menu", "pass", "menu", "pass")
    assert session.rules.is_over(session.state)
    driver.tap("move-final-scoring")
    enter_endgame(driver, {"0.patron_vp": 0, "1.patron_vp": 2})
    record = app.store.game(game_id)
    assert record.status == "finished" and record.result is not None
    # Ana: 5 coins -> 1, 4 resources + 2 surplus -> 2; Ben: 0 + 2 + patrons 2
    assert record.result["winners"] == ["Ben"]
    assert [p["total"] for p in record.result["players"]] == [4, 3]
    assert logged_types(app, game_id) == [
        "choose_start", "choose_start", "place", "pass", "pass", "row_not_refilled", "pass",
        "pass"]
    assert {"table", "pick", "endgame-entry", "scoreboard"} <= driver.seen


def test_via_romana_whole_game(app: App) -> None:
    board_dir = tempfile.mkdtemp(prefix="vr")
    board = Path(board_dir) / "board.toml"
    board.write_text(TINY_BOARD, encoding="utf-8")
    driver = Driver(app)
    driver.tap("new-game")
    driver.tap("game-via-romana")
    driver.name_players(["Ana", "Ben"])
    driver.taps("option-board_file", "pick-__type__")
    for char in str(board):
        driver.tap(f"key-{char}")
    driver.tap("key-done")
    driver.taps("option-starting_castles", "pick-1")
    driver.tap("start")
    session = app.session
    assert session is not None
    assert session.record.options["board_file"] == str(board)
    game_id = session.game_id
    driver.taps("city-0", "city-1")  # starting castles: a tap on each city of the map
    driver.taps("road-0", "card-blue")
    assert session.state.pending
    driver.taps("move-pick-0", "pick-Alpha")
    driver.taps("move-end_turn", "move-end_turn")
    assert session.rules.is_over(session.state)
    driver.tap("move-final-scoring")
    entry = app.top
    assert entry.name == "endgame-entry"
    driver.tap("score")
    record = app.store.game(game_id)
    assert record.status == "finished" and record.result is not None
    # Ana: marker 3 + castle at Alpha (stack empty: base value 1) + eagle 2;
    # Ben: castle at Beta with marker 2 still beside it
    assert record.result["winners"] == ["Ana"]
    assert logged_types(app, game_id) == [
        "start_castle", "start_castle", "milestone_road", "pick_marker", "end_turn", "end_turn"]
    assert app.top.name == "scoreboard"
