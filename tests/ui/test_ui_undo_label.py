"""The undo button's two lines (Undo, and the move it takes back) keep their ink off the
button's edges in every language: a line on the edge reads as cut."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import frame_items  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.core.events import new_input_queue  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screenshot import _screens  # noqa: E402
from companion.ui.widgets import INK_GAP  # noqa: E402


@pytest.fixture
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    i18n.set_language("en")
    pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
@pytest.mark.parametrize("language", ["en", "de", "ro", "ar", "zh_CN"])
@pytest.mark.parametrize("screen", ["table-glory-to-rome", "table-ave-roma", "table-via-romana"])
def test_the_undo_lines_keep_off_the_buttons_edges(display: None, tmp_path: Path, screen: str,
                                                    language: str,
                                                    size: tuple[int, int]) -> None:
    i18n.set_language(language)
    app = App(Store.open(tmp_path), new_input_queue(), pygame.Surface(size),
              present=lambda rects: None)
    app.start()
    _screens()[screen](app)
    if app.moves._writer is not None:
        app.settle()
    app.render(force=True)
    undo = next(b for shown in app.screens.visible() for b in shown.buttons if b.key == "undo")
    assert undo.sublabel, "the demo's table has a move to take back"
    lines = [item for item in frame_items(app)
             if item.kind == "text" and undo.rect.contains(item.rect)]
    assert len(lines) >= 2, lines
    for item in lines:
        assert item.rect.top >= undo.rect.top + INK_GAP, (item.text, item.rect, undo.rect)
        assert item.rect.bottom <= undo.rect.bottom - INK_GAP, (item.text, item.rect, undo.rect)
    app.store.close()
