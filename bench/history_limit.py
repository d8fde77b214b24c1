"""The largest history the companion accepts: each screen's opening and the JSON export.

A folder holds at most :data:`companion.log.limits.MAX_HISTORY` finished games (every way
in stops there). At that limit, a club's years: one game in ten played at this table
(200 moves, time on turn, its last snapshots), the rest brought in from BG Stats (no move
log, a place). Measured in one process: History, New game, Stats, Players and Home from
``go`` to the frame drawn; in a child: ``companion export --format json`` to a file, its
wall time and peak resident memory.

``uv run python -m bench.history_limit [--games N]`` prints the figures alone.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.judging import Budget, Figure
from bench.measure import HEADLESS, median

os.environ.update(HEADLESS)

#: what a screen may take to open at the limit, and the export, on the reference machine
SCREEN_LIMIT = 0.100
EXPORT_LIMIT = 10.0
EXPORT_MEMORY_MB = 60.0
#: one game in this many was played at the table (the rest imported plays)
PLAYED_EVERY = 10
SCREENS = ("History", "NewGame", "Stats", "Players", "PlayerStats", "PlayerGame", "Home")
NAMES = ("Livia", "Marcus", "Julia", "Gaius", "Aurelia", "Titus", "Claudia", "Decimus",
         "Flavia", "Quintus", "Septima", "Lucius")


def build_limit_history(data_dir: Path, games: int) -> None:
    """``games`` finished games in ``data_dir``, one a day, as the module says."""
    from bench.long_game import PLAYERS, next_action
    from companion.games.base import PlayerInfo, PlayerScore, ScoreResult
    from companion.games.glory_to_rome import RULES
    from companion.log.entries import LogEntry
    from companion.log.folding import SNAPSHOT_EVERY, snapshot_code
    from companion.log.store import Store

    store = Store.open(data_dir)
    state = RULES.setup(PLAYERS, RULES.default_options())
    entries, snapshots = [], []
    for seq in range(1, 201):
        action = next_action(state)
        state = RULES.apply(state, action)
        entries.append(LogEntry("do", action, seq))
        if seq % SNAPSHOT_EVERY == 0:
            snapshots.append((seq, pickle.dumps(state)))
    colours = ("red", "blue", "green", "yellow")
    started = 1.0e9
    imported = []
    for number in range(games):
        seated = [NAMES[(number + k * 5) % len(NAMES)] for k in range(4)]
        players = tuple(PlayerInfo(name, colours[k], k + 1) for k, name in enumerate(seated))
        result = ScoreResult(tuple(PlayerScore(p.name, (number * 7 + k * 3) % 40,
                                               {"vp": (number * 7 + k * 3) % 40})
                                   for k, p in enumerate(players)), ()).to_json()
        result["players"].sort(key=lambda p: -p["total"])
        result["winners"] = [result["players"][0]["name"]]
        game = ("glory-to-rome", "ave-roma", "via-romana")[number % 3]
        if number % PLAYED_EVERY == 0:
            times = [(e.action.player or 0, started + e.seq * 30, started + e.seq * 30 + 25)
                     for e in entries if e.action is not None]
            game_id = store.import_game("glory-to-rome", players, {}, started,
                                        started + 6000, result, entries, times)
            for applied, pickled in snapshots[-3:]:
                store.save_snapshot(game_id, applied, applied, pickled, code=snapshot_code())
        else:
            imported.append({"game": game, "players": players, "options": {},
                             "created": started, "ended": started + 3600, "result": result,
                             "place": "Villa " + NAMES[number % 7], "note": None,
                             "source": "bgstats", "source_id": f"play-{number}"})
        started += 86_400
    store.add_imported_games(imported)
    store.close()


def _open_times(data_dir: Path, runs: int) -> dict[str, list[float]]:
    """Seconds from ``go`` to the drawn frame of each screen, ``runs`` times each."""
    import pygame

    from companion.core.events import new_input_queue
    from companion.log.store import Store
    from companion.ui import places
    from companion.ui.app_loop import App

    pygame.display.init()
    pygame.font.init()
    app = App(Store.open(data_dir), new_input_queue(), pygame.display.set_mode((800, 480)))
    app.start()
    app.settle()
    times: dict[str, list[float]] = {name: [] for name in SCREENS}
    for run in range(runs + 1):  # the first round warms fonts and caches: not counted
        for name in SCREENS:
            started = time.perf_counter()
            app.go(_place(places, name))
            app.render(force=True)
            if run:
                times[name].append(time.perf_counter() - started)
    app.close()
    return times


def _place(places: Any, name: str) -> Any:
    """Where the screen ``name`` opens: a player's own screens for the first player."""
    if name == "PlayerStats":
        return places.PlayerStats(NAMES[0])
    if name == "PlayerGame":
        return places.PlayerGame(NAMES[0], "glory-to-rome")
    return getattr(places, name)()


