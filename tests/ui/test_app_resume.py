"""``companion --resume`` goes straight back to the unfinished game's table."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import build_parser
from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.log.store import Store
from companion.ui.app_loop import App


def _screen_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *flags: str) -> str:
    seen: list[str] = []

    def run(app: App) -> int:
        seen.append(app.top.name)
        return 0

    monkeypatch.setattr(App, "run", run)
    from companion.app import run_app

    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--simulate", *flags])
    assert run_app(args) == 0
    return seen[0]


def test_resume_flag_opens_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(tmp_path)
    GameSession.create(store, "glory-to-rome", (PlayerInfo("Livia", "red", 1),
                                                PlayerInfo("Marcus", "blue", 2)))
    store.close()
    assert _screen_at_start(tmp_path, monkeypatch, "--resume") == "table"
    assert _screen_at_start(tmp_path, monkeypatch) == "home"


def test_resume_flag_without_a_game_shows_home(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert _screen_at_start(tmp_path, monkeypatch, "--resume") == "home"




@pytest.mark.parametrize("change", ["edit", "delete"])
def test_resume_a_via_romana_game_whose_board_file_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    from via_romana_support import SMALL_BOARD

    board = tmp_path / "board.toml"
    board.write_text(SMALL_BOARD, encoding="utf-8")
    store = Store.open(tmp_path)
    session = GameSession.create(store, "via-romana", (PlayerInfo("Livia", "red", 1),
                                                       PlayerInfo("Marcus", "blue", 2)),
                                 {"board_file": str(board), "starting_castles": 1})
    session.dispatch("start_castle", {"city": "Aquae"})
    store.close()
    if change == "delete":
        board.unlink()
    else:
        board.write_text(SMALL_BOARD.replace("Aquae", "Aquincum"), encoding="utf-8")
    assert _screen_at_start(tmp_path, monkeypatch, "--resume") == "table"


def test_resume_an_older_game_without_a_board_copy_and_no_file_goes_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(tmp_path)
    players = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))
    store.create_game("via-romana", players, {"board_file": str(tmp_path / "gone.toml")})
    store.close()
    assert _screen_at_start(tmp_path, monkeypatch, "--resume") == "home"
