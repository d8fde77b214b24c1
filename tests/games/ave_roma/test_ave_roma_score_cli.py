"""``companion score ave-roma FILE``: JSON in, JSON out; bad input is one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

from companion.cli import main

GAME: dict[str, Any] = {
    "game": "ave-roma",
    "players": [
        {"name": "Livia", "coins": 17, "surplus": 2, "patron_vp": 5, "political_vp": 12,
         "track_vp": 31,
         "resources": {"wood": 2, "stone": 0, "livestock": 3, "wheat": 1, "ore": 0, "wine": 2}},
        {"name": "Marcus", "coins": 10, "patron_vp": 2, "political_vp": 8, "track_vp": 40},
    ],
    "regions": [{"marker": 4, "influence": {"Livia": 6, "Marcus": 3}},
                {"marker": 2, "influence": {"Marcus": 1}}, {"marker": 0},
                {"marker": 3, "influence": {}}, {"marker": 5, "influence": {"Livia": 2}}],
}


def _write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_scores_a_file_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "ave-roma", _write(tmp_path, GAME)]) == 0
    out = json.loads(capsys.readouterr().out)
    by_name = {p["name"]: p for p in out["players"]}
    # Livia: regions 4 (6 pulled to the marker) + 2; Marcus: 3 + 1
    assert by_name["Livia"]["breakdown"] == {"coins": 3, "goods": 3, "patrons": 5,
                                             "political": 12, "regions": 6, "track": 31}
    assert by_name["Livia"]["total"] == 60
    assert by_name["Marcus"]["breakdown"] == {"coins": 2, "goods": 0, "patrons": 2,
                                              "political": 8, "regions": 4, "track": 40}
    assert by_name["Marcus"]["total"] == 56
    assert out["winners"] == ["Livia"]
    assert [p["name"] for p in out["players"]] == ["Livia", "Marcus"]


@pytest.mark.parametrize(("change", "field"), [
    ({"regions": [{"marker": 4, "influence": {"Livia": 3, "Marcus": 3}}]},
     "regions[0].influence.Marcus"),
    ({"regions": [{"marker": 4, "influence": {"Livia": -2}}]}, "regions[0].influence.Livia"),
    ({"players": [{"name": "Livia", "coins": -3}]}, "players[0].coins"),
    ({"players": [{"name": "Livia", "resources": {"marble": 1}}]},
     "players[0].resources.marble"),
])
def test_bad_input_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                              change: dict[str, Any], field: str) -> None:
    data = {**GAME, **change}
    assert main(["score", "ave-roma", _write(tmp_path, data)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"companion score: {field}: ")
    assert captured.err.count("\n") == 1


def test_bad_input_as_a_real_process(tmp_path: Path) -> None:
    data = {**GAME, "regions": [{"marker": 4, "influence": {"Livia": 0}}]}
    done = subprocess.run([sys.executable, "-m", "companion", "score", "ave-roma",
                           _write(tmp_path, data)], capture_output=True, text=True,
                          check=False, cwd=REPO)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("companion score: regions[0].influence.Livia: ")
