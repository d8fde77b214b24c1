"""Pick the DRM card that drives the touchscreen, for SDL's kmsdrm driver.

SDL opens ``/dev/dri/card<N>`` with N from ``SDL_KMSDRM_DEVICE_INDEX`` (0 by
default). On a Pi 5 the card numbers change between boots and card0 may be
the render-only GPU, so N is chosen at every start from sysfs: the card with a
connected DSI connector, else any card with a connected connector.

The unit runs ``python -m companion.system.drm --env-file ...`` as ``ExecStartPre``
and reads the file through ``EnvironmentFile=``; off systemd the app may call
:func:`apply_to_environment` before it initialises pygame.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.i18n import _
from companion.core.records import frozen

if TYPE_CHECKING:
    import argparse

SYSFS_DRM = Path("/sys/class/drm")
DEVICE_INDEX_VARIABLE = "SDL_KMSDRM_DEVICE_INDEX"
_CONNECTOR_ENTRY = re.compile(r"^card(\d+)-(.+)$")


@frozen
class Connector:
    """One connector of one card, as sysfs reports it (``card1-DSI-1``)."""

    card: int
    name: str
    status: str
    has_modes: bool

    @property
    def is_dsi(self) -> bool:
        return self.name.startswith("DSI-")

    @property
    def is_connected(self) -> bool:
        """Connected, or a panel whose presence the driver cannot detect.

        Fixed panels often report ``unknown``; a listed mode shows one is there.
        """
        return self.status == "connected" or (self.status == "unknown" and self.has_modes)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return ""


def list_connectors(sysfs_root: Path = SYSFS_DRM) -> list[Connector]:
    """Every connector under ``sysfs_root``, ordered by card number then name."""
    try:
        entries = os.listdir(sysfs_root)
    except OSError:
        return []
    connectors = []
    for entry in entries:
        match = _CONNECTOR_ENTRY.match(entry)
        if match is None:
            continue
        folder = sysfs_root / entry
        connectors.append(
            Connector(
                card=int(match.group(1)),
                name=match.group(2),
                status=_read(folder / "status"),
                has_modes=bool(_read(folder / "modes")),
            )
        )
    return sorted(connectors, key=lambda c: (c.card, c.name))


def pick_connector(connectors: Sequence[Connector]) -> Connector | None:
    """The connected DSI connector with the lowest card number, else any connected one."""
    connected = [c for c in connectors if c.is_connected]
    dsi = [c for c in connected if c.is_dsi]
    if dsi:
        return dsi[0]
    return connected[0] if connected else None


def dsi_expected(connectors: Sequence[Connector]) -> bool:
    """A DSI connector is listed but not connected yet: its panel is still probing."""
    return any(c.is_dsi and not c.is_connected for c in connectors)


def find_display(
    sysfs_root: Path = SYSFS_DRM,
    wait: float = 0.0,
    poll: float = 0.25,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Connector | None:
    """The connector to show the companion on, waiting up to ``wait`` s for a DSI one.

    The DSI panel's driver can probe a moment after the unit starts, so while a DSI
    connector is listed but not yet connected the pick waits for it. With no DSI
    connector at all (HDMI only, or no screen) nothing is expected and the first look
    is the answer.
    """
    deadline = clock() + wait
    while True:
        connectors = list_connectors(sysfs_root)
        chosen = pick_connector(connectors)
        if (chosen is not None and chosen.is_dsi) or not dsi_expected(connectors) \
                or clock() >= deadline:
            return chosen
        sleep(min(poll, max(0.0, deadline - clock())))


def environment_lines(chosen: Connector | None) -> str:
    """The ``EnvironmentFile=`` text for the chosen connector."""
    if chosen is None:
        return "# no connected display found: SDL uses its default card\n"
    return (
        f"# card{chosen.card}-{chosen.name} is {chosen.status}\n"
        f"{DEVICE_INDEX_VARIABLE}={chosen.card}\n"
    )


def write_environment_file(path: Path, chosen: Connector | None) -> None:
    """Write the file atomically, so systemd never reads half of it."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(environment_lines(chosen), encoding="ascii")
    os.replace(partial, path)


def apply_to_environment(
    environ: MutableMapping[str, str] | None = None,
    sysfs_root: Path = SYSFS_DRM,
) -> int | None:
    """Set ``SDL_KMSDRM_DEVICE_INDEX`` unless already set; return the card used.

    For running the app by hand on the console, outside the unit.
    """
    env = os.environ if environ is None else environ
    if DEVICE_INDEX_VARIABLE in env:
        try:
            return int(env[DEVICE_INDEX_VARIABLE])
        except ValueError:
            return None
    chosen = pick_connector(list_connectors(sysfs_root))
    if chosen is None:
        return None
    env[DEVICE_INDEX_VARIABLE] = str(chosen.card)
    return chosen.card


def _seconds(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("wait must be a number of seconds, not {text!r}").format(text=text)
        ) from None
    if not 0 <= value <= 300:
        raise argparse.ArgumentTypeError(_("wait must be between 0 and 300 seconds"))
    return value


def build_parser() -> argparse.ArgumentParser:
    """The helper's command line (argparse only here: the app imports this module at its
    start on the Pi, to pick the display's card)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m companion.system.drm",
        description=_("Find the DRM card of the connected display for SDL's kmsdrm driver."),
    )
    parser.add_argument("--env-file", type=Path, default=None,
                        help=_("write SDL_KMSDRM_DEVICE_INDEX to this file (else print it)"))
    parser.add_argument("--sysfs", type=Path, default=SYSFS_DRM,
                        help=_("the DRM class directory (default: /sys/class/drm)"))
    parser.add_argument("--wait", type=_seconds, default=0.0, metavar="SECONDS",
                        help=_("wait this long for a DSI panel to appear (default: 0)"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    chosen = find_display(args.sysfs, wait=args.wait)
    if chosen is None:
        print(_("No connected display found under {path}; SDL will use its default card.")
              .format(path=args.sysfs), file=sys.stderr)
    else:
        print(_("Display: card{card} ({connector}).").format(card=chosen.card,
                                                              connector=chosen.name),
              file=sys.stderr)
    if args.env_file is None:
        sys.stdout.write(environment_lines(chosen))
        return 0
    try:
        write_environment_file(args.env_file, chosen)
    except OSError as error:
        print(_("Cannot write {path}: {reason}").format(path=args.env_file,
                                                         reason=error.strerror or error),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
