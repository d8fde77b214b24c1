"""A move that will not replay stops the replay there; the rest is kept aside on request."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.base import PlayerInfo, Rejected
from companion.log.session import GameSession
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def _game(tmp_path: Path, game: str, amounts: list[int]) -> tuple[Store, int]:
    store = Store.open(tmp_path)
    session = GameSession.create(store, game, PLAYERS)
    for amount in amounts:
        session.dispatch("add", {"amount": amount})
    return store, session.game_id


def _break(store: Store, seq: int, action: str) -> None:
    store._db.execute("UPDATE log SET action = ? WHERE seq = ?", (action, seq))


def test_an_unreadable_move_stops_the_replay_there(tmp_path: Path, counter_game: str) -> None:
    store, game_id = _game(tmp_path, counter_game, [1, 2, 3, 1, 2])
    _break(store, 3, '{"type": "add", "payload": {"amo')  # a torn row

    resumed = GameSession.resume(Store.open(tmp_path))

    assert resumed is not None
    assert resumed.state.tallies == (1, 2)  # moves 1 and 2 only: nothing after the gap
    assert resumed.replay_stopped_at == 3
    assert resumed.replay_notice is not None
    assert "Moves from 3 on could not be replayed" in resumed.replay_notice
    assert "move 3 cannot be read" in resumed.replay_notice  # the reason
    assert len(store.log(game_id)) == 5  # nothing deleted


def test_a_move_the_rules_refuse_stops_the_replay_with_its_reason(tmp_path: Path,
                                                                  counter_game: str) -> None:
    store, _game_id = _game(tmp_path, counter_game, [1, 2, 3, 1])
    _break(store, 2, '{"type": "add", "payload": {"amount": 9}, "player": null, "at": 0}')

    resumed = GameSession.resume(Store.open(tmp_path))

    assert resumed is not None and resumed.state.tallies == (1, 0)
    assert resumed.replay_notice is not None and "add 1 to 3, not 9" in resumed.replay_notice
    assert "Moves from 2 on" in resumed.replay_notice


def test_no_move_is_taken_until_the_players_choose(tmp_path: Path, counter_game: str) -> None:
    store, _game_id = _game(tmp_path, counter_game, [1, 2, 3])
    _break(store, 2, "not json")
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None
    with pytest.raises(Rejected, match="Continue from here"):
        resumed.submit_action("add", {"amount": 1})
    with pytest.raises(Rejected, match="Continue from here"):
        resumed.dispatch("add", {"amount": 1})


def test_continue_from_here_keeps_the_tail_aside_and_plays_on(tmp_path: Path,
                                                             counter_game: str) -> None:
    store, game_id = _game(tmp_path, counter_game, [1, 2, 3, 1, 2])
    _break(store, 4, "not json")
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None
    resumed.set_unreplayable_aside()
    assert resumed.replay_stopped_at is None and resumed.replay_notice is None
    kept = resumed.store.log_aside(game_id)
    assert [entry.seq for entry in kept] == [4, 5]
    assert kept[1].action is not None and kept[1].action.payload == {"amount": 2}

    resumed.dispatch("add", {"amount": 3})

    again = GameSession.resume(Store.open(tmp_path))
    assert again is not None and again.replay_notice is None
    assert again.state.tallies == (4, 5)  # 1+3, 2+3: moves 1-3 and the new one


def test_setting_aside_drops_the_snapshots_of_the_moves_set_aside(
        tmp_path: Path, counter_game: str) -> None:
    """New moves take the old seqs again: a snapshot of the old ones must not match them."""
    store, game_id = _game(tmp_path, counter_game, [1, 1, 1, 1])
    store.save_snapshot(game_id, 2, 2, b"state after two", code="code")
    store.save_snapshot(game_id, 4, 4, b"state after four", code="code")
    assert store.set_log_aside(game_id, 3, "a reason") == 2
    assert [row[:2] for row in store.snapshots(game_id, "code")] == [(2, 2)]
    assert [entry.seq for entry in store.log(game_id)] == [1, 2]


def test_a_snapshot_past_a_damaged_row_still_shows_the_game(
        tmp_path: Path, counter_game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the tail after the newest snapshot is decoded: the snapshot stands for the rest."""
    import companion.log.folding as folding

    monkeypatch.setattr(folding, "SNAPSHOT_EVERY", 2)
    store, _game_id = _game(tmp_path, counter_game, [1, 2, 3, 1, 2])
    _break(store, 1, "not json")
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None and resumed.replay_notice is None
    assert resumed.state.tallies == (6, 3)
    resumed.undo()  # back below the snapshot at 4: the older moves are decoded now
    assert resumed.state.tallies == (4, 3)


def test_an_undo_record_is_fine_after_a_good_prefix(tmp_path: Path, counter_game: str) -> None:
    store = Store.open(tmp_path)
    session = GameSession.create(store, counter_game, PLAYERS)
    session.dispatch("add", {"amount": 1})
    session.dispatch("add", {"amount": 2})
    session.undo()
    assert [e.kind for e in store.log(session.game_id)] == ["do", "do", "undo"]
    resumed = GameSession.resume(Store.open(tmp_path))
    assert resumed is not None and resumed.replay_notice is None
    assert resumed.state.tallies == (1, 0) and resumed.can_redo
