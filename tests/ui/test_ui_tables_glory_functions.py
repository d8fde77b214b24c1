"""Glory to Rome table: building actions (Amphitheatre, School, Bath, Foundry) and the
Palisade's immunity against the Colosseum, driven by injected touch.

The structures are built through the session (as earlier touches would have); the new
buttons are then used by touch only.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


import pytest  # noqa: E402
from glory_support import build, new_game, open_table, play_turn  # noqa: E402

from companion.games.base import Rejected  # noqa: E402
from companion.games.glory_to_rome.state import Bonus  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.rules_cards import what_now_text  # noqa: E402


def bonus_buttons(app: App) -> list[str]:
    return [key for key in ("move-bonus-0-Amphitheatre", "move-bonus-1-Amphitheatre",
                            "move-bonus-0-Bath", "move-bonus-1-Bath", "move-bonus-0-School",
                            "move-bonus-1-School") if app.top.has_button(key)]


def test_amphitheatre_actions_are_offered_to_its_owner_only(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Amphitheatre"}, turns=3)
    state = session.state
    assert state.players[0].building("Amphitheatre").completed
    assert state.bonus == (Bonus(0, "Amphitheatre", "craftsman", 4),)
    assert state.acting is None  # the turn waits for Ana's actions before Ben leads
    driver = open_table(app, session)
    assert bonus_buttons(app) == ["move-bonus-0-Amphitheatre"]
    assert not app.top.has_button("move-lead-patron")
    driver.tap("move-bonus-0-Amphitheatre")
    # nothing unfinished to add to: only laying a foundation (or another action) is offered
    assert app.top.has_button("pick-lay_foundation")
    assert not app.top.has_button("pick-add_material")
    driver.taps("pick-lay_foundation", "pick-Temple")
    assert session.actions[-1].payload == {"building": "Temple", "out_of_town": False,
                                           "bonus": "Amphitheatre"}
    assert session.actions[-1].player == 0
    driver.taps("move-bonus-0-Amphitheatre", "pick-add_material", "pick-Temple")
    assert session.state.players[0].building("Temple").materials == 1
    assert session.state.bonus == (Bonus(0, "Amphitheatre", "craftsman", 2),)
    driver.taps("move-bonus-0-Amphitheatre", "pick-skip")
    assert session.actions[-1].type == "done"
    assert session.state.bonus == ()
    assert bonus_buttons(app) == []
    assert session.state.leader == 1 and app.top.has_button("move-lead-patron")  # Ben next


def test_school_thinks_through_the_think_form(app: App) -> None:
    session = new_game(app)
    build(session, {1: "School"}, turns=3)
    assert session.state.bonus == (Bonus(1, "School", "think", 4),)
    supply = session.state.jacks_supply
    driver = open_table(app, session)
    assert bonus_buttons(app) == ["move-bonus-1-School"]
    driver.tap("move-bonus-1-School")
    assert not app.top.has_button("pick-lay_foundation")
    driver.taps("pick-think", "jack")
    assert session.actions[-1].payload == {"option": "jack", "bonus": "School"}
    assert session.state.players[1].jacks == 1 + 1 and session.state.jacks_supply == supply - 1
    driver.taps("move-bonus-1-School", "pick-think")
    driver.number_dialog(2)
    assert session.actions[-1].payload == {"option": "refill", "hand": 2, "bonus": "School"}
    assert session.state.bonus == (Bonus(1, "School", "think", 2),)


def test_bath_client_acts_as_it_is_hired(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Bath"}, turns=3)
    assert session.state.players[0].building("Bath").completed
    driver = open_table(app, session)
    assert session.state.leader == 1
    driver.taps("move-lead-patron", "move-follow")
    # Ben hires first: he has no Bath, so nothing is offered
    driver.taps("move-client", "pick-laborer")
    assert bonus_buttons(app) == []
    # Ana hires a Merchant: it vaults a material at once
    driver.taps("move-client", "pick-merchant")
    assert session.state.bonus == (Bonus(0, "Bath", "merchant", 1),)
    driver.tap("move-bonus-0-Bath")
    assert app.top.has_button("pick-vault") and not app.top.has_button("pick-hire_client")
    driver.taps("pick-vault", "pick-stone")
    assert session.actions[-1].payload == {"source": "stockpile", "material": "stone",
                                           "bonus": "Bath"}
    assert [card.material for card in session.state.players[0].vault] == ["stone"]
    assert bonus_buttons(app) == []


def test_foundry_laborer_action_counts_down(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Foundry"}, turns=3)
    assert session.state.bonus == (Bonus(0, "Foundry", "laborer", 4),)
    driver = open_table(app, session)
    driver.tap("move-bonus-0-Foundry")
    assert app.top.has_button("pick-act") and app.top.has_button("pick-skip")
    driver.tap("pick-act")
    assert session.actions[-1].type == "act"
    assert session.actions[-1].payload == {"bonus": "Foundry"}
    assert session.state.bonus == (Bonus(0, "Foundry", "laborer", 3),)


def test_colosseum_is_refused_against_a_palisade(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Colosseum", 1: "Palisade"}, turns=4)
    assert session.state.players[0].building("Colosseum").completed
    assert session.state.players[1].building("Palisade").completed
    play_turn(session, "patron", {1: [("hire_client", {"role": "craftsman"})]})
    driver = open_table(app, session)
    assert session.state.leader == 1
    driver.taps("move-lead-legionary", "move-follow", "move-done")  # Ben demands first
    # the engine refuses the one client there is: the button is greyed, "What now?" says why
    assert not app.top.button("move-colosseum").enabled
    assert "no client the Colosseum can take" in what_now_text("glory-to-rome", session.state)
    with pytest.raises(Rejected, match="Palisade"):
        session.dispatch("colosseum", {"from": 1, "role": "craftsman"}, 0)
    assert session.state.players[1].client_count("craftsman") == 1
    assert session.actions[-1].type == "done"  # nothing was recorded
    assert session.state.acting == 0  # Ana may still use her action another way
