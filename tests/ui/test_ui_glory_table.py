"""Glory to Rome played by touch and seat buttons at both sizes, with 3 and 5 players.

The camps must fit without scrolling, the seat buttons work the turn (short: follow or
end one's actions; long: Think), physical steps come up as prompts, and the Undo label
never names a vault card once it is face down.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from glory_support import build, open_table  # noqa: E402
from ui_driver import Driver  # noqa: E402

from companion.core.events import ButtonPress  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screens.table import TableScreen  # noqa: E402
from companion.ui.tables.glory_camps import table_layout  # noqa: E402

SEATS = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2),
         PlayerInfo("Cato", "green", 3), PlayerInfo("Dido", "yellow", 4),
         PlayerInfo("Enna", "purple", 5))


def press_seat(app: App, seat: int, long: bool = False) -> None:
    app.inputs.put(ButtonPress(f"seat{seat}", long=long))
    app.step()
    app.settle()


def start(app: App, players: int) -> tuple[GameSession, Driver]:
    session = GameSession.create(app.store, "glory-to-rome", SEATS[:players], {})
    return session, open_table(app, session)


def undo_label(app: App) -> str:
    return app.top.button("undo").sublabel


def test_three_players_play_by_touch_and_seat_buttons(app: App) -> None:
    session, driver = start(app, 3)
    # turn 1: Ana leads Architect, Ben follows, Cato Thinks from 2 cards (a refill)
    driver.taps("move-lead-architect", "move-follow", "move-think")
    driver.number_dialog(2)
    assert session.actions[-1].payload == {"option": "refill", "hand": 2}
    driver.taps("move-foundation", "pick-Insula")
    driver.taps("move-foundation", "pick-Market")
    state = session.state
    assert state.turn == 2 and state.players[1].building("Market") is not None
    # turn 2: Ben leads Craftsman; Cato follows by his button, Ana Thinks by hers: a Jack
    driver.tap("move-lead-craftsman")
    press_seat(app, 3)
    press_seat(app, 1, long=True)
    driver.tap("jack")
    assert session.state.players[0].jacks == 2
    driver.tap("move-material-Market")  # one wood completes it: the vault limit grows
    assert app.prompts == ["Ben's vault limit just grew to 5.",
                           "Ben's clientele limit just grew to 3."]
    driver.touch(app.prompt_rect.center)  # the table has seen it: the prompt goes
    assert app.prompts == []
    driver.taps("move-foundation", "pick-Villa")
    assert session.state.turn == 3
    # turn 3: Cato leads Merchant with his Jack; Ana follows on screen, Ben by button
    driver.taps("move-jack", "move-lead-merchant", "move-follow")
    press_seat(app, 2)
    driver.taps("move-vault", "pick-stone")
    assert undo_label(app) == "Cato: vaults Stone"  # face up during its turn
    driver.taps("move-vault", "pick-marble", "move-vault", "pick-wood")
    assert session.state.turn == 4
    assert app.prompts == ["Put the Jack played this turn back in the supply."]
    driver.touch(app.prompt_rect.center)
    assert "Wood" not in undo_label(app) and undo_label(app) == "Ben: vaults a card"
    # turn 4: Laborer, untracked: no action buttons, the seat button ends one's actions
    driver.tap("move-lead-laborer")
    press_seat(app, 2, long=True)
    driver.number_dialog(6)  # at or above the limit: draws one
    assert session.actions[-1].payload == {"option": "draw_one", "hand": 6}
    press_seat(app, 3)  # Cato follows
    assert not app.top.has_button("move-act")
    press_seat(app, 1)  # Ana is done
    press_seat(app, 3)  # Cato is done
    assert session.state.turn == 5
    driver.taps("menu", "end-game", "pick-concede", "move-final-scoring")
    assert app.top.name == "endgame-entry"


def test_move_buttons_keep_their_places_while_a_role_is_acted(app: App) -> None:
    """A button gone in the middle of a role's actions (a foundation completed, the next
    player without one) leaves its place empty: Done and Lay foundation do not move."""
    session, driver = start(app, 3)
    driver.taps("move-lead-architect", "move-follow", "move-think")
    driver.number_dialog(2)
    driver.taps("move-foundation", "pick-Insula")
    driver.taps("move-foundation", "pick-Market")
    driver.tap("move-lead-craftsman")
    press_seat(app, 3)
    press_seat(app, 1, long=True)
    driver.tap("jack")
    before = {b.key: b.rect.copy() for b in app.top.buttons if b.key.startswith("move-")}
    assert {"move-foundation", "move-material-Market", "move-done"} <= set(before)
    driver.tap("move-material-Market")  # completes it: Ben's one action, then Cato's
    after = {b.key: b.rect for b in app.top.buttons if b.key.startswith("move-")}
    assert session.state.players[1].building("Market").completed
    assert "move-material-Market" not in after and set(after) <= set(before)
    assert all(rect == before[key] for key, rect in after.items())


def test_five_players_play_by_touch_and_their_camps_fit(app: App) -> None:
    session, driver = start(app, 5)
    screen = app.top
    assert isinstance(screen, TableScreen)
    info = screen.areas()["info"]
    strip, camps, sites = table_layout(info, 5, app.metrics)
    assert len(camps) == 5
    for index, camp in enumerate(camps):
        assert info.contains(camp) and camp.width >= 100 and camp.height >= 100
        assert not camp.colliderect(strip) and not camp.colliderect(sites)
        assert all(not camp.colliderect(other) for other in camps[index + 1:])
    # turn 1: Ana leads Patron; everyone else answers with a seat button
    driver.tap("move-lead-patron")
    press_seat(app, 2)
    press_seat(app, 3, long=True)
    driver.number_dialog(3)
    press_seat(app, 4)
    press_seat(app, 5)
    for role in ("architect", "merchant", "craftsman", "laborer"):
        driver.taps("move-client", f"pick-{role}")
    state = session.state
    assert state.turn == 2
    assert [sum(p.clients) for p in state.players] == [1, 1, 0, 1, 1]
    # turn 2: Ben leads Architect, all follow by button; Ana's Architect client acts too
    driver.tap("move-lead-architect")
    for seat in (3, 4, 5, 1):
        press_seat(app, seat)
    for name in ("Tower", "Road", "Dock", "Bath", "Temple"):
        driver.taps("move-foundation", f"pick-{name}")
    driver.tap("move-material-Temple")
    state = session.state
    assert state.turn == 3 and state.players[0].building("Temple").materials == 1
    assert all(len(p.buildings) == 1 for p in state.players)
    app.invalidate()
    app.step()  # the full table draws at this size without an error
    assert app.errors == 0


def test_a_seat_button_out_of_turn_says_what_it_would_do(app: App) -> None:
    _session, driver = start(app, 3)
    driver.tap("move-lead-architect")
    press_seat(app, 3)  # Cato: Ben decides first
    assert app.banner is not None and not app.banner.error
    assert app.banner.text == ("Cato: it is Ben's move. On your turn a short press follows "
                               "Architect, a long press Thinks.")
    press_seat(app, 1, long=True)  # the Leader has chosen already
    assert app.banner is not None and "Ana" in app.banner.text
    assert "long press Thinks" in app.banner.text


def test_the_leaders_short_press_asks_for_a_role_on_the_screen(app: App) -> None:
    session, _driver = start(app, 3)
    press_seat(app, 1)
    assert session.actions == []
    assert app.banner is not None and "lead a role on the screen" in app.banner.text
    press_seat(app, 1, long=True)
    assert app.top.name == "number"  # Think: how many cards in hand


def test_granted_actions_wait_for_their_holder_who_may_skip_them(app: App) -> None:
    session, driver = start(app, 2)
    build(session, {0: "Amphitheatre"}, turns=3)  # completed with Ana's last action
    app.invalidate()
    app.step()
    state = session.state
    assert state.turn == 3 and state.acting is None and state.bonus != ()
    # "upon completion" comes before the turn ends: Ben may not lead the next one yet
    assert not app.top.has_button("move-lead-laborer")
    assert app.top.has_button("move-bonus-0-Amphitheatre")
    driver.tap("move-skip-Amphitheatre")
    assert session.state.bonus == () and session.actions[-1].payload == {"bonus": "Amphitheatre"}
    assert session.state.turn == 4 and session.state.leader == 1
    assert app.top.has_button("move-lead-laborer")


def test_the_camp_chips_of_a_state_follow_its_moves() -> None:
    """What each camp's turn chip shows is worked out once per state: a new state is not
    answered from the last one."""
    from companion.games.base import Action
    from companion.games.glory_to_rome import RULES
    from companion.ui.tables.glory_camps import choice_of, choices

    state = RULES.setup(SEATS[:3], {})
    assert [choice for choice, _count in choices(state)] == ["", "", ""]
    led = RULES.apply(state, Action("lead", {"role": "laborer"}, state.leader))
    assert choice_of(led, led.leader)[0] == "lead"
    assert choices(state)[state.leader] == ("", None)
    assert choice_of(led, led.leader) == choices(led)[led.leader]


def test_a_camp_shows_thinks_a_structure_grants_as_a_chip() -> None:
    """A School grants Thinks, which have no role colour: their chip is a card's back with
    their number (the frame drew nothing when it looked the colour up)."""
    import pygame

    from companion.games.glory_to_rome import RULES
    from companion.ui import drawn
    from companion.ui.board import CARD_BACK
    from companion.ui.tables.glory_camps import Camp, paint_camp_note

    state = RULES.setup(SEATS[:3], {})
    camp = Camp(state.players[0], (200, 40, 40), False, ("", None), None,
                (("think", 2), ("laborer", 1)), 2, (), 2)
    surface = pygame.Surface((300, 40))
    with drawn.recording() as record:
        paint_camp_note(surface, surface.get_rect(), camp)
    items = record.items(surface)
    chips = [item.colour for item in items if item.kind == "chip"]
    assert chips[0] == CARD_BACK and len(chips) == 2
    assert [item.text for item in items if item.kind == "text"] == ["2", "1"]
