"""Ave Roma rules: set-up, turn order, sliding, supplies, influence, phases, end triggers."""

from __future__ import annotations

import pytest
from ave_roma_support import AEDILIS_GAIN, act, new_game, pass_all, refused
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_rules
from companion.games.ave_roma import (
    RULES,
    AveRomaState,
    actions_for,
    next_turn_order,
    pending_overflow,
    refill_reminders,
    region_use_preview,
    turn_order_explanation,
    usable_workers,
)
from companion.games.base import Action, PlayerInfo, Rejected

# --- set-up ---------------------------------------------------------------------------------

def test_registered_under_its_key() -> None:
    assert get_rules("ave-roma") is RULES
    assert (RULES.min_players, RULES.max_players) == (2, 5)


def test_setup_gives_coins_surplus_and_two_chosen_resources() -> None:
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    state = RULES.setup(infos, {**RULES.default_options(), "tracking": "full"})
    assert state.phase == "setup" and RULES.current_player(state) == 0
    state = act(state, "choose_start", 0, resources=["stone", "ore"])
    assert state.phase == "setup" and RULES.current_player(state) == 1
    state = act(state, "choose_start", 1, resources=["wheat", "wine"])
    livia, marcus = state.seats
    assert livia.resources == (0, 2, 0, 0, 2, 0)
    assert marcus.resources == (0, 0, 0, 2, 0, 2)
    assert (livia.coins, livia.surplus, livia.hand) == (3, 2, (1, 2, 3, 4, 5))
    assert state.phase == "action" and state.round == 1
    assert [r.card for r in state.regions] == ["fresh"] * 5
    assert state.deck == 25


def test_setup_refuses_bad_choices_and_options() -> None:
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    state = RULES.setup(infos, {**RULES.default_options(), "tracking": "full"})
    assert "two different" in refused(state, "choose_start", 0, resources=["wood", "wood"])
    assert "two different" in refused(state, "choose_start", 0, resources=["gold", "wood"])
    with pytest.raises(Rejected, match="2 to 5"):
        RULES.setup(infos[:1], {})
    with pytest.raises(Rejected, match="same name"):
        RULES.setup([infos[0], PlayerInfo("Livia", "blue", 1)], {})
    with pytest.raises(Rejected, match="deck size"):
        RULES.setup(infos, {"region_deck_size": -1})
    with pytest.raises(Rejected, match="brown markers"):
        RULES.setup(infos, {"region_markers": [1, 2]})
    with pytest.raises(Rejected, match="every player index"):
        RULES.setup(infos, {"turn_order": [0, 0]})
    chosen = RULES.setup(infos, {"turn_order": [1, 0], "region_markers": [1, 2, 3, 4, 5]})
    assert RULES.turn_order(chosen) == [1, 0]
    assert [r.marker for r in chosen.regions] == [1, 2, 3, 4, 5]


# --- turn order -----------------------------------------------------------------------------

def test_lowest_sum_goes_first() -> None:
    assert next_turn_order([0, 1, 2], {0: 20, 1: 9, 2: 14}) == (1, 2, 0)


def test_two_way_tie_reverses_the_tied_players() -> None:
    assert next_turn_order([3, 0, 1, 2], {3: 12, 0: 15, 1: 12, 2: 10}) == (2, 1, 3, 0)


def test_three_way_tie_reverses_all_three() -> None:
    assert next_turn_order([0, 1, 2, 3], {0: 15, 1: 15, 2: 15, 3: 20}) == (2, 1, 0, 3)


def _to_turn_order_phase(state: AveRomaState) -> AveRomaState:
    state = pass_all(state)
    state = act(state, "rows_refilled", None)  # nobody placed, so nobody takes back workers
    assert state.phase == "turn_order"
    return state


