"""Players remembered, by touch: rename a profile, merge two that are one person, undo."""

from __future__ import annotations

from ui_driver import Driver

from companion.history.corrections import reseat
from companion.history.stats import player_stats
from companion.log.entries import Profile, TagMeaning
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import demo_history
from companion.ui.screens.dialogs import MessageDialog
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


def test_a_seat_corrected_to_a_typed_name_can_be_merged_and_undone_in_order(app: App) -> None:
    """A name typed when correcting a seat becomes a profile, so the Players screen can
    merge it; the seat's correction then waits for the merge to be undone, and says so."""
    from companion.ui.screens.edit_game import EditGameScreen

    ids = demo_history(app.store)
    before = app.store.game(ids[0])
    first = before.players[0].name
    app.go(places.History())
    app.step()
    driver = Driver(app)
    driver.taps(f"game-{ids[0]}", "edit", "seat-0", "pick-")
    driver.type_text("Gaius")
    assert "Gaius" in {p.name for p in app.store.profiles(limit=50)}
    app.go(places.Players())
    app.step()
    driver.taps("name-Gaius", f"pick-{first}", "yes")  # Gaius was the first player after all
    assert app.store.game(ids[0]).players[0].name == first
    assert "Gaius" not in {p.name for p in app.store.profiles(limit=50)}
    app.go(places.History())
    app.step()
    driver.taps(f"game-{ids[0]}", "edit")
    driver.tap("undo-edit", allow_error=True)
    assert isinstance(app.top, EditGameScreen)
    assert app.banner is not None and app.banner.error and app.banner.text == (
        f"Undo 'Gaius is now {first}' first, on the Players screen: it was made later and "
        "changed the same players.")
    app.go(places.Players())
    app.step()
    driver.tap("undo-merge")
    app.go(places.History())
    app.step()
    driver.taps(f"game-{ids[0]}", "edit", "undo-edit")
    assert app.store.game(ids[0]) == before


def test_players_who_sat_at_one_game_are_never_offered_as_one_person(app: App) -> None:
    demo_history(app.store)  # Livia, Marcus and Julia played together
    app.store.save_profile(Profile("Livvy", "green", 1, None, 0.0, 0))
    app.go(places.Players())
    app.step()
    driver = Driver(app)
    driver.tap("name-Livia")
    picker = app.top
    assert picker.has_button("pick-Livvy") and picker.has_button("pick-~rename")
    assert not picker.has_button("pick-Marcus") and not picker.has_button("pick-Julia")
    driver.tap("pick-~rename")  # typed instead: refused, in words nobody must look up
    for _letter in "Livia":
        driver.tap("key-delete")
    driver.type_text("Marcus")
    notice = app.top
    assert isinstance(notice, MessageDialog) and "sat at the same game" in notice.text
    first_row = PlayersScreen(app)
    first_row.build()
    row = first_row.button(first_row.buttons[0].key).rect
    assert app.banner is None or not app.banner.rect.colliderect(row)
    driver.tap("ok")
    assert isinstance(app.top, PlayersScreen)
    assert {p.name for p in app.store.profiles()} >= {"Livia", "Marcus"}
