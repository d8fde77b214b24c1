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
from pathlib import Path

from bench.measure import HEADLESS, Figure

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


def collect(quick: bool) -> list[Figure]:
    from bench.fuzz import fuzz_figures
    from bench.idle import idle_cost
    from bench.idle_devices import idle_with_devices
    from bench.latency import acknowledgement, press_to_screen
    from bench.memory import memory
    from bench.startup import resume, startup, startup_with_history
    from bench.store_figures import move_cost
    from bench.tag_latency import pn532_tag_to_screen
    from bench.via_romana_map import map_frame

    figures = [idle_cost(quick), idle_with_devices(quick)]
    figures += press_to_screen(quick)
    figures += pn532_tag_to_screen(quick)
    figures += fuzz_figures(quick)
    figures.append(startup(quick))
    figures += memory(quick)
    figures += resume(quick)
    figures.append(startup_with_history(quick))
    figures.append(move_cost(quick))
    figures += acknowledgement(quick)
    figures.append(map_frame(quick))
    return figures


def table(figures: list[Figure]) -> str:
    rows = ["| figure | measured | reference (same run) | ratio | target | met |",
            "|---|---|---|---|---|---|"]
    for f in figures:
        rows.append(f"| {f.name} | {f.value} | {f.reference} | {f.ratio} | {f.target} | "
                    f"{'yes' if f.met else '**no**'} |")
    return "\n".join(rows)


def document(figures: list[Figure], command: str, seconds: float) -> str:
    notes = "\n".join(f"- **{f.name}**: {f.note}" for f in figures if f.note)
    return f"""# Performance

What a game night costs the Pi, each figure beside a reference measured in the same run
(absolute times drift between machines; ratios hold).

- Command: `{command}`
- Machine: {machine()}
- Date: {time.strftime("%Y-%m-%d %H:%M %Z")}; the run took {seconds:.0f} s
- Video: SDL's dummy driver (a stand-in for KMS/DRM on the Pi: neither has a native
  event wait)

{table(figures)}

## How each figure was taken

{notes}
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="every figure, briefly")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "PERFORMANCE.md",
                        help="where to write the table (default: docs/PERFORMANCE.md)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    figures = collect(args.quick)
    seconds = time.monotonic() - started
    print(table(figures))
    command = "uv run python -m bench" + (" --quick" if args.quick else "")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(document(figures, command, seconds), encoding="utf-8")
    print(f"\nwritten to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