#: exports in a child and prints its wall time and peak resident memory (VmHWM, kB)
_EXPORT_CHILD = (
    "import sys, time\n"
    "from pathlib import Path\n"
    "from companion.cli import main\n"
    "started = time.perf_counter()\n"
    "code = main(sys.argv[1:])\n"
    "taken = time.perf_counter() - started\n"
    "peak = next(int(l.split()[1]) for l in Path('/proc/self/status').read_text()"
    ".splitlines() if l.startswith('VmHWM:'))\n"
    "print(code, taken, peak)\n")


def _export(data_dir: Path, out: Path) -> tuple[float, float, int]:
    """(seconds, peak MB, bytes written) of ``companion export --format json``."""
    done = subprocess.run([sys.executable, "-c", _EXPORT_CHILD, "--data-dir", str(data_dir),
                           "export", "--format", "json", "--out", str(out)],
                          capture_output=True, text=True, timeout=1200, check=False,
                          env={**os.environ, **HEADLESS})
    code, taken, peak = done.stdout.split()[-3:]
    if code != "0":
        raise RuntimeError(f"the export failed: {done.stderr.strip()[-300:]}")
    json.loads(out.read_text(encoding="utf-8"))["games"]  # a whole document
    return float(taken), int(peak) / 1024, out.stat().st_size


def history_limit(quick: bool, games: int | None = None) -> list[Figure]:
    from companion.log.limits import MAX_HISTORY

    games = games or (500 if quick else MAX_HISTORY)
    runs = 3 if quick else 9
    with tempfile.TemporaryDirectory(prefix="history-limit-") as directory:
        data = Path(directory) / "data"
        build_limit_history(data, games)
        opened = _open_times(data, runs)
        seconds, peak, size = _export(data, Path(directory) / "export.json")
    shape = (f"{games:,} finished games (one in {PLAYED_EVERY} played here with 200 moves, "
             "time on turn and snapshots; the rest imported BG Stats plays), 4 players each")
    figures = []
    home = median(opened["Home"])
    for name in SCREENS:
        taken = median(opened[name])
        figures.append(Figure(
            f"Open {name} with the largest history", f"{taken * 1000:.1f} ms",
            f"{home * 1000:.1f} ms (Home)", f"{taken / home:.2f}x",
            f"<= {SCREEN_LIMIT * 1000:.0f} ms", True,
            f"medians of {runs} openings, after one warming round; from ``go`` to the frame "
            f"drawn (800x480, dummy driver); {shape}",
            budgets=(Budget("median", taken, SCREEN_LIMIT),)))
    figures.append(Figure(
        "JSON export of the largest history", f"{seconds:.2f} s, peak {peak:.1f} MB",
        f"{size / 1e6:.1f} MB written", f"{size / 1e6 / max(seconds, 1e-9):.1f} MB/s",
        f"<= {EXPORT_LIMIT:.0f} s and <= {EXPORT_MEMORY_MB:.0f} MB", peak <= EXPORT_MEMORY_MB,
        "``companion export --format json --out FILE`` in a child process: the time of its "
        "``main`` and the child's peak resident memory (VmHWM, the interpreter included); "
        f"{shape}", budgets=(Budget("time", seconds, EXPORT_LIMIT),),
        rest_met=peak <= EXPORT_MEMORY_MB))
    return figures


def main(argv: list[str] | None = None) -> int:
    from bench.judging import Speed, judge
    from bench.slow import reference_loop_seconds

    parser = argparse.ArgumentParser(prog="python -m bench.history_limit",
                                     description=__doc__)
    parser.add_argument("--games", type=int, help="games in the history (default: the limit)")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    before = reference_loop_seconds()
    figures = history_limit(args.quick, args.games)
    speed = Speed(before, reference_loop_seconds())
    for figure in judge(figures, speed):
        print(f"{figure.name}: {figure.value} ({figure.target}; met: {figure.met})")
    print(f"judged: {speed.verdict()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
