""""What now?" in Ave Roma: the workers and areas said are the engine's own answer."""

from __future__ import annotations

from dataclasses import replace

from ave_roma_support import AEDILIS_GAIN, act, new_game, refused

from companion.games.ave_roma import EMPTY, RULES, SLID, SPACES, usable_workers
from companion.games.ave_roma.now import accepts, options, sentence


def test_the_first_player_places_any_worker_anywhere_or_passes() -> None:
    state = new_game()
    found = options(state)
    assert found.player == 0 and found.can_pass
    assert dict(found.spaces) == {space: usable_workers(state, 0) for space in SPACES}
    assert sentence(state) == "Livia places a worker (1, 2, 3, 4, 5) or passes; Marcus is next."


def test_an_empty_region_position_shuts_aedilis_and_mercator_for_that_number() -> None:
    state = new_game()
    regions = list(state.regions)
    regions[3] = replace(regions[3], card=EMPTY)
    state = replace(state, regions=tuple(regions))
    spaces = dict(options(state).spaces)
    assert 4 not in spaces["aedilis"] and 4 not in spaces["mercator"]
    assert 4 in spaces["propraetor"]  # the Propraetor still goes, paying the fee
    assert "region card at position 4" in refused(state, "place", 0, space="aedilis", worker=4)
    assert sentence(state) == ("Livia places a worker (1, 2, 3, 4, 5) or passes; Aedilis not "
                               "with 4; Mercator not with 4; Marcus is next.")


def test_a_taken_training_space_is_closed_and_the_trained_worker_offered() -> None:
    state = new_game(tracking="essentials")
    state = act(state, "place", 0, space="training", worker=3)
    state = act(state, "pass", 1)
    state = act(state, "pass", 2)
    found = options(state)
    assert dict(found.spaces)["training"] == ()
    assert dict(found.trained)["quaestor"] == (2, 3, 4)
    assert not accepts(state, "place", {"space": "training", "worker": 1}, 0)
    assert sentence(state) == ("Livia places a worker (1, 2, 4, 5, or the trained 3) or "
                               "passes; Training closed.")  # the others have passed


def test_resources_over_the_cap_come_first() -> None:
    state = new_game()
    seat = replace(state.seat(0), overflow=(1, 0, 0, 0, 0, 0))
    state = state.with_seat(0, seat)
    assert options(state).spaces == ()
    assert sentence(state) == ("Livia first puts the resources over the cap into surplus or "
                               "sells them.")
    assert "over the cap" in refused(state, "pass", 0)


def test_a_gain_over_the_cap_holds_up_the_next_player_too() -> None:
    """Livia's surplus comes first: Marcus, on turn, can do nothing until it is put back."""
    state = act(new_game(), "place", 0, space="aedilis", worker=3, gain={"wood": 4})
    assert RULES.current_player(state) == 1
    assert options(state).first == 0 and options(state).spaces == ()
    assert "over the cap" in refused(state, "pass", 1)
    assert "over the cap" in refused(state, "place", 1, space="quaestor", worker=1)
    assert sentence(state) == ("Livia first puts the resources over the cap into surplus or "
                               "sells them. Then it is Marcus's turn.")
    assert RULES.status_line(state) == "Round 1 · Action phase · Livia to act"
    state = act(state, "overflow", 0, resource="wood", surplus=0, sell=3)
    assert RULES.status_line(state) == "Round 1 · Action phase · Marcus to act"


def test_a_second_use_without_2_coins_is_not_offered_and_says_why() -> None:
    state = new_game()
    regions = list(state.regions)
    regions[2] = replace(regions[2], card=SLID)
    state = replace(state, regions=tuple(regions))
    state = state.with_seat(0, replace(state.seat(0), coins=1, resources=(0,) * 6))
    assert "costs 2 coins" in refused(state, "place", 0, space="aedilis", worker=3,
                                      gain=AEDILIS_GAIN)
    assert "costs 2 coins" in refused(state, "place", 0, space="propraetor", worker=3)
    found = options(state)
    for space in ("aedilis", "mercator", "propraetor"):
        assert 3 not in found.numbers(space)
        assert 3 in dict(found.short)[space]
    assert 3 in found.numbers("quaestor")
    assert sentence(state) == (
        "Livia places a worker (1, 2, 3, 4, 5) or passes; a second use of region 3 (Aedilis, "
        "Mercator, Propraetor) costs 2 coins and Livia has 1; Marcus is next.")


def test_a_mercator_sale_pays_the_second_use() -> None:
    """Selling at the Mercator brings the coins in the same action: it is offered."""
    state = new_game()
    regions = list(state.regions)
    regions[2] = replace(regions[2], card=SLID)
    state = replace(state, regions=tuple(regions))
    state = state.with_seat(0, replace(state.seat(0), coins=0))
    assert 3 in options(state).numbers("mercator")
    assert 3 not in options(state).numbers("aedilis")


def test_the_propraetors_influence_opens_with_a_building_or_military_card() -> None:
    """The seed: the Propraetor gives 1 more resource, or influence "使用建筑卡和／或长官卡的
    能力": without such a card the extra resource is the only answer."""
    state = new_game(tracking="essentials")
    assert not options(state).influence
    state = act(state, "place", 0, space="senatus", worker=1, slot=1)  # a patron: not one
    state = act(state, "place", 1, space="legatus", worker=1, slot=1)
    state = act(state, "place", 2, space="aedificator", worker=2, slot=2)
    assert not options(state).influence  # Livia: a patron only
    state = act(state, "place", 0, space="quaestor", worker=2)
    assert options(state).influence  # Marcus: a military card
