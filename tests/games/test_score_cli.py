"""The game-independent part of ``companion score``: reading input and reporting errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "endgame.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_scores_a_file(tmp_path: Path, counter_game: str,
                       capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, json.dumps({"game": "counter", "players": [
        {"name": "Livia", "tally": 4}, {"name": "Marcus", "tally": 7}]}))
    assert main(["score", counter_game, path]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winners"] == ["Marcus"]
    assert [p["name"] for p in out["players"]] == ["Marcus", "Livia"]
    assert out["players"][0] == {"name": "Marcus", "total": 7, "breakdown": {"tally": 7}}


def test_reads_standard_input(counter_game: str, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    document = {"players": [{"name": "A", "tally": 2}, {"name": "B", "tally": 2}]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    assert main(["score", counter_game, "-"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["A", "B"]


@pytest.mark.parametrize("text, expected", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "(top level): expected a JSON object"),
    ('{"game": "ave-roma", "players": []}', "game: the file describes 'ave-roma'"),
    ('{"players": [{"name": "A", "tally": -1}]}', "players[0].tally"),
    ('{"players": "none"}', "players: expected a non-empty list"),
])
def test_malformed_input_is_one_line_and_status_2(tmp_path: Path, counter_game: str,
                                                  capsys: pytest.CaptureFixture[str],
                                                  text: str, expected: str) -> None:
    assert main(["score", counter_game, write(tmp_path, text)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert expected in captured.err
    assert captured.err.count("\n") == 1


def test_missing_file(tmp_path: Path, counter_game: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", counter_game, str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["score", "chess", "-"], ["score", "ave-roma", "{missing}"]])
def test_no_traceback_from_the_real_command(tmp_path: Path, args: list[str]) -> None:
    args = [a.replace("{missing}", str(tmp_path / "missing.json")) for a in args]
    done = subprocess.run([sys.executable, "-m", "companion", *args], input="{}",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
