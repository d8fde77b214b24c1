"""One history limit for every way in: ``companion import``, ``import-bgstats``, the in-app
BG Stats import and New game stop at :data:`companion.log.limits.MAX_HISTORY` finished
games, each with one clear sentence and nothing added or lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import TESTS

from companion.cli import main
from companion.history.exchange import export_text
from companion.log.store import Store
from companion.ui.demo import demo_history

BACKUP = TESTS / "store" / "data" / "bgstats_backup.json"


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """A history limit of 4 games, the same rules as at 10,000."""
    monkeypatch.setattr("companion.log.limits.MAX_HISTORY", 4)
    return 4


def _folder(path: Path, games: int) -> int:
    """A data folder holding ``games`` finished games (the demo's three, or none)."""
    store = Store.open(path)
    if games:
        demo_history(store, start=1_760_000_000.0)
    count = store.finished_count()
    store.close()
    return count


def _finished(path: Path) -> int:
    store = Store.open(path)
    try:
        return store.finished_count()
    finally:
        store.close()


def test_import_bgstats_over_the_limit_is_refused_in_one_line(
        tmp_path: Path, small_limit: int, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    before = _folder(data, 3)  # three here, the backup brings three of our games more
    assert main(["--data-dir", str(data), "import-bgstats", "--no-ask", str(BACKUP)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "would hold 6 finished games" in error
    assert "at most 4" in error
    assert _finished(data) == before


def test_import_bgstats_up_to_the_limit_is_taken(tmp_path: Path, small_limit: int) -> None:
    data = tmp_path / "data"
    _folder(data, 0)
    assert main(["--data-dir", str(data), "import-bgstats", "--no-ask", str(BACKUP)]) == 0
    assert _finished(data) == 3


def test_companion_import_over_the_limit_is_refused(
        tmp_path: Path, small_limit: int, capsys: pytest.CaptureFixture[str]) -> None:
    source = Store(":memory:")
    demo_history(source, start=1_700_000_000.0)
    backup = tmp_path / "backup.json"
    backup.write_text(export_text(source, "json"), encoding="utf-8")
    data = tmp_path / "data"
    before = _folder(data, 3)  # another three games: six would be over four
    assert main(["--data-dir", str(data), "import", str(backup)]) == 2
    assert "at most 4" in capsys.readouterr().err
    assert _finished(data) == before
