"""History, a finished game's scoreboard and replay, stats, and the USB export button."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_driver import Driver

from companion.system.usb import mounted_sticks
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import demo_history
from companion.ui.screens.replay import ReplayScreen
from companion.ui.screens.scoreboard import ScoreboardScreen
from companion.ui.screens.stats import PlayerStatsScreen, StatsScreen


def test_history_opens_a_game_and_replays_it_move_by_move(app: App) -> None:
    ids = demo_history(app.store)
    app.go(places.Home())
    app.step()
    driver = Driver(app)
    driver.taps("history", f"game-{ids[0]}")
    board = app.top
    assert isinstance(board, ScoreboardScreen)
    assert set(board.times) == {"Livia", "Marcus", "Julia"}
    driver.tap("replay")
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    total = len(replay.replay.moves)
    assert replay.replay.position == 0 and total > 5
    before = replay.state
    driver.tap("next")
    assert replay.replay.position == 1 and replay.state is not before
    driver.tap("end")
    assert replay.replay.position == total
    assert replay.session.rules.is_over(replay.state)
    assert not replay.button("next").enabled
    driver.tap("previous")
    assert replay.replay.position == total - 1
    assert app.store.game(ids[0]).status == "finished"  # watching records nothing
    assert len(app.store.log(ids[0])) == total
    driver.tap("back")
    assert isinstance(app.top, ScoreboardScreen)
    driver.tap("done")
    assert app.top.name == "history"


def test_stats_per_player_and_per_game(app: App) -> None:
    demo_history(app.store)
    app.go(places.History())
    app.step()
    driver = Driver(app)
    driver.tap("stats")
    screen = app.top
    assert isinstance(screen, StatsScreen)
    # the demo evening: the same moves three times, the players one seat further round
    assert [(s.name, s.games, s.wins, s.games_timed) for s in screen.players] == [
        ("Julia", 3, 1, 3), ("Livia", 3, 1, 3), ("Marcus", 3, 1, 3)]
    marcus = screen.players[2]
    scores = [next(p["total"] for p in r.result["players"] if p["name"] == "Marcus")
              for r in app.store.finished_games() if r.result]
    assert marcus.best == max(scores) and marcus.average == sum(scores) / 3
    driver.tap("filter-ave-roma")
    assert isinstance(app.top, StatsScreen) and app.top.players == []
    driver.tap("filter-all")
    driver.tap("player-Livia")
    player = app.top
    assert isinstance(player, PlayerStatsScreen)
    assert player.overall is not None and player.overall.games == 3
    assert [key for key, _stats in player.per_game] == ["glory-to-rome"]
    assert len(player.last_games) == 3


def _stick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A folder standing in for a mounted stick, and a mount table that lists it."""
    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n"
                      f"/dev/sda1 {stick} vfat rw,nosuid 0 0\n")
    monkeypatch.setattr("companion.system.usb.MOUNT_ROOTS", (f"{tmp_path}/media/",))
    return stick, mounts


def test_the_usb_button_shows_only_with_a_stick(app: App, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    demo_history(app.store)
    stick, mounts = _stick(tmp_path, monkeypatch)
    app.usb_mounts = str(tmp_path / "no-mounts")
    app.go(places.History())
    app.step()
    assert not app.top.has_button("export-usb")
    app.usb_mounts = str(mounts)
    app.go(places.History())
    app.step()
    assert app.top.has_button("export-usb")
    assert mounted_sticks(str(mounts)) == [stick]


def test_the_export_button_writes_all_three_files(app: App, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    demo_history(app.store)
    stick, mounts = _stick(tmp_path, monkeypatch)
    app.usb_mounts = str(mounts)
    app.go(places.History())
    app.step()
    Driver(app).tap("export-usb")
    files = sorted(p.name for p in stick.iterdir())
    assert [name.split(".", 1)[1] for name in files] == ["bgstats.json", "csv", "json"]
    exported = json.loads(next(stick.glob("*[0-9].json")).read_text())
    assert len(exported["games"]) == 3
    assert app.banner is not None and not app.banner.error and "3 games" in app.banner.text


def test_sticks_are_read_from_the_mount_table(tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 /media/pi/MY\\040STICK vfat rw 0 0\n"
                      "/dev/sdb1 /media/pi/RO vfat ro 0 0\n"
                      "/dev/sdc1 /home ext4 rw 0 0\n")
    assert mounted_sticks(str(mounts)) == []  # not writable here: the folders do not exist
    assert mounted_sticks(str(tmp_path / "missing")) == []


@pytest.mark.parametrize("zone", ["Etc/GMT+12", "Pacific/Kiritimati"])
def test_history_shows_the_earliest_and_latest_dates_the_rules_allow(
        app: App, monkeypatch: pytest.MonkeyPatch, zone: str) -> None:
    """A game at either end of what every way in accepts opens, in the zones furthest
    west and east of UTC (a year-1 date once broke this screen: "year 0 is out of range")."""
    import time

    from companion.history.exchange import export_text, import_text
    from companion.log.limits import EARLIEST, LATEST

    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        players = [{"name": "Livia", "colour": "red", "seat": 1},
                   {"name": "Marcus", "colour": "blue", "seat": 2}]
        games = [{"game": "ave-roma", "created": created, "ended": ended, "players": players,
                  "result": {"players": [{"name": "Livia", "total": 9, "breakdown": {}},
                                         {"name": "Marcus", "total": 3, "breakdown": {}}],
                             "winners": ["Livia"], "explanation": ""}, "log": []}
                 for created, ended in ((EARLIEST, EARLIEST + 60), (LATEST - 60, LATEST))]
        assert import_text(app.store, json.dumps(
            {"format": "companion-games", "version": 1, "games": games})) == (2, 0)
        ids = sorted(r.id for r in app.store.finished_games())
        app.go(places.Home())
        app.step()
        driver = Driver(app)
        driver.tap("history")
        for game_id in ids:
            driver.tap(f"game-{game_id}")
            assert isinstance(app.top, ScoreboardScreen)
            driver.tap("done")
            assert app.top.name == "history"
        driver.tap("stats")
        assert isinstance(app.top, StatsScreen)
        assert app.errors == 0
        for fmt in ("json", "csv", "bgstats"):
            assert export_text(app.store, fmt)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
