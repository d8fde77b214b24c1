"""Which Pi this is, from a fake /proc/device-tree/model, and what that means for the UART."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.system import board

BOARD_SCRIPT = Path(board.__file__)


def model_file(tmp_path: Path, text: bytes) -> Path:
    path = tmp_path / "model"
    path.write_bytes(text)
    return path


@pytest.mark.parametrize("model, uart, port", [
    ("Raspberry Pi 5 Model B Rev 1.0", ("dtparam=uart0=on",), "/dev/ttyAMA0"),
    ("Raspberry Pi 500 Rev 1.0", ("dtparam=uart0=on",), "/dev/ttyAMA0"),
    ("Raspberry Pi Compute Module 5 Rev 1.0", ("dtparam=uart0=on",), "/dev/ttyAMA0"),
    ("Raspberry Pi 4 Model B Rev 1.5", ("enable_uart=1",), "/dev/serial0"),
    ("Raspberry Pi 3 Model B Plus Rev 1.3", ("enable_uart=1",), "/dev/serial0"),
    ("Raspberry Pi Zero 2 W Rev 1.0", ("enable_uart=1",), "/dev/serial0"),
])
def test_model_decides_overlay_and_port(tmp_path: Path, model: str, uart: tuple[str, ...],
                                        port: str) -> None:
    detected = board.detect(model_file(tmp_path, model.encode() + b"\0"))
    assert detected.model == model
    assert detected.is_pi
    assert detected.uart_config == uart
    assert detected.serial_port == port
    assert detected.has_rp1 == (port == "/dev/ttyAMA0")


def test_no_model_file_is_not_a_pi(tmp_path: Path) -> None:
    detected = board.detect(tmp_path / "absent")
    assert detected.model == ""
    assert not detected.is_pi
    assert detected.serial_port == "/dev/serial0"


def test_other_boards_are_not_taken_for_a_pi(tmp_path: Path) -> None:
    detected = board.detect(model_file(tmp_path, b"Pine64 RockPro64 v2.1\0"))
    assert not detected.is_pi and not detected.has_rp1


def test_the_installer_reads_shell_assignments_without_the_package(tmp_path: Path) -> None:
    """install.sh runs the file with the system Python before the app is installed."""
    path = model_file(tmp_path, b"Raspberry Pi 5 Model B Rev 1.1\0")
    script = (f"eval \"$({sys.executable} -I {BOARD_SCRIPT} --model-file {path} --shell)\"; "
              'printf "%s|%s|%s|%s" "$BOARD_MODEL" "$BOARD_IS_PI" "$BOARD_UART_CONFIG" '
              '"$BOARD_SERIAL_PORT"')
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True,
                         cwd=tmp_path, timeout=60).stdout
    assert out == "Raspberry Pi 5 Model B Rev 1.1|1|dtparam=uart0=on|/dev/ttyAMA0"


def test_a_model_with_quotes_stays_one_value(tmp_path: Path) -> None:
    text = board.shell_assignments(board.board_for("Raspberry Pi 'odd' $(rm -rf /)"))
    out = subprocess.run(["bash", "-c", text + 'printf %s "$BOARD_MODEL"'],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    assert out == "Raspberry Pi 'odd' $(rm -rf /)"
