"""A game that cannot be saved is never played in silence: the start says why and asks,
and every table frame then carries a "NOT SAVED" band.

The two ways a night ends up in memory only: a log written by a newer version (after a
rollback past a migration), and a data folder that cannot be used.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, make_app

from companion.log.migrations import SCHEMA_VERSION
from companion.log.store import Store
from companion.ui import theme
from companion.ui.app_loop import App
from companion.ui.screens.dialogs import ConfirmDialog


def _newer_log(folder: Path) -> Path:
    store = Store.open(folder)
    store._db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                      (str(SCHEMA_VERSION + 1),))
    store.close()
    return folder


def _unusable_folder(folder: Path) -> Path:
    folder.mkdir()
    (folder / "a-file").write_text("not a folder")
    return folder / "a-file" / "data"  # cannot be made, whoever runs the test


CASES = {"newer-schema": _newer_log, "unusable-folder": _unusable_folder}


@pytest.fixture(params=[(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    size: tuple[int, int] = request.param
    return size


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the table screen draws, in order."""
    import companion.ui.screens.table as table

    drawn: list[str] = []
    real = table.draw_text

    def record(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(table, "draw_text", record)
    return drawn


def _app(folder: Path, size: tuple[int, int]) -> Iterator[App]:
    app = make_app(folder, size)
    yield app
    app.store.close()
    pygame.display.quit()


def _to_start(driver: Driver) -> None:
    driver.tap("new-game")
    driver.tap("game-glory-to-rome")
    driver.name_players(["Ana", "Ben"])
    driver.tap("start")


def _band_shown(app: App, texts: list[str]) -> bool:
    texts.clear()
    app.invalidate()
    app.step()
    return "NOT SAVED" in texts


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_game_that_cannot_be_saved_is_asked_for_then_marked_on_every_frame(
        case: str, size: tuple[int, int], tmp_path: Path, texts: list[str]) -> None:
    for app in _app(CASES[case](tmp_path / "data"), size):
        assert app.store.unsaved is not None
        driver = Driver(app)
        while app.top.name == "notice":  # the start-up notice says it once: read it
            driver.tap("ok")
        _to_start(driver)
        dialog = app.top
        assert isinstance(dialog, ConfirmDialog) and app.session is None
        assert "will not be saved" in dialog.title and "lost" in dialog.text
        assert ("Update the companion" in dialog.text if case == "newer-schema"
                else "Free space" in dialog.text)
        driver.tap("no")  # back: nothing started
        assert app.session is None and app.top.name == "new-game"
        driver.tap("start")
        driver.tap("yes")  # play without saving
        assert app.session is not None and app.top.name == "table"
        assert _band_shown(app, texts)
        band = app.top.areas()["status"]
        assert app.surface.get_at((band.left + 4, band.centery))[:3] == theme.DANGER
        driver.taps("move-lead-architect", "move-follow")
        assert _band_shown(app, texts)  # still there after moves, every notice read


def test_a_game_that_is_saved_asks_nothing_and_shows_no_band(
        tmp_path: Path, texts: list[str]) -> None:
    for app in _app(tmp_path / "data", (800, 480)):
        assert app.store.unsaved is None
        driver = Driver(app)
        _to_start(driver)
        assert app.session is not None and app.top.name == "table"
        assert not _band_shown(app, texts)
