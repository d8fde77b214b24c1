"""Glory to Rome module: set-up, turn flow, building, clients, vault, end and final score."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from glory_support import NAMES, clients, give, play, structure

from companion.games import get_rules
from companion.games.base import PlayerInfo, Rejected
from companion.games.glory_to_rome import RULES, GloryState
from companion.games.glory_to_rome.state import (
    Building,
    actions_this_turn,
    clientele_limit,
    hand_limit,
    sites_left,
    think_options,
    vault_limit,
    vault_view,
)


def start(players: int = 3, **options: Any) -> GloryState:
    seats = [PlayerInfo(NAMES[i], "red", i) for i in range(players)]
    return RULES.setup(seats, {**RULES.default_options(), **options})


def everyone_thinks(state: GloryState, first: int = 1) -> GloryState:
    count = len(state.players)
    for step in range(first, count):
        seat = (state.leader + step) % count
        state = play(state, "think", seat, option="draw_one", hand=5)
    return state


# --- set-up ----------------------------------------------------------------------------


def test_registry_returns_this_module() -> None:
    rules = get_rules("glory-to-rome")
    assert rules is RULES
    assert (rules.min_players, rules.max_players) == (2, 5)


@pytest.mark.parametrize(("players", "in_town", "out_of_town"), [(2, 2, 4), (3, 3, 3), (5, 5, 1)])
def test_sites_follow_the_player_count(players: int, in_town: int, out_of_town: int) -> None:
    state = start(players)
    assert set(sites_left(state).values()) == {(in_town, out_of_town)}
    assert len(sites_left(state)) == 6


def test_setup_uses_options() -> None:
    state = start(4, card_set="republic", jacks=5, leader=2)
    # five Jacks in the box, one dealt to each of the four players
    assert (state.card_set, state.jacks_supply, state.leader) == ("republic", 1, 2)
    assert RULES.current_player(state) == 2
    assert RULES.turn_order(state) == [2, 3, 0, 1]
    assert all(p.influence == 2 and sum(p.clients) == 0 for p in state.players)


@pytest.mark.parametrize("options", [{"card_set": "base"}, {"jacks": 4}, {"jacks": True},
                                     {"leader": 3}, {"leader": -1}])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(Rejected):
        start(3, **options)


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_is_two_to_five(players: int) -> None:
    seats = [PlayerInfo(f"P{i}", "red", i) for i in range(players)]
    with pytest.raises(Rejected, match="2 to 5"):
        RULES.setup(seats, RULES.default_options())


def test_duplicate_names_are_refused() -> None:
    with pytest.raises(Rejected, match="name"):
        RULES.setup([PlayerInfo("A", "red", 0), PlayerInfo("A", "blue", 1)], {})


# --- turns -----------------------------------------------------------------------------


def test_leader_and_followers_get_one_action_plus_clients_of_the_role() -> None:
    state = give(start(3), 0, clients=clients(architect=2, merchant=1))
    state = give(state, 2, clients=clients(architect=1))
    state = play(state, "lead", 0, role="architect")
    assert actions_this_turn(state) == (2 + 1, None, None)
    state = play(state, "follow", 1)
    state = play(state, "follow", 2)
    assert state.phase == "actions"
    assert actions_this_turn(state) == (3, 1, 2)
    assert state.actions_left[0] == 3  # the others' count is worked out when they begin
    assert RULES.current_player(state) == 0


def test_thinker_with_clients_still_gets_their_actions() -> None:
    state = give(start(3), 1, clients=clients(merchant=2))
    state = play(state, "lead", 0, role="merchant")
    state = play(state, "think", 1, option="refill", hand=2)
    state = play(state, "think", 2, option="refill", hand=2)
    assert actions_this_turn(state) == (1, 2, 0)
    state = play(state, "act", 0)
    assert RULES.current_player(state) == 1  # the Thinker acts for their clients
    state = play(state, "vault", 1, material="stone")
    state = play(state, "vault", 1, material="marble")
    assert len(state.players[1].vault) == 2
    assert state.phase == "lead" and state.leader == 1  # the Thinker without clients is skipped


def test_leader_thinking_ends_the_turn_and_nobody_follows() -> None:
    state = play(start(3), "think", 0, option="refill", hand=3)
    assert state.phase == "lead"
    assert (state.leader, state.turn) == (1, 2)
    assert RULES.current_player(state) == 1
    with pytest.raises(Rejected):
        play(state, "follow", 2)


def test_leader_passes_clockwise_and_wraps_around() -> None:
    state = start(3, leader=2)
    state = play(state, "lead", 2, role="laborer")
    state = everyone_thinks(state)
    state = play(state, "act", 2)
    assert (state.leader, state.turn) == (0, 2)


def test_moves_out_of_turn_are_refused_by_name() -> None:
    state = start(3)
    with pytest.raises(Rejected, match="Livia"):
        play(state, "lead", 1, role="patron")
    state = play(state, "lead", 0, role="patron")
    with pytest.raises(Rejected, match="Marcus"):
        play(state, "follow", 2)


def test_thinking_offers_exactly_three_options() -> None:
    state = start(2)
    assert think_options(state, 0) == ("jack", "refill", "draw_one")
    assert think_options(state, 0, hand=4) == ("jack", "refill")
    assert think_options(state, 0, hand=5) == ("jack", "draw_one")
    with pytest.raises(Rejected, match="below your hand limit"):
        play(state, "think", 0, option="draw_one", hand=4)
    with pytest.raises(Rejected, match="at or above"):
        play(state, "think", 0, option="refill", hand=5)
    with pytest.raises(Rejected, match="Thinking offers"):
        play(state, "think", 0, option="pray")
    with pytest.raises(Rejected, match="hand"):
        play(state, "think", 0, option="refill")


def test_shrine_and_temple_raise_the_hand_limit() -> None:
    state = give(start(2), 0, buildings=(structure("Shrine", "brick"),))
    assert hand_limit(state, 0) == 7
    state = give(state, 0, buildings=(structure("Shrine", "brick"), structure("Temple", "marble")))
    assert hand_limit(state, 0) == 11
    assert think_options(state, 0, hand=10) == ("jack", "refill")


def test_jacks_leave_the_supply_when_taken_and_return_when_used() -> None:
    state = start(2, jacks=5)
    assert (state.jacks_supply, state.players[0].jacks) == (3, 1)
    state = play(state, "think", 0, option="jack")
    assert (state.jacks_supply, state.players[0].jacks) == (2, 2)
    state = play(state, "lead", 1, role="patron")
    state = play(state, "follow", 0, jacks=1)
    assert state.players[0].jacks == 1
    assert state.choices == ("follow", "lead")
    state = play(play(state, "act", 1), "act", 0)  # the turn ends: the Jack goes back
    assert state.jacks_supply == 3


def test_no_jack_to_take_or_play() -> None:
    state = replace(give(start(2), 0, jacks=0), jacks_supply=0)
    with pytest.raises(Rejected, match="No Jack"):
        play(state, "think", 0, option="jack")
    with pytest.raises(Rejected, match="Jack"):
        play(state, "lead", 0, role="legionary", jacks=1)


def test_several_role_cards_need_a_palace() -> None:
    state = start(2)
    with pytest.raises(Rejected, match="Palace"):
        play(state, "lead", 0, role="craftsman", cards=2)
    state = give(state, 0, buildings=(structure("Palace", "marble"),))
    state = play(state, "lead", 0, role="craftsman", cards=2)
    assert actions_this_turn(state)[0] == 2


def test_done_gives_up_remaining_actions() -> None:
    state = give(start(2), 0, clients=clients(patron=2), influence=5)
    state = everyone_thinks(play(state, "lead", 0, role="patron"))
    assert state.actions_left == (3, 0)
    state = play(state, "hire_client", 0, role="laborer")
    state = play(state, "done", 0)
    assert (state.phase, state.leader) == ("lead", 1)


def test_role_actions_must_match_the_led_role() -> None:
    state = everyone_thinks(play(start(2), "lead", 0, role="laborer"))
    with pytest.raises(Rejected, match="Merchant"):
        play(state, "vault", 0, material="stone")
    with pytest.raises(Rejected, match="not a move"):
        play(state, "teleport", 0)


# --- building --------------------------------------------------------------------------


def architect_turn(state: GloryState, leader: int = 0) -> GloryState:
    return everyone_thinks(play(state, "lead", leader, role="architect"))


def test_foundation_takes_a_site_and_may_not_be_doubled() -> None:
    state = give(start(2), 0, clients=clients(architect=1))
    state = architect_turn(state)
    state = play(state, "lay_foundation", 0, building="Market")
    assert sites_left(state)["wood"] == (1, 4)
    with pytest.raises(Rejected, match="Market is already in your city"):
        play(state, "lay_foundation", 0, building="market")


def test_same_foundation_as_an_opponent_is_allowed() -> None:
    state = give(start(2), 1, buildings=(Building("Market", "wood", False),))
    state = play(architect_turn(state), "lay_foundation", 0, building="Market")
    assert [b.name for b in state.players[0].buildings] == ["Market"]


def test_out_of_town_needs_two_actions_in_the_same_turn() -> None:
    state = replace(start(2), in_town=(0, 2, 2, 2, 2, 2))
    state = architect_turn(state)
    with pytest.raises(Rejected, match="No in-town Rubble"):
        play(state, "lay_foundation", 0, building="Insula")
    with pytest.raises(Rejected, match="two Architect actions"):
        play(state, "lay_foundation", 0, building="Insula", out_of_town=True)
    two = give(replace(start(2), in_town=(0, 2, 2, 2, 2, 2)), 0, clients=clients(architect=1))
    two = play(architect_turn(two), "lay_foundation", 0, building="Insula", out_of_town=True)
    assert two.players[0].buildings[0].out_of_town
    assert sites_left(two)["rubble"] == (0, 3)
    assert two.leader == 1  # both actions were used


def test_a_client_of_the_sites_role_gives_no_discount_out_of_town() -> None:
    state = give(replace(start(2), in_town=(0, 2, 2, 2, 2, 2)), 0, clients=clients(laborer=1))
    with pytest.raises(Rejected, match="two Architect actions"):
        play(architect_turn(state), "lay_foundation", 0, building="Road", out_of_town=True)


def test_completing_a_building_grants_its_influence_at_once() -> None:
    state = give(start(2), 0, clients=clients(craftsman=2))
    state = everyone_thinks(play(state, "lead", 0, role="craftsman"))
    state = play(state, "lay_foundation", 0, building="Atrium")
    state = play(state, "add_material", 0, building="Atrium")
    assert state.players[0].influence == 2
    state = play(state, "add_material", 0, building="Atrium")
    atrium = state.players[0].buildings[0]
    assert atrium.completed and atrium.materials == 2
    assert state.players[0].influence == 4
    assert vault_limit(state, 0) == 4


def test_building_cards_of_the_other_set_are_refused() -> None:
    state = architect_turn(start(2, card_set="republic"))
    with pytest.raises(Rejected, match="Imperium|Republic"):
        play(state, "lay_foundation", 0, building="Forum")
    with pytest.raises(Rejected, match="not a Glory to Rome building"):
        play(state, "lay_foundation", 0, building="Parthenon")
    with pytest.raises(Rejected, match="material"):
        play(state, "lay_foundation", 0, building="Crane")
    state = play(state, "lay_foundation", 0, building="Crane", material="wood")
    assert state.players[0].buildings[0].material == "wood"


def test_taking_the_last_in_town_site_ends_the_game() -> None:
    state = replace(start(2), in_town=(0, 0, 0, 0, 0, 1))
    state = play(architect_turn(state), "lay_foundation", 0, building="Statue")
    assert RULES.is_over(state) and state.end_reason == "in_town_sites"
    assert RULES.current_player(state) is None
    assert "in-town" in RULES.status_line(state)
    with pytest.raises(Rejected, match="over"):
        play(state, "lead", 1, role="patron")


def test_completing_a_catacomb_ends_the_game() -> None:
    catacomb = Building("Catacomb", "stone", False, materials=2)
    state = give(start(2), 0, buildings=(catacomb,))
    state = play(architect_turn(state), "add_material", 0, building="Catacomb")
    assert state.end_reason == "catacomb" and RULES.is_over(state)
    assert state.players[0].influence == 5


# --- clients ---------------------------------------------------------------------------


def test_clientele_limit_is_influence_with_insula_and_aqueduct() -> None:
    state = start(2)
    assert clientele_limit(state, 0) == 2
    state = give(state, 0, buildings=(structure("Insula", "rubble"),))
    assert clientele_limit(state, 0) == 4
    state = give(state, 0, buildings=(structure("Insula", "rubble"),
                                      structure("Aqueduct", "concrete")))
    assert clientele_limit(state, 0) == 8


def test_hiring_beyond_the_clientele_limit_is_refused() -> None:
    state = give(start(2), 0, clients=clients(patron=1))
    state = everyone_thinks(play(state, "lead", 0, role="patron"))
    state = play(state, "hire_client", 0, role="merchant")
    assert state.players[0].clients == clients(patron=1, merchant=1)
    with pytest.raises(Rejected, match="clientele is full"):
        play(state, "hire_client", 0, role="laborer")


# --- the vault -------------------------------------------------------------------------


def merchant_turn(state: GloryState, merchants: int = 2) -> GloryState:
    state = give(state, 0, clients=clients(merchant=merchants))
    return everyone_thinks(play(state, "lead", 0, role="merchant"))


def test_full_vault_is_refused_with_the_reason() -> None:
    state = merchant_turn(start(2))
    state = play(state, "vault", 0, material="stone")
    state = play(state, "vault", 0, material="rubble")
    with pytest.raises(Rejected, match=r"vault is full \(2 of 2\).*influence"):
        play(state, "vault", 0, material="marble")
    assert len(state.players[0].vault) == 2


def test_market_adds_two_to_the_vault_limit() -> None:
    state = give(start(2), 0, buildings=(structure("Market", "wood"),))
    assert vault_limit(state, 0) == 4


def test_vault_material_shows_only_during_the_turn_it_was_placed() -> None:
    state = merchant_turn(start(2), merchants=1)
    state = play(state, "vault", 0, material="stone")
    assert vault_view(state, 0) == ("stone",)
    state = play(state, "vault", 0, material="brick")
    assert vault_view(state, 0) == (None, None)  # turn over: face down, count still public
    assert len(state.players[0].vault) == 2
    assert [card.material for card in state.players[0].vault] == ["stone", "brick"]


def test_basilica_and_atrium_sources() -> None:
    state = merchant_turn(start(2))
    with pytest.raises(Rejected, match="Basilica"):
        play(state, "vault", 0, material="stone", source="hand")
    with pytest.raises(Rejected, match="Atrium"):
        play(state, "vault", 0, source="deck")
    state = give(start(2), 0, buildings=(structure("Basilica", "marble"),
                                         structure("Atrium", "brick")))
    state = merchant_turn(state)
    state = play(state, "vault", 0, material="marble", source="hand")
    with pytest.raises(Rejected, match="unseen"):
        play(state, "vault", 0, source="deck", material="stone")
    state = play(state, "vault", 0, source="deck")
    assert [c.material for c in state.players[0].vault] == ["marble", None]
    assert vault_view(state, 0) == ("marble", None)


def test_gate_gives_the_function_of_an_unfinished_marble_building() -> None:
    basilica = Building("Basilica", "marble", False, materials=1)
    state = give(start(2), 0, buildings=(basilica, structure("Gate", "brick")))
    state = play(merchant_turn(state), "vault", 0, material="wood", source="hand")
    assert state.players[0].vault[0].source == "hand"


# --- end of game and final score -------------------------------------------------------


def test_table_confirms_the_deck_ran_out() -> None:
    state = play(start(3), "end_game", None, reason="deck")
    assert RULES.is_over(state) and "deck" in RULES.status_line(state)
    with pytest.raises(Rejected, match="why"):
        play(start(3), "end_game", None, reason="boredom")


def test_forum_win_is_checked_and_overrides_the_score() -> None:
    state = give(start(2), 1, buildings=(structure("Forum", "marble"),))
    with pytest.raises(Rejected, match="client of every role"):
        play(state, "end_game", None, reason="forum", player=1)
    with pytest.raises(Rejected, match="no completed Forum"):
        play(state, "end_game", None, reason="forum", player=0)
    state = give(state, 1, clients=(1, 1, 1, 1, 1, 1), influence=5)
    state = give(state, 0, influence=20)
    state = play(state, "end_game", None, reason="forum", player=1)
    result = RULES.final_score(state, {})
    assert result.winners == ("Marcus",)
    assert result.players[0].name == "Marcus"
    assert {p.name: p.total for p in result.players} == {"Livia": 20, "Marcus": 5}


def test_final_score_asks_for_what_the_log_cannot_know() -> None:
    state = give(start(2), 0, buildings=(structure("Wall", "concrete"),))
    state = play(merchant_turn(state), "vault", 0, material="stone")
    state = give(state, 1, buildings=(structure("Atrium", "brick"),))
    state = give(state, 1, vault=(replace(state.players[0].vault[0], material=None),))
    state = play(state, "end_game", None, reason="concede")
    keys = {field.key: field for field in RULES.endgame_fields(state)}
    assert {"0.hand", "1.hand", "0.stockpile", "1.atrium.stone"} <= set(keys)
    assert "1.stockpile" not in keys and "0.atrium.stone" not in keys
    assert keys["1.atrium.marble"].maximum == 1
    with pytest.raises(Rejected, match="add up"):
        RULES.final_score(state, {"0.hand": 1})
    result = RULES.final_score(state, {"0.stockpile": 5, "1.atrium.marble": 1})
    scores = {p.name: dict(p.breakdown) for p in result.players}
    assert scores["Livia"] == {"influence": 2, "vault": 3, "merchant_bonus": 3,
                               "structures": 2}
    assert scores["Marcus"] == {"influence": 2, "vault": 3, "merchant_bonus": 3,
                                "structures": 0}
    assert result.winners == ("Livia",)


def test_final_score_ties_go_to_most_cards_in_hand() -> None:
    state = play(start(3), "end_game", None, reason="concede")
    result = RULES.final_score(state, {"0.hand": 2, "1.hand": 4, "2.hand": 4})
    assert result.winners == ("Marcus", "Tullia")
    assert "most cards in hand" in result.explanation
    assert "share" in result.explanation


def test_final_score_refuses_bad_entries_and_running_games() -> None:
    with pytest.raises(Rejected, match="not over"):
        RULES.final_score(start(2), {})
    state = play(start(2), "end_game", None, reason="deck")
    with pytest.raises(Rejected, match="Livia: cards in hand"):
        RULES.final_score(state, {"0.hand": -1})


# --- structures that change the bookkeeping --------------------------------------------


def test_client_actions_with_storeroom_ludus_magna_and_circus_maximus() -> None:
    state = give(start(2), 0, clients=clients(laborer=1, merchant=2, patron=1))
    laborers = play(state, "lead", 0, role="laborer")
    assert actions_this_turn(laborers)[0] == 1 + 1
    storeroom = give(state, 0, buildings=(structure("Storeroom", "concrete"),))
    assert actions_this_turn(play(storeroom, "lead", 0, role="laborer"))[0] == 1 + 4
    ludus = give(state, 0, buildings=(structure("Ludus Magna", "marble"),))
    assert actions_this_turn(play(ludus, "lead", 0, role="patron"))[0] == 1 + 1 + 2
    circus = give(state, 1, clients=clients(patron=1),
                  buildings=(structure("Circus Maximus", "stone"),))
    circus = play(circus, "lead", 0, role="patron")
    followed = play(circus, "follow", 1)
    thought = play(circus, "think", 1, option="refill", hand=0)
    assert actions_this_turn(followed)[1] == 1 + 2  # clients act twice when following
    assert actions_this_turn(thought)[1] == 1  # but not for a Thinker


def test_colosseum_takes_an_opponents_client_into_the_vault() -> None:
    state = give(start(2), 0, buildings=(structure("Colosseum", "stone"),))
    state = give(state, 1, clients=clients(patron=1))
    state = everyone_thinks(play(state, "lead", 0, role="legionary"))
    with pytest.raises(Rejected, match="no Merchant client"):
        play(state, "colosseum", 0, **{"from": 1, "role": "merchant"})
    state = play(state, "colosseum", 0, **{"from": 1, "role": "patron"})
    assert state.players[1].clients == clients()
    assert [c.material for c in state.players[0].vault] == ["marble"]


def test_prison_exchanges_its_influence_for_an_opponents_structure() -> None:
    prison = Building("Prison", "stone", False, materials=2)
    state = give(start(2), 0, buildings=(prison,), clients=clients(architect=1))
    state = give(state, 1, buildings=(structure("Statue", "marble"),), influence=5)
    state = architect_turn(state)
    with pytest.raises(Rejected, match="just completed a Prison"):
        play(state, "prison_exchange", 0, **{"from": 1, "building": "Statue"})
    state = play(state, "add_material", 0, building="Prison")
    assert state.players[0].influence == 5
    state = play(state, "prison_exchange", 0, **{"from": 1, "building": "Statue"})
    assert [b.name for b in state.players[0].buildings] == ["Prison", "Statue"]
    assert state.players[1].buildings == ()
    assert (state.players[0].influence, state.players[1].influence) == (2, 8)
    with pytest.raises(Rejected, match="just completed"):
        play(state, "prison_exchange", 0, **{"from": 1, "building": "Statue"})


def test_stairway_opens_a_wall_to_everyone() -> None:
    state = give(start(2), 0, buildings=(structure("Stairway", "marble"),))
    state = give(state, 1, buildings=(structure("Wall", "concrete"),))
    state = architect_turn(state)
    with pytest.raises(Rejected, match="opponent's completed structure"):
        play(state, "stairway", 0, owner=0, building="Stairway")
    state = play(state, "stairway", 0, owner=1, building="Wall")
    state = play(state, "end_game", None, reason="deck")
    assert {"0.stockpile", "1.stockpile"} <= {f.key for f in RULES.endgame_fields(state)}


def test_villa_and_scriptorium_complete_early() -> None:
    villa = Building("Villa", "stone", False)
    state = give(start(2), 0, buildings=(villa, Building("Temple", "marble", False)),
                 clients=clients(architect=1))
    state = play(architect_turn(state), "add_material", 0, building="Villa")
    assert state.players[0].buildings[0].completed
    with pytest.raises(Rejected, match="Scriptorium"):
        play(state, "add_material", 0, building="Temple", complete=True)
    scriptorium = structure("Scriptorium", "stone")
    state = give(state, 0, buildings=(*state.players[0].buildings, scriptorium))
    state = play(state, "add_material", 0, building="Temple", complete=True)
    assert state.players[0].influence == 2 + 3 + 3


def test_tower_lays_out_of_town_for_one_action() -> None:
    state = give(start(2), 0, buildings=(structure("Tower", "concrete"),))
    state = replace(state, in_town=(2, 2, 2, 2, 2, 0))
    state = play(architect_turn(state), "lay_foundation", 0, building="Temple", out_of_town=True)
    assert state.players[0].building("Temple") == Building("Temple", "marble", True)
