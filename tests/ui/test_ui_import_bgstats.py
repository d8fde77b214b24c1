"""A BG Stats file on a USB stick, imported from the history by touch: summary, rows."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest
from paths import TESTS
from ui_driver import Driver

from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.screens.dialogs import MessageDialog
from companion.ui.screens.history import HistoryScreen
from companion.ui.screens.scoreboard import ScoreboardScreen


def _stick_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | None) -> str:
    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    if content is None:
        shutil.copy(TESTS / "store" / "data" / "bgstats_backup.json",
                    stick / "BGStatsExport.json")
    else:
        (stick / "BGStatsExport.json").write_text(content)
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/sda1 {stick} vfat rw,nosuid 0 0\n")
    monkeypatch.setattr("companion.system.usb.MOUNT_ROOTS", (f"{tmp_path}/media/",))
    return str(mounts)


def _imported(app: App, history: HistoryScreen | None = None) -> None:
    """Step the loop until the import on its thread is over (it never blocks the loop)."""
    history = history or next(s for s in app.stack if isinstance(s, HistoryScreen))
    deadline = time.monotonic() + 30
    while history.importing and time.monotonic() < deadline:
        app.step()
        time.sleep(0.005)
    assert not history.importing


def test_import_from_a_stick_shows_the_summary_and_the_plays(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app.usb_mounts = _stick_with(tmp_path, monkeypatch, None)
    app.go(places.History())
    app.step()
    driver = Driver(app)
    assert not app.top.has_button("export-usb")  # nothing to export yet
    driver.tap("import-bgstats")
    _imported(app)
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert "3 plays added; 1 was already here" in dialog.text
    assert "Carcassonne" in dialog.text
    driver.tap("ok")
    history = app.top
    assert isinstance(history, HistoryScreen) and len(history.games) == 3
    assert all(record.imported for record in history.games)
    driver.tap(f"game-{history.games[0].id}")
    board = app.top
    assert isinstance(board, ScoreboardScreen)
    assert not board.has_button("replay") and board.has_button("edit")  # no moves kept
    # an imported score has no parts: its total is corrected directly
    record = history.games[0]
    last = (record.result or {})["players"][-1]
    seat = [p.name for p in record.players].index(last["name"])
    driver.taps("edit", f"score-{seat}")
    driver.number_dialog(99)
    corrected = app.store.game(record.id).result or {}
    assert corrected["players"][0] == {"name": last["name"], "total": 99, "breakdown": {}}
    assert corrected["winners"] == [last["name"]]


def test_a_broken_file_on_the_stick_says_so_and_adds_nothing(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app.usb_mounts = _stick_with(tmp_path, monkeypatch, '{"games": [], "plays": [')
    app.go(places.History())
    app.step()
    Driver(app).tap("import-bgstats", allow_error=True)
    _imported(app)
    assert app.banner is not None and app.banner.error
    assert "Nothing was imported" in app.banner.text
    assert app.store.finished_games() == []


def test_an_import_past_the_history_limit_adds_nothing_and_says_why(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.log.limits.MAX_HISTORY", 2)
    app.usb_mounts = _stick_with(tmp_path, monkeypatch, None)
    app.go(places.History())
    app.step()
    Driver(app).tap("import-bgstats", allow_error=True)
    _imported(app)
    assert app.banner is not None and "at most 2" in app.banner.text
    assert "Nothing was imported" in app.banner.text
    assert app.store.finished_count() == 0


def test_the_loop_keeps_answering_while_an_import_runs(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The import runs on its own thread: while it holds on, the screen says it is
    importing, the loop steps and Back leaves; the summary shows when it is done."""
    from companion.history import bgstats

    release = threading.Event()
    real = bgstats.import_file

    def held(*args: object, **kwargs: object) -> object:
        assert release.wait(30)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bgstats, "import_file", held)
    app.usb_mounts = _stick_with(tmp_path, monkeypatch, None)
    app.go(places.History())
    app.step()
    driver = Driver(app)
    driver.tap("import-bgstats")
    history = app.top
    assert isinstance(history, HistoryScreen) and history.importing
    assert not history.button("import-bgstats").enabled
    for _ in range(5):
        app.step()  # returns: the loop is not waiting for the import
    driver.tap("back")
    assert app.top.name == "home"
    release.set()
    _imported(app, history)
    assert isinstance(app.top, MessageDialog)
    assert app.store.finished_count() > 0
