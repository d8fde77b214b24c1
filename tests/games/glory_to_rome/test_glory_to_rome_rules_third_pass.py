"""Glory to Rome, third pass against the seeds, cloaca and the published rules: functions
gained mid-turn by any move, the Colosseum on both neighbours, the Statue's materials, granted
actions that keep the turn open, refusals that name the real reason, the Stairway's targets."""

from __future__ import annotations

from typing import Any

import pytest
from glory_support import NAMES, clients, foundation, give, play, structure

from companion.games.base import PlayerInfo, Rejected
from companion.games.glory_to_rome import (
    RULES,
    Building,
    GloryState,
    VaultCard,
    pending,
    stairway_targets,
)


def start(players: int = 2, **options: Any) -> GloryState:
    seats = [PlayerInfo(NAMES[i], "red", i) for i in range(players)]
    return RULES.setup(seats, {**RULES.default_options(), **options})


def completed(state: GloryState, name: str, seat: int = 0) -> bool:
    building = state.players[seat].building(name)
    return building is not None and building.completed


def others_think(state: GloryState) -> GloryState:
    count = len(state.players)
    for step in range(1, count):
        state = play(state, "think", (state.leader + step) % count, option="draw_one", hand=5)
    return state


# --- a function gained mid-turn counts, whatever move gained it ---------------------------


def amphitheatre_then_circus() -> GloryState:
    """Livia leads Craftsman with two Craftsman clients: three actions. Her Amphitheatre
    needs one more material, her Circus Maximus one more."""
    state = give(start(2), 0, clients=clients(craftsman=2), influence=4, buildings=(
        foundation("Amphitheatre", "concrete", 1), foundation("Circus Maximus", "stone", 2)))
    return others_think(play(state, "lead", 0, role="craftsman"))


def test_a_circus_maximus_completed_by_a_granted_action_doubles_the_client_actions() -> None:
    state = play(amphitheatre_then_circus(), "add_material", 0, building="Amphitheatre")
    assert state.actions_left[0] == 2 and pending(state, 0)[0].left == 6
    state = play(state, "add_material", 0, building="Circus Maximus", bonus="Amphitheatre")
    assert completed(state, "Circus Maximus")
    assert state.actions_left[0] == 4  # the two client actions still to come, doubled


def test_a_client_hired_by_a_granted_patron_action_does_not_act_this_turn() -> None:
    garden = foundation("Garden", "stone", 2)
    state = give(start(2), 0, clients=clients(craftsman=1), buildings=(garden,))
    state = others_think(play(state, "lead", 0, role="craftsman"))
    state = play(state, "add_material", 0, building="Garden")
    assert state.actions_left[0] == 1
    state = play(state, "hire_client", 0, role="craftsman", bonus="Garden")
    assert state.players[0].client_count("craftsman") == 2
    assert state.actions_left[0] == 1  # the new client acts from the next turn


def test_a_circus_maximus_taken_with_the_prison_doubles_the_client_actions() -> None:
    prison = Building("Prison", "stone", False, materials=2)
    state = give(start(2), 0, buildings=(prison,), clients=clients(architect=2), influence=6)
    state = give(state, 1, buildings=(structure("Circus Maximus", "stone"),))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "add_material", 0, building="Prison")
    assert state.actions_left[0] == 2
    state = play(state, "prison_exchange", 0, **{"from": 1, "building": "Circus Maximus"})
    assert state.actions_left[0] == 4


def test_a_circus_maximus_lost_to_the_prison_mid_turn_stops_doubling() -> None:
    state = give(start(2), 0, buildings=(Building("Prison", "stone", False, materials=2),),
                 influence=6)
    state = give(state, 1, buildings=(structure("Circus Maximus", "stone"),),
                 clients=clients(architect=1))
    state = play(play(state, "lead", 0, role="architect"), "follow", 1)
    state = play(state, "add_material", 0, building="Prison")  # Livia's only action
    assert state.acting == 1 and state.actions_left[1] == 3
    state = play(state, "prison_exchange", 0, **{"from": 1, "building": "Circus Maximus"})
    assert state.acting == 1 and state.actions_left[1] == 2  # his client no longer doubled


