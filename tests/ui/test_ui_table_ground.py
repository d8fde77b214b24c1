"""A table's panel is filled only where no kept picture covers it: the same pixels.

Each game's view names the rects its kept pictures cover whole (``GameView.covered``);
the ground is left unfilled there. What a view names must really be covered in every
state (nothing of the frame before shows through) and the frame must be the one drawn
with the whole panel filled first.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import make_app  # noqa: E402

from companion.games import GAME_MODULES  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402
from companion.ui.screens.table import TableScreen  # noqa: E402

#: a colour no table draws: it shows where the ground was left unfilled and nothing covered
SHOWS_THROUGH = (255, 0, 255)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("game", GAME_MODULES)
def test_the_panel_left_unfilled_is_covered_in_every_state_of_the_demo(
        tmp_path: Path, game: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, size)
    try:
        app.start_session(demo_session(app.store, game))
        app.settle()
        table = app.top
        assert isinstance(table, TableScreen)
        view = table.view
        states = 0
        while True:
            app.render(force=True)
            info = table._painted_areas()["info"]
            if not view.covered(info.inflate(-app.metrics.gap * 2, -app.metrics.gap * 2)):
                pytest.fail(f"{game}: the view names nothing it covers")
            app.surface.fill(SHOWS_THROUGH)
            app.render(force=True)
            fast = _pixels(app.surface)
            with monkeypatch.context() as patch:
                patch.setattr(view, "covered", lambda rect: [])
                app.surface.fill(SHOWS_THROUGH)
                app.render(force=True)
                whole = _pixels(app.surface)
            assert fast == whole, f"{game} at {size}, state {states}"
            states += 1
            session = app.session
            if session is None or not session.can_undo or states >= 12:
                break
            app.undo()
            app.settle()
        assert states > 1
    finally:
        app.close(timeout=5)
        app.store.close()
        pygame.display.quit()
