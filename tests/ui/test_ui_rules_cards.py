"""Rules at the table: every card of the three games exists and is translated in every
language and fits its box at both sizes; a touch held on a drawn part opens its card
while a short tap still does what it did; "What now?" shows the game's own sentence."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import Driver  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.games.rules_card import RulesCard  # noqa: E402
from companion.games.via_romana import load_board  # noqa: E402
from companion.locale import TRANSLATED  # noqa: E402
from companion.ui import touch_hold  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402
from companion.ui.layout import metrics_for  # noqa: E402
from companion.ui.rules_cards import (  # noqa: E402
    MIN_TEXT_SIZE,
    CardDialog,
    card_sections,
    game_module,
    lay_out,
    open_what_now,
    rules_card_for,
    what_now_text,
)
from companion.ui.screens.table import TableScreen  # noqa: E402
from companion.ui.tables.rules_spots import drawn_spots  # noqa: E402

GAMES = ("glory-to-rome", "ave-roma", "via-romana")
SIZES = ((800, 480), (720, 1280))


def module(game: str, part: str) -> Any:
    found = game_module(game, part)
    assert found is not None, (game, part)
    return found


def card_of(game: str, key: str) -> RulesCard:
    found = rules_card_for(game, key)
    assert found is not None, (game, key)
    return found.card


def every_card(game: str) -> list[str]:
    keys = list(module(game, "explain").topics())
    if game == "via-romana":  # every city of the shipped map has its card too
        keys += [f"city:{city.name}" for city in load_board(None).cities]
    return keys


@pytest.fixture
def fonts() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def test_every_role_building_area_and_build_has_a_card() -> None:
    from companion.games.ave_roma import SPACES
    from companion.games.glory_to_rome import BUILDING_MATERIAL, ROLES
    from companion.games.via_romana import BUILD_ACTIONS

    expected = {
        "glory-to-rome": {*(f"role:{r}" for r in ROLES),
                          *(f"building:{b}" for b in BUILDING_MATERIAL)},
        "ave-roma": {f"space:{s}" for s in SPACES},  # the Training ground among them
        "via-romana": {*(f"build:{b}" for b in BUILD_ACTIONS), "part:connection",
                       "part:final"},
    }
    for game, keys in expected.items():
        assert keys <= set(every_card(game)), game
        for key in every_card(game):
            card = card_of(game, key)
            assert all((card.title, card.does, card.costs, card.catch)), (game, key)
    assert len(BUILDING_MATERIAL) == 44  # both card sets: 36 shared, 4 Imperium, 4 Republic


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_card_is_translated(language: str) -> None:
    english = {(game, key): card_of(game, key) for game in GAMES for key in every_card(game)}
    english_labels = [label for label, _text in card_sections(english[GAMES[0], "role:laborer"])]
    i18n.set_language(language)
    untranslated = []
    for (game, key), card in english.items():
        translated = card_of(game, key)
        for field in ("does", "costs", "catch"):
            if getattr(translated, field) == getattr(card, field):
                untranslated.append(f"{game} {key} {field}: {getattr(card, field)!r}")
    labels = [label for label, _text in card_sections(english[GAMES[0], "role:laborer"])]
    assert not untranslated, "\n".join(untranslated)
    assert not set(labels) & set(english_labels)


@pytest.mark.parametrize("language", ("en", *TRANSLATED))
def test_every_card_fits_its_box_at_both_sizes(language: str, fonts: None) -> None:
    i18n.set_language(language)
    problems = []
    for size in SIZES:
        m = metrics_for(size)
        for game in GAMES:
            for key in every_card(game):
                laid = lay_out(m, card_sections(card_of(game, key)))
                box = pygame.Rect(laid.box)
                if not laid.fits or laid.size < MIN_TEXT_SIZE:
                    problems.append(f"{size} {game} {key}: size {laid.size}")
                if not m.rect().contains(box) or not all(
                        box.contains(pygame.Rect(line.rect)) for line in laid.lines):
                    problems.append(f"{size} {game} {key}: outside its box")
    assert not problems, "\n".join(problems)


# -- at the table ---------------------------------------------------------------------------


def table_of(app: App, game: str) -> TableScreen:
    app.start_session(demo_session(app.store, game))
    app.step()
    app.settle()
    table = app.top
    assert isinstance(table, TableScreen)
    return table


def finger(app: App, kind: int, pos: tuple[int, int]) -> None:
    m = app.metrics
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / m.width, y=pos[1] / m.height,
                                         dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                         pressure=1.0))
    app.step()
    app.settle()


def hold(app: App, pos: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A finger down at ``pos`` held past the hold time (the clock wound back), then
    lifted."""
    monkeypatch.setattr(touch_hold, "clock",
                        lambda: time.monotonic() - touch_hold.HOLD_SECONDS - 0.05)
    finger(app, pygame.FINGERDOWN, pos)
    monkeypatch.setattr(touch_hold, "clock", time.monotonic)
    app.step()
    opened = app.top
    finger(app, pygame.FINGERUP, pos)
    assert app.top is opened, "the lift of the holding finger closed what it opened"


