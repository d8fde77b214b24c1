from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from ordinary_user import run_as_ordinary_user

from companion.games.base import Action, PlayerInfo
from companion.log.database import DB_NAME
from companion.log.entries import LogEntry, StoreError, TagMeaning
from companion.log.store import Store

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))


def test_store_uses_wal_and_full_sync(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store.notice is None
    assert (tmp_path / DB_NAME).exists()


def test_data_dir_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "nights"))
    Store.open().close()
    assert (tmp_path / "nights" / DB_NAME).exists()


def test_log_round_trips_actions(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game("counter", PLAYERS, {"target": 3})
    action = Action("add", {"amount": 2, "note": "Ärger"}, player=1, at=12.5)
    assert store.append(game_id, LogEntry("do", action)) == 1
    assert store.append(game_id, LogEntry("undo")) == 2
    assert store.log(game_id) == [LogEntry("do", action, 1), LogEntry("undo", None, 2)]
    record = store.game(game_id)
    assert record.players == PLAYERS
    assert record.options == {"target": 3}


def _write_damaged_database(path: Path) -> None:
    store = Store.open(path.parent)
    game_id = store.create_game("counter", PLAYERS, {})
    for i in range(300):
        store.append(game_id, LogEntry("do", Action("add", {"amount": 1, "pad": "x" * 200},
                                                    at=float(i))))
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    size = path.stat().st_size
    with path.open("r+b") as handle:  # scribble over log pages, keep the header
        handle.seek(size - 3 * 4096)  # pages the log grew into last
        handle.write(os.urandom(8192))


@pytest.mark.parametrize("damage", ["garbage", "scribbled"])
def test_damaged_database_is_kept_aside(tmp_path: Path, damage: str) -> None:
    db_path = tmp_path / DB_NAME
    if damage == "garbage":
        db_path.write_bytes(b"this is not a database at all" * 100)
    else:
        _write_damaged_database(db_path)
    original = db_path.read_bytes()

    store = Store.open(tmp_path)
    if damage == "scribbled":  # log pages: the background check finds it, the next start acts
        assert store.notice is None
        found: list[str] = []
        thread = store.check_in_background(found.append)
        assert thread is not None
        thread.join(30)
        assert found
        store.close()
        store = Store.open(tmp_path)

    aside = [p for p in tmp_path.iterdir() if "damaged" in p.name and p.suffix == ".db"]
    assert len(aside) == 1
    assert aside[0].read_bytes() == original  # never overwritten
    assert store.notice is not None
    assert str(aside[0]) in store.notice and "damaged" in store.notice
    assert store.integrity_ok()
    assert store.create_game("counter", PLAYERS, {}) == 1  # a fresh, working store


def test_read_only_medium_is_reported(tmp_path: Path) -> None:
    """A folder and log the companion's user may not write: a matter of permissions (not of
    a failing card), said at start-up and at every refused move."""
    def check() -> None:
        store = Store.open(tmp_path)
        store.close()
        os.chmod(tmp_path / DB_NAME, 0o444)
        os.chmod(tmp_path, 0o555)
        try:
            reopened = Store.open(tmp_path)
            assert reopened.read_only
            assert reopened.notice is not None
            assert f"may not write in its data folder {tmp_path}" in reopened.notice
            with pytest.raises(StoreError, match="Not saved: the companion may not "
                                                 "write in its data folder"):
                reopened.create_game("counter", PLAYERS, {})
            reopened.close()
        finally:
            os.chmod(tmp_path, 0o755)

    run_as_ordinary_user(check)


def test_write_to_read_only_connection_is_reported(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game("counter", PLAYERS, {})
    store._db.close()
    store._db = sqlite3.connect(f"file:{tmp_path / DB_NAME}?mode=ro", uri=True,
                                isolation_level=None)
    with pytest.raises(StoreError, match="read-only"):
        store.append(game_id, LogEntry("do", Action("add", {"amount": 1})))
    assert store.log(game_id) == []


def test_unwritable_data_dir_falls_back_to_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Store.open(blocker / "sub")
    assert store.notice is not None and "will not be saved" in store.notice
    assert store.create_game("counter", PLAYERS, {}) == 1


def test_tag_registry(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    meaning = TagMeaning("gtr-material", "marble", "Marble card")
    store.enrol_tag("04a1b2c3d4e5f6", meaning)
    assert store.tag_meaning("04A1B2C3D4E5F6") == meaning
    assert store.tags() == {"04A1B2C3D4E5F6": meaning}
    store.forget_tag("04A1B2C3D4E5F6")
    assert store.tag_meaning("04A1B2C3D4E5F6") is None


def test_history_lists_finished_games_newest_first(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    first = store.create_game("counter", PLAYERS, {})
    second = store.create_game("counter", PLAYERS, {})
    store.finish_game(first, {"winners": ["Livia"]})
    store.finish_game(second, {"winners": ["Marcus"]})
    assert [g.id for g in store.finished_games()] == [second, first]
    store.delete_game(first)
    assert [g.id for g in store.finished_games()] == [second]
    assert store.log(first) == []


def test_flush_folds_the_write_ahead_log(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game("counter", PLAYERS, {})
    store.append(game_id, LogEntry("do", Action("add", {"amount": 1})))
    assert (tmp_path / f"{DB_NAME}-wal").stat().st_size > 0
    store.flush()
    assert (tmp_path / f"{DB_NAME}-wal").stat().st_size == 0
    assert len(Store.open(tmp_path).log(game_id)) == 1


def test_a_failed_write_is_rolled_back_and_the_next_one_works(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game("counter", PLAYERS, {})
    with pytest.raises(StoreError):  # a NOT NULL constraint fails inside the transaction
        store.create_game("counter", (PlayerInfo(None, "red", 1),), {})  # type: ignore[arg-type]
    assert not store._db.in_transaction
    assert store.append(game_id, LogEntry("do", Action("add", {"amount": 1}))) == 1
    assert [g.id for g in store._games("1")] == [game_id]  # the failed game left nothing


def test_write_after_close_is_a_store_error_not_a_crash(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game("counter", PLAYERS, {})
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.append(game_id, LogEntry("undo"))


def test_unreadable_move_is_reported_not_raised(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    game_id = store.create_game("counter", PLAYERS, {})
    store.append(game_id, LogEntry("do", Action("add", {"amount": 1})))
    store._db.execute("UPDATE log SET action = '{\"type\": \"add\", \"payl' WHERE seq = 1")
    (entry,) = store.log(game_id)
    assert entry.action is None and entry.problem is not None and "move 1" in entry.problem


def test_full_integrity_check_on_demand(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert store.integrity_problems() == [] and store.integrity_ok()


def test_a_game_without_a_token_keeps_the_profiles_token(tmp_path: Path) -> None:
    """Seated by hand (no tag), Livia is still known by the tag she used before; a new
    tag replaces the old one."""
    store = Store.open(tmp_path)
    store.create_game("counter", [PlayerInfo("Livia", "red", 1, "04A1B2C3")], {})
    store.create_game("counter", [PlayerInfo("Livia", "red", 1)], {})
    assert [(p.name, p.token, p.games) for p in store.profiles()] == [("Livia", "04A1B2C3", 2)]
    store.create_game("counter", [PlayerInfo("Livia", "red", 1, "04FFFFFF")], {})
    assert [p.token for p in store.profiles()] == ["04FFFFFF"]
