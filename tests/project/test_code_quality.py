"""The whole tree stays ruff- and mypy-clean (the same checks a developer runs by hand)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from paths import REPO

ROOT = REPO


def _tool(name: str) -> list[str]:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(f"{name} is not installed in this environment")
    return [found]


def test_ruff_is_clean() -> None:
    done = subprocess.run([*_tool("ruff"), "check", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_property_tests_have_no_deadline() -> None:
    from hypothesis import settings

    assert settings.default is not None and settings.default.deadline is None  # conftest's
    assert settings(max_examples=5).deadline is None  # and what a test's own settings inherit


def test_mypy_covers_the_whole_tree() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(config["tool"]["mypy"]["files"]) >= {"companion", "tests", "bench"}


def test_mypy_is_clean() -> None:
    done = subprocess.run([*_tool("mypy")], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