def test_ties_across_rounds_use_the_order_of_the_round_before() -> None:
    state = _to_turn_order_phase(new_game(3))
    assert state.proposed_order == (2, 1, 0)  # all hold 15
    state = act(state, "confirm_order", None)
    assert RULES.turn_order(state) == [2, 1, 0]
    assert state.round == 2 and state.phase == "action" and RULES.current_player(state) == 2
    assert "Titus starts" in turn_order_explanation(state)
    state = act(state, "place", 2, space="quaestor", worker=5)
    state = pass_all(state)
    state = act(state, "take_back", 2, area="quaestor")
    assert state.phase == "turn_order"
    state = act(state, "confirm_order", None)
    assert RULES.turn_order(state) == [0, 1, 2]  # three 15s again: reversed once more
    assert state.previous_order == (2, 1, 0)


def test_turn_order_entry_is_checked() -> None:
    state = _to_turn_order_phase(new_game(3))
    assert "exactly 5" in refused(state, "workers", 0, numbers=[1, 2, 3, 4])
    assert "exactly 5" in refused(state, "workers", 0, numbers=[1, 2, 3, 4, 5, 1])
    assert "1 to 5" in refused(state, "workers", 0, numbers=[0, 2, 3, 4, 5])
    assert "1 to 5" in refused(state, "workers", 0, numbers=[6, 2, 3, 4, 5])
    assert "5-25" in refused(state, "workers", 0, sum=4)
    assert "5-25" in refused(state, "workers", 0, sum=26)
    assert "4 workers numbered 5" in refused(state, "workers", 0, numbers=[5, 5, 5, 5, 4])
    for player in range(3):
        state = act(state, "workers", player, numbers=[1, 2, 3, 4, 5])
    assert RULES.turn_order(state) == [2, 1, 0] and state.phase == "action"
    assert usable_workers(state, 0) == (1, 2, 3, 4, 5)


def test_refill_calls_from_the_last_player_until_everyone_holds_five() -> None:
    state = new_game(3)
    state = act(state, "place", 0, space="quaestor", worker=5)
    state = act(state, "place", 1, space="rome", worker=1)
    state = act(state, "pass", 2)
    state = act(state, "place", 0, space="rome", worker=4)
    state = pass_all(state)
    assert state.phase == "refill"
    assert state.area("rome") == (1, 4) and state.area("quaestor") == (5,)
    assert RULES.current_player(state) == 1  # Titus (last) holds five and is skipped
    assert "Marcus's turn" in refused(state, "take_back", 0, area="quaestor")
    assert "room for 1" in refused(state, "take_back", 1, area="rome")
    assert "No workers" in refused(state, "take_back", 1, area="senatus")
    state = act(state, "take_back", 1, area="rome", workers=[4])
    assert state.seats[1].hand == (2, 3, 4, 4, 5)
    # only Livia is short, and exactly her two are left out: nothing to ask
    assert state.phase == "turn_order"
    assert state.seats[0].hand == (1, 1, 2, 3, 5)


def test_a_player_short_of_five_is_called_again_next_pass() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="quaestor", worker=5)
    state = act(state, "place", 1, space="quaestor", worker=1)
    state = act(state, "place", 0, space="rome", worker=4)
    state = act(state, "place", 1, space="rome", worker=2)
    state = act(state, "pass", 0)
    state = act(state, "place", 1, space="senatus", worker=3)
    state = pass_all(state)
    state = act(state, "take_back", 1, area="quaestor")
    assert state.seats[1].hand == (1, 4, 5, 5)
    state = act(state, "take_back", 0, area="senatus")
    assert state.seats[0].hand == (1, 2, 3, 3)
    assert RULES.current_player(state) == 1  # Marcus: four in hand, called again
    state = act(state, "take_back", 1, area="rome", workers=[4])
    # Livia is the only one short and one worker is left: it comes back unasked
    assert state.phase == "turn_order"
    assert state.seats[0].hand == (1, 2, 2, 3, 3)


def test_refill_reminds_about_rows_nobody_took_from() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="legatus", worker=2, slot=3, pay={"wood": 1})
    state = pass_all(state)
    first = refill_reminders(state)[0]
    assert "Aedificator" in first and "Senatus" in first and "Legatus" not in first


# --- placing workers ------------------------------------------------------------------------

