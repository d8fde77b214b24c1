"""The app's side of the store: one copy per folder, notices that stay, slow disks, shutdown."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from paths import REPO
from ui_driver import Driver, hold_commits, make_app

from companion.cli import build_parser
from companion.core.events import DeviceStatus
from companion.games.base import PlayerInfo
from companion.log import database as store_module
from companion.log.folder_lock import LOCK_NAME, AlreadyRunning, lock_data_folder
from companion.log.opening import Opened
from companion.log.session import MAX_PENDING, GameSession
from companion.log.store import Store
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.screens.dialogs import NoticeDialog

ROOT = REPO
PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


# -- one copy per data folder ----------------------------------------------------------


def test_the_folder_lock_is_exclusive_and_released_with_its_holder(tmp_path: Path) -> None:
    held = lock_data_folder(tmp_path)
    assert held is not None
    assert (tmp_path / LOCK_NAME).read_text().strip() == str(os.getpid())
    with pytest.raises(AlreadyRunning, match="already running") as refused:
        lock_data_folder(tmp_path)
    assert str(tmp_path) in str(refused.value) and str(os.getpid()) in str(refused.value)
    os.close(held)
    again = lock_data_folder(tmp_path)
    assert again is not None
    os.close(again)


def _app_process(data: Path, tmp_path: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("NOTIFY_SOCKET", None)
    return subprocess.Popen([sys.executable, "-m", "companion", "--data-dir", str(data),
                             "--simulate"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def test_a_second_copy_says_where_the_first_runs_and_exits_2(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = _app_process(data, tmp_path)
    try:
        deadline = time.monotonic() + 30
        while not ((data / LOCK_NAME).exists() and (data / LOCK_NAME).read_text().strip()):
            assert first.poll() is None, first.communicate()[1].decode()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        second = _app_process(data, tmp_path)
        _out, err = second.communicate(timeout=60)
        assert second.returncode == 2
        assert "already running" in err.decode() and str(data) in err.decode()
        assert str(first.pid) in err.decode()
        assert first.poll() is None  # the first one plays on
    finally:
        first.terminate()
        first.wait(timeout=30)
    assert first.returncode == 0


# -- notices ---------------------------------------------------------------------------


def _notices(app: App) -> list[str]:
    return [screen.text for screen in app.stack if isinstance(screen, NoticeDialog)]


def test_config_and_store_notices_stack_and_stay_under_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(tmp_path)
    GameSession.create(store, "glory-to-rome", PLAYERS)
    store.close()
    real_open = store_module.open_database

    def with_notice(path: Path) -> Opened:
        opened = real_open(path)
        opened.notices.append("The store has something to say.")
        return opened

    monkeypatch.setattr(store_module, "open_database", with_notice)
    config = tmp_path / "devices.toml"
    config.write_text("[buttons]\nbogus = 1\n")
    seen: list[tuple[str, list[str]]] = []

    def run(app: App) -> int:
        app.inputs.put(DeviceStatus("table", "lost", "NFC reader table: lost"))
        app.step()  # a reader's status arrives right after
        seen.append((app.stack[0].name, _notices(app)))
        return 0

    monkeypatch.setattr(App, "run", run)
    from companion.app import run_app

    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--simulate", "--resume",
                                      "--config", str(config)])
    assert run_app(args) == 0
    screen, notices = seen[0]
    assert screen == "table"
    assert notices[0] == "The store has something to say."
    assert "buttons.bogus" in notices[1] and str(config) in notices[1]


def test_a_notice_stays_until_tapped_and_only_it_goes(tmp_path: Path) -> None:
    app = make_app(tmp_path, (800, 480))
    try:
        app.notify("first")
        app.notify("second")
        app.notify("second")  # the same words again are not stacked twice
        app.step()
        app.go(places.History())  # another screen: the notices come along
        app.step()
        assert _notices(app) == ["first", "second"]
        Driver(app).tap("ok")
        assert _notices(app) == ["first"]
        app.go(places.Home())
        app.step()
        assert _notices(app) == ["first"]
        Driver(app).tap("ok")
        assert _notices(app) == [] and app.top.name == "home"
    finally:
        app.store.close()
        pygame.display.quit()


def test_continue_from_here_on_the_replay_notice(tmp_path: Path, counter_game: str) -> None:
    store = Store.open(tmp_path)
    session = GameSession.create(store, counter_game, PLAYERS)
    for amount in (1, 2, 3):
        session.dispatch("add", {"amount": amount})
    store._db.execute("UPDATE log SET action = 'torn' WHERE seq = 2")
    store.close()
    app = make_app(tmp_path, (800, 480))
    try:
        app.resume_game()
        app.step()
        (notice,) = _notices(app)
        assert "Moves from 2 on could not be replayed" in notice
        Driver(app).tap("choice")
        assert _notices(app) == []
        assert app.session is not None and app.session.replay_stopped_at is None
        assert [e.seq for e in app.store.log_aside(app.session.game_id)] == [2, 3]
        assert app.dispatch("add", {"amount": 3})
        app.settle()
        assert app.session.state.tallies == (1, 3)
    finally:
        app.close()
        app.store.close()
        pygame.display.quit()


# -- a slow disk and shutdown ----------------------------------------------------------


def test_a_slow_disk_shows_saving_and_refuses_moves_past_the_bound(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = hold_commits(counter_app.store, monkeypatch)
    assert counter_app.dispatch("add", {"amount": 1})
    counter_app.step()
    assert counter_app.saving_shown
    for _move in range(MAX_PENDING - 1):
        assert counter_app.dispatch("add", {"amount": 1})
    assert not counter_app.dispatch("add", {"amount": 1})
    assert counter_app.banner is not None and "Still saving" in counter_app.banner.text
    assert counter_app.session is not None
    assert counter_app.session.state.tallies == (0, 0)  # nothing shown before it is on disk
    gate.open.set()
    counter_app.settle(timeout=30)
    counter_app.step()
    assert not counter_app.saving_shown
    assert sum(counter_app.session.state.tallies) == MAX_PENDING


def test_shutdown_with_a_stalled_queue_abandons_cleanly(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = hold_commits(counter_app.store, monkeypatch)
    crashes: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", crashes.append)
    for _move in range(5):
        assert counter_app.dispatch("add", {"amount": 2})
    assert gate.started.wait(10)
    writer = counter_app.moves.writer
    monkeypatch.setattr(writer._abandon, "set", _and_then(writer._abandon.set, gate.open.set))

    abandoned = counter_app.close(timeout=0.05)

    assert abandoned == 4  # the one on its way reached the disk; the rest never did
    assert not writer._thread.is_alive()
    counter_app.store.close()
    assert crashes == []
    resumed = GameSession.resume(Store.open(counter_app.store.path.parent))
    assert resumed is not None and resumed.state.tallies == (2, 0)


def test_a_write_after_the_store_closed_fails_in_words(counter_app: App) -> None:
    session = counter_app.session
    assert session is not None
    counter_app.store.close()
    assert counter_app.dispatch("add", {"amount": 1})  # checked, handed to the writer
    counter_app.settle()
    assert counter_app.banner is not None and "closed" in counter_app.banner.text
    assert session.state.tallies == (0, 0) and not session.saving
    counter_app.store = Store.open(counter_app.store.path.parent)  # for the fixture's close


def _and_then(first: object, second: object) -> object:
    def both() -> None:
        first()  # type: ignore[operator]
        second()  # type: ignore[operator]
    return both
