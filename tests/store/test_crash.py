"""Pull the plug: SIGKILL a recording process at random moments, then reopen."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from paths import TESTS

from companion.log.folding import effective_actions
from companion.log.session import GameSession
from companion.log.store import Store

TRIALS = 60
CHILD = TESTS / "crash_child.py"


def _run_and_kill(data_dir: Path, seed: int, delay: float) -> list[str]:
    """Start the recorder, SIGKILL it after ``delay``; return its complete ACK lines."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(CHILD.parent),
                                                        os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, str(CHILD), str(data_dir), str(seed)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    assert child.stdout is not None
    first = child.stdout.readline()  # it is recording now
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    rest, err = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL, err
    output = first + rest
    complete = output.split("\n")[:-1]  # a line cut off by the kill has no newline
    return [line for line in complete if line.startswith("ACK ")]


def test_every_acknowledged_action_survives_sigkill(tmp_path: Path, counter_game: str) -> None:
    rng = random.Random(20261130)
    checked = 0
    for trial in range(TRIALS):
        data_dir = tmp_path / f"log{trial % 10}"  # later trials resume and extend a log
        acks = _run_and_kill(data_dir, seed=trial, delay=rng.uniform(0.0, 0.25))
        store = Store.open(data_dir)
        assert store.notice is None, store.notice
        assert store.integrity_ok()
        session = GameSession.resume(store)
        assert session is not None
        log = store.log(session.game_id)
        if acks:
            _ack, entries_text, amounts_text, tallies_text = acks[-1].split(" ", 3)
            acked_entries = int(entries_text)
            # Every acknowledged entry is on disk; at most the one in flight is extra.
            assert acked_entries <= len(log) <= acked_entries + 1
            actions, cursor = effective_actions(log[:acked_entries])
            acked = [int(a) for a in amounts_text.split(",") if a]
            assert [a.payload["amount"] for a in actions[:cursor]] == acked
            if len(log) == acked_entries:
                assert str(session.state.tallies) == tallies_text
            checked += 1
        # Replaying the same log again gives the same state.
        again = GameSession.resume(Store.open(data_dir))
        assert again is not None and again.state == session.state
        store.close()
    assert checked >= TRIALS // 2
