"""Figures 3 and 5: process start to the first frame, and resuming a long evening."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.judging import Budget, Figure
from bench.long_game import build_history, build_store
from bench.measure import compile_bytecode, median, time_to_first_frame

SIZE = "800x480"


def _companion(data_dir: Path, *flags: str) -> list[str]:
    return [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "--simulate",
            "--size", SIZE, *flags]


def _alternating_starts(commands: Sequence[list[str]], runs: int) -> list[list[float]]:
    """Seconds to the first frame of each command, ``runs`` times, taking turns.

    After a warming run of each (the page cache; not counted) the commands run one after
    the other, round after round, so a neighbour's load or the machine's drifting speed
    falls on all of them alike instead of on whichever ran during it.
    """
    compile_bytecode()
    for command in commands:
        time_to_first_frame(command)
    times: list[list[float]] = [[] for _ in commands]
    for _round in range(runs):
        for command, taken in zip(commands, times, strict=True):
            taken.append(time_to_first_frame(command))
    return times


def startup(quick: bool) -> Figure:
    runs = 3 if quick else 15
    with tempfile.TemporaryDirectory() as directory:
        companion_times, reference_times = _alternating_starts(
            [_companion(Path(directory)),
             [sys.executable, "-m", "bench.reference_startup", SIZE]], runs)
    companion, reference = median(companion_times), median(reference_times)
    ratio = companion / reference
    return Figure("Start-up (process start to first frame, home screen)",
                  f"{companion * 1000:.0f} ms", f"{reference * 1000:.0f} ms (import pygame, "
                  "open the window)", f"{ratio:.2f}x", "<= 1.3x the reference", ratio <= 1.3,
                  f"medians of {runs} runs each, the two taking turns after a warming run "
                  "of each; to READY=1 after the first flip (dummy driver; "
                  "simulated devices; the app's and pygame's bytecode compiled first, as "
                  "install.sh does); the reference exits on SIGTERM as the companion does")


def _empty_game(data_dir: Path) -> None:
    """A store with one unfinished game and no moves: its table is what any resume draws."""
    build_store(data_dir, 0)


def resume(quick: bool) -> list[Figure]:
    """Resuming long games to their table, beyond resuming a game with no moves yet.

    Both sides draw the same table: what is left is the cost of the log's length (the
    kinds of every entry are read; only the moves after the newest snapshot decoded).
    One start varies by about 15 ms (standard deviation) here, as much as that cost, and
    the figure is the difference of two medians: resampled from 60 starts a store, its
    95th percentile was 32.8 ms with 7 starts a store and 26.5 ms with 21 (the median
    20 ms either way), so 21 starts (about 8 s in all) keep noise from deciding it.
    """
    runs = 3 if quick else 21
    short, long = (200, 2000) if quick else (1000, 20000)
    with tempfile.TemporaryDirectory() as directory:
        empty = Path(directory) / "empty"
        _empty_game(empty)
        stores = [empty]
        for actions in (short, long):
            stores.append(Path(directory) / str(actions))
            build_store(stores[-1], actions)
        times = _alternating_starts([_companion(store, "--resume") for store in stores], runs)
    baseline, total = median(times[0]), {short: median(times[1]), long: median(times[2])}
    extra = total[long] - baseline
    ratio = total[long] / total[short]
    note = (f"medians of {runs} runs each, the three stores taking turns after a warming "
            "run of each; from starting the process to its READY=1, sent "
            "after the table's first frame was flipped (--resume; dummy video driver, "
            "devices simulated)")
    return [
        Figure(f"Resume a {long:,}-move game, beyond resuming a game with no moves",
               f"+{extra * 1000:.1f} ms", f"{baseline * 1000:.0f} ms (resume of a game "
               "with no moves, to its table)", f"{(extra / long) * 1e6:.2f} us/move",
               "<= 40 ms", extra <= 0.040, note, budgets=(Budget("beyond", extra, 0.040),)),
        Figure(f"Resume {long:,} moves vs {short:,} (to the table)",
               f"{total[long] * 1000:.0f} ms", f"{total[short] * 1000:.0f} ms "
               f"({short:,} moves)", f"{ratio:.2f}x", "<= 1.5x", ratio <= 1.5, note),
    ]


def startup_with_history(quick: bool) -> Figure:
    """Start-up to the home screen with a long history against a history of no moves.

    The history is what evenings leave: finished games with their logs, time on turn and
    snapshots, and one unfinished game with no moves (the home screen both sides show).
    The start-up check leaves what grows with the history to the background integrity
    check, so its length should not show. Runs alternate between the two stores, so a
    neighbour's load hits both alike.
    """
    runs = 3 if quick else 15
    rows = 10_000 if quick else 100_000
    with tempfile.TemporaryDirectory() as directory:
        empty = Path(directory) / "empty"
        _empty_game(empty)  # the same home screen: one unfinished game, no moves
        history = Path(directory) / "history"
        build_history(history, rows)
        base, full = _alternating_starts([_companion(empty), _companion(history)], runs)
    ratio = median(full) / median(base)
    fastest = min(full) / min(base)
    return Figure(f"Start-up with a {rows:,}-row history (home screen)",
                  f"{median(full) * 1000:.0f} ms (fastest {min(full) * 1000:.0f} ms)",
                  f"{median(base) * 1000:.0f} ms, fastest {min(base) * 1000:.0f} ms (one "
                  "game, no moves yet)",
                  f"{ratio:.2f}x (fastest {fastest:.2f}x)", "<= 1.1x", ratio <= 1.1,
                  f"medians of {runs} runs each, alternating between the two stores after a "
                  f"warming run of each; the history is {rows // 200:,} finished games of 200 "
                  "moves (log, time on turn, snapshots, scores) and one unfinished game with "
                  "no moves; from starting the process to its READY=1, sent after the home "
                  "screen's first frame was flipped (dummy video driver, devices simulated); "
                  "the full integrity check runs after it, in the background")
