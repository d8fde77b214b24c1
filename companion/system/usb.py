"""USB sticks the system has mounted (by udisks or the desktop), to export games onto.

Read from ``/proc/mounts`` when a screen is built; nothing watches for sticks in the
background, so an idle companion does no work for them.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path

from companion.core.i18n import _, ngettext

#: file systems a USB stick comes with
STICK_FILESYSTEMS = frozenset({"vfat", "exfat", "ntfs", "ntfs3", "fuseblk", "msdos"})
#: where automounters put removable media
MOUNT_ROOTS = ("/media/", "/run/media/", "/mnt/")


def _unescape(field: str) -> str:
    """/proc/mounts writes a space in a path as ``\\040`` (and tab, newline, backslash)."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def mounted_sticks(mounts: str = "/proc/mounts", roots: tuple[str, ...] | None = None
                   ) -> list[Path]:
    """Writable mount points of USB sticks (under ``roots``), in the order they were mounted."""
    roots = MOUNT_ROOTS if roots is None else roots
    try:
        with open(mounts, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    sticks = []
    for line in lines:
        fields = line.split()
        if len(fields) < 4:
            continue
        point, fstype, flags = _unescape(fields[1]), fields[2], fields[3].split(",")
        if (fstype in STICK_FILESYSTEMS and point.startswith(roots) and "ro" not in flags
                and os.access(point, os.W_OK)):
            sticks.append(Path(point))
    return sticks


class StickRefused(OSError):
    """The stick's folder is not a plain directory we may write into; nothing was written."""


def _open_stick(folder: Path) -> int:
    """The stick's folder, opened without following a link; refused unless a directory."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise StickRefused(exc.errno, _("{folder} is a link or a file, not a folder on "
                                            "the stick").format(folder=folder)) from None
        raise
    return fd


def _create(directory: int, name: str) -> int:
    """A new file in ``directory``: never an existing name, never through a link."""
    return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                   0o644, dir_fd=directory)


def _fsync_directory(fd: int) -> None:
    """The new names on disk; a file system that cannot sync a folder syncs everything."""
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
        os.sync()


def _free_names(directory: int, stamp: str, suffixes: list[str]) -> list[str]:
    """``companion-<stamp><suffix>`` for each suffix; ``-2``, ``-3``... while any is taken."""
    for attempt in range(1, 100):
        tail = "" if attempt == 1 else f"-{attempt}"
        names = [f"companion-{stamp}{tail}{suffix}" for suffix in suffixes]
        if not any(_exists(directory, name) for name in names):
            return names
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST))


def _exists(directory: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=directory, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def write_files(folder: Path, texts: dict[str, str], stamp: str) -> list[str]:
    """Write each text (suffix -> text) as a new file in ``folder``; the names written.

    Nothing is ever written through a link or over an existing file (a stick holding a
    link named like the export cannot aim it at the game log): every file is created
    with ``O_CREAT | O_EXCL | O_NOFOLLOW`` relative to the stick's folder, itself opened
    with ``O_NOFOLLOW``. Each file and then the folder are fsynced, so once this returns
    the stick can be pulled. On a failure the files begun are removed again.
    """
    root = _open_stick(folder)
    written: list[str] = []
    try:
        names = _free_names(root, stamp, list(texts))
        try:
            for name, text in zip(names, texts.values(), strict=True):
                fd = _create(root, name)
                written.append(name)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(text.encode("utf-8"))
                    handle.flush()
                    os.fsync(handle.fileno())
            _fsync_directory(root)
        except BaseException:
            for name in written:
                with contextlib.suppress(OSError):
                    os.unlink(name, dir_fd=root)
            raise
    finally:
        os.close(root)
    return written


def export_to(folder: Path, texts: dict[str, str], count: int) -> str:
    """Write the exports (file suffix -> text) onto the stick at ``folder``; the words to
    show, which say it can be unplugged only once everything is on the stick."""
    write_files(folder, texts, time.strftime("%Y%m%d-%H%M%S"))
    return ngettext("{n} game saved on the USB stick ({folder}).",
                    "{n} games saved on the USB stick ({folder}).", count).format(
        n=count, folder=folder) + " " + _("It can be unplugged now.")


#: names a BG Stats backup or play file goes by (and our own BG Stats export)
BGSTATS_PATTERNS = ("*.bgsplay", "BGStatsExport*.json", "*.bgstats.json")


def bgstats_files(folder: Path) -> list[Path]:
    """BG Stats files at the top of a stick, newest first."""
    found: set[Path] = set()
    for pattern in BGSTATS_PATTERNS:
        try:
            found.update(p for p in folder.glob(pattern) if p.is_file())
        except OSError:
            continue
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
