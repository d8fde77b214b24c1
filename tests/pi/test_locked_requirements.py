"""The Pi installs exactly the locked set: systemd/requirements.txt is uv.lock's export."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from paths import REPO

CHECKOUT = REPO
REQUIREMENTS = CHECKOUT / "systemd" / "requirements.txt"
EXPORT = ["export", "--frozen", "--no-default-groups", "--no-emit-project", "--format",
          "requirements-txt", "-o", "systemd/requirements.txt"]


def test_every_pin_has_a_hash() -> None:
    text = REQUIREMENTS.read_text()
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==\S+ \\$", text, re.M)
    assert {"pygame-ce", "gpiozero", "pyserial"} <= set(pins)
    blocks = re.split(r"^(?=[A-Za-z0-9_.-]+==)", text, flags=re.M)[1:]
    assert len(blocks) == len(pins)
    assert all("--hash=sha256:" in block for block in blocks)


@pytest.mark.skipif(shutil.which("uv") is None, reason="needs uv to export the lock")
def test_the_requirements_file_is_the_export_of_uv_lock(tmp_path: Path) -> None:
    uv = shutil.which("uv")
    assert uv is not None
    copy = tmp_path / "checkout"
    copy.mkdir()
    for name in ("pyproject.toml", "uv.lock", "README.md"):
        shutil.copy2(CHECKOUT / name, copy / name)
    (copy / "systemd").mkdir()
    done = subprocess.run([uv, *EXPORT], cwd=copy, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (copy / "systemd/requirements.txt").read_text() == REQUIREMENTS.read_text(), (
        "systemd/requirements.txt is stale: run uv " + " ".join(EXPORT))


def test_no_32_bit_platform_markers() -> None:
    """32-bit Pi OS is not supported (pygame-ce has no armv7l/armv6l wheels)."""
    project = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]
    assert "pi" not in project.get("optional-dependencies", {})
    for text in (CHECKOUT / "pyproject.toml").read_text(), REQUIREMENTS.read_text():
        assert "armv7l" not in text and "armv6l" not in text


def test_the_pi_installs_no_bundled_fonts() -> None:
    """The Pi draws with Debian's fonts-noto-*: the 50 MB of Noto wheels (the ``fonts`` group,
    for a machine without them) stay out of its locked set."""
    groups = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["dependency-groups"]
    pins = set(re.findall(r"^([A-Za-z0-9_.-]+)==", REQUIREMENTS.read_text(), re.M))
    wanted = {re.split(r"[<>=!~ ]", requirement)[0] for requirement in groups["fonts"]}
    assert "fontpkg-noto-sans" in wanted
    assert not wanted & pins
