"""Skip a damaged move: the later moves that still apply come back, shown before they do.

The counter game's ``add`` goes to whoever is on turn, so a skipped move shifts the later
ones to the other player: the plan shows exactly what the table would then see.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import Driver, make_app

from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.log.skip_damaged import plan_skip, skip_damaged
from companion.log.store import Store
from companion.ui.screens.dialogs import ConfirmDialog

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))
REFUSED = '{"type": "add", "payload": {"amount": 9}, "player": null, "at": 0}'


def _game(folder: Path, game: str, steps: list[int | str], broken: dict[int, str]) -> int:
    """A game whose log holds ``steps`` (an amount to add, or "undo"), then rows broken."""
    store = Store.open(folder)
    session = GameSession.create(store, game, PLAYERS)
    for step in steps:
        if step == "undo":
            session.undo()
        else:
            session.dispatch("add", {"amount": step})
    for seq, text in broken.items():
        store._db.execute("UPDATE log SET action = ? WHERE seq = ?", (text, seq))
    store.close()
    return session.game_id


def _resume(folder: Path) -> GameSession:
    session = GameSession.resume(Store.open(folder))
    assert session is not None
    return session


def test_the_later_moves_that_apply_are_played_again(tmp_path: Path, counter_game: str) -> None:
    game_id = _game(tmp_path, counter_game, [1, 2, 3, 1, 2], {3: '{"type": "add", "pay'})
    session = _resume(tmp_path)
    assert session.replay_stopped_at == 3 and session.state.tallies == (1, 2)
    assert session.replay_notice is not None and "Skip the damaged move" in session.replay_notice
    plan = plan_skip(session)
    assert plan is not None
    assert [seq for seq, _action in plan.replayed] == [4, 5] and plan.dropped == ()
    assert plan.undos == 0 and plan.state.tallies == (2, 4)
    assert session.state.tallies == (1, 2) and len(session.store.log(game_id)) == 5  # a plan
    skip_damaged(session, plan)
    assert session.state.tallies == (2, 4) and session.replay_stopped_at is None
    assert [e.seq for e in session.store.log_aside(game_id)] == [3, 4, 5]  # all kept
    session.dispatch("add", {"amount": 1})
    again = _resume(tmp_path)
    assert again.replay_notice is None and again.state.tallies == (3, 4)
    assert [e.seq for e in again.store.log(game_id)] == [1, 2, 6, 7, 8]  # no seq reused


def test_moves_that_no_longer_apply_are_shown_and_stay_aside(tmp_path: Path,
                                                             counter_game: str) -> None:
    game_id = _game(tmp_path, counter_game, [1, 2, 3, 1], {2: "torn", 4: REFUSED})
    session = _resume(tmp_path)
    plan = plan_skip(session)
    assert plan is not None and plan.damaged == 2
    assert [seq for seq, _action in plan.replayed] == [3]
    assert plan.dropped == ((4, "add 1 to 3, not 9"),)
    skip_damaged(session, plan)
    assert session.state.tallies == (1, 3)
    assert [e.seq for e in session.store.log_aside(game_id)] == [2, 3, 4]


def test_undos_after_the_damaged_move_keep_their_meaning(tmp_path: Path,
                                                         counter_game: str) -> None:
    """1, 2, [damaged], undo, undo, 3: the table had taken back the damaged move and the
    2 before it, then played 3; that is what comes back."""
    _game(tmp_path, counter_game, [1, 2, 3, "undo", "undo", 3], {3: "torn"})
    session = _resume(tmp_path)
    assert session.state.tallies == (1, 2)
    plan = plan_skip(session)
    assert plan is not None and plan.undos == 1
    assert [seq for seq, _action in plan.replayed] == [6] and plan.state.tallies == (1, 3)
    skip_damaged(session, plan)
    assert session.state.tallies == (1, 3)
    assert _resume(tmp_path).state.tallies == (1, 3)


def test_the_table_sees_what_would_change_then_skips(tmp_path: Path, counter_game: str) -> None:
    _game(tmp_path, counter_game, [1, 2, 3, 1, 2], {3: "torn"})
    app = make_app(tmp_path, (800, 480))
    try:
        app.resume_game()
        app.step()
        driver = Driver(app)
        while app.top.name == "notice":
            driver.tap("ok")  # only look
        assert app.session is not None and app.session.state.tallies == (1, 2)
        driver.tap("menu")
        driver.tap("skip-damaged")
        dialog = app.top
        assert isinstance(dialog, ConfirmDialog) and "Skip move 3" in dialog.title
        assert "2 later moves still apply" in dialog.text and "Turn 5" in dialog.text
        assert app.session.state.tallies == (1, 2)  # nothing done yet
        driver.tap("yes")
        assert app.session.state.tallies == (2, 4)
        assert app.banner is not None and "Move 3 was skipped" in app.banner.text
        assert app.dispatch("add", {"amount": 1})
        app.settle()
        assert app.session.state.tallies == (3, 4)
    finally:
        app.close(timeout=5)
        app.store.close()
        pygame.display.quit()


def test_nothing_to_skip_without_a_stopped_replay(tmp_path: Path, counter_game: str) -> None:
    _game(tmp_path, counter_game, [1, 2], {})
    session = _resume(tmp_path)
    assert plan_skip(session) is None
    assert session.replay_notice is None
