"""Glory to Rome at the table names every building as the language's glossary does: the
camps' cards, the foundation picker, the pickers' options, the move buttons and the moves
told back (one building has one name in every language; the English name is only a key)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import re  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from glory_support import build, new_game, open_table, play_turn  # noqa: E402
from ui_driver import frame_items, make_app  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.games.base import Action  # noqa: E402
from companion.games.glory_to_rome import BUILDING_MATERIAL, buildings_in_set  # noqa: E402
from companion.games.glory_to_rome.data import building_label  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screens.table import TableScreen  # noqa: E402
from companion.ui.tables.glory_functions import abbreviations  # noqa: E402
from companion.ui.tables.glory_to_rome import GloryView  # noqa: E402


@pytest.fixture(params=["de", "zh_CN"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    i18n.set_language("en")
    made = make_app(tmp_path / "data", (800, 480))
    made.set_language(request.param)
    yield made
    made.store.close()
    pygame.display.quit()
    i18n.set_language("en")


def drawn_texts(app: App) -> list[str]:
    """Every text the next frame draws, as given (before any cut)."""
    return [item.text for item in frame_items(app) if item.kind == "text"]


def in_english(texts: list[str]) -> list[str]:
    """The lines of ``texts`` that name a building in English where the language names it
    otherwise (a word of a name the language keeps, German "Circus Maximus", is its own)."""
    kept = {word for name in BUILDING_MATERIAL if building_label(name) == name
            for word in name.split()}
    english = [name for name in BUILDING_MATERIAL
               if building_label(name) != name and name not in kept]
    return [line for line in texts if any(
        re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", line) for name in english)]


def assert_named(texts: list[str], *names: str, shortened: bool = False) -> None:
    """Each building of ``names`` drawn by its name in the language (wrapped over two lines
    of a button, or, ``shortened``, cut by the cards' rule where its place is narrow)."""
    assert not in_english(texts)
    drawn_as = (" ".join(texts), "".join(texts))
    for name in names:
        label = building_label(name)
        assert any(label in whole for whole in drawn_as) or shortened and any(
            short in texts for short in abbreviations(label)), (name, texts)


def test_the_table_and_its_pickers_name_buildings_in_the_language(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Stairway", 1: "Wall"})  # both completed
    build(session, {1: "Road"})
    play_turn(session, "craftsman", {0: [("lay_foundation", {"building": "Market"})],
                                     1: [("lay_foundation", {"building": "Dock"})]})
    driver = open_table(app, session)
    # the camps' cards and the last move told back
    assert_named(drawn_texts(app), "Stairway", "Wall", "Market", "Dock")
    driver.taps("move-lead-architect", "move-follow")
    me = session.state.acting
    # the buttons that add to the actor's foundation
    assert_named(drawn_texts(app), "Market" if me == 0 else "Dock")
    driver.tap("move-foundation")
    # the picker's columns: a long name cut by rule ("Amphith.") at the reading size
    assert_named(drawn_texts(app), *buildings_in_set(session.state.card_set), shortened=True)
    driver.tap("cancel")
    if me == 1:  # the Stairway is Ana's
        driver.tap("move-done")
    driver.tap("move-stairway")  # Ben's Wall or Road: which one opens
    assert app.top.has_button("pick-Road") and app.top.has_button("pick-Wall")
    assert_named(drawn_texts(app), "Wall", "Road")


def test_moves_told_back_name_the_building_in_the_language(app: App) -> None:
    session = new_game(app)
    open_table(app, session)
    table = app.top
    assert isinstance(table, TableScreen) and isinstance(table.view, GloryView)
    view = table.view
    told = [view.describe(Action(kind, {"building": "Wall", **extra}, 0)) for kind, extra in (
        ("lay_foundation", {}), ("add_material", {}), ("stairway", {"owner": 1}),
        ("prison_exchange", {"from": 1}), ("done", {"bonus": "Garden"}))]
    assert_named(told, "Wall", "Garden")


def test_granted_actions_name_their_structure_in_the_language(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Garden"})  # its completion grants Patron actions
    assert session.state.bonus and session.state.bonus[0].building == "Garden"
    driver = open_table(app, session)
    # the holder's camp note, the status line, the holder's buttons (take, skip)
    assert_named(drawn_texts(app), "Garden")
    driver.tap("move-bonus-0-Garden")
    assert_named(drawn_texts(app), "Garden")  # the question's title
