"""The shared drawing vocabulary draws what it is asked to, where it is asked to."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import board, theme

RED = (200, 50, 45)
BLUE = (45, 95, 200)


@pytest.fixture
def surface() -> pygame.Surface:
    pygame.font.init()
    canvas = pygame.Surface((400, 200))
    canvas.fill(theme.BACKGROUND)
    return canvas


def colour_at(surface: pygame.Surface, point: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(point)
    return (colour.r, colour.g, colour.b)


def test_pips_fill_count_and_hollow_the_rest(surface: pygame.Surface) -> None:
    dots = board.pips(surface, pygame.Rect(10, 10, 200, 30), 2, 5, fill=RED)
    assert len(dots) == 5
    assert colour_at(surface, dots[0].center) == RED
    assert colour_at(surface, dots[1].center) == RED
    # a hollow dot has the background in its middle
    assert colour_at(surface, dots[3].center) == theme.BACKGROUND
    assert all(dots[i].left < dots[i + 1].left for i in range(4))


def test_pips_wrap_into_two_rows_rather_than_shrinking_away(surface: pygame.Surface) -> None:
    dots = board.pips(surface, pygame.Rect(0, 0, 60, 40), 12, fill=RED)
    assert len(dots) == 12
    assert len({dot.centery for dot in dots}) == 2
    assert all(pygame.Rect(0, 0, 60, 40).contains(dot) for dot in dots)


def test_track_puts_cubes_on_their_spaces_side_by_side(surface: pygame.Surface) -> None:
    cells = board.track(surface, pygame.Rect(0, 50, 300, 30), 6,
                        [(2, RED), (2, BLUE), (9, BLUE)])
    assert len(cells) == 6
    row = [colour_at(surface, (x, cells[2].centery)) for x in range(cells[2].left,
                                                                      cells[2].right)]
    assert RED in row and BLUE in row
    assert row.index(RED) < row.index(BLUE)  # the order given is the order drawn
    # an index past the end is clamped to the last space, not lost
    assert BLUE in [colour_at(surface, (x, cells[5].centery))
                    for x in range(cells[5].left, cells[5].right)]
    assert RED not in [colour_at(surface, (x, cells[0].centery))
                       for x in range(cells[0].left, cells[0].right)]


def test_vertical_track_counts_from_the_bottom(surface: pygame.Surface) -> None:
    cells = board.track(surface, pygame.Rect(0, 0, 30, 180), 4, [], vertical=True)
    assert cells[0].bottom > cells[3].bottom


def test_face_down_card_hides_its_face(surface: pygame.Surface) -> None:
    rect = pygame.Rect(20, 20, 40, 56)
    board.card(surface, rect, RED, label="marble", face_down=True)
    pixels = {colour_at(surface, (x, y)) for x in range(rect.left, rect.right)
              for y in range(rect.top, rect.bottom)}
    assert RED not in pixels
    assert board.CARD_BACK in pixels


def test_card_progress_bar_grows_with_what_was_added(surface: pygame.Surface) -> None:
    def filled(done: int) -> int:
        canvas = pygame.Surface((100, 100))
        board.card(canvas, pygame.Rect(0, 0, 80, 100), RED, progress=(done, 4))
        bar_colour = theme.text_on(RED)
        y = 100 - 2 - max(5, 96 // 6) + max(4, 96 // 7) // 2
        return sum(colour_at(canvas, (x, y)) == bar_colour for x in range(80))

    assert filled(0) < filled(2) < filled(4)


def test_dashed_outline_leaves_gaps(surface: pygame.Surface) -> None:
    rect = pygame.Rect(100, 100, 60, 40)
    board.dashed_rect(surface, rect, theme.MUTED, dash=5)
    top = [colour_at(surface, (x, rect.top)) for x in range(rect.left, rect.right)]
    assert theme.MUTED in top and theme.BACKGROUND in top
