"""A corrected number is scored again by the game's own scoring, as ``companion score``
would score the same entries: one test per game, plus the table's tie-break standing."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from companion.games.ave_roma import rescore as ave_roma
from companion.games.ave_roma.scoring import parse_score_input as ave_roma_input
from companion.games.base import PlayerInfo
from companion.games.glory_to_rome import rescore as glory
from companion.games.glory_to_rome.scoring import parse_score_input as glory_input
from companion.games.via_romana import rescore as via_romana
from companion.games.via_romana.scoring import tallies_from_json
from companion.history.corrections import correct_score, give_tie
from companion.history.stats import player_stats
from companion.log.entries import StoreError
from companion.log.store import Store
from companion.scoring import score

COLOURS = ("red", "blue", "green", "yellow")


def _entries(game: str, document: dict[str, Any]) -> dict[str, Any]:
    """The entries a game finished at the table keeps, for the endgame ``document``."""
    if game == "glory-to-rome":
        records, winner = glory_input(document)
        names = [r.name for r in records]
        return glory.entries_of(records, names.index(winner) if winner else None)
    if game == "ave-roma":
        return ave_roma.entries_of(*ave_roma_input(document), None)
    return via_romana.entries_of(tallies_from_json(document))


def _finished(store: Store, game: str, document: dict[str, Any]) -> int:
    """A finished game scored from ``document`` (the ``companion score`` input)."""
    names = [p["name"] for p in document["players"]]
    game_id = store.create_game(game, [PlayerInfo(n, COLOURS[i], i) for i, n in
                                       enumerate(names)], {})
    store.finish_game(game_id, {**score(game, document), "entries": _entries(game, document)})
    return game_id


def _shown(store: Store, game_id: int) -> tuple[dict[str, int], list[str]]:
    result = store.game(game_id).result or {}
    return {p["name"]: p["total"] for p in result["players"]}, result["winners"]


def _expected(game: str, document: dict[str, Any]) -> tuple[dict[str, int], list[str]]:
    result = score(game, document)
    return {p["name"]: p["total"] for p in result["players"]}, result["winners"]


GLORY = {"players": [
    {"name": "Livia", "influence": 6, "hand": 2, "vault": {"stone": 2}, "structures": []},
    {"name": "Marcus", "influence": 8, "hand": 5, "vault": {"brick": 1},
     "stockpile": {"rubble": 3, "wood": 2}, "structures": ["Wall"]},
    {"name": "Titus", "influence": 5, "hand": 1, "vault": {"stone": 1, "marble": 1},
     "structures": ["Statue"]}]}

AVE_ROMA = {"players": [
    {"name": "Livia", "coins": 12, "resources": {"wheat": 2}, "surplus": 1, "patron_vp": 4,
     "political_vp": 6, "track_vp": 20},
    {"name": "Marcus", "coins": 7, "resources": {"wheat": 1, "wine": 3}, "surplus": 0,
     "patron_vp": 6, "political_vp": 9, "track_vp": 19}],
    "regions": [{"marker": 4, "influence": {"Livia": 6, "Marcus": 2}}]}

VIA_ROMANA = {"players": [
    {"name": "Livia", "markers": [{"colour": "blue", "value": 3},
                                  {"colour": "red", "value": 4}],
     "castle_markers": [2], "order_board": ["blue", "red", "green", "yellow"],
     "legion_eagle": True},
    {"name": "Marcus", "markers": [{"colour": "green", "value": 5}], "castle_markers": [3, 1],
     "order_board": ["blue", "blue", "green", "red"]},
    {"name": "Titus", "markers": [{"colour": "red", "value": 2}], "castle_markers": [],
     "order_board": ["red", "red", "green", "blue"]}]}


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path)


def _check(store: Store, game: str, document: dict[str, Any], name: str, key: str,
           value: int, change: Any) -> None:
    """Correct ``name``'s ``key`` to ``value``: the scoreboard is what ``companion score``
    gives for the document changed by ``change``; undo restores the first one."""
    game_id = _finished(store, game, document)
    before = store.game(game_id).result
    changed = copy.deepcopy(document)
    change(next(p for p in changed["players"] if p["name"] == name))
    assert _expected(game, changed) != _expected(game, document)  # the edit matters
    edit = correct_score(store, game_id, name, key, value, who="table")
    assert _shown(store, game_id) == _expected(game, changed)
    totals, winners = _expected(game, changed)
    stats = {s.name: s for s in player_stats(store.finished_games())}
    assert {n: stats[n].wins for n in totals} == {n: int(n in winners) for n in totals}
    assert stats[name].best == totals[name]
    store.undo_edit(edit)
    assert store.game(game_id).result == before
    assert _shown(store, game_id) == _expected(game, document)


def test_glory_to_rome_vault_correction_moves_the_merchant_bonus(store: Store) -> None:
    # one more stone card in Titus's vault: the stone Merchant Bonus is now shared (no one)
    _check(store, "glory-to-rome", GLORY, "Titus", "vault.stone", 2,
           lambda p: p["vault"].update(stone=2))


def test_glory_to_rome_tie_goes_to_most_cards_in_hand(store: Store) -> None:
    # Titus 5 + 6 + 3 + 3 = 17 against Marcus 8 + 2 + 3 + 2 = 15: Marcus's influence to 10
    # ties them, and the rules give the tie to Marcus's five cards in hand (Titus holds 1)
    game_id = _finished(store, "glory-to-rome", GLORY)
    assert _shown(store, game_id)[1] == ["Titus"]
    correct_score(store, game_id, "Marcus", "influence", 10)
    changed = copy.deepcopy(GLORY)
    changed["players"][1]["influence"] = 10
    totals, winners = _expected("glory-to-rome", changed)
    assert totals["Titus"] == totals["Marcus"] and winners == ["Marcus"]
    assert _shown(store, game_id) == (totals, winners)
    assert "most cards in hand" in (store.game(game_id).result or {})["explanation"]


def test_ave_roma_coins_correction(store: Store) -> None:
    _check(store, "ave-roma", AVE_ROMA, "Marcus", "coins", 30, lambda p: p.update(coins=30))


def test_ave_roma_political_points_keep_their_cap(store: Store) -> None:
    game_id = _finished(store, "ave-roma", AVE_ROMA)
    with pytest.raises(StoreError, match="30"):
        correct_score(store, game_id, "Marcus", "political_vp", 31)
    assert store.edits(game_id) == []


def test_via_romana_marker_correction(store: Store) -> None:
    def seven(player: dict[str, Any]) -> None:
        player["markers"][0]["value"] = 7

    _check(store, "via-romana", VIA_ROMANA, "Titus", "markers.0.value", 7, seven)


def test_via_romana_tie_given_by_the_table_stands_after_another_correction(
        store: Store) -> None:
    # Livia 3 + 4 + 2 + 2 = 11, Marcus 5 + 4 = 9: Marcus's castle marker 1 -> 3 ties them
    game_id = _finished(store, "via-romana", VIA_ROMANA)
    correct_score(store, game_id, "Marcus", "castle_markers.1", 3)
    assert sorted(_shown(store, game_id)[1]) == ["Livia", "Marcus"]  # the rules: shared
    give_tie(store, game_id, "Marcus")
    correct_score(store, game_id, "Titus", "markers.0.value", 4)  # not about the tie
    totals, winners = _shown(store, game_id)
    assert winners == ["Marcus"] and totals["Titus"] == 4
    assert (store.game(game_id).result or {})["players"][0]["name"] == "Marcus"
    correct_score(store, game_id, "Livia", "castle_markers.0", 3)  # the tie is broken
    assert _shown(store, game_id)[1] == ["Livia"]


def test_a_number_the_game_does_not_have_is_refused(store: Store) -> None:
    game_id = _finished(store, "glory-to-rome", GLORY)
    with pytest.raises(StoreError):
        correct_score(store, game_id, "Livia", "stockpile", 4)  # no Wall: no stockpile
    with pytest.raises(StoreError):
        correct_score(store, game_id, "Nobody", "influence", 4)
    assert store.edits(game_id) == []


def test_a_result_kept_without_entries_is_ranked_again_from_its_parts(store: Store) -> None:
    """A game finished before results kept their entries: the part and the total change
    by as much, and the scoreboard is ranked again."""
    game_id = _finished(store, "glory-to-rome", GLORY)
    result = dict(store.game(game_id).result or {})
    del result["entries"]
    store.finish_game(game_id, result)
    correct_score(store, game_id, "Livia", "vault", 20)
    totals, winners = _shown(store, game_id)
    assert totals["Livia"] == 15 - 6 + 20 and winners == ["Livia"]
    with pytest.raises(StoreError):
        correct_score(store, game_id, "Livia", "vault.stone", 3)  # no entries to change
