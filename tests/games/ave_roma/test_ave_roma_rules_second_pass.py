"""Ave Roma rules a table would hit: the refill every round, trigger A on an emptied position,
shared workers, the computed turn order, the Propraetor's one choice, set-up effects, the
numbers the seed leaves to the table, the essentials tracking level and ending early."""

from __future__ import annotations

import pytest
from ave_roma_support import AEDILIS_GAIN, act, new_game, pass_all, refused

from companion.games.ave_roma import RULES, AveRomaState, refill_reminders
from companion.games.ave_roma.explain import rules_card
from companion.games.base import PlayerInfo, Rejected

# --- the refill phase happens every round ---------------------------------------------------

def test_refill_happens_even_when_nobody_has_workers_to_take_back() -> None:
    state = pass_all(new_game(3))
    assert state.phase == "refill"
    assert RULES.current_player(state) is None  # the table refills the rows
    notes = " ".join(refill_reminders(state))
    assert "Aedificator" in notes and "Legatus" in notes and "Senatus" in notes
    state = act(state, "rows_refilled", None)
    assert state.phase == "turn_order"


def test_trigger_b_can_be_recorded_in_a_refill_without_take_backs() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="training", worker=3, coins=-1)
    state = pass_all(state)
    assert state.phase == "refill" and state.seats[0].hand == (1, 2, 3, 4, 5)
    state = act(state, "row_not_refilled", None, row="legatus")
    assert state.phase == "final" and state.end_trigger == "B"


def test_a_take_back_means_the_rows_were_refilled() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="quaestor", worker=1)
    state = pass_all(state)
    state = act(state, "rows_refilled", None)
    assert state.phase == "refill" and RULES.current_player(state) == 0  # workers lie out
    assert "already" in refused(state, "rows_refilled", None)
    state = act(state, "take_back", 0, area="quaestor")
    assert state.phase == "turn_order"


def test_the_first_take_back_says_the_rows_were_refilled() -> None:
    state = new_game(3)
    state = act(state, "place", 0, space="quaestor", worker=1)
    state = act(state, "place", 1, space="rome", worker=1)
    state = act(state, "place", 2, space="senatus", worker=1)
    state = pass_all(state)
    assert refill_reminders(state) and RULES.current_player(state) == 2
    state = act(state, "take_back", 2, area="rome")
    assert state.phase == "refill" and state.rows_refilled and not refill_reminders(state)


def test_a_take_back_with_one_possible_answer_is_not_asked() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="quaestor", worker=1)
    state = act(state, "place", 1, space="rome", worker=5)
    state = act(state, "place", 0, space="senatus", worker=2)
    state = pass_all(state)
    state = act(state, "take_back", 1, area="rome")  # Marcus is full; Livia gets the rest
    assert state.phase == "turn_order"
    assert state.seats[0].hand == (1, 2, 3, 4, 5)
    assert "Livia takes back the rest: 1 2" in state.notice


# --- trigger A ------------------------------------------------------------------------------

def test_drawing_the_last_card_ends_the_game_after_the_action_phase() -> None:
    """The seed: "行动阶段中，地区卡耗尽" - the region cards run out in the action phase:
    the take that draws the deck's last card triggers the end, as the Region deck card
    says."""
    state = new_game(3, region_deck_size=1)
    state = act(state, "place", 0, space="aedilis", worker=4, gain=AEDILIS_GAIN)
    assert state.end_trigger is None
    state = act(state, "place", 1, space="aedilis", worker=4, gain={"wheat": 2, "ore": 2})
    assert state.deck == 0 and state.regions[3].card == "fresh"
    assert state.end_trigger == "A" and "region deck is empty" in state.notice
    assert state.phase == "action"  # the action phase runs on, then the final actions
    card = rules_card("part:deck")
    assert card is not None
    assert "When it runs out the game ends after this action phase" in card.catch


def test_trigger_a_when_a_position_is_emptied_and_cannot_be_refilled() -> None:
    state = new_game(3, region_deck_size=0)
    state = act(state, "place", 0, space="propraetor", worker=2, gain={"wood": 1})
    state = act(state, "place", 1, space="propraetor", worker=2, gain={"wood": 1})
    assert state.regions[1].card == "empty" and state.end_trigger == "A"
    assert "region deck is empty" in state.notice
    # from then on the empty position costs 2 coins
    state = act(state, "place", 2, space="propraetor", worker=2, gain={"wood": 1})
    assert state.seats[2].coins == 3 - 2


