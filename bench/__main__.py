"""``uv run python -m bench``: what a game night costs the Pi, measured in one run.

Prints a table of every figure beside its reference (measured in the same run, since
absolute times drift between machines while ratios hold) and writes it to
``docs/PERFORMANCE.md`` with the machine it ran on. ``--quick`` runs every figure
briefly (a test runs it so the suite cannot rot); its numbers are not the record.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from bench.judging import FRAME_SECONDS, Figure, Speed, judge
from bench.measure import HEADLESS
from bench.neighbour import Neighbours, beside_neighbours
from bench.slow import Slowdown, reference_loop_seconds, scale_times, slow_down

os.environ.update(HEADLESS)

ROOT = Path(__file__).resolve().parent.parent


def machine() -> str:
    import pygame

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{platform.system()} {platform.release()} {platform.machine()}, {cpu}, "
            f"{os.cpu_count()} cores; Python {platform.python_version()}, "
            f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})")


def _groups() -> list[tuple[str, Callable[[bool], Figure | list[Figure]]]]:
    """Every figure's maker, in the table's order, by the name ``--only`` knows it by."""
    from bench.fuzz import fuzz_figures
    from bench.history_limit import history_limit
    from bench.idle import idle_cost
    from bench.idle_devices import idle_with_devices
    from bench.latency import acknowledgement, answering_during_commits, press_to_screen
    from bench.memory import memory
    from bench.redraw import redraw
    from bench.startup import resume, startup, startup_with_history
    from bench.store_figures import move_cost
    from bench.tag_latency import pn532_tag_to_screen
    from bench.via_romana_map import map_frame

    return [("idle", idle_cost), ("idle-devices", idle_with_devices),
            ("press", press_to_screen), ("redraw", redraw), ("pn532", pn532_tag_to_screen),
            ("fuzz", fuzz_figures), ("startup", startup), ("memory", memory),
            ("resume", resume), ("history", startup_with_history), ("move-cost", move_cost),
            ("acknowledgement", acknowledgement), ("slow-commits", answering_during_commits),
            ("map", map_frame), ("history-limit", history_limit)]


GROUPS = ("idle", "idle-devices", "press", "redraw", "pn532", "fuzz", "startup", "memory",
          "resume", "history", "move-cost", "acknowledgement", "slow-commits", "map",
          "history-limit")


def collect(quick: bool, only: Sequence[str] = ()) -> list[Figure]:
    figures: list[Figure] = []
    groups = _groups()
    assert tuple(name for name, _make in groups) == GROUPS, "GROUPS names every maker"
    for name, make in groups:
        if only and name not in only:
            continue
        made = make(quick)
        figures += made if isinstance(made, list) else [made]
    return figures


def scaled(figures: list[Figure], factor: float) -> list[Figure]:
    """The figures with their times multiplied by ``factor``, their targets not judged."""
    return [replace(f, value=scale_times(f.value, factor),
                    reference=scale_times(f.reference, factor), judged=False)
            for f in figures]


def on_pis_budget(slowdown: Slowdown | Neighbours | None) -> bool:
    """Whether the run stands for a Pi's budget: every touch within one 60 Hz frame.

    A quota (``--slow`` through a cgroup) or neighbours on one CPU (``--neighbour``) make
    one; a run at full speed, or ``--slow`` merely scaled, does not.
    """
    return isinstance(slowdown, Neighbours) or (isinstance(slowdown, Slowdown)
                                                and slowdown.throttled)


def table(figures: list[Figure]) -> str:
    rows = ["| figure | measured | reference (same run) | ratio | target | met |",
            "|---|---|---|---|---|---|"]
    for f in figures:
        met = ("not judged" if not f.judged else "yes" if f.met else "**no**")
        rows.append(f"| {f.name} | {f.value} | {f.reference} | {f.ratio} | {f.target} | "
                    f"{met} |")
    return "\n".join(rows)


def speed_line(loop: tuple[float, float]) -> str:
    """How fast this machine ran the run's Python, at its start and its end.

    The figures with an absolute target (a redraw's milliseconds, the acknowledgement's
    allowance) are CPU time: on a machine whose speed changes from day to day they change
    with it, while the ratios to a reference of the same run hold. This line lets runs on
    different days be compared.
    """
    before, after = loop
    return (f"a CPU-bound reference loop (`bench.slow.reference_loop_seconds`, pure "
            f"Python, the fastest of 5) took {before * 1000:.1f} ms at the start and "
            f"{after * 1000:.1f} ms at the end (full speed, no quota); the absolute times "
            "below grow with it, the ratios to their references do not")


def document(figures: list[Figure], command: str, seconds: float,
             slowdown: Slowdown | Neighbours | None, loop: tuple[float, float]) -> str:
    notes = "\n".join(f"- **{f.name}**: {f.note}" for f in figures if f.note)
    slowed = f"- Slowed: {slowdown.describe()}\n" if slowdown is not None else ""
    if on_pis_budget(slowdown):
        slowed += ("- Budget: the Pi's: a press, a tag or a touch to the screen showing "
                   f"it within one 60 Hz frame ({FRAME_SECONDS * 1000:.1f} ms before "
                   "scaling to the run's speed), as each such figure's target says\n")
    return f"""# Performance