# --- Colosseum: one Legionary action, both neighbours --------------------------------------


def colosseum_table(players: int) -> GloryState:
    state = give(start(players), 0, buildings=(structure("Colosseum", "stone"),), influence=6)
    for seat in range(1, players):
        state = give(state, seat, clients=clients(patron=1))
    return others_think(play(state, "lead", 0, role="legionary"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_legionary_action_takes_a_matching_client_from_each_neighbour(players: int) -> None:
    state = colosseum_table(players)
    left, right = players - 1, 1
    after = play(state, "colosseum", 0, **{"from": [left, right], "role": "patron"})
    assert after.players[left].clients == clients() == after.players[right].clients
    assert [c.material for c in after.players[0].vault] == ["marble", "marble"]
    assert after.turn == state.turn + 1  # the one action was all Livia had: the turn is over


def test_the_colosseum_still_reaches_only_the_neighbours() -> None:
    state = colosseum_table(5)
    with pytest.raises(Rejected, match="Tullia does not sit beside you"):
        play(state, "colosseum", 0, **{"from": [1, 2], "role": "patron"})
    with pytest.raises(Rejected, match="once"):
        play(state, "colosseum", 0, **{"from": [1, 1], "role": "patron"})


def test_the_colosseum_needs_vault_room_for_every_client_it_takes() -> None:
    state = give(colosseum_table(3), 0, influence=1)  # vault limit 1
    with pytest.raises(Rejected, match="room for 1 more, not the 2 cards"):
        play(state, "colosseum", 0, **{"from": [1, 2], "role": "patron"})
    assert play(state, "colosseum", 0, **{"from": 2, "role": "patron"}).players[1].clients \
        == clients(patron=1)


# --- the Statue: the site decides the materials --------------------------------------------


def test_a_statue_on_a_rubble_site_is_complete_with_one_material() -> None:
    state = give(start(2), 0, clients=clients(architect=3))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "lay_foundation", 0, building="Statue", site="rubble")
    state = play(state, "add_material", 0, building="Statue")
    statue = state.players[0].building("Statue")
    assert statue is not None and statue.completed and state.players[0].influence == 3
    with pytest.raises(Rejected, match="no unfinished Statue"):
        play(state, "add_material", 0, building="Statue")


def test_a_statue_on_marble_still_takes_three() -> None:
    state = give(start(2), 0, clients=clients(architect=3))
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "lay_foundation", 0, building="Statue")
    state = play(play(state, "add_material", 0, building="Statue"), "add_material", 0,
                 building="Statue")
    assert not completed(state, "Statue")
    state = play(state, "add_material", 0, building="Statue")
    assert completed(state, "Statue")


# --- granted actions keep the turn from ending ---------------------------------------------


def last_action_amphitheatre() -> GloryState:
    state = give(start(2), 0, buildings=(foundation("Amphitheatre", "concrete", 1),
                                         foundation("Market", "wood")))
    state = others_think(play(state, "lead", 0, role="craftsman"))
    return play(state, "add_material", 0, building="Amphitheatre")  # her one action


def test_the_turn_waits_for_grants_won_with_the_last_action() -> None:
    state = last_action_amphitheatre()
    assert state.turn == 1 and state.phase == "actions" and state.acting is None
    assert RULES.current_player(state) == 0
    assert "building actions first · Livia: Amphitheatre" in RULES.status_line(state)
    with pytest.raises(Rejected, match="turn ends once Livia takes or skips 4 Craftsman"):
        play(state, "lead", 1, role="laborer")  # Marcus may not lead yet
    state = play(state, "add_material", 0, building="Market", bonus="Amphitheatre")
    assert state.turn == 1
    state = play(state, "done", 0, bonus="Amphitheatre")
    assert state.turn == 2 and state.phase == "lead" and state.leader == 1


