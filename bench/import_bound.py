"""``uv run python -m bench.import_bound``: ``companion import`` of hostile sizes, timed.

Writes each file into a temporary folder, runs ``companion import`` on it in a child
process and prints its exit status, wall time and peak memory (the child's max RSS):

* 10^6 small games (about 260 MB): refused after 10,000 games are read;
* 10^6 games of ten moves (about 2.7 GB, written only with ``--huge``): refused on its size;
* 10,000 games of ten moves (about 46 MB): imported, then a second time (none added).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.history.exchange_schema import MAX_GAMES


def _sample_game() -> dict[str, Any]:
    from companion.history.exchange import export_text
    from companion.log.store import Store
    from companion.ui.demo import demo_history

    store = Store(":memory:")
    demo_history(store, start=1_760_000_000.0)
    game: dict[str, Any] = json.loads(export_text(store, "json"))["games"][0]
    return game


def _shifted(game: dict[str, Any], seconds: float) -> dict[str, Any]:
    moved = copy.deepcopy(game)
    moved["created"] += seconds
    moved["ended"] += seconds
    moved["turn_times"] = [[p, a + seconds, b + seconds] for p, a, b in game["turn_times"]]
    return moved


def _write(path: Path, games: Iterator[dict[str, Any]], indent: int | None = None) -> int:
    with path.open("w", encoding="utf-8") as out:
        out.write('{"format": "companion-games", "version": 1, "games": [')
        for number, game in enumerate(games):
            out.write(("," if number else "") + json.dumps(game, indent=indent))
        out.write("]}")
    return path.stat().st_size


def _small_games(count: int) -> Iterator[dict[str, Any]]:
    for number in range(count):
        created = 1_800_000_000.0 + number
        yield {"game": "glory-to-rome", "created": created, "ended": created + 3600,
               "players": [{"name": "A"}, {"name": "B"}], "log": [],
               "result": {"players": [{"name": "A", "total": 1, "breakdown": {}},
                                      {"name": "B", "total": 0, "breakdown": {}}],
                          "winners": ["A"]}}


#: runs ``companion`` and says its own peak memory on the last line of stderr
_CHILD = ("import resource, sys\n"
          "from companion.cli import main\n"
          "code = main(sys.argv[1:])\n"
          "print('MAXRSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
          "sys.exit(code)\n")


def _import(data: Path, path: Path) -> str:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", _CHILD, "--data-dir", str(data), "import",
                           str(path)], capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    lines = done.stderr.strip().splitlines()
    peak = int(lines[-1].split()[1]) // 1024 if lines and lines[-1].startswith("MAXRSS") else -1
    said = (done.stdout.strip() or "\n".join(lines[:-1])).splitlines()[-1][:100]
    return f"exit {done.returncode}, {seconds:.2f} s, max RSS {peak} MB: {said}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.import_bound", description=__doc__)
    parser.add_argument("--huge", action="store_true",
                        help="also write and import the 2.7 GB file of 10^6 full games")
    parser.add_argument("--quick", action="store_true",
                        help="just past the bound (10,001 small games) and 50 full ones: "
                             "checks the benchmark runs, measures nothing")
    args = parser.parse_args(argv)
    many, full = (MAX_GAMES + 1, 50) if args.quick else (10**6, 10_000)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sample = _sample_game()
    with tempfile.TemporaryDirectory(prefix="import-bound-") as folder:
        root = Path(folder)
        size = _write(root / "million-small.json", _small_games(many))
        print(f"{many:,} small games ({size >> 20} MB): "
              f"{_import(root / 'a', root / 'million-small.json')}")
        (root / "million-small.json").unlink()
        if args.huge and not args.quick:
            size = _write(root / "million.json",
                          (_shifted(sample, n * 86_400.0) for n in range(10**6)))
            print(f"10^6 games of ten moves ({size >> 20} MB): "
                  f"{_import(root / 'b', root / 'million.json')}")
            (root / "million.json").unlink()
        size = _write(root / "ten-thousand.json",
                      (_shifted(sample, n * 86_400.0) for n in range(full)), indent=2)
        print(f"{full:,} games of ten moves ({size >> 20} MB): "
              f"{_import(root / 'c', root / 'ten-thousand.json')}")
        print(f"the same file again: {_import(root / 'c', root / 'ten-thousand.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
