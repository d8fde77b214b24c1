"""Switch the Pi off safely: save the store first, then ask logind to power off.

The service user is unprivileged; logind's ``PowerOff`` is allowed to it by
the polkit rule ``systemd/50-companion.rules`` (installed by
``systemd/install.sh``), and to nothing else. Pulling the plug instead risks
the store and the SD card. The UI calls :func:`power_off` after the player
confirmed the long press of the menu button.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.core.i18n import _

if TYPE_CHECKING:  # subprocess is imported when the Pi is switched off, not at every start
    import subprocess

#: logind's PowerOff over the system bus; ``false``: no interactive polkit prompt.
BUSCTL_POWER_OFF: tuple[str, ...] = (
    "busctl", "call", "--system",
    "org.freedesktop.login1", "/org/freedesktop/login1",
    "org.freedesktop.login1.Manager", "PowerOff", "b", "false",
)
#: The same request through systemctl, where busctl is missing.
SYSTEMCTL_POWER_OFF: tuple[str, ...] = ("systemctl", "poweroff", "--no-ask-password")
POWER_OFF_COMMANDS: tuple[tuple[str, ...], ...] = (BUSCTL_POWER_OFF, SYSTEMCTL_POWER_OFF)
COMMAND_TIMEOUT_SECONDS = 30.0

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]


class PowerOffError(Exception):
    """The Pi was not switched off; the message says why, for the screen."""


def run_command(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run one power-off command, capturing its output for the error message."""
    import subprocess

    return subprocess.run(
        list(command), capture_output=True, text=True, check=False,
        timeout=COMMAND_TIMEOUT_SECONDS,
    )


def _reason(result: subprocess.CompletedProcess[str]) -> str:
    text = (result.stderr or result.stdout or "").strip()
    return text.splitlines()[-1] if text else _("exit status {code}").format(
        code=result.returncode)


def power_off(
    flush: Callable[[], object],
    run: Runner = run_command,
    commands: Sequence[Sequence[str]] = POWER_OFF_COMMANDS,
) -> None:
    """Flush the store, then power the Pi off; raise :class:`PowerOffError` if not.

    When the flush fails nothing is switched off, so nothing is lost. The
    first command that exists is used; logind then stops the companion (and
    its ``STOPPING=1``) like every other service on the way down.
    """
    try:
        flush()
    except Exception as error:  # whatever the store raises, the Pi must stay on
        raise PowerOffError(
            _("The game could not be saved, so the companion stays on: {reason}")
            .format(reason=error)
        ) from error
    import subprocess

    for command in commands:
        try:
            result = run(command)
        except FileNotFoundError:
            continue
        except (OSError, subprocess.SubprocessError) as error:
            raise PowerOffError(
                _("The Pi could not be switched off: {reason}").format(reason=error)
            ) from error
        if result.returncode != 0:
            raise PowerOffError(
                _("The Pi could not be switched off: {reason}").format(reason=_reason(result))
            )
        return
    raise PowerOffError(
        _("The Pi could not be switched off: neither busctl nor systemctl was found.")
    )


#: where the Pi's firmware names the board
DEVICE_TREE_MODEL = "/proc/device-tree/model"


def power_off_offered(model_file: str = DEVICE_TREE_MODEL) -> bool:
    """Offer "Shut down" only on a Raspberry Pi, or where ``COMPANION_POWER_OFF=1`` asks
    for it: in a desktop window it would switch off the host, not the companion."""
    import os

    if os.environ.get("COMPANION_POWER_OFF") in ("1", "yes", "true"):
        return True
    if os.environ.get("COMPANION_POWER_OFF") in ("0", "no", "false"):
        return False
    try:
        with open(model_file, encoding="utf-8", errors="replace") as handle:
            return handle.read().startswith("Raspberry Pi")
    except OSError:
        return False
