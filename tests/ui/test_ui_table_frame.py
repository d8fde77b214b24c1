"""The frame every table shares at the real text sizes: a status line that keeps to the
turn and what fits at the reading size, and a left column whose words are whole."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import Driver, make_app

from companion.ui.board import reading_size
from companion.ui.demo import demo_session
from companion.ui.screens.table import TableScreen, status_words
from companion.ui.text_fit import fit_size
from companion.ui.text_shaping import measure


def test_the_status_line_keeps_the_leading_parts_that_fit_at_the_reading_size() -> None:
    pygame.font.init()
    line = "Turn 40 · Legionary actions · Julia (7 left)"
    width = measure("Turn 40 · Legionary actions", 30)[0] + 4
    words = status_words(line, 30, width, 30)
    assert words == "Turn 40 · Legionary actions"
    assert fit_size(words, 30, width) == 30
    assert status_words(line, 30, 4000, 30) == line
    assert status_words(line, 30, 10, 30) == "Turn 40"  # the turn stays, whatever the room


def test_the_table_leaves_out_the_games_name(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data", (720, 1280))
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.render(force=True)
    table = app.top
    assert isinstance(table, TableScreen)
    rect = table.areas()["status"]
    words = status_words(table.session.rules.status_line(table.state), table.metrics.body,
                         rect.width, reading_size(table.metrics))
    assert words.startswith("Turn ") and "Glory to Rome" not in words
    app.store.close()


def test_redo_shows_in_the_narrow_column_only_when_there_is_something_to_redo(
        tmp_path: Path) -> None:
    app = make_app(tmp_path / "data", (800, 480))
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.render(force=True)
    table = app.top
    keys = {button.key for button in table.buttons}
    assert "redo" not in keys and "undo" in keys
    whole = table.button("undo").rect.copy()
    Driver(app).tap("undo")
    redo = app.top.button("redo")
    undo = app.top.button("undo")
    assert redo.enabled and undo.rect.left == whole.left and undo.rect.width < whole.width
    Driver(app).tap("redo")
    assert "redo" not in {button.key for button in app.top.buttons}
    app.store.close()
