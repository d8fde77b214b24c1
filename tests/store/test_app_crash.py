"""Pull the plug on the real app: SIGKILL at random moments, then resume.

200 trials in four runs of 50 that the suite's workers take side by side, each with its own
app and folders: every acknowledged entry is on disk, the log passes the full integrity
check, and the resumed state is exactly the rules folded over the log (snapshots and
all), twice over.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from app_crash_child import digest
from paths import TESTS

from companion.games import get_rules
from companion.log.folding import effective_actions
from companion.log.session import GameSession
from companion.log.store import Store

TRIALS = 200
RUNS = 4  # TRIALS shared out among this many tests, each its own app and random moments
FOLDERS = 8  # later trials of a run resume and extend an earlier trial's log
CHILD = TESTS / "app_crash_child.py"


def _acks(path: Path) -> list[tuple[int, str]]:
    complete = path.read_text().split("\n")[:-1]  # a line cut off by the kill has no newline
    return [(int(n), d) for _tag, n, d in (line.split() for line in complete
                                           if line.startswith("ACK "))]


def _wait_acks(path: Path, server: subprocess.Popen[str], count: int) -> None:
    """Until the app is up and has acknowledged ``count`` entries (however slow it is)."""
    deadline = time.monotonic() + 60
    while True:
        text = path.read_text() if path.exists() else ""
        if text.startswith("READY") and text.count("\nACK ") >= count:
            return
        assert server.poll() is None
        assert time.monotonic() < deadline, "the app did not start or make moves"
        time.sleep(0.001)


def _check(data_dir: Path, acks: list[tuple[int, str]]) -> None:
    store = Store.open(data_dir)
    try:
        assert store.notices == []
        assert store.integrity_problems() == []
        session = GameSession.resume(store)
        assert session is not None and session.replay_notice is None
        log = store.log(session.game_id)
        if acks:
            entries, acked_digest = acks[-1]
            assert entries <= len(log)  # every acknowledged entry is on disk
            actions, cursor = effective_actions(log[:entries])
            assert digest(actions[:cursor]) == acked_digest
        rules = get_rules(session.record.game)
        state = rules.setup(session.players, session.record.options)
        for action in session.actions:
            state = rules.apply(state, action)
        assert state == session.state  # the snapshot shortcut agrees with the fold
        again = GameSession.resume(store)
        assert again is not None and again.state == session.state
    finally:
        store.close()


@pytest.mark.parametrize("run", range(RUNS))
def test_no_acknowledged_move_is_lost_when_the_app_is_killed(tmp_path: Path, run: int) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(CHILD.parent),
                                                        os.environ.get("PYTHONPATH", "")])}
    server = subprocess.Popen([sys.executable, str(CHILD)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    assert server.stdin is not None and server.stdout is not None
    rng = random.Random(20261201 + run)
    trials = range(run * TRIALS // RUNS, (run + 1) * TRIALS // RUNS)
    acknowledged = 0
    try:
        for trial in trials:
            data_dir = tmp_path / f"log{trial % FOLDERS}"
            ack_file = tmp_path / f"acks{trial}"
            server.stdin.write(f"{data_dir} {trial} {ack_file}\n")
            server.stdin.flush()
            pid = int(server.stdout.readline())
            moves = rng.randrange(0, 12)
            _wait_acks(ack_file, server, moves)
            time.sleep(rng.uniform(0.0, 0.01))  # then anywhere in the next move or two
            os.kill(pid, signal.SIGKILL)
            done = server.stdout.readline().split()
            assert done[:2] == ["DONE", str(pid)]
            status = int(done[2])
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
                f"trial {trial}: the app ended by itself ({status})")
            acks = _acks(ack_file)
            assert len(acks) >= moves
            acknowledged += len(acks)
            _check(data_dir, acks)
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    print(f"{len(trials)} SIGKILLs of the app: {acknowledged} acknowledged entries, none lost")
