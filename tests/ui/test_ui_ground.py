"""The ground under a screen: filled around the pictures that cover it, the same pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from companion.ui import theme, widgets  # noqa: E402
from companion.ui.layout import rect_difference  # noqa: E402

rects = st.builds(pygame.Rect, st.integers(-20, 120), st.integers(-20, 120),
                  st.integers(0, 140), st.integers(0, 140))


@settings(max_examples=300, deadline=None)
@given(rects, st.lists(rects, max_size=5))
def test_the_difference_covers_what_no_hole_does_and_nothing_twice(
        rect: pygame.Rect, holes: list[pygame.Rect]) -> None:
    pieces = rect_difference(rect, holes)
    for x in range(rect.left, rect.right, 3):
        for y in range(rect.top, rect.bottom, 3):
            in_pieces = sum(piece.collidepoint(x, y) for piece in pieces)
            in_holes = any(hole.collidepoint(x, y) for hole in holes)
            assert in_pieces == (0 if in_holes else 1), (x, y)
    assert all(rect.contains(piece) and piece.width > 0 and piece.height > 0
               for piece in pieces)


@settings(max_examples=200, deadline=None)
@given(st.builds(pygame.Rect, st.integers(0, 40), st.integers(0, 40), st.integers(1, 500),
                 st.integers(1, 500)))
def test_the_ground_panel_is_the_panel_drawn_on_its_ground(rect: pygame.Rect) -> None:
    pygame.display.init()
    drawn, fast = pygame.Surface((560, 560)), pygame.Surface((560, 560))
    drawn.fill(theme.BACKGROUND)
    widgets.panel(drawn, rect, theme.PANEL)
    fast.fill(theme.BACKGROUND)
    widgets.ground_panel(fast, rect, theme.PANEL, theme.BACKGROUND)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(fast, "RGB")


def test_a_covered_part_of_the_ground_panel_is_left_as_it_was() -> None:
    pygame.display.init()
    surface = pygame.Surface((300, 200))
    surface.fill((1, 2, 3))
    panel = pygame.Rect(10, 10, 280, 180)
    hidden = pygame.Rect(40, 40, 100, 60)
    widgets.ground_panel(surface, panel, theme.PANEL, theme.BACKGROUND, [hidden])
    assert surface.get_at(hidden.center)[:3] == (1, 2, 3)  # a picture goes there next
    assert surface.get_at((hidden.right + 5, hidden.centery))[:3] == theme.PANEL
    assert surface.get_at(panel.topleft)[:3] == theme.BACKGROUND  # the rounded corner
