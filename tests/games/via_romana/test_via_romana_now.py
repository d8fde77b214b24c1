""""What now?" in Via Romana: the builds said are the engine's own answer, and a build it
refuses is not offered."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from test_via_romana import act, card, new_game, players, refused, write_board

from companion.games.via_romana import RULES, Phase, allowed_actions
from companion.games.via_romana.now import sentence
from companion.games.via_romana.state import extendable_ends, milestones_left


def test_set_up_asks_for_a_starting_castle(tmp_path: Path) -> None:
    state = RULES.setup(players(2),
                        {"board_file": write_board(tmp_path)})
    assert state.phase is Phase.SETUP
    assert sentence(state) == "Livia places a starting castle in an empty city (5 left)."


def test_a_turn_offers_what_the_engine_allows(tmp_path: Path) -> None:
    state = new_game(write_board(tmp_path), 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    assert set(allowed_actions(state, 0)) >= {"castle", "milestone_city", "milestone_road"}
    assert sentence(state) == ("Livia builds a castle, a milestone in a city, a milestone on "
                               "a road or two milestones at once, or ends the turn; 3 cards "
                               "left this round; Marcus is next.")


def test_with_one_card_left_a_castle_is_not_offered_and_is_refused(tmp_path: Path) -> None:
    state = new_game(write_board(tmp_path), 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = act(state, "milestone_road", None, road=0, **{"from": "Aquae"},
                cards=[card("blue"), card("grey")])
    assert "castle" not in allowed_actions(state, 0)
    assert "At most 3 cards per round" in refused(state, "castle", None, city="Durum",
                                                  cards=[card("violet"), card("violet")])
    said = sentence(state)
    assert "a castle needs 2 cards" in said and "1 card left this round" in said
    assert "builds a castle" not in said


def test_one_milestone_left_shuts_two_at_once_for_that_reason(tmp_path: Path) -> None:
    state = new_game(write_board(tmp_path), 4, ["Aquae", "Burgus", "Castra", "Emporium"])
    state = replace(state, settings=replace(state.settings, milestones_per_player=1))
    assert milestones_left(state, 0) == 1
    assert any(sum(owner is None for owner in state.roads[road]) >= 2
               for road, _city in extendable_ends(state))  # a road with two free spaces
    assert "two_milestones" not in allowed_actions(state, 0)
    assert "milestone_road" in allowed_actions(state, 0)
    assert "not enough milestones" in refused(state, "two_milestones", None, road=0,
                                          cards=[card("blue", "eagle")], **{"from": "Aquae"})
    said = sentence(state)
    assert "only one milestone left" in said
    assert "no road with two free spaces" not in said