def test_only_the_current_player_places_and_only_held_workers() -> None:
    state = new_game(3)
    assert "Livia's turn" in refused(state, "place", 1, space="quaestor", worker=1)
    state = act(state, "place", 0, space="quaestor", worker=4)
    assert state.seats[0].coins == 3 + 8
    state = act(state, "pass", 1)
    state = act(state, "pass", 2)
    assert "no worker numbered 4" in refused(state, "place", 0, space="quaestor", worker=4)
    assert "'space'" in refused(state, "place", 0, space="forum", worker=1)
    assert "no action 'dance'" in refused(state, "dance", 0)
    assert "needs the player" in refused(state, "pass", None)


def test_numbered_card_row_spaces_take_that_number_or_lower() -> None:
    state = new_game(2)
    assert "3 or lower" in refused(state, "place", 0, space="aedificator", worker=4, slot=3)
    assert "'slot'" in refused(state, "place", 0, space="senatus", worker=1, slot="x")
    state = act(state, "place", 0, space="aedificator", worker=3, slot=3, pay={"wood": 2},
                vp=2)
    assert state.seats[0].resources[0] == 0 and state.seats[0].track_vp == 2


def test_training_changes_the_workers_number_for_its_next_use() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="training", worker=1, coins=-1)
    assert state.seats[0].trained == 1 and state.seats[0].coins == 2
    state = act(state, "place", 1, space="quaestor", worker=1)
    state = act(state, "place", 0, space="quaestor", trained=True, acts_as=2)
    assert state.seats[0].coins == 2 + 4
    assert state.seats[0].trained is None and state.seats[0].hand == (2, 3, 4, 5)
    assert state.area("quaestor") == (1, 1)


def test_an_unused_trained_worker_comes_home_with_one_vp() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="training", worker=2, coins=-1)
    state = pass_all(state)
    livia = state.seats[0]
    assert livia.trained is None and livia.track_vp == 1 and 2 in livia.hand


# --- region-card sliding --------------------------------------------------------------------

def test_first_use_slides_the_card_for_free() -> None:
    state = new_game(3)
    assert "slides" in region_use_preview(state, 2)
    state = act(state, "place", 0, space="aedilis", worker=2, gain=AEDILIS_GAIN)
    region = state.regions[1]
    assert (region.card, region.marker) == ("slid", 0)
    assert state.seats[0].coins == 3 and state.deck == 25
    assert "pay 2 coins" in region_use_preview(state, 2)


def test_second_use_pays_two_takes_the_card_and_raises_the_marker() -> None:
    state = new_game(3, region_markers=[0, 3, 0, 0, 0])
    state = act(state, "place", 0, space="aedilis", worker=2, gain=AEDILIS_GAIN)
    state = act(state, "place", 1, space="propraetor", worker=2, gain={"stone": 2})
    region = state.regions[1]
    assert (region.card, region.marker) == ("fresh", 4)  # a new card fills the position
    assert state.deck == 24
    assert state.seats[1].coins == 1 and state.seats[1].resources[1] == 2


def test_second_use_without_two_coins_is_refused() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="aedilis", worker=3, gain=AEDILIS_GAIN)
    state = act(state, "effect", 1, coins=-2)
    message = refused(state, "place", 1, space="mercator", worker=3)
    assert "costs 2 coins" in message and "only 1" in message


def test_the_fee_is_paid_at_the_end_so_the_actions_income_counts() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="aedilis", worker=3, gain=AEDILIS_GAIN)
    state = act(state, "effect", 1, coins=-3)
    state = act(state, "place", 1, space="mercator", worker=3, sell={"wood": 1})
    assert state.seats[1].coins == 3 - 2 and state.regions[2].marker == 1


def test_empty_position_refuses_aedilis_and_mercator_and_charges_propraetor() -> None:
    state = new_game(3, region_deck_size=0, region_markers=[2, 0, 0, 0, 0])
    state = act(state, "place", 0, space="aedilis", worker=1, gain=AEDILIS_GAIN)
    state = act(state, "place", 1, space="mercator", worker=1)
    assert state.regions[0].card == "empty" and state.regions[0].marker == 3
    assert "empty" in refused(state, "place", 2, space="aedilis", worker=1, gain=AEDILIS_GAIN)
    assert "empty" in refused(state, "place", 2, space="mercator", worker=1)
    assert "No card" in region_use_preview(state, 1)
    state = act(state, "place", 2, space="propraetor", worker=1)
    titus = state.seats[2]
    assert titus.coins == 1 and state.regions[0].marker == 3
    assert state.regions[0].card == "empty"


