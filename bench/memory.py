"""Figure 4: peak resident memory over a scripted full game of each title."""

from __future__ import annotations

import os
import subprocess
import sys

from bench.judging import Figure
from bench.measure import HEADLESS, compile_bytecode
from bench.scripted_games import scripted_game
from companion.games import GAME_MODULES

LIMIT_MB = 45.0  # in English
LIMIT_RATIO = 1.8  # of pygame with a window alone, in English
LIMIT_CHINESE_MB = 60.0  # in Chinese: the CJK face is 17 MB and each size opened of it 2.5


def _peak_kb(command: list[str]) -> int:
    done = subprocess.run(command, env={**os.environ, **HEADLESS}, capture_output=True,
                          text=True, timeout=600, check=True)
    return int(done.stdout.strip().splitlines()[-1])


def memory(quick: bool) -> list[Figure]:
    compile_bytecode()  # compiling sources would add its own peak, which the Pi never has
    reference = _peak_kb([sys.executable, "-c", "import pygame; pygame.display.init(); "
                          "pygame.display.set_mode((800, 480)); "
                          "from pathlib import Path; print(next(int(line.split()[1]) for "
                          "line in Path('/proc/self/status').read_text().splitlines() "
                          "if line.startswith('VmHWM:')))"])
    figures = []
    for game in GAME_MODULES:
        moves = len(scripted_game(game)[2])
        peak = _peak_kb([sys.executable, "-m", "bench.memory_child", game, "en"])
        figures.append(Figure(
            f"Peak memory: a full game of {game}", f"{peak / 1024:.1f} MB",
            f"{reference / 1024:.1f} MB (pygame with an open window)",
            f"{peak / reference:.2f}x", f"<= {LIMIT_MB:.0f} MB and <= {LIMIT_RATIO}x",
            peak / 1024 <= LIMIT_MB and peak / reference <= LIMIT_RATIO,
            f"{moves} moves through the app, final scoring and scoreboard, in English; the "
            "reference imports pygame alone (none of the app's modules); bytecode compiled "
            "first, as install.sh does"))
    for game in GAME_MODULES:
        peak = _peak_kb([sys.executable, "-m", "bench.memory_child", game, "zh_CN"])
        figures.append(Figure(
            f"Peak memory: a full game of {game}, in Chinese", f"{peak / 1024:.1f} MB",
            f"{reference / 1024:.1f} MB (pygame with an open window)",
            f"{peak / reference:.2f}x", f"<= {LIMIT_CHINESE_MB:.0f} MB",
            peak / 1024 <= LIMIT_CHINESE_MB,
            "the same game with the language set to zh_CN (the store's setting, as Settings "
            "leaves it): the labels drawn in the CJK face; the same reference"))
    return figures
