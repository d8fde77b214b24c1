"""Export onto a USB stick: never through a link, never over a file, on disk before "unplug".

The stick is a real mount (tmpfs, as root; the test is skipped where nothing can be
mounted) listed in a mount table of the test's own, and the export is tapped in the app.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from ui_driver import Driver, make_app

from companion.system.usb import StickRefused, write_files
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.demo import demo_history

STAMP = "20260101-200000"


def _mount_tmpfs(where: Path) -> str | None:
    """Why a tmpfs cannot be mounted at ``where`` (None: it is mounted)."""
    if os.geteuid() != 0:
        return "mounting a stand-in USB stick (tmpfs) needs root; CI runs as root"
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)],
                          capture_output=True, text=True, check=False)
    return f"tmpfs cannot be mounted here: {done.stderr.strip()}" if done.returncode else None


@pytest.fixture
def stick(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs mounted under ``media/pi/STICK``: the stick, on its own file system."""
    point = tmp_path / "media" / "pi" / "STICK"
    point.mkdir(parents=True)
    reason = _mount_tmpfs(point)
    if reason:
        pytest.skip(reason)
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True, check=False)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app on the 7" display with three finished games; exports are stamped STAMP."""
    app = make_app(tmp_path / "data", (800, 480))
    demo_history(app.store)
    monkeypatch.setattr("companion.system.usb.time", SimpleNamespace(strftime=lambda *_: STAMP))
    yield app
    app.store.close()
    pygame.display.quit()


def _list_in_mount_table(app: App, tmp_path: Path, point: Path,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    table = tmp_path / "mounts"
    table.write_text(f"/dev/sda1 {point} vfat rw,nosuid 0 0\n")
    monkeypatch.setattr("companion.system.usb.MOUNT_ROOTS", (f"{tmp_path}/media/",))
    app.usb_mounts = str(table)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _export(app: App, allow_error: bool = False) -> None:
    app.go(places.History())
    app.step()
    Driver(app).tap("export-usb", allow_error=allow_error)


def test_a_link_on_the_stick_named_like_the_export_never_reaches_the_game_log(
        app: App, stick: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = app.store.path
    other = log.parent / "notes.txt"
    other.write_text("kept\n")
    app.store.flush()
    before = _digest(log)
    (stick / f"companion-{STAMP}.json").symlink_to(log)
    (stick / f"companion-{STAMP}.csv").symlink_to(other)
    _list_in_mount_table(app, tmp_path, stick, monkeypatch)
    _export(app)
    assert _digest(log) == before, "the export wrote through the link into the game log"
    assert other.read_text() == "kept\n"
    assert (stick / f"companion-{STAMP}.json").is_symlink()
    written = sorted(p.name for p in stick.iterdir() if not p.is_symlink())
    assert written == [f"companion-{STAMP}-2.bgstats.json", f"companion-{STAMP}-2.csv",
                       f"companion-{STAMP}-2.json"]
    assert '"games"' in (stick / f"companion-{STAMP}-2.json").read_text()
    assert app.banner is not None and not app.banner.error and "3 games" in app.banner.text
    assert len(app.store.finished_games()) == 3


def test_a_stick_folder_that_is_a_link_is_refused(
        app: App, stick: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = app.store.path.parent
    names_before = sorted(p.name for p in data.iterdir())
    link = stick.parent / "LINK"
    link.symlink_to(data, target_is_directory=True)
    _list_in_mount_table(app, tmp_path, link, monkeypatch)
    _export(app, allow_error=True)
    assert sorted(p.name for p in data.iterdir()) == names_before
    assert app.banner is not None and app.banner.error
    assert "not a folder" in app.banner.text and "unplugged" not in app.banner.text


def test_every_file_and_the_folder_are_on_the_stick_before_it_may_be_unplugged(
        app: App, stick: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.fstat(fd).st_ino)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    _list_in_mount_table(app, tmp_path, stick, monkeypatch)
    _export(app)
    files = list(stick.iterdir())
    assert len(files) == 3
    assert {f.stat().st_ino for f in files} <= set(synced)
    assert synced[-1] == stick.stat().st_ino  # the folder last: its entries name the files
    assert app.banner is not None and "can be unplugged" in app.banner.text


def test_a_failed_write_leaves_no_half_export(stick: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0
    real_fsync = os.fsync

    def failing(fd: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(OSError, match="No space"):
        write_files(stick, {".json": "{}", ".csv": "a\n"}, STAMP)
    assert list(stick.iterdir()) == []


def test_a_file_where_the_stick_should_be_is_refused(tmp_path: Path) -> None:
    plain = tmp_path / "not-a-folder"
    plain.write_text("x")
    with pytest.raises(StickRefused):
        write_files(plain, {".json": "{}"}, STAMP)


def test_a_link_that_appears_after_the_names_were_chosen_is_not_followed(
        stick: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The names are picked free, then a link is put at one before it is created: the
    creation itself refuses it (O_EXCL), the target stays as it was."""
    target = tmp_path / "companion.db"
    target.write_bytes(b"the game log")
    name = f"companion-{STAMP}.json"

    def racing(directory: int, stamp: str, suffixes: list[str]) -> list[str]:
        (stick / name).symlink_to(target)
        return [name]

    monkeypatch.setattr("companion.system.usb._free_names", racing)
    with pytest.raises(FileExistsError):
        write_files(stick, {".json": "{}"}, STAMP)
    assert target.read_bytes() == b"the game log" and (stick / name).is_symlink()