def test_empty_position_still_needs_the_two_coins() -> None:
    state = new_game(3, region_deck_size=0)
    state = act(state, "place", 0, space="aedilis", worker=5, gain=AEDILIS_GAIN)
    state = act(state, "place", 1, space="aedilis", worker=5, gain=AEDILIS_GAIN)
    state = act(state, "effect", 2, coins=-2)
    assert "empty region position 5" in refused(state, "place", 2, space="propraetor", worker=5)


def test_space_specific_resource_counts() -> None:
    state = new_game(2)
    assert "4 resources" in refused(state, "place", 0, space="aedilis", worker=1,
                                    gain={"wood": 1})
    assert "at most 4" in refused(state, "place", 0, space="mercator", worker=1,
                                  gain={"stone": 5})
    assert "at most 2" in refused(state, "place", 0, space="propraetor", worker=1,
                                  gain={"stone": 3}, influence={"1": 1})
    assert "sold at the Mercator" in refused(state, "place", 0, space="quaestor", worker=1,
                                             sell={"wood": 1})


# --- supplies -------------------------------------------------------------------------------

def test_coins_never_go_negative() -> None:
    state = new_game(2)
    message = refused(state, "place", 0, space="mercator", worker=1, gain={"ore": 2}, coins=-4)
    assert "has 3 coins and cannot pay 4" in message
    assert "cannot give up 3" in refused(state, "effect", 0, pay={"wood": 3})


def test_overflow_goes_to_surplus_or_is_sold_before_play_goes_on() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="aedilis", worker=1, gain={"wood": 4})
    assert state.seats[0].resources[0] == 3
    assert pending_overflow(state, 0) == {"wood": 3}
    assert actions_for(state, 0) == ["overflow", "effect"]
    assert "put 3 wood over the cap" in refused(state, "place", 1, space="quaestor", worker=1)
    assert "all of it" in refused(state, "overflow", 0, resource="wood", surplus=1)
    state = act(state, "overflow", 0, resource="wood", surplus=1, sell=2)
    livia = state.seats[0]
    assert (livia.surplus, livia.coins, livia.has_overflow) == (3, 3 + 6, False)
    state = act(state, "place", 1, space="quaestor", worker=1)
    assert state.seats[1].coins == 5


def test_surplus_cap_when_the_table_sets_one() -> None:
    state = new_game(2, surplus_cap=2)
    state = act(state, "place", 0, space="aedilis", worker=1, gain={"wine": 2, "wood": 2})
    assert pending_overflow(state, 0) == {"wood": 1, "wine": 1}
    assert "capped at 2" in refused(state, "overflow", 0, resource="wood", surplus=1)
    state = act(state, "overflow", 0, resource="wood", sell=1)
    state = act(state, "overflow", 0, resource="wine", sell=1)
    assert state.seats[0].coins == 3 + 3 + 2


def test_political_influence_beyond_30_pays_two_vp_each_at_once() -> None:
    state = new_game(2)
    state = act(state, "effect", 0, political=28)
    assert state.seats[0].patron_slots == 5
    state = act(state, "place", 0, space="rome", worker=3, coins=-1, political=5)
    livia = state.seats[0]
    assert (livia.political, livia.track_vp) == (30, 6)
    state = act(state, "effect", 0, political=1)
    assert (state.seats[0].political, state.seats[0].track_vp) == (30, 8)


def test_a_cube_landing_on_an_occupied_space_drops_lower() -> None:
    state = new_game(3)
    state = act(state, "effect", 0, influence={"1": 3})
    state = act(state, "effect", 1, influence={"1": 3})
    assert state.regions[0].cubes == (3, 2, 0)
    assert "drops to 2" in state.notice
    state = act(state, "effect", 2, influence={"1": 2})
    assert state.regions[0].cubes == (3, 2, 1)
    state = act(state, "effect", 2, influence={"1": 1})
    assert state.regions[0].cubes == (3, 2, 1)
    assert "influence is lost" in state.notice
    state = act(state, "effect", 1, influence={"1": 2})  # 2 + 2 = 4 is free: jumps past 3
    assert state.regions[0].cubes == (3, 4, 1)
    assert "regions are numbered" in refused(state, "effect", 0, influence={"6": 1})


