"""systemd/companion-recover, the crash-loop recovery, against the unit states of both
systemd releases: 252 starts it only once the start limit is used up, 257 after every
failure. It must start the companion again only when the limit is used up and the owner
has not stopped it, and tell the console why in plain words.

systemctl and journalctl are stand-ins that play a sequence of unit states (one per
``systemctl show``) and record what the script asks for; the container test
(test_systemd_container.py) runs the same script under the real managers.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from paths import REPO

SCRIPT = REPO / "systemd" / "companion-recover"
pytestmark = pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX sh")

LIMITS = "StartLimitBurst=5 StartLimitIntervalUSec=2min"
# Both releases leave the last run's Result= when the limit is used up; the manager's
# journal says why.
LIMIT_HIT = f"ActiveState=failed SubState=failed Result=exit-code {LIMITS}"
LIMIT_WORDS = ("companion.service: Scheduled restart job, restart counter is at 5.\n"
               "companion.service: Start request repeated too quickly.\n"
               "companion.service: Failed with result 'exit-code'.\n")
EXITED_1 = "ExecMainCode=1 ExecMainStatus=1"
AUTO_RESTART = f"ActiveState=activating SubState=auto-restart Result=exit-code {LIMITS}"
STARTING = f"ActiveState=activating SubState=start Result=success {LIMITS}"
RUNNING = f"ActiveState=active SubState=running Result=success {LIMITS}"
STOPPED = f"ActiveState=inactive SubState=dead Result=success {LIMITS}"
APP_WORDS = "companion: cannot open the display: kmsdrm not available"

FAKE_SYSTEMCTL = """#!/bin/sh
dir=$(dirname "$0")
if [ "$1" = show ]; then
    n=$(cat "$dir/shown" 2>/dev/null || echo 0)
    total=$(wc -l < "$dir/states")
    [ "$n" -ge "$total" ] && n=$((total - 1))
    echo $((n + 1)) > "$dir/shown"
    sed -n "$((n + 1))p" "$dir/states" | tr ' ' '\\n'
else
    echo "$*" >> "$dir/calls"
fi
"""
FAKE_JOURNALCTL = """#!/bin/sh
dir=$(dirname "$0")
case "$*" in
    *_SYSTEMD_UNIT=*) cat "$dir/app-journal" ;;
    *) cat "$dir/unit-journal" ;;
