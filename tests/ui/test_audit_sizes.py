"""The screen audit's size check measures the capitals that reach the reader: the ink of the
text as the screens draw it, not the size a screen asks for."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from screen_audit import PITCH, _capital_heights, capital_height  # noqa: E402

from companion.ui import drawn, text  # noqa: E402
from companion.ui.drawn import Item  # noqa: E402

SEVEN_INCH = PITCH[(800, 480)]
PORTRAIT = PITCH[(720, 1280)]


@pytest.fixture(autouse=True)
def fonts_open() -> None:
    pygame.font.init()


def ink_height(size: int) -> int:
    """Capitals drawn by a screen's own text call, measured on the pixels it left."""
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    text.draw_text(surface, "HHH", pygame.Rect(0, 0, 400, 200), size, (255, 255, 255))
    return surface.get_bounding_rect().height


@pytest.mark.parametrize("size", [12, 16, 20, 24, 30, 40])
def test_the_measure_is_the_ink_a_screen_draws(size: int) -> None:
    assert capital_height(size) == ink_height(size)


def test_text_asked_at_16_px_is_drawn_with_capitals_of_11_px_or_more() -> None:
    # the font used to be opened at 0.6875 of the size asked: 8 px capitals, 1.5 mm
    assert ink_height(16) >= 11
    assert ink_height(20) >= 14


def item(words: str, size: int) -> Item:
    return Item("text", pygame.Rect(0, 0, 100, 20), (255, 255, 255), (0, 0, 0), words, words, size)


def test_small_text_is_found_and_names_and_numbers_need_more() -> None:
    found = _capital_heights([item("leads", 16), item("Julia", 16), item("3", 20),
                              item("leads", 12)], SEVEN_INCH, {"Julia"})
    said = [what for _check, _rect, what in found]
    assert len(said) == 2, said
    assert said[0].startswith("name/number 'Julia' with capitals")
    assert said[1].startswith("text 'leads' with capitals")


def test_a_finer_display_needs_the_same_millimetres() -> None:
    assert _capital_heights([item("leads", 24), item("7", 30)], PORTRAIT, set()) == []
    assert len(_capital_heights([item("leads", 20), item("7", 24)], PORTRAIT, set())) == 2


def test_every_kind_of_text_is_checked() -> None:
    surface = pygame.Surface((300, 100))
    with drawn.recording() as record:
        text.draw_text(surface, "Julia", pygame.Rect(0, 0, 300, 100), 12, (255, 255, 255))
    texts = [i for i in record.items(surface) if i.kind == "text"]
    assert texts and _capital_heights(texts, SEVEN_INCH, set())
