"""The benchmark suite runs end to end (quickly), so it cannot rot unnoticed.

The figures themselves are not asserted here: timings belong to ``bench/``, not tests.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from paths import REPO

ROOT = REPO


#: what each group of figures writes (a part of each figure's name)
FIGURES = {
    "idle": ("Idle cost",), "idle-devices": ("Idle on the table, Pi devices",),
    "press": ("Press to screen: undo button", "Press to screen: tag"),
    "redraw": ("Redraw: glory-to-rome table at 720x1280", "Redraw: via-romana table at 800x480",
               "Press to its feedback"),
    "pn532": ("Tag to screen: PN532", "Tag removal noticed: PN532"),
    "fuzz": ("mutated PN532 answers", "mutated bridge lines"),
    "startup": ("Start-up",),
    "memory": ("Peak memory: a full game of glory-to-rome", "Peak memory: a full game of ave-roma",
               "Peak memory: a full game of via-romana",
               "Peak memory: a full game of ave-roma, in Chinese"),
    "resume": ("beyond resuming a game with no moves", "(to the table)"),
    "history": ("-row history (home screen)",),
    "move-cost": ("A move's cost at",), "acknowledgement": ("Acknowledgement",),
    "slow-commits": ("UI answering during commits",), "map": ("Via Romana map frame",),
    "history-limit": ("Open History with the largest history",
                      "JSON export of the largest history"),
}
#: the quick run in parts the suite's workers take side by side (most of it waits: apps
#: started, pseudo-terminals, idle seconds); the last part is every group the others leave
PARTS = (("memory",), ("startup", "idle", "idle-devices", "history", "resume"))


def _parts() -> list[tuple[str, ...]]:
    from bench.__main__ import GROUPS

    named = {group for part in PARTS for group in part}
    return [*PARTS, tuple(group for group in GROUPS if group not in named)]


@pytest.mark.parametrize("groups", _parts(), ids=lambda groups: "+".join(groups))
def test_quick_benchmark_writes_every_figure(tmp_path: Path, groups: tuple[str, ...]) -> None:
    out = tmp_path / "PERFORMANCE.md"
    done = subprocess.run([sys.executable, "-m", "bench", "--quick", "--only", ",".join(groups),
                           "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-3000:]
    text = out.read_text()
    expected = [figure for group in groups for figure in FIGURES.get(group, ())]
    for figure in expected:
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
    if judged.group(1).startswith("absolute") and {"press", "redraw"} <= set(groups):
        assert "(applied: p99 < " in text and "(applied: full <= " in text
    rows = [line.split(" | ")[0].removeprefix("| ") for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| figure |")]
    assert len(rows) >= len(expected) and rows
    for name in rows:  # every figure says what it includes
        assert f"- **{name}**: " in text, name


def test_the_parts_run_every_group_once() -> None:
    from bench.__main__ import GROUPS

    parts = _parts()
    assert sorted(group for part in parts for group in part) == sorted(GROUPS)
    assert all(parts)
    assert set(FIGURES) <= set(GROUPS)


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
