"""``companion score via-romana FILE``: in-process and as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

from companion.cli import main

ROOT = REPO


def endgame(**livia_changes: Any) -> dict[str, Any]:
    livia: dict[str, Any] = {
        "name": "Livia", "markers": [{"colour": "blue", "value": 3},
                                     {"colour": "grey", "value": 2}],
        "castle_markers": [2, 1], "order_board": ["blue", "grey", "violet", "green"],
        "legion_eagle": True}
    livia.update(livia_changes)
    marcus = {"name": "Marcus",
              "markers": [{"colour": "blue", "value": 4}, {"colour": "grey", "value": 1},
                          {"colour": "violet", "value": 2}, {"colour": "green", "value": 1}],
              "castle_markers": [1], "order_board": ["green", "violet", "grey", "blue"]}
    return {"game": "via-romana", "players": [livia, marcus]}


def write(tmp_path: Path, document: Any) -> str:
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_scores_the_issue_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "via-romana", write(tmp_path, endgame())]) == 0
    out = json.loads(capsys.readouterr().out)
    # Marcus: 8 markers + 1 castle + 5 order board = 14; Livia: 5 + 3 + 2 eagle = 10
    assert out["winners"] == ["Marcus"]
    assert out["players"] == [
        {"name": "Marcus", "total": 14,
         "breakdown": {"markers": 8, "castles": 1, "order_board": 5, "eagle": 0}},
        {"name": "Livia", "total": 10,
         "breakdown": {"markers": 5, "castles": 3, "order_board": 0, "eagle": 2}},
    ]


@pytest.mark.parametrize(("document", "expected"), [
    (endgame(markers=[{"colour": "blue", "value": 0}]),
     "companion score: players[0].markers[0].value: a marker is worth at least 1, not 0"),
    (endgame(castle_markers=[0]), "players[0].castle_markers[0]: a marker is worth at least 1"),
    ({"players": [endgame()["players"][0], {**endgame()["players"][1], "legion_eagle": True}]},
     "players[1].legion_eagle: there is only one legion eagle"),
    (endgame(order_board=["blue", "grey", "violet"]),
     "players[0].order_board: an order board shows exactly four colours"),
    (endgame(order_board=["blue", "grey", "violet", "green", "yellow"]),
     "players[0].order_board: an order board shows exactly four colours"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           document: Any, expected: str) -> None:
    assert main(["score", "via-romana", write(tmp_path, document)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and expected in captured.err
    assert captured.err.count("\n") == 1


def test_real_process_exits_2_with_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, endgame(order_board=["blue", "grey", "green"]))
    done = subprocess.run([sys.executable, "-m", "companion", "score", "via-romana", path],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().startswith("companion score: players[0].order_board:")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_real_process_scores(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "companion", "score", "via-romana",
                           write(tmp_path, endgame())],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["Marcus"]



def test_a_tie_is_shared_and_explained(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    # Livia 14 from one marker; Marcus 8 + 1 + 5 = 14
    document = endgame(legion_eagle=False, markers=[{"colour": "blue", "value": 14}],
                       castle_markers=[])
    assert main(["score", "via-romana", write(tmp_path, document)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in out["players"]] == [14, 14]
    assert sorted(out["winners"]) == ["Livia", "Marcus"]
    assert "share the victory" in out["explanation"]
