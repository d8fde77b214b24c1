"""The bridge firmware builds for an Arduino Nano and its output parses with the host's parser.

The build uses Debian's toolchain (gcc-avr, avr-libc, arduino-core-avr) and the Arduino
MFRC522 library where the Arduino library manager puts it, or ``MFRC522_DIR``; the library is
in no Debian or PyPI package, so where it is not installed (CI) the firmware is built against
``mfrc522_stub/``, a stand-in for just the calls the firmware makes that reads the chip's
registers over SPI as the library does. The run uses simavr, an ATmega328P simulator, on the
very ELF that would be flashed. With no MFRC522 on its SPI bus every reader is dead at
power-on, which the firmware must report after its HELLO.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from paths import REPO

from companion.devices import bridge_protocol as bp

ROOT = REPO
BRIDGE = ROOT / "firmware_notes" / "bridge"
ARDUINO_AVR = Path("/usr/share/arduino/hardware/arduino/avr")
SKETCH_READERS = ("seat1", "seat2", "vault")  # READERS in companion_bridge.ino
HANG_GUARD = 120  # seconds: only so a broken firmware cannot hang the suite

LIBRARY_MANAGER = Path.home() / "Arduino" / "libraries" / "MFRC522" / "src"
STUB = Path(__file__).resolve().parent / "mfrc522_stub"


def mfrc522_dir() -> Path:
    """The MFRC522 library to build with: MFRC522_DIR, the library manager's, else the stub."""
    if os.environ.get("MFRC522_DIR"):
        return Path(os.environ["MFRC522_DIR"])
    return LIBRARY_MANAGER if (LIBRARY_MANAGER / "MFRC522.cpp").is_file() else STUB


def _missing_toolchain() -> list[str]:
    missing = []
    if shutil.which("avr-g++") is None:
        missing.append("gcc-avr")
    if not Path("/usr/lib/avr/include/avr/io.h").is_file():
        missing.append("avr-libc")
    if not (ARDUINO_AVR / "cores" / "arduino").is_dir():
        missing.append("arduino-core-avr")
    return missing


needs_toolchain = pytest.mark.skipif(
    bool(_missing_toolchain()),
    reason="building the bridge firmware needs the Debian packages "
           + ", ".join(_missing_toolchain()) + " (.ci/run installs them)")
needs_library = pytest.mark.skipif(
    not (mfrc522_dir() / "MFRC522.cpp").is_file(),
    reason=f"MFRC522_DIR names no MFRC522 library ({mfrc522_dir()} has no MFRC522.cpp)")


@pytest.fixture(scope="module")
def firmware(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("firmware")
    build = subprocess.run([str(BRIDGE / "build-nano"), str(out)], capture_output=True,
                           text=True, timeout=HANG_GUARD,
                           env={**os.environ, "MFRC522_DIR": str(mfrc522_dir())})
    assert build.returncode == 0, build.stdout + build.stderr
    assert "warning" not in build.stderr.lower(), build.stderr
    assert re.search(r"program \d+ of 30720 bytes, static RAM \d+ of 2048", build.stdout)
    return out / "companion_bridge.elf"


@needs_toolchain
@needs_library
def test_the_firmware_builds_for_a_nano(firmware: Path) -> None:
    hex_file = firmware.with_suffix(".hex")
    assert hex_file.read_text().splitlines()[-1] == ":00000001FF"  # Intel HEX end record


def simulated_lines(elf: Path, wanted: int) -> list[bytes]:
    """The first ``wanted`` lines the firmware sends on its UART under simavr."""
    sim = subprocess.Popen(["simavr", "-m", "atmega328p", "-f", "16000000", str(elf)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines: list[bytes] = []
    try:
        assert sim.stderr is not None
        for raw in sim.stderr:  # simavr prints each UART line coloured, "\n" shown as "."
            text = re.sub(rb"\x1b\[[0-9;]*m", b"", raw).strip()
            if text.endswith(b"."):
                lines.append(text[:-1])
            if len(lines) == wanted:
                break
    finally:
        sim.kill()
        sim.wait(HANG_GUARD)
    return lines


@needs_toolchain
@needs_library
@pytest.mark.skipif(shutil.which("simavr") is None,
                    reason="running the bridge firmware needs the Debian package simavr "
                           "(.ci/run installs it)")
def test_the_firmware_speaks_the_protocol_and_reports_dead_readers_after_hello(
        firmware: Path) -> None:
    lines = simulated_lines(firmware, 2 + len(SKETCH_READERS) + 1)
    messages = [bp.parse_line(line) for line in lines]
    assert messages == [
        bp.Hello(bp.PROTOCOL_VERSION, "2.0.0", SKETCH_READERS),
        *(bp.ReaderFault(reader, "no MFRC522 answers") for reader in SKETCH_READERS),
        bp.Heartbeat(1),
        bp.Heartbeat(2),
    ], lines
