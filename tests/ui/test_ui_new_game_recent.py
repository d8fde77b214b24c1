"""Players remembered: recent players in one tap each, the last line-up in one tap."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from companion.games import get_rules
from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.screens.new_game import NewGameScreen

TABLE = (PlayerInfo("Livia", "green", 3), PlayerInfo("Marcus", "purple", 1),
         PlayerInfo("Julia", "orange", 2, token="04AABBCC"))


class CountingDriver(Driver):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.count = 0

    def tap(self, key: str, allow_error: bool = False) -> None:
        self.count += 1
        super().tap(key, allow_error)


def _played_before(app: App, options: dict[str, object] | None = None) -> None:
    GameSession.create(app.store, "ave-roma", TABLE, options or {}).abandon()
    GameSession.create(app.store, "via-romana", TABLE, options or {})


def test_three_recent_players_start_in_at_most_six_taps(app: App) -> None:
    _played_before(app)
    app.go(places.Home())
    app.step()
    driver = CountingDriver(app)
    driver.taps("new-game", "recent-Livia", "recent-Marcus", "recent-Julia", "start")
    assert driver.count <= 6
    assert app.top.name == "table" and app.session is not None
    players = app.session.players
    assert [(p.name, p.colour, p.seat) for p in players] == [
        ("Livia", "green", 3), ("Marcus", "purple", 1), ("Julia", "orange", 2)]
    assert players[2].token == "04AABBCC"  # the token comes with the player
    assert app.session.rules.key == "via-romana"  # the last game played is offered first


def test_typing_three_names_took_many_more_taps(app: App) -> None:
    """The way without remembered players, for comparison: every letter is a tap."""
    app.go(places.Home())
    app.step()
    driver = CountingDriver(app)
    driver.tap("new-game")
    driver.name_players(["Livia", "Marcus", "Julia"])
    driver.tap("start")
    assert app.top.name == "table"
    print("taps without remembered players:", driver.count)
    assert driver.count >= 20


def test_the_last_line_up_and_options_in_one_tap(app: App) -> None:
    _played_before(app, {"castles_per_player": 4})
    app.go(places.Home())
    app.step()
    driver = CountingDriver(app)
    driver.taps("new-game", "same-again", "start")
    assert driver.count == 3
    assert app.session is not None
    assert app.session.players == TABLE
    assert app.session.record.options["castles_per_player"] == 4


def test_a_chip_tapped_again_takes_the_player_off_and_nothing_moves(app: App) -> None:
    _played_before(app)
    app.go(places.NewGame())
    app.step()
    screen = app.top
    assert isinstance(screen, NewGameScreen)
    chips = {b.key: b.rect.copy() for b in screen.buttons if b.key.startswith("recent-")}
    assert set(chips) == {"recent-Livia", "recent-Marcus", "recent-Julia"}
    driver = Driver(app)
    driver.tap("recent-Marcus")
    assert screen.button("recent-Marcus").selected
    assert {b.key: b.rect for b in screen.buttons if b.key.startswith("recent-")} == chips
    driver.tap("recent-Marcus")
    assert not screen.button("recent-Marcus").selected
    assert [row.name for row in screen.players] == ["", ""]


def test_a_usual_colour_taken_by_someone_else_is_not_stolen(app: App) -> None:
    _played_before(app)
    app.go(places.NewGame())
    app.step()
    screen = app.top
    assert isinstance(screen, NewGameScreen)
    screen.players[0].name = "Ana"
    screen.players[0].colour = "green"  # Livia's usual colour
    app.invalidate()
    Driver(app).tap("recent-Livia")
    assert screen.players[1].name == "Livia" and screen.players[1].colour != "green"


def test_profiles_can_change_colour_drop_a_token_or_be_forgotten(app: App) -> None:
    _played_before(app)
    app.go(places.Settings())
    app.step()
    driver = Driver(app)
    driver.tap("players")
    assert app.top.name == "players"
    driver.tap("colour-Livia")
    livia = next(p for p in app.store.profiles() if p.name == "Livia")
    assert livia.colour == "yellow"  # the next colour of the palette after green
    driver.tap("token-Julia")
    assert next(p for p in app.store.profiles() if p.name == "Julia").token is None
    assert not app.top.button("token-Julia").enabled
    driver.tap("forget-Marcus")
    assert sorted(p.name for p in app.store.profiles()) == ["Julia", "Livia"]
    game = app.store.unfinished_games()[0]
    assert "Marcus" in [p.name for p in game.players]  # their games stay


def test_a_full_history_says_so_before_a_new_game_starts(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.ui.demo import demo_history

    demo_history(app.store, start=1_760_000_000.0)
    monkeypatch.setattr("companion.log.limits.MAX_HISTORY", app.store.finished_count())
    app.go(places.NewGame())
    app.step()
    Driver(app).taps("same-again")
    Driver(app).tap("start", allow_error=True)
    assert app.session is None and app.top.name == "new-game"  # nothing started
    assert app.banner is not None and "as many as it keeps" in app.banner.text
    assert app.store.unfinished_game() is None and app.store.finished_count() == 3


def test_same_as_last_time_on_a_games_tab_keeps_that_game(app: App) -> None:
    ave = (PlayerInfo("Anna", "red", 1), PlayerInfo("Bruno", "blue", 2))
    GameSession.create(app.store, "ave-roma", ave)  # the last Ave Roma
    GameSession.create(app.store, "glory-to-rome", TABLE)  # the last game of all
    app.go(places.Home())
    app.step()
    driver = Driver(app)
    driver.taps("new-game", "game-ave-roma", "same-again")
    screen = app.top
    assert isinstance(screen, NewGameScreen) and screen.game == "ave-roma"
    assert [(row.name, row.colour) for row in screen.players] == [("Anna", "red"),
                                                                  ("Bruno", "blue")]
    driver.tap("start")
    assert app.session is not None and app.session.rules.key == "ave-roma"
    assert [p.name for p in app.session.players] == ["Anna", "Bruno"]


def test_same_as_last_time_on_a_game_never_played_takes_the_line_up_only(app: App) -> None:
    GameSession.create(app.store, "glory-to-rome", TABLE)
    app.go(places.Home())
    app.step()
    driver = Driver(app)
    driver.taps("new-game", "game-via-romana", "same-again")
    screen = app.top
    assert isinstance(screen, NewGameScreen) and screen.game == "via-romana"
    assert [row.name for row in screen.players] == ["Livia", "Marcus", "Julia"]
    assert screen.options == get_rules("via-romana").default_options()