def test_using_up_the_grants_ends_the_waiting_turn() -> None:
    state = last_action_amphitheatre()
    for _action in range(3):
        state = play(state, "act", 0, bonus="Amphitheatre")
    assert state.turn == 1
    state = play(state, "act", 0, bonus="Amphitheatre")
    assert state.turn == 2 and not state.bonus


# --- refusals that name the real reason ----------------------------------------------------


def test_a_stairway_on_ones_own_structure_says_so() -> None:
    state = give(start(2), 0, buildings=(structure("Stairway", "marble"),
                                         structure("Market", "wood")))
    state = give(state, 1, buildings=(structure("Bath", "brick"),))
    state = others_think(play(state, "lead", 0, role="architect"))
    with pytest.raises(Rejected, match="not one of your own") as refused:
        play(state, "stairway", 0, owner=0, building="Market")
    assert "no completed Market" not in str(refused.value)
    assert play(state, "stairway", 0, owner=1, building="Bath").public == ("Bath",)


def test_the_basilica_at_the_vault_limit_names_the_room_left() -> None:
    state = give(start(2), 0, buildings=(structure("Basilica", "marble"),), influence=2,
                 vault=(VaultCard("stone", 0, "stockpile"),))  # 1 of 2
    state = others_think(play(state, "lead", 0, role="merchant"))
    with pytest.raises(Rejected, match=r"holds 1 of 2: room for 1 more, not the 2 cards") \
            as refused:
        play(state, "vault", 0, material="stone", also_hand="marble")
    assert "full (2 of 2)" not in str(refused.value)
    assert len(play(state, "vault", 0, material="stone").players[0].vault) == 2


def test_more_jacks_than_cards_names_the_cards() -> None:
    state = give(start(2), 0, jacks=2)
    with pytest.raises(Rejected, match="plays 1 role card; it cannot be 2 Jacks") as refused:
        play(state, "lead", 0, role="laborer", jacks=2)
    assert "in hand" not in str(refused.value)
    with pytest.raises(Rejected, match="has 2 Jacks in hand, so cannot play 3"):
        play(give(state, 0, buildings=(structure("Palace", "marble"),)), "lead", 0,
             role="laborer", cards=3, jacks=3)


@pytest.mark.parametrize(("move", "payload", "words"), [
    ("hire_client", {"role": "laborer", "hand": "patron"}, "Only the Aqueduct's function"),
    ("lay_foundation", {"building": "Market"}, "Laying a foundation needs an action of the "
                                               "Architect or Craftsman"),
])
def test_refusals_read_well_whatever_the_name(move: str, payload: dict[str, Any],
                                              words: str) -> None:
    state = others_think(play(start(2), "lead", 0, role="patron"))
    with pytest.raises(Rejected) as refused:
        play(state, move, 0, **payload)
    assert words in str(refused.value)
    assert " a Architect" not in str(refused.value) and " a Aqueduct" not in str(refused.value)


def test_a_building_laid_twice_reads_well_for_a_vowel() -> None:
    state = give(start(2), 0, buildings=(foundation("Amphitheatre", "concrete"),),
                 clients=clients(architect=1))
    state = others_think(play(state, "lead", 0, role="architect"))
    with pytest.raises(Rejected, match="Amphitheatre is already in your city"):
        play(state, "lay_foundation", 0, building="Amphitheatre")


# --- the Stairway's targets: only what the move could use ----------------------------------


def test_stairway_targets_are_opponents_functions_the_player_lacks() -> None:
    state = give(start(3), 0, buildings=(structure("Stairway", "marble"),
                                         structure("Market", "wood")))
    assert stairway_targets(state, 0) == ()
    state = give(state, 1, buildings=(structure("Market", "wood"), structure("Bath", "brick")))
    state = give(state, 2, buildings=(foundation("Tower", "concrete"),))
    assert stairway_targets(state, 0) == ((1, "Bath"),)  # her own Market already works
    state = others_think(play(state, "lead", 0, role="architect"))
    state = play(state, "stairway", 0, owner=1, building="Bath")
    assert stairway_targets(state, 0) == ()