esac
"""


class Recovery:
    """The script run against a played sequence of states."""

    def __init__(self, folder: Path) -> None:
        self.bin = folder / "bin"
        self.bin.mkdir()
        for name, text in (("systemctl", FAKE_SYSTEMCTL), ("journalctl", FAKE_JOURNALCTL)):
            (self.bin / name).write_text(text)
            (self.bin / name).chmod(0o755)
        (self.bin / "app-journal").write_text(f"companion: device config none\n{APP_WORDS}\n")
        (self.bin / "unit-journal").write_text(LIMIT_WORDS)
        self.console = folder / "tty1"
        self.console.write_text("")

    def run(self, states: list[str], delay: int = 1) -> tuple[str, list[str], float]:
        """Its output, the systemctl calls it made, and how long it took."""
        (self.bin / "states").write_text("\n".join(states) + "\n")
        env = {**os.environ, "PATH": f"{self.bin}:{os.environ['PATH']}",
               "COMPANION_RECOVER_DELAY": str(delay),
               "COMPANION_RECOVER_CONSOLE": str(self.console)}
        began = time.monotonic()
        done = subprocess.run(["sh", str(SCRIPT)], env=env, capture_output=True, text=True,
                              check=False, timeout=60)
        took = time.monotonic() - began
        assert done.returncode == 0, done.stdout + done.stderr
        calls_file = self.bin / "calls"
        calls = calls_file.read_text().splitlines() if calls_file.exists() else []
        return done.stdout, calls, took


@pytest.fixture
def recovery(tmp_path: Path) -> Recovery:
    return Recovery(tmp_path)


AGAIN = ["reset-failed companion.service", "start --no-block companion.service"]


def test_bookworm_started_at_the_limit_starts_it_again_after_the_delay(
    recovery: Recovery
) -> None:
    output, calls, took = recovery.run([f"{LIMIT_HIT} {EXITED_1}"], delay=2)
    assert calls == AGAIN
    assert took >= 2
    assert "started companion.service again" in output


def test_trixie_started_after_one_failure_leaves_a_unit_that_came_back(
    recovery: Recovery
) -> None:
    output, calls, _ = recovery.run([AUTO_RESTART, STARTING, RUNNING])
    assert calls == []
    assert "nothing to recover" in output
    assert recovery.console.read_text() == ""


def test_trixie_follows_systemds_own_restarts_until_the_limit_is_used_up(
    recovery: Recovery
) -> None:
    states = [AUTO_RESTART, STARTING, AUTO_RESTART, STARTING, f"{LIMIT_HIT} {EXITED_1}"]
    output, calls, took = recovery.run(states, delay=2)
    assert calls == AGAIN
    # the delay counts from the limit, not from the first failure
    assert took >= 4 + 2


def test_a_unit_the_owner_stopped_is_left_stopped(recovery: Recovery) -> None:
    _, calls, _ = recovery.run([STOPPED])
    assert calls == []
    assert recovery.console.read_text() == ""


def test_a_unit_the_owner_stops_during_the_delay_is_left_stopped(recovery: Recovery) -> None:
    output, calls, _ = recovery.run([LIMIT_HIT, LIMIT_HIT, STOPPED], delay=30)
    assert calls == []
    assert "left alone" in output


def test_a_restart_the_owner_started_during_the_delay_is_left_alone(
    recovery: Recovery
) -> None:
    _, calls, _ = recovery.run([LIMIT_HIT, STARTING, RUNNING], delay=30)
    assert calls == []


def test_a_failure_that_is_not_the_start_limit_is_not_recovered(recovery: Recovery) -> None:
    """E.g. the owner's stop that timed out: failed, but the manager never said the start
    limit was used up (the script looks for a few seconds: the journal may lag)."""
    (recovery.bin / "unit-journal").write_text(
        "companion.service: State 'stop-sigterm' timed out. Killing.\n"
        "companion.service: Failed with result 'timeout'.\n")
    output, calls, _ = recovery.run(
        [f"ActiveState=failed SubState=failed Result=timeout {LIMITS}"])
    assert calls == []
    assert "nothing to recover" in output
    assert recovery.console.read_text() == ""


def test_a_release_that_says_start_limit_hit_is_recovered(recovery: Recovery) -> None:
    (recovery.bin / "unit-journal").write_text("")
    _, calls, _ = recovery.run(
        [f"ActiveState=failed SubState=failed Result=start-limit-hit {LIMITS}"])
    assert calls == AGAIN


def test_the_console_says_why_in_plain_words(recovery: Recovery) -> None:
    recovery.run([f"{LIMIT_HIT} {EXITED_1}"])
    said = recovery.console.read_text()
    assert "The board game companion keeps stopping: it failed 5 times within 2min." in said
    assert "It ended with an error (exit status 1)." in said
    assert f"    {APP_WORDS}" in said
    assert "It is started again in 1 seconds." in said
    assert "sudo companion doctor" in said


def test_the_console_names_a_hang_and_a_crash(recovery: Recovery) -> None:
    hung = LIMIT_HIT.replace("Result=exit-code", "Result=watchdog")
    recovery.run([f"{hung} ExecMainCode=3 ExecMainStatus=6"])
    said = recovery.console.read_text()
    assert "It stopped answering (hung)" in said
    assert "crashed" not in said
    recovery.console.write_text("")
    (recovery.bin / "unit-journal").write_text(LIMIT_WORDS)
    (recovery.bin / "shown").unlink()
    recovery.run([f"{LIMIT_HIT} ExecMainCode=2 ExecMainStatus=11"])
    assert "It crashed (signal 11, SIGSEGV)." in recovery.console.read_text()
