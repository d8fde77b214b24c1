""""What now?" in Glory to Rome: the options said are the engine's own answer."""

from __future__ import annotations

from dataclasses import replace

import pytest
from glory_support import NAMES, clients, foundation, give, play, structure

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


def _led(state: GloryState, role: str) -> GloryState:
    """Livia leads ``role``; the others Think, leaving her actions."""
    state = play(state, "lead", 0, role=role)
    for seat in range(1, len(state.players)):
        state = play(state, "think", seat, option="draw_one", hand=9)
    return state


@pytest.mark.parametrize("card_set", ["imperium", "republic"])
def test_the_colosseum_is_not_spoken_of_to_a_legionary_without_one(card_set: str) -> None:
    state = RULES.setup([PlayerInfo(NAMES[i], "red", i) for i in range(3)],
                        {"card_set": card_set})
    state = _led(state, "legionary")
    found = options(state)
    assert "colosseum" not in found.moves and "colosseum" not in found.refused
    assert not accepts(state, "colosseum", {"from": 1, "role": "laborer"}, 0)
    assert "Colosseum" not in sentence(state)


def test_a_colosseum_with_nothing_to_take_says_so() -> None:
    state = _led(give(three(), 0, buildings=(structure("Colosseum", "stone"),)), "legionary")
    assert "colosseum" in options(state).refused
    assert "no client the Colosseum can take" in sentence(state)


def test_an_architect_without_a_stairway_hears_nothing_of_it() -> None:
    state = _led(three(), "architect")
    assert "stairway" not in options(state).refused
    assert "no structure worth opening" not in sentence(state)
    with_one = _led(give(three(), 0, buildings=(structure("Stairway", "marble"),)), "architect")
    assert "stairway" in options(with_one).refused
    assert "no structure worth opening" in sentence(with_one)


def test_a_just_completed_prison_says_its_exchange_is_lost_with_the_next_move() -> None:
    state = give(three(), 0, buildings=(foundation("Prison", "stone", 2),),
                 clients=clients(architect=1))
    state = give(state, 1, buildings=(structure("Temple", "marble"),))
    state = _led(state, "architect")
    state = play(state, "add_material", 0, building="Prison")
    assert state.prison_due == (0,) and state.acting == 0
    assert accepts(state, "prison_exchange", {"from": 1, "building": "Temple"}, 0)
    said = sentence(state)
    assert said.endswith("Livia may still exchange the Prison for an opponent's structure; "
                         "their next move gives that up.")
    after = play(state, "done", 0)
    assert not accepts(after, "prison_exchange", {"from": 1, "building": "Temple"}, 0)
    assert "Prison" not in sentence(after)


def test_another_players_academy_action_is_said_to_the_new_leader() -> None:
    state = give(three(), 2, buildings=(structure("Academy", "brick"),))
    state = play(state, "lead", 0, role="craftsman")
    state = play(state, "think", 1, option="draw_one", hand=9)
    state = play(state, "follow", 2)
    state = play(state, "lay_foundation", 0, building="Road")
    state = play(state, "lay_foundation", 2, building="Wall")
    assert state.phase == "lead" and RULES.current_player(state) == 1 and state.bonus
    assert accepts(state, "think", {"option": "jack", "bonus": "Academy"}, 2)
    assert sentence(state) == ("Marcus leads a role or Thinks; 1 Jack in hand. Tullia may "
                               "still take or skip 1 Thinker action from the Academy before "
                               "their next move.")
