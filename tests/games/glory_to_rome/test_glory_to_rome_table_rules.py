"""Glory to Rome rules a careful table checks: set-up Jacks, Jacks back at the end of the
turn, the Senate, functions in the same turn, out-of-town sites, "may also" functions,
Statue, Gate, Colosseum neighbours, the Forum checked by itself, granted actions kept."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from glory_support import NAMES, clients, foundation, give, play, structure

from companion.games.base import PlayerInfo, Rejected
from companion.games.glory_to_rome import (
    RULES,
    GloryState,
    actions_this_turn,
    physical_steps,
    sites_left,
)


def start(players: int = 3, **options: Any) -> GloryState:
    seats = [PlayerInfo(NAMES[i], "red", i) for i in range(players)]
    return RULES.setup(seats, {**RULES.default_options(), **options})


def others_think(state: GloryState) -> GloryState:
    """Everyone after the Leader Thinks (draws one card)."""
    count = len(state.players)
    for step in range(1, count):
        state = play(state, "think", (state.leader + step) % count, option="draw_one", hand=5)
    return state


# --- set-up and Jacks ---------------------------------------------------------------------


@pytest.mark.parametrize(("jacks", "players", "supply"), [(6, 2, 4), (6, 5, 1), (5, 3, 2),
                                                          (5, 5, 0)])
def test_everyone_starts_with_one_jack_and_the_supply_holds_the_rest(
        jacks: int, players: int, supply: int) -> None:
    state = start(players, jacks=jacks)
    assert [p.jacks for p in state.players] == [1] * players
    assert state.jacks_supply == supply


def test_the_first_lead_may_be_made_with_the_dealt_jack() -> None:
    state = play(start(3), "lead", 0, role="architect", jacks=1)
    assert state.players[0].jacks == 0 and state.jacks_played[0] == 1
    with pytest.raises(Rejected, match="1 Jack in hand, so cannot play 2"):
        play(start(3), "lead", 0, role="architect", jacks=2)


def test_a_jack_just_led_is_not_in_the_supply_until_the_turn_ends() -> None:
    state = start(5, jacks=6)  # one Jack left in the supply
    state = play(state, "lead", 0, role="laborer", jacks=1)
    state = play(state, "think", 1, option="jack")  # takes the last one in the supply
    assert state.jacks_supply == 0
    with pytest.raises(Rejected, match="No Jack is left"):
        play(state, "think", 2, option="jack")
    for seat in (2, 3, 4):
        state = play(state, "think", seat, option="draw_one", hand=5)
    state = play(state, "done", 0)
    assert state.turn == 2 and state.jacks_supply == 1  # the led Jack is back


def test_the_senate_takes_the_jacks_opponents_played_at_the_end_of_the_turn() -> None:
    state = give(start(3), 2, buildings=(structure("Senate", "concrete"),))
    state = play(state, "lead", 0, role="laborer", jacks=1)
    state = play(state, "follow", 1, jacks=1)
    state = play(state, "follow", 2, jacks=1)  # the Senate's owner keeps no own Jack
    supply = state.jacks_supply
    assert state.players[2].jacks == 0
    for seat in (0, 1, 2):
        state = play(state, "done", seat)
    assert state.turn == 2
    assert state.players[2].jacks == 2  # Livia's and Marcus's
    assert state.jacks_supply == supply + 1  # Tullia's own Jack goes back


def test_without_a_senate_every_played_jack_goes_back() -> None:
    state = play(start(2), "lead", 0, role="laborer", jacks=1)
    state = play(play(state, "follow", 1, jacks=1), "done", 0)
    state = play(state, "done", 1)
    assert [p.jacks for p in state.players] == [0, 0] and state.jacks_supply == 6


# --- functions apply in the same turn -----------------------------------------------------


def test_completing_a_ludus_magna_gives_its_extra_actions_that_turn() -> None:
    ludus = foundation("Ludus Magna", "marble", 2)
    state = give(start(2), 0, buildings=(ludus,), clients=clients(merchant=1))
    state = others_think(play(state, "lead", 0, role="architect"))
    assert state.actions_left[0] == 1
    state = play(state, "add_material", 0, building="Ludus Magna")
    assert state.acting == 0 and state.actions_left[0] == 1  # the Merchant now architects
    state = play(state, "lay_foundation", 0, building="Road")
    assert state.turn == 2


def test_completing_a_circus_maximus_doubles_clients_that_turn() -> None:
    circus = foundation("Circus Maximus", "stone", 2)
    state = give(start(2), 0, buildings=(circus,), clients=clients(craftsman=1))
    state = others_think(play(state, "lead", 0, role="craftsman"))
    assert state.actions_left[0] == 2
    state = play(state, "add_material", 0, building="Circus Maximus")
    assert state.actions_left[0] == 1 + 1  # one used, one more from the doubled client


def test_a_client_lost_to_the_colosseum_no_longer_acts_for_its_old_patron() -> None:
    state = give(start(2), 0, buildings=(structure("Colosseum", "stone"),))
    state = give(state, 1, clients=clients(legionary=1))
    state = play(play(state, "lead", 0, role="legionary"), "follow", 1)
    assert actions_this_turn(state) == (1, 2)
    state = play(state, "colosseum", 0, **{"from": 1, "role": "legionary"})
    assert state.acting == 1 and state.actions_left[1] == 1


def test_a_client_hired_during_the_turn_does_not_act_in_it() -> None:
    state = give(start(2), 0, clients=clients(patron=1), influence=4)
    state = others_think(play(state, "lead", 0, role="patron"))
    state = play(state, "hire_client", 0, role="patron")
    assert state.actions_left[0] == 1


# --- out-of-town sites --------------------------------------------------------------------


def test_out_of_town_only_once_the_in_town_sites_of_that_material_are_gone() -> None:
    state = give(start(2), 0, clients=clients(architect=1))
    state = others_think(play(state, "lead", 0, role="architect"))
    with pytest.raises(Rejected, match="in-town Rubble site is still free"):
        play(state, "lay_foundation", 0, building="Road", out_of_town=True)
    gone = replace(state, in_town=(0, 2, 2, 2, 2, 2))
    gone = play(gone, "lay_foundation", 0, building="Road", out_of_town=True)
    assert sites_left(gone)["rubble"] == (0, 3) and gone.turn == 2  # both actions used


def test_the_second_out_of_town_action_may_come_from_a_palace_card() -> None:
    state = give(replace(start(2), in_town=(0, 2, 2, 2, 2, 2)), 0,
                 buildings=(structure("Palace", "marble"),))
    state = others_think(play(state, "lead", 0, role="craftsman", cards=2))
    state = play(state, "lay_foundation", 0, building="Bar", out_of_town=True)
    assert state.players[0].building("Bar") is not None and state.turn == 2


def test_a_tower_waives_the_second_out_of_town_action() -> None:
    state = give(replace(start(2), in_town=(0, 2, 2, 2, 2, 2)), 0,
                 buildings=(structure("Tower", "concrete"),), clients=clients(architect=1))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "lay_foundation", 0, building="Road", out_of_town=True)
    assert state.acting == 0 and state.actions_left[0] == 1


# --- "may also" functions cost no extra action --------------------------------------------


def test_basilica_also_vaults_a_card_from_hand_in_the_same_merchant_action() -> None:
    state = give(start(2), 0, buildings=(structure("Basilica", "marble"),), influence=5,
                 clients=clients(merchant=1))
    state = others_think(play(state, "lead", 0, role="merchant"))
    state = play(state, "vault", 0, material="stone", also_hand="marble")
    assert [c.material for c in state.players[0].vault] == ["stone", "marble"]
    assert state.actions_left[0] == 1
    plain = others_think(play(start(2), "lead", 0, role="merchant"))
    with pytest.raises(Rejected, match="Basilica"):
        play(plain, "vault", 0, material="stone", also_hand="marble")


def test_aqueduct_and_bar_also_hire_from_hand_and_deck_in_one_patron_action() -> None:
    built = (structure("Aqueduct", "concrete"), structure("Bar", "rubble"))
    state = give(start(2), 0, buildings=built, clients=clients(patron=1))
    state = others_think(play(state, "lead", 0, role="patron"))
    state = play(state, "hire_client", 0, role="laborer", hand="merchant", deck="patron")
    assert state.players[0].clients == clients(laborer=1, merchant=1, patron=2)
    assert state.actions_left[0] == 1
    plain = others_think(play(start(2), "lead", 0, role="patron"))
    with pytest.raises(Rejected, match="Aqueduct"):
        play(plain, "hire_client", 0, role="laborer", hand="merchant")
    with pytest.raises(Rejected, match="Bar"):
        play(plain, "hire_client", 0, role="laborer", deck="merchant")


def test_the_clientele_limit_holds_for_the_extra_hires() -> None:
    state = give(start(2), 0, buildings=(structure("Bar", "rubble"),), clients=clients(laborer=1))
    state = others_think(play(state, "lead", 0, role="patron"))
    with pytest.raises(Rejected, match="clientele is full"):
        play(state, "hire_client", 0, role="laborer", deck="merchant")


def test_the_stairway_goes_with_the_architect_action_at_no_extra_cost() -> None:
    state = give(start(2), 0, buildings=(structure("Stairway", "marble"),))
    state = give(state, 1, buildings=(structure("Market", "wood"),))
    state = give(state, 0, clients=clients(architect=1))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "lay_foundation", 0, building="Road",
                 stairway={"owner": 1, "building": "Market"})
    assert state.public == ("Market",) and state.actions_left[0] == 1
    with pytest.raises(Rejected, match="already open"):
        play(state, "lay_foundation", 0, building="Bar",
             stairway={"owner": 1, "building": "Market"})


# --- Statue, Gate, Colosseum --------------------------------------------------------------


def test_a_statue_may_be_laid_on_any_site_and_gives_that_sites_influence() -> None:
    state = give(start(2), 0, clients=clients(architect=3))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "lay_foundation", 0, building="Statue", site="rubble")
    assert sites_left(state)["rubble"] == (1, 4) and sites_left(state)["marble"] == (2, 4)
    state = play(state, "add_material", 0, building="Statue")  # one: the rubble site's value
    assert state.players[0].influence == 2 + 1  # a rubble site's influence
    with pytest.raises(Rejected, match="Only a Statue"):
        play(others_think(play(start(2), "lead", 0, role="architect")), "lay_foundation", 0,
             building="Temple", site="rubble")


def test_a_gate_opened_by_a_stairway_activates_marble_foundations_too() -> None:
    state = give(start(2), 0, buildings=(structure("Stairway", "marble"),
                                         foundation("Statue", "marble")))
    state = give(state, 1, buildings=(structure("Gate", "brick"),))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "stairway", 0, owner=1, building="Gate")
    state = play(state, "end_game", None, reason="deck")
    score = RULES.final_score(state, {"0.hand": 0, "1.hand": 0})
    livia = next(p for p in score.players if p.name == "Livia")
    assert livia.breakdown["structures"] == 3  # the unfinished Statue counts


def test_the_colosseum_reaches_only_the_neighbours() -> None:
    state = give(start(5), 0, buildings=(structure("Colosseum", "stone"),))
    for seat in (1, 2, 4):
        state = give(state, seat, clients=clients(patron=1))
    state = others_think(play(state, "lead", 0, role="legionary"))
    with pytest.raises(Rejected, match="neighbours"):
        play(state, "colosseum", 0, **{"from": 2, "role": "patron"})
    state = play(state, "colosseum", 0, **{"from": 4, "role": "patron"})
    assert state.players[4].clients == clients()


# --- the Forum ----------------------------------------------------------------------------


def forum_holder(state: GloryState, **per_role: int) -> GloryState:
    return give(state, 0, buildings=(structure("Forum", "marble"),), influence=9,
                clients=clients(**per_role))


def test_the_forum_wins_by_itself_after_the_hire_that_completes_the_roles() -> None:
    five = {"laborer": 1, "craftsman": 1, "legionary": 1, "architect": 1, "merchant": 1}
    state = others_think(play(forum_holder(start(2), **five), "lead", 0, role="patron"))
    state = play(state, "hire_client", 0, role="patron")
    assert (state.phase, state.end_reason, state.forum_winner) == ("over", "forum", 0)


def test_the_forum_does_not_win_with_a_role_missing() -> None:
    state = others_think(play(forum_holder(start(2), laborer=2, craftsman=1, legionary=1,
                                           architect=1), "lead", 0, role="patron"))
    state = play(state, "hire_client", 0, role="merchant")
    assert state.phase != "over" and state.forum_winner is None
    with pytest.raises(Rejected, match="Patron"):
        play(state, "end_game", None, reason="forum", player=0)


def test_ludus_magna_merchants_and_a_storeroom_fill_missing_roles_for_the_forum() -> None:
    ludus = forum_holder(start(2), craftsman=1, legionary=1, architect=1, merchant=1,
                         laborer=1)
    ludus = give(ludus, 0, buildings=(*ludus.players[0].buildings,
                                      structure("Ludus Magna", "marble")))
    state = play(others_think(play(ludus, "lead", 0, role="patron")), "act", 0)
    assert state.phase == "actions"  # no Patron and no spare Merchant yet
    state = play(others_think(play(ludus, "lead", 0, role="patron")), "hire_client", 0,
                 role="merchant")
    assert state.forum_winner == 0  # the second Merchant stands in for the Patron
    store = forum_holder(start(2), craftsman=2, legionary=1, architect=1, merchant=1)
    store = give(store, 0, buildings=(*store.players[0].buildings,
                                      structure("Storeroom", "concrete")))
    state = play(others_think(play(store, "lead", 0, role="patron")), "hire_client", 0,
                 role="patron")
    assert state.forum_winner == 0  # the second Craftsman counts as the Laborer


def test_forum_romanum_also_needs_the_stockpile_confirmed() -> None:
    six = {role: 1 for role in ("laborer", "craftsman", "legionary", "architect", "merchant",
                                "patron")}
    state = give(start(2, card_set="republic"), 0, clients=clients(**six), influence=9,
                 buildings=(structure("Forum Romanum", "marble"),))
    with pytest.raises(Rejected, match="material of each type"):
        play(state, "end_game", None, reason="forum", player=0)
    state = play(state, "end_game", None, reason="forum", player=0, stockpile=True)
    assert state.forum_winner == 0


def test_a_forum_made_active_on_the_last_in_town_site_wins_over_the_site_end() -> None:
    six = {role: 1 for role in ("laborer", "craftsman", "legionary", "architect", "merchant",
                                "patron")}
    state = give(start(2), 0, clients=clients(**six), influence=9,
                 buildings=(structure("Gate", "brick"),))
    state = replace(state, in_town=(0, 0, 0, 0, 0, 1))
    state = others_think(play(state, "lead", 0, role="craftsman"))
    state = play(state, "lay_foundation", 0, building="Forum")
    assert (state.end_reason, state.forum_winner) == ("forum", 0)
    plain = replace(give(start(2), 0, clients=clients(**six)), in_town=(0, 0, 0, 0, 0, 1))
    plain = play(others_think(play(plain, "lead", 0, role="craftsman")), "lay_foundation", 0,
                 building="Forum")
    assert plain.end_reason == "in_town_sites"


# --- the physical steps the table is shown --------------------------------------------------


def test_the_steps_after_a_turn_with_a_senate_say_where_the_jacks_go() -> None:
    state = give(start(3), 2, buildings=(structure("Senate", "concrete"),))
    state = play(state, "lead", 0, role="laborer", jacks=1)
    state = play(play(state, "follow", 1), "follow", 2, jacks=1)
    state = play(play(state, "done", 0), "done", 1)
    after = play(state, "done", 2)
    assert physical_steps(state, after) == [
        "Tullia takes 1 Jack played by an opponent (Senate).",
        "Put the Jack played this turn back in the supply."]


def test_the_steps_after_a_colosseum_and_a_completion() -> None:
    state = give(start(2), 0, buildings=(structure("Colosseum", "stone"),
                                         foundation("Market", "wood")),
                 clients=clients(legionary=1))
    state = give(state, 1, clients=clients(patron=1))
    state = others_think(play(state, "lead", 0, role="legionary"))
    taken = play(state, "colosseum", 0, **{"from": 1, "role": "patron"})
    assert physical_steps(state, taken) == [
        "Marcus: hand 1 Patron client over; it goes into the taker's vault."]
    assert physical_steps(taken, play(taken, "done", 0)) == []
    built = others_think(play(give(start(2), 0, buildings=(foundation("Market", "wood"),)),
                              "lead", 0, role="craftsman"))
    done = play(built, "add_material", 0, building="Market")
    assert physical_steps(built, done) == ["Livia's vault limit just grew to 5.",
                                           "Livia's clientele limit just grew to 3."]


def test_a_forum_romanum_holder_with_every_role_is_told_to_check_the_stockpile() -> None:
    five = {"laborer": 1, "craftsman": 1, "legionary": 1, "architect": 1, "merchant": 1}
    state = give(start(2, card_set="republic"), 0, clients=clients(**five), influence=9,
                 buildings=(structure("Forum Romanum", "marble"),))
    state = others_think(play(state, "lead", 0, role="patron"))
    after = play(state, "hire_client", 0, role="patron")
    assert after.phase != "over"  # the stockpile is the table's to check
    assert physical_steps(state, after)[-1].startswith(
        "Livia has the Forum Romanum and a client of every role")
