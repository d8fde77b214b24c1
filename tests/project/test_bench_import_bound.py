"""``bench/import_bound.py`` runs (quickly): a file past the bound is refused with exit 2,
a good one is imported, then found already there."""

from __future__ import annotations

import os
import subprocess
import sys

from paths import REPO


def test_the_import_benchmark_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "bench.import_bound", "--quick"], cwd=REPO,
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-2000:]
    small, full, again = done.stdout.strip().splitlines()
    assert small.startswith("10,001 small games") and "exit 2" in small
    assert "more than 10000 games" in small
    assert "exit 0" in full and "50 games added" in full
    assert "exit 0" in again and "50 were already here" in again
