"""A stop signal at any moment of start-up ends the app with status 0 and an intact log.

No wall-clock bounds: the signal is delivered at a chosen point of the start-up itself,
either pending before the first line of Python runs, or from inside the store's opening
(the moment between the store opening and the handlers that used to kill the app).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from paths import REPO

from bench.long_game import build_store

ROOT = REPO
HANG_GUARD = 120  # seconds: only so a broken build cannot hang the suite

SIGNAL_IN_STORE_OPEN = """
import os, signal, sys
from companion.log import store

opened = store.Store.open.__func__

def open_then_signal(cls, *args, **kwargs):
    result = opened(cls, *args, **kwargs)
    os.kill(os.getpid(), getattr(signal, sys.argv[1]))
    return result

store.Store.open = classmethod(open_then_signal)
from companion.cli import main
sys.exit(main(sys.argv[2:]))
"""


def environment(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("NOTIFY_SOCKET", None)
    return env


def log_rows(data_dir: Path) -> tuple[int, str]:
    with sqlite3.connect(data_dir / "companion.db") as db:
        rows = db.execute("SELECT count(*) FROM log").fetchone()[0]
        verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
    db.close()
    return rows, verdict


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    build_store(directory, 40)
    return directory


def finish(child: subprocess.Popen[bytes]) -> tuple[int, str]:
    try:
        _out, err = child.communicate(timeout=HANG_GUARD)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, err.decode(errors="replace")


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_pending_before_python_starts_is_a_clean_exit(
        data_dir: Path, tmp_path: Path, stop: signal.Signals) -> None:
    before = log_rows(data_dir)
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "--simulate",
         "--resume"], cwd=ROOT, env=environment(tmp_path), stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {stop}))
    child.send_signal(stop)  # after exec: pending until the app is ready for it
    code, err = finish(child)
    assert code == 0, err
    assert log_rows(data_dir) == before and before[1] == "ok"


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGINT"])
def test_a_signal_right_after_the_store_opens_is_a_clean_exit(
        data_dir: Path, tmp_path: Path, stop: str) -> None:
    before = log_rows(data_dir)
    child = subprocess.Popen(
        [sys.executable, "-c", SIGNAL_IN_STORE_OPEN, stop, "--data-dir", str(data_dir),
         "--simulate", "--resume"], cwd=ROOT, env=environment(tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    code, err = finish(child)
    assert code == 0, err
    assert log_rows(data_dir) == before and before[1] == "ok"
