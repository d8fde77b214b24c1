"""Glory to Rome building actions (Amphitheatre, Foundry, Garden, School, Bath, Academy) and
Palisade / Wall immunity against the Colosseum."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from glory_support import NAMES, clients, foundation, give, play, structure

from companion.games.base import PlayerInfo, Rejected
from companion.games.glory_to_rome import RULES, GloryState, pending
from companion.games.glory_to_rome.state import Bonus, Building


def start(players: int = 2, **options: Any) -> GloryState:
    seats = [PlayerInfo(NAMES[i], "red", i) for i in range(players)]
    return RULES.setup(seats, {**RULES.default_options(), **options})


def led_by_livia(state: GloryState, role: str) -> GloryState:
    """Livia (seat 0) leads ``role``; everyone else Thinks (one card)."""
    state = play(state, "lead", 0, role=role)
    for seat in range(1, len(state.players)):
        state = play(state, "think", seat, option="draw_one", hand=5)
    return state


def completes(state: GloryState, name: str, material: str) -> GloryState:
    """Livia completes ``name`` with her one Craftsman action (the turn then ends)."""
    state = give(state, 0, buildings=(*state.players[0].buildings,
                                      foundation(name, material, {"brick": 1, "concrete": 1,
                                                                  "stone": 2}[material])))
    return play(led_by_livia(state, "craftsman"), "add_material", 0, building=name)


# --- Amphitheatre, Foundry, Garden, School: actions on completion ---------------------------


def test_amphitheatre_grants_a_craftsman_action_per_influence_before_the_turn_ends() -> None:
    state = give(start(), 0, buildings=(foundation("Temple", "marble", 2),))
    state = completes(state, "Amphitheatre", "concrete")
    livia = state.players[0]
    assert livia.influence == 2 + 2  # the Amphitheatre's site counts for its own actions
    assert pending(state, 0) == (Bonus(0, "Amphitheatre", "craftsman", 4),)
    assert state.turn == 1 and RULES.current_player(state) == 0  # the turn waits for them
    assert "Livia: Amphitheatre" in RULES.status_line(state)
    # Livia takes them now: the Temple completes and its influence counts
    state = play(state, "add_material", 0, building="Temple", bonus="Amphitheatre")
    assert state.players[0].influence == 2 + 2 + 3
    assert (temple := state.players[0].building("Temple")) is not None and temple.completed
    state = replace(state, in_town=(1, 3, 3, 3, 3, 3))
    state = play(state, "lay_foundation", 0, building="Road", bonus="Amphitheatre")
    assert pending(state, 0)[0].left == 2
    # no in-town rubble site is left: out of town takes the two actions left
    state = play(state, "lay_foundation", 0, building="Bar", out_of_town=True,
                 bonus="Amphitheatre")
    assert pending(state, 0) == ()
    assert state.players[0].building("Bar") == Building("Bar", "rubble", True)
    with pytest.raises(Rejected, match="no Amphitheatre action"):
        play(state, "add_material", 0, building="Road", bonus="Amphitheatre")
    assert state.turn == 2 and RULES.current_player(state) == 1  # Marcus leads the next


def test_foundry_laborer_actions_record_nothing_but_count_down() -> None:
    state = completes(start(), "Foundry", "brick")
    assert pending(state, 0) == (Bonus(0, "Foundry", "laborer", 4),)
    with pytest.raises(Rejected, match="Laborer actions"):
        play(state, "lay_foundation", 0, building="Road", bonus="Foundry")
    before = state
    state = play(state, "act", 0, bonus="Foundry")
    assert pending(state, 0)[0].left == 3
    assert state.players == before.players
    state = play(state, "done", 0, bonus="Foundry")  # the table skips the rest
    assert state.bonus == ()
    with pytest.raises(Rejected, match="no Foundry action left to skip"):
        play(state, "done", 0, bonus="Foundry")


def test_garden_hires_clients_up_to_the_clientele_limit() -> None:
    state = completes(start(), "Garden", "stone")
    assert state.players[0].influence == 5
    assert pending(state, 0) == (Bonus(0, "Garden", "patron", 5),)
    for role in ("craftsman", "architect", "merchant", "patron", "laborer"):
        state = play(state, "hire_client", 0, role=role, bonus="Garden")
    assert sum(state.players[0].clients) == 5
    assert state.bonus == ()


def test_garden_hire_full_clientele_is_refused_and_keeps_the_grant() -> None:
    state = completes(start(), "Garden", "stone")
    state = give(state, 0, clients=clients(laborer=5))
    with pytest.raises(Rejected, match="clientele is full"):
        play(state, "hire_client", 0, role="patron", bonus="Garden")
    assert pending(state, 0)[0].left == 5


def test_school_thinker_actions_take_jacks_without_a_lead_or_follow() -> None:
    state = completes(start(jacks=5), "School", "brick")
    assert pending(state, 0) == (Bonus(0, "School", "think", 4),)
    choices = state.choices
    held, supply = state.players[0].jacks, state.jacks_supply
    state = play(state, "think", 0, option="jack", bonus="School")
    state = play(state, "think", 0, option="jack", bonus="School")
    assert (state.players[0].jacks, state.jacks_supply) == (held + 2, supply - 2)
    assert state.choices == choices and state.phase == "actions"  # before the turn ends
    with pytest.raises(Rejected, match="below your hand limit"):
        play(state, "think", 0, option="draw_one", hand=2, bonus="School")
    state = play(state, "think", 0, option="refill", hand=2, bonus="School")
    with pytest.raises(Rejected, match="Thinker actions"):
        play(state, "hire_client", 0, role="patron", bonus="School")
    assert pending(state, 0)[0].left == 1


def test_a_regular_move_is_refused_while_granted_actions_wait() -> None:
    state = give(start(), 0, clients=clients(craftsman=1))
    state = completes(state, "Amphitheatre", "concrete")  # one of her two actions
    assert state.acting == 0 and state.actions_left[0] == 1
    with pytest.raises(Rejected, match="4 Craftsman actions from the Amphitheatre.*skip"):
        play(state, "lay_foundation", 0, building="Road")
    state = play(state, "done", 0, bonus="Amphitheatre")  # "skip them"
    state = play(state, "lay_foundation", 0, building="Road")
    assert state.bonus == () and state.players[0].building("Road") is not None


def test_building_actions_of_others_are_their_own() -> None:
    state = completes(start(), "Amphitheatre", "concrete")
    with pytest.raises(Rejected, match="Marcus has no Amphitheatre action"):
        play(state, "lay_foundation", 1, building="Road", bonus="Amphitheatre")
    with pytest.raises(Rejected, match="turn ends once Livia takes or skips"):
        play(state, "lead", 1, role="patron")  # Marcus waits for Livia's
    assert pending(state, 0)[0].left == 4


def test_bad_bonus_names_are_refused() -> None:
    state = completes(start(), "Amphitheatre", "concrete")
    with pytest.raises(Rejected, match="not a Glory to Rome building"):
        play(state, "add_material", 0, building="Road", bonus="Hot tub")
    with pytest.raises(Rejected, match="Say which player"):
        play(state, "act", None, bonus="Amphitheatre")


# --- Bath: each hired client acts once --------------------------------------------------------


def test_bath_lets_each_hired_client_perform_its_role_once() -> None:
    state = give(start(), 0, buildings=(structure("Bath", "brick"),),
                 clients=clients(patron=1), influence=4)
    state = led_by_livia(state, "patron")
    state = play(state, "hire_client", 0, role="craftsman")
    assert pending(state, 0) == (Bonus(0, "Bath", "craftsman", 1),)
    state = play(state, "lay_foundation", 0, building="Road", bonus="Bath")
    assert state.players[0].building("Road") is not None and state.bonus == ()
    state = play(state, "hire_client", 0, role="merchant")
    state = play(state, "vault", 0, material="stone", bonus="Bath")
    assert [card.material for card in state.players[0].vault] == ["stone"]
    assert state.phase == "lead"  # both Patron actions used: the turn ended


def test_bath_out_of_town_needs_two_actions_and_one_is_granted() -> None:
    state = give(start(), 0, buildings=(structure("Bath", "brick"),))
    state = replace(state, in_town=(0, 3, 3, 3, 3, 3))
    state = play(led_by_livia(state, "patron"), "hire_client", 0, role="architect")
    with pytest.raises(Rejected, match="two Architect actions"):
        play(state, "lay_foundation", 0, building="Road", out_of_town=True, bonus="Bath")


def test_bath_architect_completes_a_villa_with_one_material() -> None:
    state = give(start(), 0, buildings=(structure("Bath", "brick"), foundation("Villa", "stone")))
    state = play(led_by_livia(state, "patron"), "hire_client", 0, role="architect")
    state = play(state, "add_material", 0, building="Villa", bonus="Bath")
    assert (villa := state.players[0].building("Villa")) is not None and villa.completed


def test_without_a_bath_hiring_grants_nothing() -> None:
    state = play(led_by_livia(start(), "patron"), "hire_client", 0, role="craftsman")
    assert state.bonus == ()
    with pytest.raises(Rejected, match="no Bath action"):
        play(state, "lay_foundation", 0, building="Road", bonus="Bath")


def test_garden_hires_with_a_bath_chain_their_actions() -> None:
    state = give(start(), 0, buildings=(structure("Bath", "brick"),))
    state = completes(state, "Garden", "stone")
    state = play(state, "hire_client", 0, role="craftsman", bonus="Garden")
    assert pending(state, 0) == (Bonus(0, "Garden", "patron", 4),
                                 Bonus(0, "Bath", "craftsman", 1))
    state = play(state, "hire_client", 0, role="merchant", bonus="Garden")
    # a Bath holding two clients: each move uses the client of its role
    state = play(state, "vault", 0, material="brick", bonus="Bath")
    state = play(state, "lay_foundation", 0, building="Road", bonus="Bath")
    assert pending(state, 0) == (Bonus(0, "Garden", "patron", 3),)


def test_bath_granted_actions_need_the_bath_still_held() -> None:
    state = give(start(), 0, buildings=(structure("Bath", "brick"),))
    state = play(led_by_livia(state, "patron"), "hire_client", 0, role="craftsman")
    state = give(state, 0, buildings=())  # e.g. taken by an opponent's Prison
    with pytest.raises(Rejected, match="no longer has the Bath's function"):
        play(state, "lay_foundation", 0, building="Road", bonus="Bath")
    assert play(state, "done", 0, bonus="Bath").bonus == ()


# --- Academy: a Thinker action after a Craftsman turn -------------------------------------


def test_academy_thinks_after_a_turn_with_a_craftsman_action() -> None:
    state = give(start(3), 0, buildings=(structure("Academy", "brick"),))
    state = give(state, 1, buildings=(structure("Academy", "brick"),))
    state = led_by_livia(state, "craftsman")  # Marcus and Tullia Think: no Craftsman action
    assert state.bonus == ()
    state = play(state, "lay_foundation", 0, building="Road")
    assert state.turn == 2
    assert state.bonus == (Bonus(0, "Academy", "think", 1),)
    state = play(state, "think", 0, option="jack", bonus="Academy")
    assert state.bonus == () and state.players[0].jacks == 1 + 1


def test_academy_counts_a_thinkers_craftsman_client_and_not_done() -> None:
    state = give(start(), 1, buildings=(structure("Academy", "brick"),),
                 clients=clients(craftsman=1))
    state = give(state, 0, buildings=(structure("Academy", "brick"),))
    state = play(state, "lead", 0, role="craftsman")
    state = play(state, "think", 1, option="draw_one", hand=5)
    state = play(state, "done", 0)  # Livia gives up her action: no Craftsman action
    state = play(state, "act", 1)  # Marcus's client acts
    assert state.bonus == (Bonus(1, "Academy", "think", 1),)


def test_academy_counts_granted_craftsman_actions() -> None:
    state = give(start(), 0, buildings=(structure("Academy", "brick"),
                                        structure("Bath", "brick")))
    state = play(led_by_livia(state, "patron"), "hire_client", 0, role="craftsman")
    assert state.turn == 1  # the turn waits for Livia's Bath client to act
    state = play(state, "act", 0, bonus="Bath")  # a Craftsman action: then the turn ends
    assert state.turn == 2 and state.bonus == (Bonus(0, "Academy", "think", 1),)


def test_academy_without_a_craftsman_action_or_academy_gives_nothing() -> None:
    state = give(start(), 0, buildings=(structure("Academy", "brick"),))
    state = play(led_by_livia(state, "architect"), "lay_foundation", 0, building="Road")
    assert state.turn == 2 and state.bonus == ()
    state = play(state, "lead", 1, role="craftsman")
    state = play(state, "follow", 0)
    state = play(state, "lay_foundation", 1, building="Bar")
    state = play(state, "done", 0)
    assert state.bonus == ()  # Marcus crafted but has no Academy; Livia did not craft


# --- Palisade / Wall against the Colosseum ----------------------------------------------


def colosseum_turn(defences: tuple[Building, ...], bridge: bool = False) -> GloryState:
    own = (structure("Colosseum", "stone"), *((structure("Bridge", "concrete"),) if bridge
                                              else ()))
    state = give(start(), 0, buildings=own)
    state = give(state, 1, buildings=defences, clients=clients(patron=1))
    return led_by_livia(state, "legionary")


def test_palisade_makes_its_owner_immune_to_the_colosseum() -> None:
    state = colosseum_turn((structure("Palisade", "wood"),))
    with pytest.raises(Rejected, match="Marcus has a Palisade and is immune"):
        play(state, "colosseum", 0, **{"from": 1, "role": "patron"})
    assert state.players[1].clients == clients(patron=1)


def test_wall_makes_its_owner_immune_even_against_a_bridge() -> None:
    state = colosseum_turn((structure("Wall", "concrete"),), bridge=True)
    with pytest.raises(Rejected, match="Marcus has a Wall and is immune"):
        play(state, "colosseum", 0, **{"from": 1, "role": "patron"})


def test_a_bridge_ignores_a_palisade() -> None:
    state = colosseum_turn((structure("Palisade", "wood"),), bridge=True)
    state = play(state, "colosseum", 0, **{"from": 1, "role": "patron"})
    assert state.players[1].clients == clients()
    assert [card.material for card in state.players[0].vault] == ["marble"]


def test_an_unfinished_palisade_gives_no_immunity() -> None:
    state = colosseum_turn((foundation("Palisade", "wood"),))
    state = play(state, "colosseum", 0, **{"from": 1, "role": "patron"})
    assert state.players[1].clients == clients()


def test_bath_legionary_client_is_stopped_by_a_wall_too() -> None:
    state = give(start(), 0, buildings=(structure("Colosseum", "stone"),
                                        structure("Bath", "brick")))
    state = give(state, 1, buildings=(structure("Wall", "concrete"),),
                 clients=clients(patron=1))
    state = play(led_by_livia(state, "patron"), "hire_client", 0, role="legionary")
    with pytest.raises(Rejected, match="has a Wall"):
        play(state, "colosseum", 0, bonus="Bath", **{"from": 1, "role": "patron"})
    state = play(state, "act", 0, bonus="Bath")  # an ordinary demand instead
    assert state.bonus == ()


# --- purity --------------------------------------------------------------------------------


def test_building_actions_never_touch_earlier_states() -> None:
    state = give(start(), 0, buildings=(structure("Bath", "brick"),
                                        foundation("Temple", "marble", 2)))
    state = completes(state, "Garden", "stone")
    steps = [("hire_client", {"role": "craftsman", "bonus": "Garden"}),
             ("add_material", {"building": "Temple", "bonus": "Bath"}),
             ("think", {"option": "jack", "bonus": "Garden"}),  # refused: Patron actions
             ("done", {"bonus": "Garden"})]
    for kind, payload in steps:
        before = copy.deepcopy(state)
        try:
            after = play(state, kind, 0, **payload)
        except Rejected:
            after = state
        assert state == before
        state = after
    assert state.bonus == () and state.players[0].influence == 2 + 3 + 3
