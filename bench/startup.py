"""Figures 3 and 5: process start to the first frame, and resuming a long evening."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench.long_game import build_store
from bench.measure import Figure, median, time_to_first_frame

SIZE = "800x480"


def _companion(data_dir: Path, *flags: str) -> list[str]:
    return [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "--simulate",
            "--size", SIZE, *flags]


def _median_start(command: list[str], runs: int) -> float:
    time_to_first_frame(command)  # warm the page cache; not counted
    return median([time_to_first_frame(command) for _ in range(runs)])


def startup(quick: bool) -> Figure:
    runs = 2 if quick else 7
    with tempfile.TemporaryDirectory() as directory:
        companion = _median_start(_companion(Path(directory)), runs)
    reference = _median_start([sys.executable, "-m", "bench.reference_startup", SIZE], runs)
    ratio = companion / reference
    return Figure("Start-up (process start to first frame, home screen)",
                  f"{companion * 1000:.0f} ms", f"{reference * 1000:.0f} ms (import pygame, "
                  "open the window)", f"{ratio:.2f}x", "<= 1.3x the reference", ratio <= 1.3,
                  f"median of {runs} runs, to READY=1 after the first flip (dummy driver; "
                  "simulated "
                  "devices); the reference exits on SIGTERM as the companion does")


def resume(quick: bool) -> list[Figure]:
    runs = 2 if quick else 5
    sizes = (1000, 5000) if quick else (1000, 5000, 20000)
    figures = []
    with tempfile.TemporaryDirectory() as directory:
        empty = Path(directory) / "empty"
        baseline = _median_start(_companion(empty, "--resume"), runs)
        extra: dict[int, float] = {}
        for actions in sizes:
            data_dir = Path(directory) / str(actions)
            build_store(data_dir, actions)
            extra[actions] = _median_start(_companion(data_dir, "--resume"), runs) - baseline
    # the cost of one more action: the slope between the smallest and each larger game, so
    # the fixed cost of opening any saved game is not spread over its actions
    slope = {n: (extra[n] - extra[sizes[0]]) / (n - sizes[0]) for n in sizes[1:]}
    slope[sizes[0]] = slope[sizes[1]]
    growth = extra[sizes[-1]] / max(extra[sizes[0]], 1e-6)
    linear_or_better = growth <= (sizes[-1] / sizes[0]) * 1.25
    for actions in sizes:
        target = "< 100 ms beyond start-up" if actions == 5000 else "linear or better"
        met = extra[actions] < 0.100 if actions == 5000 else linear_or_better
        figures.append(Figure(
            f"Resume a {actions:,}-action game to its table",
            f"+{extra[actions] * 1000:.0f} ms",
            f"{baseline * 1000:.0f} ms (start-up to an empty home screen)",
            f"{slope[actions] * 1e6:.2f} us/action", target, met,
            f"median of {runs} runs; us/action is the slope from {sizes[0]:,} actions "
            f"(the fixed cost left out); {sizes[-1]:,} vs {sizes[0]:,} actions: "
            f"x{growth:.1f}"))
    return figures
