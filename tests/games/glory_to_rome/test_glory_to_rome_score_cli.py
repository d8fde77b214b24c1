"""``companion score glory-to-rome FILE``: output on success, one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

GAME: dict[str, Any] = {
    "game": "glory-to-rome",
    "players": [
        {"name": "Livia", "influence": 9, "hand": 3,
         "vault": {"rubble": 1, "wood": 0, "brick": 2, "concrete": 0, "stone": 1, "marble": 1},
         "stockpile": {"stone": 2, "brick": 3}, "structures": ["Statue", "Wall"]},
        {"name": "Marcus", "influence": 12, "hand": 1, "vault": {"stone": 2}},
    ],
    "forum_winner": None,
}


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_scores_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "glory-to-rome", write(tmp_path, GAME)]) == 0
    out = json.loads(capsys.readouterr().out)
    livia, marcus = out["players"]
    assert livia == {"name": "Livia", "total": 9 + 11 + 9 + 5, "breakdown": {
        "influence": 9, "vault": 11, "merchant_bonus": 9, "structures": 5}}
    assert marcus == {"name": "Marcus", "total": 12 + 6 + 3, "breakdown": {
        "influence": 12, "vault": 6, "merchant_bonus": 3, "structures": 0}}
    assert out["winners"] == ["Livia"]


@pytest.mark.parametrize(("change", "field"), [
    ({"players": [{"name": "A", "influence": 2, "vault": {"gold": 1}}]}, "players[0].vault.gold"),
    ({"players": [{"name": "A", "influence": 2, "stockpile": {"wood": -1}}]},
     "players[0].stockpile.wood"),
    ({"players": [{"name": "A", "influence": 2, "structures": ["Pyramid"]}]},
     "players[0].structures[0]"),
    ({"players": [{"name": "A", "influence": 2}, {"name": "A", "influence": 2}]},
     "players[1].name"),
    ({"game": "via-romana"}, "game"),
])
def test_bad_input_is_one_line_with_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             change: dict[str, Any], field: str) -> None:
    assert main(["score", "glory-to-rome", write(tmp_path, {**GAME, **change})]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"companion score: {field}: ")
    assert captured.err.count("\n") == 1


def test_command_line_exits_2_without_a_traceback(tmp_path: Path) -> None:
    bad = {**GAME, "players": [{"name": "A", "influence": 2, "vault": {"wood": -3}}]}
    done = subprocess.run([sys.executable, "-m", "companion", "score", "glory-to-rome",
                           write(tmp_path, bad)], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "players[0].vault.wood" in done.stderr
