"""What a table hit although each screen looked right alone (issue 36): a paused game kept
in reach, a prompt that never hides the dialog of the next step, the Think default after a
refill, the device notice over no title, taps on the Via Romana map where it is drawn."""

from __future__ import annotations

from pathlib import Path

from ui_driver import Driver, make_app

from companion.core.events import DeviceStatus
from companion.games.base import Action
from companion.games.glory_to_rome import hand_limit
from companion.log.session import GameSession
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import DEMO_PLAYERS, FIVE_MOVES, FIVE_PLAYERS, demo_session
from companion.ui.numpad import NumberDialog
from companion.ui.screens.dialogs import MessageDialog
from companion.ui.screens.table import TableScreen
from companion.ui.tables.glory_to_rome import GloryView
from companion.ui.tables.via_romana import ViaRomanaView


def test_home_lists_every_unfinished_game(app: App) -> None:
    older = demo_session(app.store, "glory-to-rome")
    newer = demo_session(app.store, "ave-roma")
    app.go(places.Home())
    app.render(force=True)
    home = app.top
    resumes = [b for b in home.buttons if b.key.startswith("resume")]
    assert len(resumes) == 2
    assert "Ave Roma" in resumes[0].label and "Glory to Rome" in resumes[1].label
    Driver(app).tap(resumes[1].key)
    assert app.session is not None and app.session.game_id == older.game_id
    assert newer.game_id != older.game_id


def test_a_prompt_waits_under_the_dialog_of_the_next_step(app: App) -> None:
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.render(force=True)
    app.prompt("The vault limit is now 5.")
    answers: list[int] = []
    dialog = NumberDialog(app, "How many?", None, 0, 9, answers.append)
    app.push(dialog)
    app.render(force=True)
    driver = Driver(app)
    driver.tap("pad-4")  # under the middle of the screen, where the prompt is drawn
    driver.tap("done")
    assert answers == [4]


def test_the_limit_prompt_leaves_the_first_tap_on_the_building_picker(app: App) -> None:
    """After a completion the gold "limit grew" prompt stands on the table; laying the
    next foundation, the first tap on the picker's button is that button's (it does not
    only dismiss the prompt)."""
    app.start_session(demo_session(app.store, "glory-to-rome"))
    table = app.top
    assert isinstance(table, TableScreen) and isinstance(table.view, GloryView)
    app.prompt("Julia's vault limit just grew to 5.")
    table.view._foundation()
    app.render(force=True)
    picker = app.top
    assert picker.has_button("pick-Statue")  # greyed in a Merchant turn: Cancel then
    Driver(app).tap("cancel")
    assert app.top is table


def test_think_offers_the_hand_the_moves_leave(app: App) -> None:
    """Julia refilled from 3, then followed with a role card: one below her limit.
    Livia never Thought: dealt 5, she led a role, laid a Wall and followed."""
    app.start_session(demo_session(app.store, "glory-to-rome"))
    table = app.top
    assert isinstance(table, TableScreen) and isinstance(table.view, GloryView)
    julia = DEMO_PLAYERS.index(next(p for p in DEMO_PLAYERS if p.name == "Julia"))
    table.view._think(julia)
    dialog = app.top
    assert isinstance(dialog, NumberDialog)
    assert dialog.digits == str(hand_limit(table.view.glory, julia) - 1)  # not her "3"
    app.pop(dialog)
    table.view._think(0)
    assert isinstance(app.top, NumberDialog) and app.top.digits == "2"


def test_the_no_gpio_notice_covers_no_title(app: App) -> None:
    app.inputs.put(DeviceStatus("buttons", "simulated", "No GPIO buttons: not a Pi."))
    app.step()
    app.settle()
    assert app.status is None and app.banner is None
    assert not any(isinstance(screen, MessageDialog) for screen in app.stack)
    app.go(places.Settings())
    app.render(force=True)
    assert getattr(app, "device_note", "") == "No GPIO buttons: not a Pi."


