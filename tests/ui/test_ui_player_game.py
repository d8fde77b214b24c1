"""A player's detail at one game, opened by touch from their stats, and after an edit."""

from __future__ import annotations

from ui_driver import Driver

from companion.history.corrections import correct_score, give_tie
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import demo_history
from companion.ui.screens.player_game import PlayerGameScreen
from companion.ui.screens.stats import PlayerStatsScreen


def test_player_game_detail_by_touch_follows_an_edit(app: App) -> None:
    ids = demo_history(app.store)
    app.go(places.History())
    app.step()
    driver = Driver(app)
    driver.taps("stats", "player-Livia", "game-glory-to-rome")
    screen = app.top
    assert isinstance(screen, PlayerGameScreen)
    detail = screen.detail
    assert sum(games for games, _wins in detail.seats.values()) == 3
    assert sum(wins for _games, wins in detail.seats.values()) == 1
    assert sorted(r.name for r in detail.rivals) == ["Julia", "Marcus"]
    assert sum(r.games for r in detail.rivals) == 6
    assert screen.winning > 0 and list(screen.lengths) == [3]
    driver.tap("back")
    assert isinstance(app.top, PlayerStatsScreen)
    # a game Livia lost, given to her as a tie: her wins and streak follow
    lost = next(i for i in ids if "Livia" not in (app.store.game(i).result or {})["winners"])
    result = app.store.game(lost).result or {}
    mine = next(p for p in result["players"] if p["name"] == "Livia")
    first = result["players"][0]
    part = next(iter(mine["breakdown"]))
    correct_score(app.store, lost, "Livia", part,
                  mine["breakdown"][part] + first["total"] - mine["total"])
    give_tie(app.store, lost, "Livia")
    driver.tap("game-glory-to-rome")
    after = app.top
    assert isinstance(after, PlayerGameScreen)
    assert sum(wins for _games, wins in after.detail.seats.values()) == 2
    assert after.detail.longest_wins >= 1
