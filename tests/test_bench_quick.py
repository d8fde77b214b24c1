"""The benchmark suite runs end to end (quickly), so it cannot rot unnoticed.

The figures themselves are not asserted here: timings belong to ``bench/``, not tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quick_benchmark_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "PERFORMANCE.md"
    done = subprocess.run([sys.executable, "-m", "bench", "--quick", "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-3000:]
    text = out.read_text()
    for figure in ("Idle cost", "Idle on the table, Pi devices", "Tag to screen: PN532",
                   "Tag removal noticed: PN532", "mutated PN532 answers",
                   "mutated bridge lines", "Press to screen: undo button",
                   "Press to screen: tag",
                   "Start-up", "Peak memory: a full game of glory-to-rome",
                   "Peak memory: a full game of ave-roma",
                   "Peak memory: a full game of via-romana", "beyond resuming a game with no moves",
                   "Peak memory: a full game of ave-roma, in Chinese",
                   "(to the table)", "-row history (home screen)", "A move's cost at",
                   "Acknowledgement",
                   "UI answering during commits", "Via Romana map frame",
                   "Redraw: glory-to-rome table at 720x1280",
                   "Redraw: via-romana table at 800x480", "Press to its feedback"):
        assert figure in text, figure
        assert figure in done.stdout, figure
    assert "Machine: " in text and "uv run python -m bench --quick" in text