def test_a_tap_on_a_drawn_road_or_city_reaches_it(app: App) -> None:
    session = demo_session(app.store, "via-romana")
    app.start_session(session)
    app.render(force=True)
    table = app.top
    assert isinstance(table, TableScreen) and isinstance(table.view, ViaRomanaView)
    spots = {b.key: b for b in table.buttons if b.key.startswith(("road-", "city-"))}
    geometry = next(iter(table.view._geometries.values()))
    for road, spaces in enumerate(geometry.spaces):
        for start, end in spaces:
            middle = (round((start[0] + end[0]) / 2), round((start[1] + end[1]) / 2))
            hit = table.button_at(middle)
            assert hit is spots[f"road-{road}"], (road, middle, hit and hit.key)
    for city, centre in enumerate(geometry.centres):
        assert table.button_at(centre) is spots[f"city-{city}"]


def test_resume_puts_back_what_the_last_move_left_to_do(tmp_path: Path) -> None:
    """The move that ends a turn with a Jack played asks the table to put it back; after a
    power cut the resumed table says so again."""
    from companion.games.glory_to_rome import RULES
    from companion.games.glory_to_rome.steps import physical_steps

    state = RULES.setup(FIVE_PLAYERS, RULES.default_options())
    found: list[tuple[int, list[str]]] = []
    for number, (kind, payload, player) in enumerate(FIVE_MOVES):
        after = RULES.apply(state, Action(kind, payload, player))
        found.append((number, physical_steps(state, after)))
        state = after
    upto, steps = next((number, steps) for number, steps in found if steps)
    first = make_app(tmp_path, (800, 480))
    session = GameSession.create(first.store, "glory-to-rome", FIVE_PLAYERS, {})
    for kind, payload, player in FIVE_MOVES[:upto + 1]:
        session.dispatch(kind, payload, player)
    first.store.close()  # the power goes

    app = make_app(tmp_path, (800, 480))
    app.resume_game()
    assert app.top.name == "table"
    assert app.prompts == steps
    app.clear_prompts()
    app.go(places.Table())  # the same game's table again: said once is enough
    assert app.prompts == []
    app.store.close()


def test_arabic_keeps_the_date_whole_and_the_add_button_on_the_start_side(
        app: App) -> None:
    import time

    from companion.core import i18n
    from companion.ui import bidi, formats

    i18n.set_language("ar")
    when = formats.moment(time.mktime((2026, 12, 2, 20, 15, 0, 0, 0, -1)), with_year=False)
    runs = bidi.visual_runs(f"Livia, Julia · {when}", True)
    latin = next(run for run in runs if "Julia" in run.text)
    assert not any(character.isdigit() for character in latin.text), runs
    assert any("2" in run.text and run.rtl or "2" in run.text and len(run.text.strip()) <= 2
               for run in runs)
    app.go(places.NewGame())
    app.render(force=True)
    add = app.top.button("add-player")
    assert add.rect.centerx > app.metrics.width // 2 or app.metrics.portrait and \
        add.rect.right >= max(b.rect.right for b in app.top.buttons
                              if b.key.startswith("name-"))


def test_the_ave_roma_board_lies_as_on_the_table_in_arabic(app: App) -> None:
    from companion.core import i18n
    from companion.ui import drawn, text

    def region_cards() -> list[tuple[int, int]]:
        """The left and right edges of the region cards (the top row of cards), from the
        left of the table's picture of the board."""
        table = app.top
        assert isinstance(table, TableScreen)
        left = table.areas()["info"].left
        text.repaint_kept_pictures()
        with drawn.recording() as record:
            app.render(force=True)
        cards = [item.rect for item in record.items(app.surface) if item.kind == "card"]
        top = min(card.top for card in cards)
        return sorted((card.left - left, card.right - left) for card in cards
                      if card.top == top)

    app.start_session(demo_session(app.store, "ave-roma"))
    english = region_cards()
    i18n.set_language("ar")
    app.invalidate()
    assert region_cards() == english and english