# --- workers are shared ---------------------------------------------------------------------

def test_there_are_as_many_workers_of_a_value_as_players() -> None:
    state = pass_all(new_game(2))
    state = act(state, "rows_refilled", None)
    # two players: two workers numbered 5 in all, so nobody can hold three
    message = refused(state, "workers", 0, numbers=[5, 5, 5, 4, 4])
    assert "only 2" in message or "holds" in message


def test_a_typed_hand_that_contradicts_the_tracked_one_is_refused_with_both() -> None:
    state = new_game(2)
    state = act(state, "place", 0, space="quaestor", worker=1)
    state = act(state, "place", 1, space="quaestor", worker=5)
    state = pass_all(state)
    state = act(state, "take_back", 1, area="quaestor", workers=[1])  # Livia gets the 5
    assert state.seats[0].hand == (2, 3, 4, 5, 5)
    message = refused(state, "workers", 0, numbers=[1, 2, 3, 4, 5])
    assert "1 2 3 4 5" in message and "2 3 4 5 5" in message
    assert "19" in refused(state, "workers", 0, sum=15)


# --- the turn order needs no entry ----------------------------------------------------------

def test_turn_order_is_computed_from_the_tracked_hands_and_confirmed_once() -> None:
    state = new_game(3)
    state = act(state, "place", 0, space="quaestor", worker=1)
    state = act(state, "place", 1, space="quaestor", worker=5)
    state = act(state, "place", 2, space="quaestor", worker=3)
    state = pass_all(state)
    # Titus (last) first: room for one of 1, 3, 5; he takes the 5
    state = act(state, "take_back", 2, area="quaestor", workers=[5])
    state = act(state, "take_back", 1, area="quaestor", workers=[1])  # Livia gets the 3
    assert state.phase == "turn_order"
    assert [sum(s.hand) for s in state.seats] == [17, 11, 17]
    assert state.proposed_order == (1, 2, 0)  # 11 first; Livia and Titus tie: reversed
    assert RULES.current_player(state) is None
    state = act(state, "confirm_order", None)
    assert state.phase == "action" and state.order == (1, 2, 0) and state.round == 2


# --- Propraetor -----------------------------------------------------------------------------

def test_propraetor_at_an_empty_position_gives_no_row_resources() -> None:
    state = new_game(3, region_deck_size=0)
    state = act(state, "place", 0, space="propraetor", worker=1, gain={"wood": 1})
    state = act(state, "place", 1, space="propraetor", worker=1, gain={"wood": 1})
    assert state.regions[0].card == "empty"
    message = refused(state, "place", 2, space="propraetor", worker=1, gain={"stone": 2})
    assert "no card" in message
    state = act(state, "place", 2, space="propraetor", worker=1, gain={"stone": 1})
    assert state.seats[2].amount("stone") == 1 and state.seats[2].coins == 3 - 2


def test_propraetor_extra_resource_or_influence_is_one_choice() -> None:
    state = new_game(2)
    assert "either" in refused(state, "place", 0, space="propraetor", worker=2,
                               gain={"wood": 2, "stone": 1}, bonus="influence",
                               influence={"2": 1})
    assert "influence" in refused(state, "place", 0, space="propraetor", worker=2,
                                  gain={"wood": 1}, bonus="resource", influence={"2": 1})
    assert "'bonus'" in refused(state, "place", 0, space="propraetor", worker=2,
                                bonus="both")
    chosen = act(state, "place", 0, space="propraetor", worker=2, gain={"stone": 2},
                 bonus="influence", influence={"3": 2})
    assert chosen.regions[2].cubes == (2, 0)
    assert chosen.seats[0].amount("stone") == 2


# --- set-up ---------------------------------------------------------------------------------

def test_an_effect_recorded_during_set_up_survives_the_starting_choice() -> None:
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    state = RULES.setup(infos, {**RULES.default_options(), "tracking": "full"})
    state = act(state, "effect", 0, gain={"stone": 1}, coins=2)
    state = act(state, "choose_start", 0, resources=["wood", "wine"])
    livia = state.seats[0]
    assert (livia.amount("stone"), livia.amount("wood"), livia.coins) == (1, 2, 5)


