"""Players remembered, by touch: rename a profile, merge two that are one person, undo."""

from __future__ import annotations

from ui_driver import Driver

from companion.history.corrections import reseat
from companion.history.stats import player_stats
from companion.log.entries import Profile, TagMeaning
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import demo_history
from companion.ui.screens.players import PlayersScreen


def rename(driver: Driver, old: str, new: str) -> None:
    """Players > the name > Type a new name: the old one deleted, the new one typed."""
    driver.taps(f"name-{old}", "pick-~rename")
    for _letter in old:
        driver.tap("key-delete")
    driver.type_text(new)


def test_merge_by_touch_brings_plays_together_and_is_undone(app: App) -> None:
    ids = demo_history(app.store)
    record = app.store.game(ids[0])
    livia = [p.name for p in record.players].index("Livia")
    reseat(app.store, ids[0], livia, "Livvy")  # one game typed under another spelling
    app.store.save_profile(Profile("Livvy", "green", 1, "04BB", 0.0, 1))
    app.store.enrol_tag("04BB", TagMeaning("player", "Livvy", "Livvy"))
    before = app.store.finished_games()
    app.go(places.Players())
    app.step()
    driver = Driver(app)
    driver.taps("name-Livvy", "pick-Livia", "yes")
    assert isinstance(app.top, PlayersScreen)
    assert "Livvy" not in [p.name for p in app.store.profiles(limit=50)]
    stats = {s.name: s for s in player_stats(app.store.finished_games())}
    assert stats["Livia"].games == 3 and "Livvy" not in stats
    assert app.store.tag_meaning("04BB") == TagMeaning("player", "Livia", "Livia")
    livia_profile = next(p for p in app.store.profiles() if p.name == "Livia")
    assert livia_profile.token == "04BB" and livia_profile.colour != "green"
    driver.tap("undo-merge")
    assert app.store.finished_games() == before
    assert app.store.tag_meaning("04BB") == TagMeaning("player", "Livvy", "Livvy")
    assert not app.top.has_button("undo-merge")


def test_rename_by_touch(app: App) -> None:
    demo_history(app.store)
    app.go(places.Players())
    app.step()
    driver = Driver(app)
    rename(driver, "Marcus", "Marco")
    assert {p.name for p in app.store.profiles()} == {"Julia", "Livia", "Marco"}
    assert all("Marcus" not in [p.name for p in r.players]
               for r in app.store.finished_games())
    assert app.top.button("undo-merge").label == "Undo: Marcus is now Marco"
    driver.taps("name-Julia", "pick-~rename", "key-delete")
    driver.type_text("")
    assert app.top.button("undo-merge").label == "Undo: Julia is now Juli"
    driver.tap("undo-merge")
    assert app.top.button("undo-merge").label == "Undo: Marcus is now Marco"
    driver.tap("undo-merge")
    assert {p.name for p in app.store.profiles()} == {"Julia", "Livia", "Marcus"}
    assert not app.top.has_button("undo-merge")


def test_a_player_renamed_during_a_game_is_renamed_on_the_table(app: App) -> None:
    """The game on the table shows the new name, as the game read again from disk (a
    resume) does; before, the table kept the old one until the next start."""
    from companion.games.base import PlayerInfo
    from companion.log.session import GameSession

    players = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))
    session = GameSession.create(app.store, "glory-to-rome", players)
    app.start_session(session)
    app.step()
    app.go(places.Players())
    app.step()
    rename(Driver(app), "Marcus", "Marco")
    live = app.session
    assert live is not None
    assert [p.name for p in live.record.players] == ["Livia", "Marco"]
    from_disk = GameSession(app.store, app.store.game(live.game_id))
    assert from_disk.state == live.state
