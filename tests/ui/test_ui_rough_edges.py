"""The rough edges a played game night hit, each checked at 800x480 and 720x1280."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui_driver import Driver

from companion.games.base import PlayerInfo, Rejected
from companion.log.session import GameSession
from companion.system.power import power_off_offered
from companion.ui import places, theme
from companion.ui.app_loop import App
from companion.ui.demo import demo_session
from companion.ui.form import Counts, Number, Pick, PickDialog, SeveralDialog, Step, run_form
from companion.ui.keyboard import KeyboardScreen
from companion.ui.numpad import NumberDialog
from companion.ui.screen import Screen
from companion.ui.screens.endgame import EndgameScreen
from companion.ui.screens.new_game import NewGameScreen
from companion.ui.text_fit import ELLIPSIS


def drawn_text(screen: Screen, key: str) -> str:
    """What a button shows, line by line joined with spaces (as the player reads it)."""
    button = screen.button(key)
    _size, lines, _sub_size, sub_lines = button.label_layout(screen.metrics.body)
    return " ".join([*lines, *sub_lines])


def uncut(screen: Screen) -> None:
    for button in screen.buttons:
        shown = drawn_text(screen, button.key)
        assert ELLIPSIS not in shown, f"{button.key}: {shown!r}"


# -- the on-screen keyboard ---------------------------------------------------------------

def test_keyboard_keys_never_ellipsize(app: App) -> None:
    app.push(KeyboardScreen(app, "Name", "", lambda text: None))
    app.step()
    keys = [b for b in app.top.buttons if b.key.startswith("key-")]
    assert len(keys) == 44
    uncut(app.top)
    for button in keys:
        assert min(button.rect.size) >= 48
        if len(button.key) == 5:  # key-<letter>
            assert drawn_text(app.top, button.key).lower() == button.key[-1]


def test_a_long_name_is_kept_and_the_limit_is_said(app: App) -> None:
    app.go(places.NewGame())
    app.step()
    driver = Driver(app)
    driver.tap("name-0")
    name = "maximiliana octavia"  # longer than the 16 characters names used to be cut at
    for char in name:
        driver.tap("key-space" if char == " " else f"key-{char}")
    assert isinstance(app.top, KeyboardScreen) and app.top.text == "Maximiliana Octavia"
    for _ in range(10):
        driver.tap("key-a")
    assert app.banner is not None and "24" in app.banner.text  # said, not silent
    driver.tap("key-done")
    screen = app.top
    assert isinstance(screen, NewGameScreen) and len(screen.players[0].name) == 24


# -- pick dialogs ----------------------------------------------------------------------------

ROADS = [("a", "Bagacum – Durocortorum, from the north gate over the hills"),
         ("b", "Bagacum – Durocortorum, from the south gate along the river"),
         ("c", "Samarobriva – Durocortorum")]


def test_pick_dialog_never_cuts_what_tells_answers_apart(app: App) -> None:
    app.push(PickDialog(app, "Which road does the milestone go on?", ROADS, lambda v: None))
    app.step()
    screen = app.top
    assert isinstance(screen, PickDialog)
    uncut(screen)
    assert "north gate" in drawn_text(screen, "pick-a")
    assert "south gate" in drawn_text(screen, "pick-b")
    assert screen.shown_title().startswith("Which road does the milestone go on?")


def test_pick_dialog_uses_the_room_and_columns_follow_the_labels(app: App) -> None:
    short = [(n, str(n)) for n in range(1, 7)]
    app.push(PickDialog(app, "How many?", short, lambda v: None))
    app.step()
    columns, _height, _labels, _prefix, _lines = app.top.layout()  # type: ignore[attr-defined]
    assert columns >= 2
    cells = [b.rect for b in app.top.buttons if b.key.startswith("pick-")]
    assert max(r.bottom for r in cells) > app.metrics.height // 2  # not half the screen empty
    app.pop()
    app.push(PickDialog(app, "Which road?", ROADS, lambda v: None))
    app.step()
    assert app.top.layout()[0] < columns  # type: ignore[attr-defined]


def test_a_question_with_one_answer_is_not_asked(app: App) -> None:
    answers: list[dict[str, Any]] = []
    run_form(app, "Build", [Pick("city", "Which city?", [("Bagacum", "Bagacum")]),
                            Pick("what", "What?", [("castle", "Castle"), ("mile", "Milestone")])],
             answers.append)
    app.step()
    assert isinstance(app.top, PickDialog) and app.top.title == "Build: What?"
    Driver(app).tap("pick-castle")
    assert answers == [{"city": "Bagacum", "what": "castle"}]


# -- contrast --------------------------------------------------------------------------------

def test_every_text_colour_on_its_background_reaches_aa() -> None:
    weak = [(what, round(theme.contrast(ink, fill), 2)) for what, ink, fill in theme.text_pairs()
            if theme.contrast(ink, fill) < 4.5]
    assert weak == []


def test_the_selected_endgame_field_is_readable(app: App) -> None:
    app.session = demo_session(app.store, "glory-to-rome", ended=True)
    app.go(places.Endgame())
    app.step()
    selected = [b for b in app.top.buttons if b.key.startswith("field-") and b.selected]
    assert len(selected) == 1
    fill, ink = selected[0].colours()
    assert theme.contrast(ink, fill) >= 4.5
    assert fill != theme.PANEL_LIGHT  # it stands out from the other fields


# -- dead ends -------------------------------------------------------------------------------

class Reader:
    def __init__(self) -> None:
        self.tapped: list[str] = []

    def tap(self, uid: str, reader: str | None = None) -> None:
        self.tapped.append(uid)


def test_tag_in_new_game_offers_a_demo_tag_without_a_reader(app: App) -> None:
    reader = Reader()
    app.simulated_reader = reader
    app.go(places.NewGame())
    app.step()
    driver = Driver(app)
    driver.tap("tag-0")
    assert isinstance(app.top, PickDialog)
    first = next(b.key for b in app.top.buttons if b.key.startswith("pick-"))
    driver.tap(first)
    assert reader.tapped == [first.removeprefix("pick-")]


def test_shut_down_is_offered_only_where_it_switches_off_the_companion(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app.power_off = None
    app.go(places.Settings())
    app.step()
    assert not app.top.has_button("shutdown")
    app.ask_shutdown()
    assert app.top.name == "settings" and app.banner is not None
    app.power_off = lambda: False
    app.go(places.Settings())
    app.step()
    assert app.top.has_button("shutdown")
    monkeypatch.delenv("COMPANION_POWER_OFF", raising=False)
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert power_off_offered(str(model))
    model.write_text("QEMU Standard PC\x00")
    assert not power_off_offered(str(model))
    assert not power_off_offered(str(tmp_path / "missing"))
    monkeypatch.setenv("COMPANION_POWER_OFF", "1")
    assert power_off_offered(str(tmp_path / "missing"))


def test_a_yes_no_endgame_question_is_two_buttons(app: App) -> None:
    session = GameSession.create(app.store, "via-romana", [
        PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2)], {})
    app.session = session
    fields = session.rules.endgame_fields(session.state)
    assert fields and all(f.maximum == 1 for f in fields)
    app.go(places.Endgame())
    app.step()
    screen = app.top
    assert isinstance(screen, EndgameScreen)
    assert screen.has_button("answer-yes") and not screen.has_button("pad-5")
    Driver(app).tap("answer-yes")
    assert screen.digits[fields[0].key] == "1"
    assert screen.current == 1  # on to the next question


def test_a_yes_no_number_is_two_buttons(app: App) -> None:
    got: list[int] = []
    app.push(NumberDialog(app, "Forum win?", None, 0, 1, got.append))
    app.step()
    assert not app.top.has_button("pad-1")
    Driver(app).tap("answer-no")
    assert got == [0]


# -- things that move under the finger -------------------------------------------------------

def test_home_buttons_stay_put_when_a_game_can_be_resumed(app: App) -> None:
    app.go(places.Home())
    app.step()
    before = {b.key: b.rect.copy() for b in app.top.buttons}
    demo_session(app.store, "ave-roma")
    app.go(places.Home())
    app.step()
    after = {b.key: b.rect.copy() for b in app.top.buttons}
    assert "resume" in after and "resume" not in before
    for key, rect in before.items():
        assert after[key] == rect, key


def test_ticking_an_answer_moves_nothing(app: App) -> None:
    options = [(n, f"Option {n}") for n in range(7)]
    app.push(SeveralDialog(app, "Which ones?", options, 1, lambda values: None))
    app.step()
    before = {b.key: b.rect.copy() for b in app.top.buttons if b.key.startswith("toggle-")}
    Driver(app).tap("toggle-3")
    after = {b.key: b.rect.copy() for b in app.top.buttons if b.key.startswith("toggle-")}
    assert before == after


def test_a_prefilled_number_is_replaced_by_the_first_key(app: App) -> None:
    got: list[int] = []
    app.push(NumberDialog(app, "Hand size", 5, 0, 20, got.append))
    app.step()
    driver = Driver(app)
    driver.tap("pad-7")
    driver.tap("done")
    assert got == [7]
    app.session = demo_session(app.store, "glory-to-rome", ended=True)
    app.go(places.Endgame())
    app.step()
    screen = app.top
    assert isinstance(screen, EndgameScreen)
    key = screen.fields[0].key
    screen.digits[key] = "4"
    driver.tap("pad-6")
    assert screen.digits[key] == "6"
    driver.tap("pad-2")
    assert screen.digits[key] == "62"


# -- refusals keep what was entered -----------------------------------------------------------

def test_a_refused_form_goes_back_to_the_wrong_step_with_the_answers(app: App,
                                                                    counter_game: str) -> None:
    session = GameSession.create(app.store, counter_game, [
        PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2)], {})
    app.start_session(session)
    app.step()
    steps: list[Step] = [Pick("note", "Why?", [("luck", "Luck"), ("skill", "Skill")]),
             Number("amount", "How many?", 0, 9)]

    def done(values: dict[str, Any]) -> None:
        app.dispatch("add", {"amount": values["amount"]}, 0)

    run_form(app, "Add", steps, done)
    app.step()
    driver = Driver(app)
    driver.tap("pick-skill")
    driver.tap("pad-7")
    driver.tap("done", allow_error=True)  # the rules allow 1 to 3
    assert app.banner is not None and "1 to 3" in app.banner.text
    screen = app.top
    assert isinstance(screen, NumberDialog) and screen.digits == "7"  # kept, same step
    driver.tap("pad-2")
    driver.tap("done")
    app.settle()
    assert [a.payload["amount"] for a in session.actions] == [2]


def test_a_refusal_naming_a_field_reopens_that_step(app: App) -> None:
    seen: list[dict[str, Any]] = []

    def done(values: dict[str, Any]) -> None:
        seen.append(dict(values))
        if len(seen) == 1:
            def refuse() -> None:
                raise Rejected("Wine: the player has only 1.", field="pay")
            app.guard(refuse)

    run_form(app, "Trade", [Counts("pay", "Paid", [("wine", "Wine"), ("ore", "Ore")], 3,
                                   limits={"wine": 1}),
                            Pick("to", "To whom?", [("a", "Livia"), ("b", "Marcus")])], done)
    app.step()
    driver = Driver(app)
    driver.tap("inc-wine")
    assert not app.top.button("inc-wine").enabled  # no + beyond what the player has
    driver.tap("inc-ore")
    driver.tap("done")
    driver.tap("pick-b", allow_error=True)
    assert app.top.name == "counts"
    assert app.top.amounts == {"wine": 1, "ore": 1}  # type: ignore[attr-defined]
    driver.tap("done")
    screen = app.top
    assert isinstance(screen, PickDialog) and screen.button("pick-b").selected
    driver.tap("pick-b")
    assert seen[-1] == {"pay": {"wine": 1, "ore": 1}, "to": "b"} and len(seen) == 2


# -- words on the table that mislead ----------------------------------------------------------


def test_game_over_shows_the_players_in_seat_order_without_rank_numbers(app: App) -> None:
    """A numbered turn order left on the screen at the end reads like a ranking."""
    from companion.ui.screens.table import TableScreen

    playing = demo_session(app.store, "glory-to-rome")
    app.start_session(playing)
    app.step()
    table = app.top
    assert isinstance(table, TableScreen)
    assert [text[:3] for text, _note, _fill, _on in table._order()] == [
        "1. ", "2. ", "3. "]  # while the game runs, the order is the turn order
    over = demo_session(app.store, "glory-to-rome", ended=True)
    app.start_session(over)
    app.step()
    table = app.top
    assert isinstance(table, TableScreen) and over.rules.is_over(over.state)
    shown = [text for text, _note, _fill, _on in table._order()]
    assert shown == [player.name for player in over.players]  # seats, no numbers


def test_the_jack_toggle_says_what_it_plays(app: App) -> None:
    """Not "Jack: no": whether the lead or follow about to be tapped is played with a Jack."""
    session = GameSession.create(app.store, "glory-to-rome", (
        PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2)), {"jacks": 6})
    session.dispatch("think", {"option": "jack"}, 0)  # Ana takes a Jack; Ben leads next
    session.dispatch("think", {"option": "jack"}, 1)
    app.start_session(session)
    app.step()
    assert drawn_text(app.top, "move-jack") == "Lead/follow with a Jack: no"
    Driver(app).tap("move-jack")
    assert drawn_text(app.top, "move-jack") == "Lead/follow with a Jack: yes"
