"""The panel's backlight: a small root helper behind a socket, and the app's client for it.

The service cannot write ``/sys`` (``ProtectKernelTunables=yes``, no capabilities), so a
separate, socket-activated helper does the one write it needs:
``companion-backlight.socket`` listens on :data:`SOCKET_PATH`, which only the
``companion`` group may write to, and ``companion-backlight.service`` (root, nothing
else allowed) sets every ``/sys/class/backlight/*`` to the percentage it is sent. A
datagram is one line, ``"<percent>"``: 100 is full, 0 switches the backlight off.

The client never blocks the app and never fails it: a missing helper (a desktop, HDMI
with no backlight) only means the screen stays as it is.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.system.datagram import Socket, unix_datagram

SYSFS_BACKLIGHT = Path("/sys/class/backlight")
SOCKET_PATH = Path("/run/companion-backlight.sock")
#: bl_power values (linux/fb.h): FB_BLANK_UNBLANK and FB_BLANK_POWERDOWN
POWER_ON, POWER_OFF = "0", "4"
#: the first socket systemd hands over (sd_listen_fds)
LISTEN_FDS_START = 3


class BacklightError(ValueError):
    """A request the helper refuses; the message says why."""


def parse_request(data: bytes) -> int:
    """The percentage in one datagram; anything else is refused, never guessed."""
    text = data.decode("ascii", errors="replace").strip()
    if not text.isdigit() or not 0 <= int(text) <= 100:
        raise BacklightError(f"backlight level must be a whole percentage 0-100, not {text!r}")
    return int(text)


def set_level(percent: int, sysfs: Path = SYSFS_BACKLIGHT) -> list[str]:
    """Set every backlight under ``sysfs`` to ``percent``; the names of those changed.

    Above zero the level never rounds down to off: a dimmed panel stays readable.
    """
    if not 0 <= percent <= 100:
        raise BacklightError(f"backlight level must be 0-100, not {percent}")
    changed = []
    for device in sorted(sysfs.glob("*")):
        try:
            maximum = int((device / "max_brightness").read_text().strip())
        except (OSError, ValueError):
            continue
        level = 0 if percent == 0 else max(1, round(maximum * percent / 100))
        power = device / "bl_power"
        if percent > 0 and power.exists():
            power.write_text(POWER_ON)
        (device / "brightness").write_text(str(level))
        if percent == 0 and power.exists():
            power.write_text(POWER_OFF)
        changed.append(device.name)
    return changed


def serve(listener: Socket, sysfs: Path = SYSFS_BACKLIGHT,
          max_requests: int | None = None) -> int:
    """Apply datagrams from ``listener`` until it closes (or ``max_requests`` are done)."""
    handled = 0
    while max_requests is None or handled < max_requests:
        try:
            data = listener.recv(64)
        except OSError:
            return 0
        if not data:
            return 0
        handled += 1
        try:
            set_level(parse_request(data), sysfs)
        except (BacklightError, OSError) as error:
            print(f"companion-backlight: {error}", file=sys.stderr)
    return 0


class BacklightClient:
    """Sends levels to the helper; forgets quietly when no helper is there."""

    def __init__(self, path: Path = SOCKET_PATH) -> None:
        self.path = path
        self.level: int | None = None
        self._socket: Socket | None = None

    def set(self, percent: int) -> bool:
        """Ask for ``percent``; True if the helper got it. Unchanged levels are not resent."""
        if percent == self.level:
            return True
        try:
            if self._socket is None:
                self._socket = unix_datagram()
            self._socket.sendto(str(percent).encode("ascii"), str(self.path))
        except OSError:
            return False
        self.level = percent
        return True

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # the helper's command line, not at the app's start

    parser = argparse.ArgumentParser(
        prog="python -m companion.system.backlight",
        description="Set the panel's backlight: once (--set), or as the socket-activated "
                    "helper of companion-backlight.socket (no option).")
    parser.add_argument("--set", type=int, metavar="PERCENT", help="set this level and exit")
    parser.add_argument("--sysfs", type=Path, default=SYSFS_BACKLIGHT)
    args = parser.parse_args(argv)
    if args.set is not None:
        try:
            names = set_level(args.set, args.sysfs)
        except (BacklightError, OSError) as error:
            print(f"companion-backlight: {error}", file=sys.stderr)
            return 1
        print(", ".join(names) or f"no backlight under {args.sysfs}")
        return 0
    if os.environ.get("LISTEN_FDS") != "1":
        print("companion-backlight: no socket from systemd (LISTEN_FDS); use --set PERCENT",
              file=sys.stderr)
        return 2
    import socket  # the helper's own process: its start-up is not the app's

    listener = socket.socket(fileno=LISTEN_FDS_START)
    return serve(listener, args.sysfs)


if __name__ == "__main__":
    sys.exit(main())