What a game night costs the Pi, each figure beside a reference measured in the same run
(absolute times drift between machines; ratios hold).

- Command: `{command}`
- Machine: {machine()}
- Date: {time.strftime("%Y-%m-%d %H:%M %Z")}; the run took {seconds:.0f} s
- Speed: {speed_line(loop)}
- Judged: {Speed(*loop).verdict()}
- Video: SDL's dummy driver (a stand-in for KMS/DRM on the Pi: neither has a native
  event wait)
{slowed}
{table(figures)}

## How each figure was taken

{notes}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="every figure, briefly")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "PERFORMANCE.md",
                        help="where to write the table (default: docs/PERFORMANCE.md)")
    parser.add_argument("--slow", type=float, metavar="N",
                        help="as on this machine slowed N times: a CPU quota of 1/N of one "
                             "core (cgroup) where one can be set, else times scaled by N")
    parser.add_argument("--slow-method", choices=("auto", "cgroup", "scaled"), default="auto",
                        help="how --slow slows (default: a cgroup if possible, else scaled)")
    parser.add_argument("--neighbour", type=int, nargs="?", const=1, metavar="N",
                        help="the second model of the Pi's budget: pinned to one CPU beside "
                             "N (default 1) CPU-bound processes at the same priority")
    parser.add_argument("--only", type=lambda text: text.split(","), default=[],
                        metavar="NAME[,NAME]", help="only these figures: " + ", ".join(GROUPS))
    args = parser.parse_args(argv)
    if args.neighbour is not None and args.slow:
        parser.error("--neighbour and --slow are two models of the Pi: one at a time")
    unknown = sorted(set(args.only) - set(GROUPS))
    if unknown:
        parser.error(f"unknown figure {', '.join(unknown)}; known: {', '.join(GROUPS)}")
    loop_before = reference_loop_seconds()  # before any quota: the machine's own speed
    slowdown: Slowdown | Neighbours | None = None
    if args.slow:
        slowdown = slow_down(args.slow, args.slow_method)
    elif args.neighbour is not None:
        slowdown = beside_neighbours(args.neighbour)
    if slowdown is not None:
        print(slowdown.describe(), file=sys.stderr)
    started = time.monotonic()
    try:
        figures = collect(args.quick, args.only)
    finally:
        if slowdown is not None:
            slowdown.close()
    seconds = time.monotonic() - started
    loop = (loop_before, reference_loop_seconds())
    if isinstance(slowdown, Slowdown) and not slowdown.throttled:
        figures = scaled(figures, slowdown.factor)
    figures = judge(figures, Speed(*loop), pi_budget=on_pis_budget(slowdown))
    print(table(figures))
    print(f"\nspeed: {speed_line(loop)}")
    print(f"judged: {Speed(*loop).verdict()}")
    command = " ".join(["uv run python -m bench", *(argv if argv is not None else sys.argv[1:])])
    if isinstance(slowdown, Neighbours) or (slowdown is not None and slowdown.throttled):
        print(f"\nslowed: {slowdown.method}, reference loop {slowdown.measured:.2f}x slower")
    elif slowdown is not None:
        print(f"\nslowed: {slowdown.method} by {slowdown.factor:g}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(document(figures, command, seconds, slowdown, loop),
                        encoding="utf-8")
    print(f"\nwritten to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
