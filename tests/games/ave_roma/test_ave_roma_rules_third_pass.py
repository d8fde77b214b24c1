"""Ave Roma, third pass against the seed: the trained worker counts one more, one less or as
it is; political influence beyond 30 is said as VP; the numbered card-row spaces are checked;
the Propraetor's influence may go to several regions in the one placement."""

from __future__ import annotations

import pytest
from ave_roma_support import act, new_game, refused

from companion.games.ave_roma import AveRomaState, card_row_spaces, trained_numbers


def trained(worker: int, tracking: str = "full") -> AveRomaState:
    """Livia's worker ``worker`` waits on the training space; it is her turn again."""
    state = new_game(2, tracking=tracking)
    payload = {"coins": -1} if tracking == "full" else {}
    state = act(state, "place", 0, space="training", worker=worker, **payload)
    return act(state, "place", 1, space="quaestor", worker=5)


# --- the trained worker: one more, one less, or as it is ----------------------------------


@pytest.mark.parametrize(("worker", "numbers"), [(1, (1, 2)), (3, (2, 3, 4)), (5, (4, 5))])
def test_a_trained_worker_counts_one_more_one_less_or_as_it_is(
        worker: int, numbers: tuple[int, ...]) -> None:
    assert trained_numbers(worker) == numbers
    state = trained(worker)
    for number in numbers:
        after = act(state, "place", 0, space="quaestor", trained=True, acts_as=number)
        assert after.seats[0].coins == 3 - 1 + 2 * number


def test_a_trained_one_cannot_count_as_five() -> None:
    state = trained(1)
    reason = refused(state, "place", 0, space="quaestor", trained=True, acts_as=5)
    assert "1 more, 1 less or as it is" in reason and "1 or 2, not 5" in reason
    reason = refused(state, "place", 0, space="aedilis", trained=True, acts_as=3,
                     gain={"wood": 1, "stone": 1, "wheat": 1, "ore": 1})
    assert "not 3" in reason


def test_the_training_step_says_what_the_engine_accepts() -> None:
    state = new_game(2, tracking="essentials")
    state = act(state, "place", 0, space="training", worker=2)
    assert "1 more, 1 less or as it is (from 1 to 5)" in state.notice


# --- political influence beyond 30 -------------------------------------------------------


def test_political_influence_beyond_30_is_said_as_vp_in_essentials() -> None:
    state = new_game(2, tracking="essentials")
    state = act(state, "effect", 0, political=29)
    assert state.notice == "" and state.alert == ""
    state = act(state, "place", 0, space="rome", worker=3, political=3)
    seat = state.seats[0]
    assert seat.political == 30 and seat.track_vp == 4
    assert "the 2 points beyond it give 4 VP now" in state.notice
    assert "4 VP" in state.alert  # comes up as the big prompt: the score track is theirs


def test_political_influence_beyond_30_by_a_card_effect_is_said_too() -> None:
    state = act(new_game(2, tracking="essentials"), "effect", 0, political=30)
    state = act(state, "effect", 0, political=1)
    assert "the 1 point beyond it gives 2 VP now" in state.notice
    assert state.seats[0].track_vp == 2


# --- numbered card-row spaces ------------------------------------------------------------


def test_card_row_spaces_are_the_workers_number_and_higher() -> None:
    assert card_row_spaces(1) == (1, 2, 3, 4, 5)
    assert card_row_spaces(4) == (4, 5)
    assert card_row_spaces(5) == (5,)


def test_a_card_row_space_takes_its_number_or_lower() -> None:
    state = new_game(2, tracking="essentials")
    assert "3 or lower, not 4" in refused(state, "place", 0, space="legatus", worker=4, slot=3)
    state = act(state, "place", 0, space="legatus", worker=4, slot=5)
    assert state.area("legatus") == (4,)


def test_a_trained_worker_is_checked_by_the_number_it_counts_as() -> None:
    state = trained(3, tracking="essentials")
    assert "3 or lower, not 4" in refused(state, "place", 0, space="senatus", trained=True,
                                          acts_as=4, slot=3)
    state = act(state, "place", 0, space="senatus", trained=True, acts_as=2, slot=2)
    assert state.area("senatus") == (3,)


# --- the Propraetor's influence in several regions ------------------------------------------


def test_the_propraetor_may_put_its_influence_in_two_regions() -> None:
    state = new_game(2, tracking="essentials")
    state = act(state, "place", 0, space="propraetor", worker=2, bonus="influence",
                influence={"2": 1, "4": 2})
    assert state.regions[1].cubes[0] == 1 and state.regions[3].cubes[0] == 2
    assert "not both" in refused(new_game(2, tracking="essentials"), "place", 0,
                                 space="propraetor", worker=2, bonus="resource",
                                 influence={"2": 1, "4": 2})
