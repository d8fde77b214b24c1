"""A window or a clear word: an SDL that falls back on a driver showing nothing, unasked,
makes the app say what to install and stop, not run invisible."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from companion.cli import build_parser
from companion.system.video_driver import invisible_driver_message


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_driver_that_shows_nothing_unasked_names_what_to_install(driver: str) -> None:
    message = invisible_driver_message(driver, None)
    assert message is not None and driver in message
    assert "libx11-6" in message and "libwayland-client0" in message
    assert "\n" not in message


@pytest.mark.parametrize(("driver", "requested"), [("x11", None), ("wayland", None),
                                                   ("KMSDRM", "kmsdrm"),
                                                   ("offscreen", "offscreen"),
                                                   ("dummy", "dummy")])
def test_a_real_driver_or_one_asked_for_is_fine(driver: str, requested: str | None) -> None:
    assert invisible_driver_message(driver, requested) is None


def test_the_app_stops_with_one_line_when_sdl_fell_back_unasked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.app import run_app

    real_init = pygame.display.init

    def init_as_if_unasked() -> None:
        real_init()  # the tests' dummy driver, then as if nobody had chosen it
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)

    monkeypatch.setattr(pygame.display, "init", init_as_if_unasked)
    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--simulate", "--windowed"])
    assert run_app(args) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if "libx11-6" in line]
    assert len(errors) == 1 and "dummy" in errors[0]


@pytest.mark.skipif(Path("/dev/dri").exists(), reason="a DRM device here may show a screen")
def test_without_any_display_the_command_exits_non_zero_at_once(tmp_path: Path) -> None:
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run([sys.executable, "-m", "companion", "--windowed", "--simulate",
                           "--data-dir", str(tmp_path)], env=environment, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    assert "libx11-6" in done.stderr and "offscreen" in done.stderr
