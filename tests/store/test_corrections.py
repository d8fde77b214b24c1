"""Corrections of finished games and of players: each an entry of the edit log, undoable."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.history.corrections import correct_score, give_tie, redate, reseat
from companion.history.stats import game_stats, player_stats
from companion.log.entries import StoreError
from companion.log.store import Store
from companion.ui.demo import demo_history


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path)


def _scores(store: Store, game_id: int) -> dict[str, int]:
    result = store.game(game_id).result or {}
    return {p["name"]: p["total"] for p in result["players"]}


def test_a_corrected_number_rescores_and_can_be_undone(store: Store) -> None:
    game_id = demo_history(store)[0]
    before = store.game(game_id)
    assert before.result is not None
    loser = before.result["players"][-1]
    part = next(iter(loser["breakdown"]))
    old_part = loser["breakdown"][part]
    edit = correct_score(store, game_id, loser["name"], part, old_part + 100, who="Livia")
    after = store.game(game_id).result
    assert after is not None
    assert after["players"][0]["name"] == loser["name"]  # now first
    assert after["players"][0]["total"] == loser["total"] + 100
    assert after["players"][0]["breakdown"][part] == old_part + 100
    assert after["winners"] == [loser["name"]]
    (entry,) = store.edits(game_id)
    assert (entry.id, entry.who, entry.kind) == (edit, "Livia", "game")
    assert entry.before["result"] == before.result and entry.after["result"] == after
    # stats follow the corrected score
    stats = {s.name: s for s in player_stats(store.finished_games())}
    assert stats[loser["name"]].best == loser["total"] + 100
    store.undo_edit(edit)
    assert store.game(game_id).result == before.result
    undo, original = store.edits(game_id)
    assert undo.kind == "undo" and original.undone_by == undo.id  # nothing is lost
    with pytest.raises(StoreError):
        store.undo_edit(edit)


def test_a_tie_given_to_one_player_then_undone(store: Store) -> None:
    game_id = demo_history(store)[0]
    result = store.game(game_id).result
    assert result is not None
    first, second = result["players"][0], result["players"][1]
    correct_score(store, game_id, second["name"], "influence",
                  second["breakdown"]["influence"] + first["total"] - second["total"])
    hands = {seat.name: entries["hand"] for seat, entries in zip(
        store.game(game_id).players, result["entries"]["players"], strict=True)}
    # equal totals go to most cards in hand (the rules' tie-break): equal hands share it
    correct_score(store, game_id, second["name"], "hand", hands[first["name"]])
    tied = store.game(game_id).result
    assert tied is not None and sorted(tied["winners"]) == sorted([first["name"],
                                                                   second["name"]])
    edit = give_tie(store, game_id, second["name"])
    assert (store.game(game_id).result or {})["winners"] == [second["name"]]
    wins = {s.name: s.wins for s in player_stats(store.finished_games())}
    store.undo_edit(edit)
    assert sorted((store.game(game_id).result or {})["winners"]) == sorted(tied["winners"])
    assert {s.name: s.wins for s in player_stats(store.finished_games())} != wins
    with pytest.raises(StoreError):
        give_tie(store, game_id, result["players"][-1]["name"])


def test_date_and_wrong_profile_corrected_and_shown_in_stats(store: Store) -> None:
    ids = demo_history(store)
    game_id = ids[-1]
    record = store.game(game_id)
    length = (record.ended or 0) - record.created
    redate(store, game_id, -2)
    moved = store.game(game_id)
    assert moved.created == record.created - 2 * 86400
    assert (moved.ended or 0) - moved.created == length
    assert store.finished_games()[-1].id == game_id  # now the oldest
    wrong = record.players[0].name
    scores = _scores(store, game_id)
    reseat(store, game_id, 0, "Gaius")
    fixed = store.game(game_id)
    assert fixed.players[0].name == "Gaius" and fixed.players[0].colour == \
        record.players[0].colour
    assert _scores(store, game_id)["Gaius"] == scores[wrong]
    stats = {s.name: s for s in player_stats(store.finished_games())}
    assert stats["Gaius"].games == 1 and stats[wrong].games == len(ids) - 1
    assert game_stats(store.finished_games())[0].games == len(ids)
    with pytest.raises(StoreError):
        reseat(store, game_id, 0, record.players[1].name)  # already at the table
    for edit in store.edits(game_id):
        store.undo_edit(edit.id)
    assert store.game(game_id) == record


def test_rename_and_merge_bring_plays_colour_and_tag_together_and_undo(store: Store) -> None:
    from companion.log.entries import Profile, TagMeaning

    demo_history(store)
    names = sorted(p.name for p in store.profiles())
    one, two, three = names
    store.enrol_tag("04AA", TagMeaning("player", one, one))
    # a fourth name that is really `one`: a game played under another spelling
    other = store.finished_games()[0].id
    reseat(store, other, [p.name for p in store.game(other).players].index(one), "Anna")
    store.save_profile(Profile("Anna", "green", 1, "04BB", 1.0, 1))
    before_profiles = store.profiles(limit=20)
    before_games = store.finished_games()
    merge = store.rename_player("Anna", one, who="Marcus")
    assert store.edits()[0].kind == "merge"
    assert "Anna" not in [p.name for p in store.profiles(limit=20)]
    kept = next(p for p in store.profiles() if p.name == one)
    assert kept.token is not None and kept.games > 1
    stats = {s.name: s for s in player_stats(store.finished_games())}
    assert stats[one].games == 3 and "Anna" not in stats
    store.undo_edit(merge)
    assert sorted(store.profiles(limit=20), key=lambda p: p.name) == sorted(
        before_profiles, key=lambda p: p.name)
    assert store.finished_games() == before_games
    # a plain rename carries the tag along
    store.rename_player(one, "Livilla")
    assert store.tag_meaning("04AA") == TagMeaning("player", "Livilla", "Livilla")
    assert all(one not in [p.name for p in r.players] for r in store.finished_games())
    # two people who sat at one game are not one person
    with pytest.raises(StoreError):
        store.rename_player(two, three)


def test_an_older_correction_waits_for_a_later_one_of_the_same_thing(store: Store) -> None:
    game_id = demo_history(store)[0]
    record = store.game(game_id)
    first = redate(store, game_id, 1)
    second = redate(store, game_id, 1)
    place = store.edit_game(game_id, {"place": "Club"})
    with pytest.raises(StoreError, match="^Undo 'the date moved: 1 day later' first: it was "
                       "made later"):
        store.undo_edit(first)
    store.undo_edit(place)  # another field: no need to wait
    store.undo_edit(second)
    store.undo_edit(first)
    assert store.game(game_id) == record
    # profiles: a rename of a renamed player is undone first
    rename = store.rename_player("Livia", "Livilla")
    store.rename_player("Livilla", "Liv")
    with pytest.raises(StoreError, match="^Undo 'Livilla is now Liv' first, on the Players "
                       "screen"):
        store.undo_edit(rename)


def test_a_place_or_note_corrected_to_nothing_is_none_and_exports_as_it_reimports(
        store: Store, tmp_path: Path) -> None:
    from companion.history.exchange import export_json, import_text

    game_id = demo_history(store)[0]
    store.edit_game(game_id, {"place": "", "note": ""})
    record = store.game(game_id)
    assert (record.place, record.note) == (None, None)
    (tmp_path / "again").mkdir()
    again = Store.open(tmp_path / "again")
    import_text(again, export_json(store, store.finished_games()))
    assert {(g.created, g.place, g.note) for g in again.finished_games()} == {
        (g.created, g.place, g.note) for g in store.finished_games()}
    again.close()