def test_a_new_cube_whose_space_is_taken_all_the_way_down_never_enters() -> None:
    state = new_game(2)
    state = act(state, "effect", 0, influence={"4": 1})
    state = act(state, "effect", 1, influence={"4": 1})
    assert state.regions[3].cubes == (1, 0)


# --- end of the game ------------------------------------------------------------------------

def test_trigger_a_when_the_deck_runs_out_then_one_final_action_each() -> None:
    state = new_game(3, region_deck_size=0)
    state = act(state, "place", 0, space="aedilis", worker=4, gain=AEDILIS_GAIN)
    state = act(state, "place", 1, space="aedilis", worker=4, gain={"wheat": 2, "ore": 2})
    assert state.deck == 0 and state.end_trigger == "A"
    assert "region deck is empty" in state.notice
    assert state.regions[3].card == "empty"  # taken, and nothing to draw
    assert "Last round" in RULES.status_line(state)
    assert state.phase == "action"  # the action phase runs on
    state = act(state, "place", 2, space="quaestor", worker=2)
    state = pass_all(state)
    assert state.phase == "final" and RULES.current_player(state) == 0
    state = act(state, "place", 0, space="aedificator", worker=5, pay={"wine": 2})
    state = act(state, "pass", 1)
    assert not RULES.is_over(state)
    state = act(state, "place", 2, space="quaestor", worker=5)
    assert RULES.is_over(state) and RULES.current_player(state) is None
    assert state.seats[2].coins == 3 + 4 + 10
    assert "over" in refused(state, "pass", 0)


def test_trigger_b_ends_the_game_at_once_in_the_refill_phase() -> None:
    state = new_game(2, turn_order=[1, 0])
    state = act(state, "place", 1, space="quaestor", worker=3)
    state = pass_all(state)
    assert state.phase == "refill"
    assert "'row'" in refused(state, "row_not_refilled", None, row="forum")
    state = act(state, "row_not_refilled", None, row="senatus")
    assert state.phase == "final" and state.end_trigger == "B"
    assert RULES.current_player(state) == 1
    assert "Final actions" in RULES.status_line(state)
    state = act(state, "pass", 1)
    state = act(state, "pass", 0)
    assert RULES.is_over(state)


def test_row_not_refilled_only_in_the_refill_phase() -> None:
    assert "action phase" in refused(new_game(2), "row_not_refilled", None, row="legatus")


def _ended_game() -> AveRomaState:
    state = new_game(2, region_deck_size=0, region_markers=[2, 0, 0, 0, 0])
    state = act(state, "effect", 0, influence={"1": 5}, political=12, vp=20, coins=9)
    state = act(state, "effect", 1, influence={"1": 4, "2": 1}, political=35)
    state = act(state, "place", 0, space="aedilis", worker=1, gain=AEDILIS_GAIN)
    state = act(state, "place", 1, space="propraetor", worker=1, gain={"stone": 2})
    state = pass_all(state)
    state = act(state, "pass", 0)
    return act(state, "pass", 1)


def test_final_score_from_the_tracked_game() -> None:
    state = _ended_game()
    assert RULES.is_over(state)
    fields = RULES.endgame_fields(state)
    assert [f.key for f in fields] == ["0.patron_vp", "0.political_vp", "1.patron_vp",
                                       "1.political_vp"]
    assert "Livia" in fields[0].label
    result = RULES.final_score(state, {"0.patron_vp": 4, "1.patron_vp": 0})
    scores = {p.name: p for p in result.players}
    # region 1: marker 3 after the card was taken; Livia 5 -> 3, Marcus 4 -> 2
    livia = scores["Livia"].breakdown
    assert livia == {"coins": 2, "goods": 3, "patrons": 4, "political": 12, "regions": 3,
                     "track": 20}
    marcus = scores["Marcus"].breakdown
    # Marcus: 30 political (+10 VP on the track for 5 beyond), region 1 -> 2, region 2: 1
    # but marker 0 pushes the cube off the track: it still scores 1
    assert marcus == {"coins": 0, "goods": 2, "patrons": 0, "political": 30, "regions": 3,
                      "track": 10}
    assert result.winners == ("Marcus",)
    assert "Livia 5→3" in result.explanation and "Marcus 1→off the track" in result.explanation


