"""USB sticks the system has mounted (by udisks or the desktop), to export games onto.

Read from ``/proc/mounts`` when a screen is built; nothing watches for sticks in the
background, so an idle companion does no work for them.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from companion.i18n import _, ngettext

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


def export_to(folder: Path, texts: dict[str, str], count: int) -> str:
    """Write the exports (file suffix -> text) into ``folder``; the words to show."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for suffix, text in texts.items():
        (folder / f"companion-{stamp}{suffix}").write_text(text, encoding="utf-8")
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
