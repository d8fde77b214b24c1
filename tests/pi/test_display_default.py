"""Fullscreen on a Raspberry Pi, a window elsewhere, unless the command line says which."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import wants_fullscreen
from companion.cli import build_parser


def model_file(tmp_path: Path, model: bytes | None) -> Path:
    path = tmp_path / "model"
    if model is not None:
        path.write_bytes(model)
    return path


@pytest.mark.parametrize(("flags", "model", "fullscreen"), [
    ([], b"Raspberry Pi 4 Model B Rev 1.5\0", True),
    ([], b"Raspberry Pi 5 Model B Rev 1.0\0", True),
    ([], None, False),  # no device tree: a laptop
    ([], b"Some ARM board\0", False),
    (["--windowed"], b"Raspberry Pi 4 Model B Rev 1.5\0", False),
    (["--fullscreen"], None, True),
])
def test_display_mode(tmp_path: Path, flags: list[str], model: bytes | None,
                      fullscreen: bool) -> None:
    args = build_parser().parse_args(flags)
    assert wants_fullscreen(args, model_file(tmp_path, model)) is fullscreen
