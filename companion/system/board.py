"""Which Raspberry Pi this is, and what that means for the NFC reader's UART.

The installer runs this file with the system Python before the app is installed
(``python3 -P companion/system/board.py --shell``: -P, so its folder does not shadow the
standard library with ``companion/locale``), so it uses the standard library only and
imports nothing from the companion. On a Pi 5 GPIO 14/15 are UART0: it is switched on
with ``dtparam=uart0=on`` and appears as ``/dev/ttyAMA0``, while ``/dev/serial0`` is
the separate debug connector. On earlier models ``enable_uart=1`` puts the primary
UART on GPIO 14/15 as ``/dev/serial0``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

MODEL_FILE = Path("/proc/device-tree/model")
#: Models whose GPIO 14/15 UART is the RP1's UART0 (Pi 5, Pi 500, Compute Module 5).
_RP1_MODELS = ("Raspberry Pi 5", "Raspberry Pi 500", "Raspberry Pi Compute Module 5")


class Board:
    """The facts the installer and ``companion doctor`` need about this machine.

    A plain class, not a companion record or a named tuple: the installer runs this file
    before the companion is installed, with the standard library alone, and a desktop's
    start reads it before the first frame (a named tuple costs that start 0.3 ms).
    """

    __slots__ = ("model", "uart_config", "serial_port")

    def __init__(self, model: str, uart_config: tuple[str, ...], serial_port: str) -> None:
        self.model = model
        self.uart_config = uart_config
        self.serial_port = serial_port

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.model, self.uart_config, self.serial_port) == (
            other.model, other.uart_config, other.serial_port)

    def __hash__(self) -> int:
        return hash((self.model, self.uart_config, self.serial_port))

    def __repr__(self) -> str:
        return (f"Board(model={self.model!r}, uart_config={self.uart_config!r}, "
                f"serial_port={self.serial_port!r})")

    @property
    def is_pi(self) -> bool:
        return self.model.startswith("Raspberry Pi")

    @property
    def has_rp1(self) -> bool:
        return self.model.startswith(_RP1_MODELS)


def read_model(path: Path = MODEL_FILE) -> str:
    """The device tree's model string without its trailing NUL; "" when there is none."""
    try:
        raw = path.read_bytes()
    except OSError:
        return ""
    return raw.split(b"\0", 1)[0].decode("utf-8", errors="replace").strip()


def board_for(model: str) -> Board:
    """The UART lines for ``config.txt`` and the reader's default port for ``model``."""
    if model.startswith(_RP1_MODELS):
        return Board(model, ("dtparam=uart0=on",), "/dev/ttyAMA0")
    return Board(model, ("enable_uart=1",), "/dev/serial0")


def detect(path: Path = MODEL_FILE) -> Board:
    return board_for(read_model(path))


def shell_assignments(board: Board) -> str:
    """``NAME=value`` lines for the installer to ``eval``."""
    import shlex  # for the installer only, not at the app's start

    values = {
        "BOARD_MODEL": board.model,
        "BOARD_IS_PI": "1" if board.is_pi else "0",
        "BOARD_UART_CONFIG": " ".join(board.uart_config),
        "BOARD_SERIAL_PORT": board.serial_port,
    }
    return "".join(f"{name}={shlex.quote(value)}\n" for name, value in values.items())


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # for the installer and doctor's command line, not at the app's start

    parser = argparse.ArgumentParser(
        prog="python3 companion/system/board.py",
        description="Name the Raspberry Pi model and the UART settings for its NFC reader.")
    parser.add_argument("--model-file", type=Path, default=MODEL_FILE,
                        help="the device tree model file (default: /proc/device-tree/model)")
    parser.add_argument("--shell", action="store_true",
                        help="print shell assignments for install.sh")
    args = parser.parse_args(argv)
    board = detect(args.model_file)
    if args.shell:
        sys.stdout.write(shell_assignments(board))
    else:
        print(f"model: {board.model or 'not a Raspberry Pi'}")
        print(f"UART on GPIO 14/15: {', '.join(board.uart_config)} -> {board.serial_port}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
