"""The scripted evenings of the memory benchmark: legal from set-up to the end, scorable,
as varied as a real game and the same for the same seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from paths import REPO

from bench.scripted_games import Move, fold, scripted_game
from companion.games import UnknownGame, get_rules
from companion.games.base import Action, PlayerInfo

GAMES = ("glory-to-rome", "ave-roma", "via-romana")
SEEDS = (0, 1, 2)
ROOT = REPO


def replay(game: str, players: tuple[PlayerInfo, ...], options: dict[str, Any],
           moves: list[Move]) -> list[Any]:
    """Every state of the evening, folded with the rules themselves."""
    rules = get_rules(game)
    states = [rules.setup(players, options)]
    for kind, payload, player in moves:
        states.append(rules.apply(states[-1], Action(kind, payload, player, at=0.0)))
    return states


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_script_folds_to_an_ended_game_that_scores_everyone(game: str, seed: int) -> None:
    players, options, moves, entries = scripted_game(game, seed)
    rules = get_rules(game)
    states = replay(game, players, options, moves)  # a refused move raises Rejected
    final = states[-1]
    assert rules.is_over(final)
    assert set(entries) == {field.key for field in rules.endgame_fields(final)}
    result = rules.final_score(final, entries)
    assert sorted(p.name for p in result.players) == sorted(p.name for p in players)
    assert result.winners and set(result.winners) <= {p.name for p in players}
    assert fold(game, players, options, moves) == final


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_script_is_the_same_for_the_same_seed(game: str, seed: int) -> None:
    assert scripted_game(game, seed) == scripted_game(game, seed)


@pytest.mark.parametrize("game", GAMES)
def test_different_seeds_give_different_evenings(game: str) -> None:
    assert scripted_game(game, 0)[2] != scripted_game(game, 1)[2]


def test_scripts_do_not_depend_on_the_hash_seed() -> None:
    """The benchmark replays a script in other processes: it must be the same there."""
    code = ("import json; from bench.scripted_games import scripted_game; "
            "print(json.dumps([scripted_game(g, 3)[2] for g in "
            "('glory-to-rome', 'ave-roma', 'via-romana')]))")
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    here = [scripted_game(g, 3)[2] for g in GAMES]
    assert json.loads(outputs[0]) == json.loads(json.dumps(here))


def kinds(moves: list[Move]) -> Counter[str]:
    return Counter(kind for kind, _payload, _player in moves)


@pytest.mark.parametrize("seed", SEEDS)
def test_glory_to_rome_evening_is_a_real_one(seed: int) -> None:
    players, options, moves, _entries = scripted_game("glory-to-rome", seed)
    final = replay("glory-to-rome", players, options, moves)[-1]
    count = kinds(moves)
    assert final.turn >= 25
    for kind in ("lead", "follow", "think", "lay_foundation", "add_material", "hire_client",
                 "vault"):
        assert count[kind] > 0, kind
    assert {payload["role"] for kind, payload, _p in moves if kind == "lead"} >= {
        "architect", "craftsman", "merchant", "patron"}
    assert sum(b.completed for p in final.players for b in p.buildings) >= len(players)
    # a long evening's own ends: the sites or the deck run out, or a Forum holder wins
    assert final.end_reason in ("in_town_sites", "deck", "forum")


@pytest.mark.parametrize("seed", SEEDS)
def test_ave_roma_evening_runs_several_rounds_to_a_trigger(seed: int) -> None:
    players, options, moves, _entries = scripted_game("ave-roma", seed)
    states = replay("ave-roma", players, options, moves)
    final = states[-1]
    count = kinds(moves)
    assert final.round >= 4 and final.end_trigger in ("A", "B")
    for kind in ("choose_start", "place", "take_back", "confirm_order", "overflow"):
        assert count[kind] > 0, kind
    spaces = {payload["space"] for kind, payload, _p in moves if kind == "place"}
    assert spaces >= {"quaestor", "aedilis", "mercator", "propraetor", "aedificator", "rome"}
    assert sum(region.marker for region in final.regions) > 0  # cards were slid and taken
    assert any(state.phase == "final" for state in states)
    if final.end_trigger == "A":
        assert final.deck == 0
    else:
        assert count["row_not_refilled"] == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_via_romana_evening_uses_every_signpost_and_has_last_turns(seed: int) -> None:
    players, options, moves, _entries = scripted_game("via-romana", seed)
    states = replay("via-romana", players, options, moves)
    final = states[-1]
    count = kinds(moves)
    for kind in ("start_castle", "milestone_city", "milestone_road", "two_milestones",
                 "pick_marker", "end_turn"):
        assert count[kind] > 0, kind
    assert final.signposts_left == 0 and sum(final.closed) >= final.board.signposts
    assert final.eagle is not None
    assert any(state.phase == "last_turns" for state in states)
    assert sum(len(markers) for markers in final.collected) == count["pick_marker"] > 0


def test_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(UnknownGame, match="glory-to-rome"):
        scripted_game("monopoly")