# --- what the seed leaves to the table ------------------------------------------------------

def _ended(**options: object) -> AveRomaState:
    state = new_game(2, region_markers=[3, 0, 0, 0, 0], **options)
    state = act(state, "effect", 0, influence={"1": 2}, political=8)
    state = pass_all(state)
    state = act(state, "row_not_refilled", None, row="senatus")
    state = act(state, "pass", 0)
    return act(state, "pass", 1)


def test_political_points_are_entered_with_the_track_as_the_default() -> None:
    state = _ended()
    fields = {f.key: f for f in RULES.endgame_fields(state)}
    assert fields["0.political_vp"].default == 8 and fields["0.political_vp"].maximum == 30
    entries = {"0.patron_vp": 0, "1.patron_vp": 0, "0.political_vp": 5, "1.political_vp": 0}
    result = RULES.final_score(state, entries)
    livia = next(p for p in result.players if p.name == "Livia")
    assert livia.breakdown["political"] == 5 and livia.breakdown["regions"] == 2


def test_region_points_can_be_left_to_the_table() -> None:
    state = _ended(region_scoring="table")
    keys = [f.key for f in RULES.endgame_fields(state)]
    assert "0.region_vp" in keys and "1.region_vp" in keys
    entries = {"0.patron_vp": 0, "1.patron_vp": 0, "0.political_vp": 8, "1.political_vp": 0,
               "0.region_vp": 7, "1.region_vp": 1}
    result = RULES.final_score(state, entries)
    livia = next(p for p in result.players if p.name == "Livia")
    assert livia.breakdown["regions"] == 7
    with pytest.raises(Rejected, match="Region scoring"):
        new_game(2, region_scoring="dice")


# --- the tracking level ---------------------------------------------------------------------

def test_essentials_is_the_default_and_records_placements_without_supplies() -> None:
    assert RULES.default_options()["tracking"] == "essentials"
    infos = [PlayerInfo("Livia", "red", 0), PlayerInfo("Marcus", "blue", 1)]
    assert RULES.setup(infos, {}).phase == "action"  # starting resources are not asked
    state = new_game(2, tracking="essentials")
    state = act(state, "place", 0, space="aedilis", worker=2)  # no resources asked
    state = act(state, "place", 1, space="aedilis", worker=2)
    assert state.regions[1].card == "fresh" and state.regions[1].marker == 1
    assert "pay 2 coins" in state.notice.lower() and "take the region card" in state.notice
    # coins are not tracked, so the fee is a reminder, never a refusal
    assert state.seats[1].coins == 3
    assert "essentials" in refused(state, "place", 0, space="quaestor", worker=1, coins=4)
    state = act(state, "place", 0, space="propraetor", worker=3, bonus="influence",
                influence={"3": 2})
    assert state.regions[2].cubes == (2, 0)


def test_essentials_final_scoring_asks_the_supplies() -> None:
    state = _ended(tracking="essentials")
    keys = {f.key for f in RULES.endgame_fields(state)}
    assert {"0.coins", "0.resources", "0.surplus", "0.patron_vp", "0.political_vp",
            "0.track_vp"} <= keys
    entries = {f"{p}.{k}": 0 for p in (0, 1) for k in ("coins", "resources", "surplus",
                                                        "patron_vp", "political_vp",
                                                        "track_vp")}
    entries.update({"0.coins": 11, "0.resources": 4, "0.surplus": 2, "1.track_vp": 6})
    result = RULES.final_score(state, entries)
    scores = {p.name: p.breakdown for p in result.players}
    assert scores["Livia"]["coins"] == 2 and scores["Livia"]["goods"] == 2
    assert scores["Livia"]["regions"] == 2 and scores["Marcus"]["track"] == 6


def test_bad_tracking_level_is_refused() -> None:
    with pytest.raises(Rejected, match="essentials"):
        new_game(2, tracking="some")


# --- ending early ---------------------------------------------------------------------------

def test_end_here_and_score_goes_straight_to_the_final_scoring() -> None:
    state = new_game(3)
    state = act(state, "place", 0, space="quaestor", worker=2)
    state = act(state, "end_here", None)
    assert RULES.is_over(state) and state.end_trigger == "table"
    assert "ended" in RULES.status_line(state).lower()
    assert "over" in refused(state, "place", 1, space="quaestor", worker=1)
