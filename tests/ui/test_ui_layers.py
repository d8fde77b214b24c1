"""Cached layers: a part is repainted when what it shows changes, and never shows stale.

The strongest check a cache can get: after each move of a demo evening, the frame drawn
from the kept pictures is pixel for pixel the frame drawn with every picture forgotten.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import make_app  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.games import GAME_MODULES  # noqa: E402
from companion.ui import theme, widgets  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402
from companion.ui.layers import Layers  # noqa: E402
from companion.ui.screens.table import TableScreen  # noqa: E402
from companion.ui.widgets import Button  # noqa: E402

SIZES = ((800, 480), (720, 1280))


def _frame(app: App) -> bytes:
    return pygame.image.tobytes(app.surface, "RGB")


def _fresh_frame(app: App) -> bytes:
    """The frame with no picture kept: every part painted from the state."""
    table = app.top
    assert isinstance(table, TableScreen)
    table.layers.clear()
    table.view.forget_pictures()
    widgets._forget_pictures()
    app.render(force=True)
    return _frame(app)


def _assert_no_stale_frame(app: App, steps: list[Callable[[], None]], what: str) -> None:
    """After each undo or redo in ``steps``, the kept pictures draw the fresh frame."""
    for step in steps:
        step()
        app.settle()
        app.clear_prompts()
        app.banner = None
        app.step()
        app.render(force=True)
        assert _frame(app) == _fresh_frame(app), f"a stale {what} after {step.__name__}"


def _painted(app: App) -> int:
    table = app.top
    assert isinstance(table, TableScreen)
    return table.layers.painted + table.view.layers.painted


@pytest.fixture(params=[(game, size) for game in GAME_MODULES for size in SIZES],
                ids=lambda p: f"{p[0]}-{p[1][0]}x{p[1][1]}")
def table_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    game, size = request.param
    app = make_app(tmp_path, size)
    app.start_session(demo_session(app.store, game))
    app.step()
    app.settle()
    app.clear_prompts()
    app.render(force=True)
    yield app
    app.store.close()
    pygame.display.quit()


def test_every_frame_after_a_move_is_the_frame_painted_afresh(table_app: App) -> None:
    app = table_app
    session = app.session
    assert session is not None and len(session.actions) >= 3
    _assert_no_stale_frame(app, [app.undo] * 6 + [app.redo] * 3, "part")


def test_a_move_repaints_only_some_parts_and_a_redraw_none(table_app: App) -> None:
    app = table_app
    app.render(force=True)
    before = _painted(app)
    app.render(force=True)
    assert _painted(app) == before  # nothing changed: every part is the kept one
    table = app.top
    assert isinstance(table, TableScreen)
    parts = len(table.layers) + len(table.view.layers)
    repainted = []
    session = app.session
    assert session is not None
    for _move in range(min(4, len(session.actions))):
        app.undo()
        app.settle()
        app.step()
        app.render(force=True)
        repainted.append(_painted(app) - before)
        before = _painted(app)
    # each undone move changed the picture, and some changed only part of it
    assert len(repainted) >= 2 and all(count > 0 for count in repainted) and min(repainted) < parts


@pytest.fixture
def surface() -> pygame.Surface:
    """A small window for the pictures of one part (the unit tests of Layers)."""
    pygame.display.init()
    return pygame.display.set_mode((100, 50))


def test_a_kept_picture_is_repainted_when_its_key_or_the_language_changes(
        surface: pygame.Surface) -> None:
    layers = Layers()
    drawn: list[str] = []

    def paint(text: str) -> Callable[[pygame.Surface, pygame.Rect], object]:
        return lambda picture, rect: drawn.append(text)

    rect = pygame.Rect(10, 10, 40, 20)
    for text in ("3 VP", "3 VP", "4 VP", "4 VP"):
        layers.blit(surface, rect, "score", text, theme.PANEL, paint(text))
    assert drawn == ["3 VP", "4 VP"]
    i18n.set_language("de")
    try:
        layers.blit(surface, rect, "score", "4 VP", theme.PANEL, paint("4 VP"))
    finally:
        i18n.set_language("en")
    assert drawn == ["3 VP", "4 VP", "4 VP"]
    layers.blit(surface, rect.inflate(10, 0), "score", "4 VP", theme.PANEL, paint("wider"))
    assert drawn[-1] == "wider" and len(layers) == 1


def test_a_part_asked_to_keep_two_sizes_keeps_the_last_two(surface: pygame.Surface) -> None:
    """A camp as tall as the move buttons leave room for: back at a size it had, kept."""
    layers = Layers()
    drawn: list[str] = []
    rect = pygame.Rect(10, 10, 40, 20)

    def show(rect: pygame.Rect, text: str) -> None:
        layers.blit(surface, rect, "camp", "4 VP", theme.PANEL,
                    lambda picture, area: drawn.append(text), sizes=2)

    show(rect, "first")
    show(rect.inflate(0, 10), "taller")
    assert drawn == ["first", "taller"] and len(layers) == 2
    show(rect, "first again")
    show(rect.inflate(0, 10), "taller again")
    assert drawn == ["first", "taller"]
    show(rect.inflate(0, 20), "tallest")  # a third: the one not used for longest goes
    assert drawn[-1] == "tallest" and len(layers) == 2
    show(rect.inflate(0, 10), "kept")
    show(rect, "first, gone")
    assert drawn == ["first", "taller", "tallest", "first, gone"] and len(layers) == 2


@pytest.mark.parametrize("button", [
    Button("plain", pygame.Rect(13, 7, 180, 64), "Lay foundation", lambda: None),
    Button("sub", pygame.Rect(5, 90, 230, 80), "Undo", lambda: None,
           sublabel="Livia: Lead Architect"),
    Button("off", pygame.Rect(250, 10, 120, 56), "Craftsman", lambda: None, enabled=False),
    Button("picked", pygame.Rect(250, 90, 140, 60), "Red", lambda: None,
           fill=(200, 50, 45), selected=True),
], ids=lambda b: b.key)
@pytest.mark.parametrize("pressed", [False, True])
def test_a_kept_button_picture_is_the_button_drawn_in_place(button: Button,
                                                            pressed: bool) -> None:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((400, 200))
    for background in (theme.BACKGROUND, theme.PANEL):
        surface.fill(background)
        button._paint(surface, 24, pressed)
        direct = pygame.image.tobytes(surface, "RGB")
        surface.fill(background)
        widgets._forget_pictures()
        button.draw(surface, 24, pressed)  # painted into its picture
        button.draw(surface, 24, pressed)  # the kept picture, over it
        assert pygame.image.tobytes(surface, "RGB") == direct
        surface.fill(background)
        button.draw(surface, 24, pressed)  # the kept picture alone
        assert pygame.image.tobytes(surface, "RGB") == direct


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_via_romana_map_repainted_in_part_is_the_map_painted_whole(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """Roads built, castles and milestones placed, a road scored: undone and redone one by
    one, the kept map repainted where each move changed it equals the whole map."""
    from companion.ui.tables.via_romana_demo import scoring_session

    app = make_app(tmp_path, size)
    app.start_session(scoring_session(app.store))
    app.step()
    app.settle()
    session = app.session
    assert session is not None
    moves = len(session.actions)
    try:
        _assert_no_stale_frame(app, [app.undo] * moves + [app.redo] * moves, "map")
    finally:
        app.store.close()
        pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "de", "ar", "zh_CN"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_glory_to_rome_camps_brought_up_to_date_row_by_row_are_the_camps_painted_whole(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """The first moves of a scripted four-player evening (influence, clients, vaults,
    buildings, Jacks all change), undone one by one: every frame, its camps kept, or
    brought up to date row by row, equals the frame painted with nothing kept; and camps
    were brought up to date so, so that is what was compared."""
    from bench.scripted_games import scripted_game
    from companion.log.session import GameSession

    players, options, moves, _entries = scripted_game("glory-to-rome")
    i18n.set_language(language)
    app = make_app(tmp_path, size)
    session = GameSession.create(app.store, "glory-to-rome", players, options)
    for kind, payload, player in moves[:60]:
        session.dispatch(kind, payload, player)
    app.start_session(session)
    app.step()
    app.settle()
    table = app.top
    assert isinstance(table, TableScreen)
    try:
        _assert_no_stale_frame(app, [app.undo] * 60, "camp row")
        assert table.view.layers.updated > 10
    finally:
        i18n.set_language("en")
        app.store.close()
        pygame.display.quit()
