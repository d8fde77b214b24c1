"""The language at the table: switched in Settings at once, remembered, mirrored for Arabic,
and the on-screen keyboard with the language's letters and the names played before."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import Driver, make_app  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.ui import (
    layout,  # noqa: E402
    places,  # noqa: E402
)
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402
from companion.ui.keyboard import KeyboardScreen  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    i18n.set_language("en")
    made = make_app(tmp_path / "data", (800, 480))
    yield made
    made.store.close()
    pygame.display.quit()
    i18n.set_language("en")


def test_settings_switch_the_language_at_once_and_it_is_remembered(app: App,
                                                                   tmp_path: Path) -> None:
    driver = Driver(app)
    app.go(places.Settings())
    app.step()
    driver.tap("language-de")
    assert i18n.language() == "de"
    assert app.top.button("back").label == "Zurück"  # the same screen, rebuilt in German
    app.go(places.Home())
    app.step()
    app.store.close()
    i18n.set_language("en")
    again = make_app(tmp_path / "data", (800, 480))
    try:
        assert i18n.language() == "de"  # the next start comes up in German
    finally:
        again.store.close()


def test_arabic_mirrors_the_table_but_not_the_number_pad(app: App) -> None:
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.step()
    english = {b.key: b.rect.copy() for b in app.top.buttons}
    app.set_language("ar")
    app.step()
    arabic = {b.key: b.rect for b in app.top.buttons}
    width = app.metrics.width
    for key in ("undo", "menu"):
        assert arabic[key].centerx == pytest.approx(width - english[key].centerx, abs=2), key
    from companion.ui.numpad import NumberDialog

    app.push(NumberDialog(app, "?", None, 0, 99, lambda value: None))
    app.step()
    pad = {b.key: b.rect for b in app.top.buttons}
    assert pad["pad-1"].centerx < pad["pad-2"].centerx < pad["pad-3"].centerx
    assert layout.mirrored()


def test_arabic_text_is_right_aligned(app: App) -> None:
    surface = pygame.Surface((400, 60))
    rect = pygame.Rect(0, 0, 400, 60)
    from companion.ui.text import draw_text

    i18n.set_language("ar")
    drawn = draw_text(surface, "القائد", rect, 28, (255, 255, 255), align="left")
    assert drawn.right == rect.right
    i18n.set_language("en")
    drawn = draw_text(surface, "Leader", rect, 28, (255, 255, 255), align="left")
    assert drawn.left == rect.left


@pytest.mark.parametrize(("language", "letters"), [
    ("de", "äöüß"), ("ro", "ăâîșț"), ("ar", "ضصثقشسي"), ("zh_CN", "qwerty")])
def test_the_keyboard_has_the_letters_of_the_language(app: App, language: str,
                                                      letters: str) -> None:
    app.set_language(language)
    app.push(KeyboardScreen(app, "?", "", lambda text: None))
    app.step()
    for letter in letters:
        assert app.top.has_button(f"key-{letter}"), letter


def test_a_german_name_is_typed_with_umlauts_and_no_double_s_capital(app: App) -> None:
    typed: list[str] = []
    app.set_language("de")
    app.push(KeyboardScreen(app, "?", "", typed.append))
    app.step()
    driver = Driver(app)
    for key in ("key-ß", "key-ü", "key-space", "key-ö", "key-done"):
        driver.tap(key)
    assert typed == ["ßü Ö"]


def test_names_of_earlier_games_are_offered_and_picked_with_one_tap(app: App) -> None:
    demo_session(app.store, "glory-to-rome")
    typed: list[str] = []
    app.push(KeyboardScreen(app, "?", "", typed.append,
                            names=app.store.recent_player_names()))
    app.step()
    driver = Driver(app)
    assert {"pick-Livia", "pick-Marcus", "pick-Julia"} <= {b.key for b in app.top.buttons}
    driver.tap("key-m")
    assert [b.key for b in app.top.buttons if b.key.startswith("pick-")] == ["pick-Marcus"]
    driver.tap("pick-Marcus")
    driver.tap("key-done")
    assert typed == ["Marcus"]


def test_a_missing_font_is_said_once_on_screen_with_its_package(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.ui import fonts, text

    monkeypatch.setattr(fonts, "FAMILIES", (("Noto Sans Nowhere", "fonts-noto-nowhere"),))
    monkeypatch.setattr(fonts, "_notices", [])
    monkeypatch.setattr(fonts, "_taken", 0)
    fonts.forget()
    text.forget_fonts()
    try:
        app.invalidate()
        app.step()
        assert app.banner is not None and "fonts-noto-nowhere" in app.banner.text
        app.banner = None
        app.invalidate()
        app.step()
        assert app.banner is None  # once
    finally:
        monkeypatch.undo()
        fonts.forget()
        text.forget_fonts()


def test_the_game_on_the_table_speaks_the_new_language_at_once(tmp_path: Path) -> None:
    """What a move told the table (Ave Roma's notice) is said again in the language just
    chosen, as the game read from its log in that language says it."""
    from bench.scripted_games import scripted_game
    from companion.log.session import GameSession

    app = make_app(tmp_path, (800, 480))
    players, options, moves, _entries = scripted_game("ave-roma", 1)
    app.start_session(GameSession.create(app.store, "ave-roma", players, options))
    for kind, payload, player in moves[:12]:
        assert app.dispatch(kind, payload, player)
        app.settle()
    live = app.session
    assert live is not None and live.state.notice
    english = live.state.notice
    app.set_language("de")
    live = app.session
    assert live is not None
    assert live.state.notice != english
    assert GameSession(app.store, app.store.game(live.game_id)).state == live.state
    app.close(timeout=5)
