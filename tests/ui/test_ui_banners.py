"""Messages never block a button; prompts for physical steps stay until tapped or the next move."""

from __future__ import annotations

from ui_driver import Driver

from companion.ui import drawn, places
from companion.ui.app_loop import App
from companion.ui.board import reading_size
from companion.ui.demo import demo_session


def _table(app: App) -> Driver:
    app.start_session(demo_session(app.store, "ave-roma"))
    app.step()
    app.settle()
    return Driver(app)


def test_a_tap_on_a_message_reaches_the_button_under_it(app: App) -> None:
    driver = _table(app)
    app.message("That is not your turn: wait for the Leader to choose a role.")
    app.step()
    assert app.banner is not None
    menu = app.top.button("menu").rect
    assert app.banner.rect.colliderect(menu)  # the message lies over the menu button...
    driver.touch(menu.center)
    assert app.banner is None
    assert app.top.name == "choice"  # ...and the tap still opened the menu


def test_a_prompt_stays_until_tapped_and_the_tap_does_nothing_else(app: App) -> None:
    driver = _table(app)
    app.prompt("Pay 2 coins and take the region card.")
    app.prompt("Pay 2 coins and take the region card.")  # the same step once
    app.prompt("Raise the brown marker.")
    app.step()
    assert app.prompts == ["Pay 2 coins and take the region card.", "Raise the brown marker."]
    assert app.prompt_rect.height >= app.metrics.unit * 2
    before = len(app.session.actions) if app.session else 0
    driver.touch(app.prompt_rect.center)
    assert app.prompts == []
    assert app.top.name == "table"
    assert app.session is not None and len(app.session.actions) == before


def test_the_next_move_or_undo_clears_a_prompt(app: App) -> None:
    _table(app)
    app.prompt("Take the legion eagle.")
    app.undo()
    app.settle()
    assert app.prompts == []
    app.prompt("Take the legion eagle.")
    app.redo()
    app.settle()
    assert app.prompts == []
    app.prompt("Take the legion eagle.")
    app.go(places.Home())
    assert app.prompts == []


def test_taps_outside_a_prompt_reach_the_screen(app: App) -> None:
    driver = _table(app)
    app.prompt("The vault limit is now 5.")
    app.step()
    menu = app.top.button("menu").rect
    assert not menu.colliderect(app.prompt_rect)
    driver.touch(menu.center)
    assert app.top.name == "choice"
    assert app.prompts == ["The vault limit is now 5."]


def test_a_long_prompt_keeps_the_size_a_player_reads(app: App) -> None:
    _table(app)
    app.prompt("The region deck has run out: shuffle the discarded region cards to make a new "
               "deck. Every player whose marker is on the Senate track takes one coin. The "
               "round ends after this turn, and the last player to act starts the next one.")
    app.step()
    with drawn.recording() as record:
        app.invalidate()
        app.render(force=True)
    inside = [item for item in record.items(app.surface)
              if item.kind == "text" and app.prompt_rect.contains(item.rect)]
    assert inside
    assert min(item.size for item in inside) >= reading_size(app.metrics)
    assert app.prompt_rect.bottom <= app.metrics.height
