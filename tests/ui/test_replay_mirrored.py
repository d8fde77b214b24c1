"""The replay's first and last steps read the way the language does: right to left the first
step is on the right and its arrow points right."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.core.events import new_input_queue  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui import text, text_shaping  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screenshot import show_screen  # noqa: E402


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    text.forget_fonts()


def _seen(label: str) -> str:
    """The label as drawn, left to right on the screen (the marks draw nothing)."""
    return "".join(piece.text[::-1] if piece.rtl else piece.text
                   for piece in text_shaping.pieces(label)).replace("\u200e", "")


@pytest.mark.parametrize(("language", "first_side", "first", "last"), [
    ("en", "left", "|<", ">|"), ("ar", "right", ">|", "|<")])
def test_the_first_and_last_steps_point_the_reading_way(
        language: str, first_side: str, first: str, last: str, tmp_path: object) -> None:
    i18n.set_language(language)
    pygame.display.init()
    pygame.font.init()
    store = Store.open(tmp_path / "replay")  # type: ignore[operator]
    try:
        app = App(store, new_input_queue(), pygame.Surface((720, 1280)),
                  present=lambda rects: None)
        app.start()
        show_screen(app, "replay")
        app.render(force=True)
        screen = app.top
        start, end = screen.button("start"), screen.button("end")
        assert (start.rect.left > end.rect.left) == (first_side == "right")
        assert (_seen(start.label), _seen(end.label)) == (first, last)
    finally:
        store.close()