def spot(table: TableScreen, key: str) -> tuple[int, int]:
    rect = next(r for r, k in drawn_spots(table, table.session.rules.key, table.info_rect())
                if k == key)
    return rect.center


def test_holding_a_building_opens_its_card_and_a_tap_closes_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of(app, "glory-to-rome")
    moves = table.session.action_count
    hold(app, spot(table, "building:Statue"), monkeypatch)
    card = app.top
    assert isinstance(card, CardDialog) and card.title == "Statue"
    assert card.sections[0][1] == "3 VP at the end; it may be laid on any site."
    Driver(app).touch(app.metrics.rect().center)
    assert app.top is table and table.session.action_count == moves


def test_holding_a_move_button_explains_it_and_moves_nothing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of(app, "glory-to-rome")
    moves = table.session.action_count
    hold(app, table.button("move-vault").rect.center, monkeypatch)
    assert isinstance(app.top, CardDialog) and app.top.title == "Merchant"
    assert table.session.action_count == moves
    assert table.pressed is None


def test_holding_a_camp_shows_the_legend_of_its_rows(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Held on a camp's name (no row of its own there), the card names every row."""
    from companion.ui.tables.glory_camps import camp_rows, table_layout

    table = table_of(app, "glory-to-rome")
    moves = table.session.action_count
    _strip, cells, _sites = table_layout(table.info_rect(), len(table.state.players),
                                         table.metrics)
    hold(app, camp_rows(cells[1], table.metrics).header.center, monkeypatch)
    card = app.top
    assert isinstance(card, CardDialog) and card.title == "What the camps show"
    words = " ".join(text for section in card.sections for text in section)
    for row in ("influence", "Jacks", "clients", "vault", "added/needed", "in town + out"):
        assert row in words
    assert table.session.action_count == moves


def test_a_short_tap_still_acts(app: App) -> None:
    table = table_of(app, "glory-to-rome")
    moves = table.session.action_count
    Driver(app).tap("move-done")
    assert table.session.action_count == moves + 1
    assert not isinstance(app.top, CardDialog)


def test_holding_where_there_is_no_card_is_a_plain_tap(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of(app, "glory-to-rome")
    moves = table.session.action_count
    monkeypatch.setattr(touch_hold, "clock",
                        lambda: time.monotonic() - touch_hold.HOLD_SECONDS - 0.05)
    pos = table.button("undo").rect.center
    finger(app, pygame.FINGERDOWN, pos)
    finger(app, pygame.FINGERUP, pos)
    assert not isinstance(app.top, CardDialog)
    assert table.session.action_count == moves - 1  # the undo happened


def test_an_ave_roma_region_space_and_area_have_their_cards(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of(app, "ave-roma")
    hold(app, spot(table, "part:region"), monkeypatch)
    assert isinstance(app.top, CardDialog) and app.top.title == "Region card space"
    Driver(app).touch(app.metrics.rect().center)
    hold(app, table.button("move-space-mercator").rect.center, monkeypatch)
    assert isinstance(app.top, CardDialog) and app.top.title == "Mercator"


def test_holding_an_ave_roma_players_board_shows_all_of_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The row shows what it has room for; a long press on it says everything, the coins
    and resources too (the 7" row with five players has no room for them)."""
    table = table_of(app, "ave-roma")
    state = table.session.state
    player = state.order[0]
    seat = state.seats[player]
    hold(app, spot(table, f"player:{player}"), monkeypatch)
    card = app.top
    assert isinstance(card, CardDialog) and card.title == seat.name
    said = dict(card.sections)
    assert said["Workers in hand"].startswith(", ".join(map(str, seat.hand)))
    if state.tracks_supplies:
        assert said["Supplies"].startswith(f"{seat.coins} coins")
        assert "wood" in said["Resources"]
    assert "Training (player board)" in said
    Driver(app).touch(app.metrics.rect().center)
    assert app.top is table


def test_a_via_romana_city_card_names_the_city_and_a_tap_still_builds(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of(app, "via-romana")
    city = table.session.state.board.cities[5]
    hold(app, table.button("city-5").rect.center, monkeypatch)
    assert isinstance(app.top, CardDialog)
    assert app.top.title.startswith(city.name)
    Driver(app).touch(app.metrics.rect().center)
    assert app.top is table
    Driver(app).tap("city-5")  # a short tap: the build question, as before
    assert app.top is not table and not isinstance(app.top, CardDialog)


@pytest.mark.parametrize("game", GAMES)
def test_what_now_shows_the_games_own_sentence(app: App, game: str) -> None:
    table = table_of(app, game)
    expected = module(game, "now").sentence(table.state)
    assert what_now_text(game, table.state) == expected
    Driver(app).tap("what-now")
    card = app.top
    assert isinstance(card, CardDialog) and card.sections[0] == ("", expected)
    assert lay_out(app.metrics, card.sections).fits
    Driver(app).touch(app.metrics.rect().center)
    assert app.top is table


def test_a_card_shows_the_things_colour_and_value() -> None:
    from companion.games.base import PlayerInfo
    from companion.games.via_romana import RULES as VIA
    from companion.ui.theme import THING_COLOURS, colour_rgb

    statue = rules_card_for("glory-to-rome", "building:Statue")
    assert statue is not None and (statue.colour, statue.mark) == (THING_COLOURS["marble"], "3")
    laborer = rules_card_for("glory-to-rome", "role:laborer")
    assert laborer is not None and (laborer.colour, laborer.mark) == (THING_COLOURS["rubble"], "1")
    quaestor = rules_card_for("ave-roma", "space:quaestor")
    assert quaestor is not None and quaestor.colour is None and quaestor.mark == ""
    state = VIA.setup([PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2)],
                      VIA.prepare_options(VIA.default_options()))
    city = state.board.cities[0]
    shown = rules_card_for("via-romana", f"city:{city.name}", state)
    assert shown is not None
    assert shown.card.title.startswith(city.name) and shown.colour == colour_rgb(city.colour)
    assert shown.mark == str(state.stacks[0][0])  # the marker on top of the city's stack


@pytest.mark.parametrize("language", ("en", *TRANSLATED))
def test_what_now_fits_in_every_language(language: str, fonts: None, tmp_path: Any) -> None:
    from companion.core.events import new_input_queue
    from companion.log.store import Store

    i18n.set_language(language)
    for size in SIZES:
        store = Store.open(tmp_path / f"{size[0]}")
        try:
            app = App(store, new_input_queue(), pygame.Surface(size), present=lambda r: None)
            app.start()
            for game in GAMES:
                session = demo_session(store, game)
                app.start_session(session)
                open_what_now(app, game, session.state)
                card = app.top
                assert isinstance(card, CardDialog)
                laid = lay_out(app.metrics, card.sections)
                assert laid.fits and laid.size >= MIN_TEXT_SIZE, (size, game)
        finally:
            store.close()


def test_what_now_after_the_end_says_to_score(app: App) -> None:
    app.start_session(demo_session(app.store, "glory-to-rome", ended=True))
    app.step()
    app.settle()
    Driver(app).tap("what-now")
    card = app.top
    assert isinstance(card, CardDialog)
    assert card.sections[0] == ("", "The game is over: enter the final numbers to score it.")