def test_final_score_needs_an_ended_game_and_valid_entries() -> None:
    with pytest.raises(Rejected, match="not ended"):
        RULES.final_score(new_game(2), {})
    with pytest.raises(Rejected, match="patron card points"):
        RULES.final_score(_ended_game(), {"0.patron_vp": -1})


def test_status_line_names_round_phase_and_player() -> None:
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    assert "Set-up" in RULES.status_line(RULES.setup(infos, {"tracking": "full"}))
    state = new_game(2)
    assert RULES.status_line(state) == "Round 1 · Action phase · Livia to act"
    state = _to_turn_order_phase(state)
    assert "Turn-order phase" in RULES.status_line(state)
    assert RULES.status_line(_ended_game()) == "Game over · Final scoring"


def test_apply_rejects_before_the_game_started() -> None:
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    state = RULES.setup(infos, {"tracking": "full"})
    with pytest.raises(Rejected, match="set-up"):
        RULES.apply(state, Action("place", {"space": "quaestor", "worker": 1}, 0))


# --- malformed payloads ---------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=4),
    max_leaves=12)
PAYLOAD_KEYS = st.sampled_from(["space", "worker", "trained", "acts_as", "slot", "gain", "pay",
                                "sell", "coins", "surplus", "vp", "political", "influence",
                                "area", "workers", "row", "numbers", "sum", "resource",
                                "resources", "bonus"])
KINDS = st.sampled_from(["choose_start", "place", "pass", "take_back", "row_not_refilled",
                         "rows_refilled", "confirm_order", "end_here", "workers",
                         "overflow", "effect", "nonsense"])


def _states() -> list[AveRomaState]:
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    action_phase = new_game(2)
    refill = pass_all(act(action_phase, "place", 0, space="rome", worker=2))
    return [RULES.setup(infos, {"tracking": "full"}), action_phase, refill,
            _to_turn_order_phase(new_game(2)), _ended_game()]


STATES = _states()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(STATES))), KINDS,
       st.dictionaries(PAYLOAD_KEYS, JSON_VALUES, max_size=5),
       st.none() | st.integers(-1, 2))
def test_malformed_payloads_are_refused_in_words_never_crash(
        which: int, kind: str, payload: dict[str, object], player: int | None) -> None:
    state = STATES[which]
    before = repr(state)
    try:
        RULES.apply(state, Action(kind, payload, player, at=0.0))
    except Rejected as refusal:
        assert str(refusal)
    assert repr(state) == before


def test_a_surplus_cap_below_the_starting_surplus_is_refused() -> None:
    """Surplus starts at 2, so a cap of 1 could never hold; 2 is the least."""
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    for cap in (0, 1):
        with pytest.raises(Rejected, match="at least 2"):
            RULES.setup(infos, {**RULES.default_options(), "surplus_cap": cap})
    assert RULES.setup(infos, {**RULES.default_options(), "surplus_cap": 2}).surplus_cap == 2


@pytest.mark.parametrize("political", [29, 30, 31, 45])
def test_the_political_points_offered_never_pass_the_cap_of_30(political: int) -> None:
    """The end-of-game entry offers the board's political influence, at most 30, and never
    more than the field takes: a board with more (a state from before the cap was kept
    as it is played now) still offers 30."""
    from dataclasses import replace

    state = _ended_game()
    seats = (replace(state.seats[0], political=political), *state.seats[1:])
    fields = {f.key: f for f in RULES.endgame_fields(replace(state, seats=seats))}
    field = fields["0.political_vp"]
    assert field.default == min(political, 30) and field.default <= field.maximum == 30
