"""The benchmark suite runs end to end (quickly), so it cannot rot unnoticed.

The figures themselves are not asserted here: timings belong to ``bench/``, not tests.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from paths import REPO

ROOT = REPO


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
    # the machine's speed at both ends of the run, so runs on different days compare
    speed = re.search(r"- Speed: a CPU-bound reference loop .* took (\d+\.\d) ms at the "
                      r"start and (\d+\.\d) ms at the end", text)
    assert speed is not None, text
    assert float(speed.group(1)) > 0 and float(speed.group(2)) > 0
    assert "speed: a CPU-bound reference loop" in done.stdout
    # judged at that speed (budgets scaled, the applied one beside each), or said not to be
    judged = re.search(r"- Judged: (absolute budgets x \d+\.\d\d|\*\*not judged\*\*)", text)
    assert judged is not None, text
    if judged.group(1).startswith("absolute"):
        assert "(applied: p99 < " in text and "(applied: full <= " in text
    rows = [line.split(" | ")[0].removeprefix("| ") for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| figure |")]
    assert len(rows) >= 20
    for name in rows:  # every figure says what it includes
        assert f"- **{name}**: " in text, name


def test_slow_mode_says_how_it_slowed_and_slows_a_cpu_bound_loop(tmp_path: Path) -> None:
    out = tmp_path / "PERFORMANCE.md"
    done = subprocess.run([sys.executable, "-m", "bench", "--quick", "--slow", "2", "--only",
                           "map", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-3000:]
    text = out.read_text()
    assert "Via Romana map frame" in text and "Idle cost" not in text  # --only
    slowed = re.search(r"- Slowed: --slow 2: (cgroup v2 cpu\.max|cgroup v1 "
                       r"cpu\.cfs_quota_us|scaled) ", text)
    assert slowed is not None, text
    if slowed.group(1) == "scaled":
        assert "not judged" in text
    else:
        # the loop got at most about half a core, and the quota is what held it back (a
        # neighbour on that CPU would make the before/after ratio alone smaller)
        measured = re.search(r"\((\d+\.\d+)x slower; it got (\d+\.\d+) of a core, "
                             r"throttled in (\d+) periods", text)
        assert measured is not None, text
        assert float(measured.group(2)) <= 0.6 and int(measured.group(3)) > 0
        # judged as on a slower machine, unless the machine's own speed changed during the
        # run (more than 25 %), which the document says instead (see test above)
        judged = "| yes |" in text or "| **no** |" in text
        assert judged or "- Judged: **not judged**" in text, text


def test_scaled_times_keep_their_units_and_decimals() -> None:
    from bench.slow import scale_times

    assert scale_times("p50 1.25 ms, p99 3 ms; 12 s; 40 us", 2) == (
        "p50 2.50 ms, p99 6 ms; 24 s; 80 us")
