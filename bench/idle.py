"""Figure 1: the idle table screen's CPU cost, against a naive 60 fps loop."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench.judging import Figure
from bench.long_game import build_store
from bench.measure import cpu_share


def idle_cost(quick: bool) -> Figure:
    settle, seconds = (2.0, 3.0) if quick else (12.0, 10.0)  # settle: past the status line
    with tempfile.TemporaryDirectory() as directory:
        data_dir = Path(directory)
        build_store(data_dir, 300)
        companion = cpu_share([sys.executable, "-m", "companion", "--data-dir", str(data_dir),
                               "--resume", "--simulate", "--size", "800x480"], settle, seconds)
        reference = cpu_share([sys.executable, "-m", "bench.reference_loop", str(data_dir),
                               "800x480"], settle, seconds)
    ratio = companion / reference if reference else float("inf")
    return Figure(
        "Idle cost (table screen, SDL dummy driver)",
        f"{companion * 100:.3f}% of a core",
        f"{reference * 100:.2f}% (same table redrawn at 60 fps)",
        f"1/{1 / ratio:.0f}" if ratio else "no CPU time counted",
        "< 1% and <= 1/20 of the reference",
        companion < 0.01 and ratio <= 1 / 20,
        f"the companion's CPU time (every thread, schedstat) over {seconds:.0f} s of "
        f"wall time, starting {settle:.0f} s after its first frame (past the status "
        "line), nothing touched; its own process with --resume --simulate (simulated "
        "devices), the dummy video driver; not a latency, so no flip at its end",
    )
