"""Safe power-off: the store is flushed first, then logind is asked."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion.system.power import (
    BUSCTL_POWER_OFF,
    SYSTEMCTL_POWER_OFF,
    PowerOffError,
    power_off,
    run_command,
)


class Recorder:
    """Stands in for subprocess: records commands, answers with a set exit status."""

    def __init__(self, events: list[str], missing: Sequence[str] = (), returncode: int = 0,
                 stderr: str = "") -> None:
        self.events = events
        self.missing = set(missing)
        self.returncode = returncode
        self.stderr = stderr
        self.commands: list[tuple[str, ...]] = []

    def __call__(self, command: Sequence[str]) -> subprocess.CompletedProcess[str]:
        if command[0] in self.missing:
            raise FileNotFoundError(command[0])
        self.commands.append(tuple(command))
        self.events.append("run " + command[0])
        return subprocess.CompletedProcess(list(command), self.returncode, "", self.stderr)


def test_flushes_then_asks_logind_to_power_off() -> None:
    events: list[str] = []
    run = Recorder(events)
    power_off(lambda: events.append("flush"), run=run)
    assert events == ["flush", "run busctl"]
    assert run.commands == [BUSCTL_POWER_OFF]
    assert BUSCTL_POWER_OFF[-4:] == ("org.freedesktop.login1.Manager", "PowerOff", "b", "false")


def test_a_failed_flush_keeps_the_pi_on() -> None:
    events: list[str] = []
    run = Recorder(events)

    def flush() -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(PowerOffError, match="could not be saved.*No space left"):
        power_off(flush, run=run)
    assert run.commands == []


def test_falls_back_to_systemctl_without_busctl() -> None:
    events: list[str] = []
    run = Recorder(events, missing=["busctl"])
    power_off(lambda: None, run=run)
    assert run.commands == [SYSTEMCTL_POWER_OFF]


def test_neither_tool_present_is_a_clear_error() -> None:
    run = Recorder([], missing=["busctl", "systemctl"])
    with pytest.raises(PowerOffError, match="neither busctl nor systemctl"):
        power_off(lambda: None, run=run)


def test_refusal_by_polkit_is_reported_with_its_reason() -> None:
    run = Recorder([], returncode=1, stderr="Call failed: Access denied\n")
    with pytest.raises(PowerOffError, match="Access denied"):
        power_off(lambda: None, run=run)
    assert run.commands == [BUSCTL_POWER_OFF]


def test_refusal_without_output_names_the_exit_status() -> None:
    run = Recorder([], returncode=4)
    with pytest.raises(PowerOffError, match="exit status 4"):
        power_off(lambda: None, run=run)


def test_hanging_command_is_an_error_not_a_traceback() -> None:
    def run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
        raise subprocess.TimeoutExpired(list(command), 30.0)

    with pytest.raises(PowerOffError, match="could not be switched off"):
        power_off(lambda: None, run=run)


def test_real_subprocess_gets_the_arguments_and_its_failure_is_reported(tmp_path: Path) -> None:
    log = tmp_path / "args"
    fake_busctl = tmp_path / "busctl"
    fake_busctl.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {log}\n'
                           'echo "Call failed: Interactive authentication required." >&2\n'
                           "exit 1\n")
    fake_busctl.chmod(0o755)
    command = (str(fake_busctl), *BUSCTL_POWER_OFF[1:])
    with pytest.raises(PowerOffError, match="Interactive authentication required"):
        power_off(lambda: None, run=run_command, commands=[command])
    assert log.read_text().splitlines() == list(BUSCTL_POWER_OFF[1:])


def test_real_subprocess_missing_binary_falls_through(tmp_path: Path) -> None:
    done = tmp_path / "done"
    fake = tmp_path / "systemctl"
    fake.write_text(f"#!/bin/sh\ntouch {done}\n")
    fake.chmod(0o755)
    power_off(lambda: None, run=run_command,
              commands=[(str(tmp_path / "absent-busctl"),), (str(fake), "poweroff")])
    assert done.exists()
