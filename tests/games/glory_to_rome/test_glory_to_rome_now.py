""""What now?" in Glory to Rome: the options said are the engine's own answer."""

from __future__ import annotations

from dataclasses import replace

from glory_support import NAMES, clients, foundation, give, play

from companion.games.base import PlayerInfo
from companion.games.glory_to_rome import RULES, GloryState, think_options, vault_limit
from companion.games.glory_to_rome.data import ROLES
from companion.games.glory_to_rome.now import accepts, options, sentence
from companion.games.glory_to_rome.state import VaultCard


def three() -> GloryState:
    return RULES.setup([PlayerInfo(NAMES[i], "red", i) for i in range(3)], {})


def test_the_leader_may_lead_any_role_or_think_and_holds_a_jack() -> None:
    state = three()
    found = options(state)
    assert found.player == 0
    assert set(found.moves) == {*(f"lead:{r}" for r in ROLES), "think", "think:jack"}
    assert sentence(state) == "Livia leads a role or Thinks; 1 Jack in hand."


def test_with_the_supply_empty_taking_a_jack_is_not_offered_and_the_engine_refuses_it() -> None:
    state = play(replace(three(), jacks_supply=0), "lead", 0, role="architect")
    found = options(state)
    assert "jack" not in think_options(state, 1)
    assert "think:jack" not in found.moves and "think:jack" in found.refused
    assert not accepts(state, "think", {"option": "jack"}, 1)
    assert sentence(state) == ("Marcus follows Architect or Thinks; 1 Jack in hand, no Jack "
                               "left to take.")


def test_a_full_vault_is_said_and_vaulting_is_not_offered() -> None:
    state = three()
    full = tuple(VaultCard("stone", 0, "stockpile") for _n in range(vault_limit(state, 0)))
    state = give(state, 0, vault=full)
    state = play(state, "lead", 0, role="merchant")
    for seat in (1, 2):
        state = play(state, "think", seat, option="draw_one", hand=9)
    found = options(state)
    assert found.player == 0
    assert "vault" in found.refused and "vault" not in found.moves
    assert not accepts(state, "vault", {"material": "rubble", "source": "stockpile"}, 0)
    assert sentence(state) == ("Livia has 1 Merchant action left: end with Done; the vault is "
                               "full.")


def test_an_architect_with_a_foundation_may_lay_or_add_and_a_patron_with_room_hires() -> None:
    state = give(three(), 0, clients=clients(architect=1))
    state = play(state, "lead", 0, role="architect")
    state = play(state, "think", 1, option="draw_one", hand=9)
    state = play(state, "think", 2, option="draw_one", hand=9)
    state = play(state, "lay_foundation", 0, building="Temple")
    found = options(state)
    assert found.moves == ("lay_foundation", "add_material", "done")
    assert accepts(state, "add_material", {"building": "Temple"}, 0)
    assert sentence(state) == ("Livia has 1 Architect action left: lay a foundation, add a "
                               "material or end with Done.")


def test_a_full_clientele_refuses_hiring() -> None:
    state = give(three(), 0, clients=clients(laborer=2))
    state = play(state, "lead", 0, role="patron")
    for seat in (1, 2):
        state = play(state, "think", seat, option="draw_one", hand=9)
    assert "hire_client" in options(state).refused
    assert not accepts(state, "hire_client", {"role": "patron"}, 0)
    assert "no room for another client" in sentence(state)


def test_granted_actions_waiting_are_what_the_turn_waits_for() -> None:
    state = give(three(), 0, buildings=(foundation("Amphitheatre", "concrete", 1),))
    state = play(state, "lead", 0, role="craftsman")
    for seat in (1, 2):
        state = play(state, "think", seat, option="draw_one", hand=9)
    state = play(state, "add_material", 0, building="Amphitheatre")
    assert state.acting is None and state.bonus  # the engine waits for the Amphitheatre
    assert options(state).moves == ()
    assert sentence(state) == ("Livia takes or skips the building actions (4 Craftsman "
                               "actions); then the turn ends.")
    assert not accepts(state, "done", {}, 0)  # a regular move is refused meanwhile


def test_granted_actions_come_before_the_rest_of_ones_own() -> None:
    state = give(three(), 0, buildings=(foundation("Amphitheatre", "concrete", 1),),
                 clients=clients(craftsman=1))
    state = play(state, "lead", 0, role="craftsman")
    for seat in (1, 2):
        state = play(state, "think", seat, option="draw_one", hand=9)
    state = play(state, "add_material", 0, building="Amphitheatre")
    assert state.acting == 0 and state.actions_left[0] == 1 and state.bonus
    assert options(state).moves == ()  # the engine refuses Livia's own actions meanwhile
    assert not accepts(state, "done", {}, 0)
    assert sentence(state) == ("Livia first takes or skips the building actions (4 Craftsman "
                               "actions).")


def test_the_game_over_says_to_score() -> None:
    state = play(three(), "end_game", None, reason="concede")
    assert options(state).moves == ()
    assert sentence(state) == "The game is over: enter the final numbers to score it."
