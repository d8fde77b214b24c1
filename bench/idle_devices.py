"""Idle on the table with the Pi's own devices: eight buttons, a PN532 and a bridge.

The app runs as on the Pi, not ``--simulate``: gpiozero's eight buttons on mock pins
(``GPIOZERO_PIN_FACTORY=mock``), the PN532 at 115200 baud and a bridge with two readers,
both emulated on pseudo-terminals in another process. Measured: the app's share of a
core and its wake-ups a second (context switches of all its threads), beside the same
table with simulated devices, in the same run.
"""

from __future__ import annotations

import contextlib
import glob
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.judging import Figure
from bench.long_game import build_store
from bench.measure import process_cpu_seconds, running


def process_wakeups(pid: int) -> int:
    """Context switches, voluntary and not, summed over every thread of ``pid``."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/status"):
        with contextlib.suppress(OSError):
            for line in Path(path).read_text().splitlines():
                if line.endswith("ctxt_switches:") or "ctxt_switches:" in line:
                    total += int(line.split(":", 1)[1])
    return total


def idle_load(command: list[str], settle: float, seconds: float,
              env: dict[str, str] | None = None) -> tuple[float, float]:
    """(share of a core, wake-ups a second) of ``command`` over ``seconds`` after ``settle``."""
    with running(command, env) as (process, _ready):
        time.sleep(settle)
        cpu, wakes, wall = (process_cpu_seconds(process.pid), process_wakeups(process.pid),
                            time.perf_counter())
        time.sleep(seconds)
        cpu = process_cpu_seconds(process.pid) - cpu
        wakes = process_wakeups(process.pid) - wakes
        wall = time.perf_counter() - wall
    return cpu / wall, wakes / wall


@contextlib.contextmanager
def emulated_readers(asked: list[str]) -> Iterator[tuple[str, str]]:
    """The PN532's and the bridge's ports, answering until the block ends; then ``asked``
    gets the emulators' account of what they were asked."""
    host = subprocess.Popen([sys.executable, "-m", "bench.emulator_host"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert host.stdout is not None and host.stdin is not None
    try:
        pn532, bridge = host.stdout.readline().strip(), host.stdout.readline().strip()
        yield pn532, bridge
    finally:
        host.stdin.close()
        asked.append(host.stdout.read().strip())
        host.wait(10)


def _talked_to_both(account: str) -> bool:
    """The app's PN532 waited for cards and its bridge said HELLO: both readers were live."""
    numbers = [int(word) for word in account.replace(";", " ").split() if word.isdigit()]
    return len(numbers) == 3 and numbers[0] >= 1 and numbers[2] >= 1


def pi_config(directory: Path, pn532: str, bridge: str) -> Path:
    """The default devices (all eight buttons) with the two readers on the emulators."""
    config = directory / "devices.toml"
    config.write_text(f"""
[[readers]]
id = "table"
type = "pn532"
port = "{pn532}"

[[readers]]
id = "bridge"
type = "bridge"
port = "{bridge}"

[nfc]
vault_reader = "vault"
""", encoding="utf-8")
    return config


def idle_with_devices(quick: bool) -> Figure:
    settle, seconds = (3.0, 4.0) if quick else (12.0, 20.0)
    asked: list[str] = []
    with tempfile.TemporaryDirectory() as directory, emulated_readers(asked) as (pn532, bridge):
        data_dir = Path(directory)
        build_store(data_dir, 300)
        app = [sys.executable, "-m", "companion", "--data-dir", str(data_dir), "--resume",
               "--size", "800x480"]
        config = pi_config(data_dir, pn532, bridge)
        cpu, wakes = idle_load([*app, "--config", str(config)], settle, seconds,
                               {"GPIOZERO_PIN_FACTORY": "mock"})
        simulated_cpu, simulated_wakes = idle_load([*app, "--simulate"], settle, seconds)
    return Figure(
        "Idle on the table, Pi devices (8 mock-pin buttons, PN532, bridge)",
        f"{cpu * 100:.3f}% of a core, {wakes:.1f} wake-ups/s",
        f"{simulated_cpu * 100:.3f}%, {simulated_wakes:.1f} wake-ups/s with simulated devices",
        f"+{(cpu - simulated_cpu) * 100:.3f} points, +{wakes - simulated_wakes:.1f}/s",
        "< 0.1% of a core and <= 15 wake-ups/s",
        cpu < 0.001 and wakes <= 15 and _talked_to_both(asked[0]),
        f"emulators: {asked[0]}; the app's CPU time and context switches over "
        f"{seconds:.0f} s of wall time, starting {settle:.0f} s after its first frame, "
        "nothing touched (not a latency: no flip); the app as on the Pi "
        "(GPIOZERO_PIN_FACTORY=mock, no --simulate), the readers emulated at 115200 "
        "baud in another process (their CPU not counted); wake-ups are context switches "
        "of all the app's threads",
    )
