"""``companion --resume`` goes straight back to the unfinished game's table."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import build_parser
from companion.games.base import PlayerInfo
from companion.session import GameSession
from companion.store import Store
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
