"""``companion doctor``: one command for a Pi owner when something is off.

Each check prints one line: ``ok`` and what was found, or ``FIX`` and what to do. The
exit status is 0 when every line is ok. Paths are parameters so the checks can be shown
against a fake ``/sys`` and ``/dev``; the readers are probed only while the service is
not running, since a second program on a serial port would steal the service's bytes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import field
from pathlib import Path

from companion.core.i18n import _, pgettext
from companion.core.records import frozen, mutable
from companion.system import board, drm

SYSTEM_CONFIG = Path("/etc/companion/devices.toml")
STATE_DIR = Path("/var/lib/companion")
UNIT = "companion.service"
SERVICE_USER = "companion"
#: logind's answer to "may I power off?" ("yes", "challenge", "no", "na")
CAN_POWER_OFF: tuple[str, ...] = (
    "busctl", "call", "--system", "org.freedesktop.login1", "/org/freedesktop/login1",
    "org.freedesktop.login1.Manager", "CanPowerOff")
MIN_FREE_BYTES = 200 * 1024 * 1024
#: Linux input event codes (linux/input-event-codes.h).
ABS_MT_POSITION_X = 0x35
BTN_TOUCH = 0x14A


@frozen
class Finding:
    ok: bool
    topic: str
    text: str

    def line(self) -> str:
        return f"{'ok ' if self.ok else 'FIX'}  {self.topic}: {self.text}"


@mutable
class Machine:
    """Where the checks look; the defaults are the real system's."""

    sysfs_drm: Path = drm.SYSFS_DRM
    sysfs_input: Path = Path("/sys/class/input")
    dev: Path = Path("/dev")
    model_file: Path = board.MODEL_FILE
    data_dir: Path = STATE_DIR
    config: Path | None = None
    #: doctor runs as root, so it can ask logind as the service user
    as_root: bool = field(default_factory=lambda: os.geteuid() == 0)
    run: Callable[[Sequence[str]], subprocess.CompletedProcess[str]] = field(
        default=lambda command: subprocess.run(list(command), capture_output=True, text=True,
                                               check=False, timeout=20))


def check_board(machine: Machine) -> Finding:
    found = board.detect(machine.model_file)
    if not found.is_pi:
        return Finding(True, _("board"), _("not a Raspberry Pi (nothing Pi-specific checked)"))
    return Finding(True, _("board"), _("{model}; the UART reader is on {port}").format(
        model=found.model, port=found.serial_port))


def check_display(machine: Machine) -> Finding:
    connectors = drm.list_connectors(machine.sysfs_drm)
    if not connectors:
        return Finding(False, _("display"), _(
            "no DRM driver has a connector: is dtoverlay=vc4-kms-v3d in config.txt?"))
    chosen = drm.pick_connector(connectors)
    if chosen is None:
        names = ", ".join(f"card{c.card}-{c.name}" for c in connectors)
        return Finding(False, _("display"), _(
            "no screen connected ({names}): check the DSI ribbon and the display's power "
            "cable on header pins 2 and 6; on a Compute Module also the panel's overlay in "
            "config.txt (Touch Display 2: dtoverlay=vc4-kms-dsi-ili9881-7inch)").format(
                names=names))
    return Finding(True, _("display"), _("card{card} {connector} ({status})").format(
        card=chosen.card, connector=chosen.name, status=chosen.status))


def _capability_bits(text: str) -> set[int]:
    """The bit numbers set in a sysfs capability mask (hex words, most significant first)."""
    bits: set[int] = set()
    for index, word in enumerate(reversed(text.split())):
        value = int(word, 16)
        bits |= {index * 64 + bit for bit in range(64) if value >> bit & 1}
    return bits


def touch_devices(sysfs_input: Path) -> list[tuple[str, str]]:
    """(event node, device name) of every input device that reports touches."""
    found = []
    for event in sorted(sysfs_input.glob("event*")):
        capabilities = event / "device" / "capabilities"
        try:
            absolute = _capability_bits((capabilities / "abs").read_text())
            keys = _capability_bits((capabilities / "key").read_text())
            name = (event / "device" / "name").read_text().strip()
        except (OSError, ValueError):
            continue
        if ABS_MT_POSITION_X in absolute or BTN_TOUCH in keys:
            found.append((event.name, name))
    return found


def check_touch(machine: Machine) -> Finding:
    found = touch_devices(machine.sysfs_input)
    if not found:
        return Finding(False, _("touch"), _(
            "no touchscreen among the input devices: check the panel's cable and overlay "
            "(the buttons and a mouse still work)"))
    node, name = found[0]
    return Finding(True, _("touch"), f"/dev/input/{node} ({name})")


def check_gpio(machine: Machine) -> Finding:
    chips = sorted(path.name for path in machine.dev.glob("gpiochip*"))
    if not chips:
        return Finding(False, _("GPIO"), _("no /dev/gpiochip*: the buttons cannot work here"))
    return Finding(True, _("GPIO"), ", ".join(chips))


def _service_active(machine: Machine) -> bool:
    try:
        return machine.run(["systemctl", "is-active", "--quiet", UNIT]).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def check_service(machine: Machine) -> Finding:
    try:
        shown = machine.run(["systemctl", "show", UNIT, "--property=ActiveState",
                             "--property=SubState", "--property=NRestarts",
                             "--property=UnitFileState"])
    except (OSError, subprocess.SubprocessError) as error:
        return Finding(False, _("service"), _("systemctl did not answer: {error}").format(
            error=error))
    state = dict(line.split("=", 1) for line in shown.stdout.splitlines() if "=" in line)
    active, enabled = state.get("ActiveState", ""), state.get("UnitFileState", "")
    restarts = state.get("NRestarts", "0")
    if enabled in ("", "not-found") or not enabled:
        return Finding(False, _("service"), _(
            "companion.service is not installed: sudo systemd/install.sh"))
    if active == "active":
        text = _("running, {enabled}, restarted {count} times since it was started").format(
            enabled=enabled, count=restarts)
        return Finding(enabled == "enabled", _("service"), text if enabled == "enabled" else
                       text + _("; sudo systemctl enable companion"))
    return Finding(False, _("service"), _(
        "{state}: journalctl -u companion -b says why; sudo systemctl restart companion").format(
            state=active or _("unknown")))


def check_power_off(machine: Machine) -> Finding:
    """May the service user switch the Pi off (the menu's long press)? logind answers for
    it, through the polkit rule install.sh puts in place."""
    topic = _("power-off")
    if not machine.as_root:
        return Finding(True, topic, _("not checked: run as root (sudo companion doctor) to "
                                      "ask logind as the companion user"))
    try:
        asked = machine.run(["runuser", "-u", SERVICE_USER, "--", *CAN_POWER_OFF])
    except (OSError, subprocess.SubprocessError) as error:
        return Finding(False, topic, _("logind could not be asked: {error}").format(
            error=error))
    if asked.returncode != 0:
        reason = (asked.stderr or asked.stdout).strip().splitlines()
        return Finding(False, topic, _("logind could not be asked: {reason}; run "
                                       "sudo systemd/install.sh").format(
            reason=reason[-1] if reason else asked.returncode))
    answer = asked.stdout.strip().split()[-1].strip('"') if asked.stdout.strip() else ""
    if answer == "yes":
        return Finding(True, topic, _("the companion may switch the Pi off"))
    return Finding(False, topic, _(
        "the companion may not switch the Pi off (logind says \"{answer}\"): the polkit "
        "rule /etc/polkit-1/rules.d/50-companion.rules needs polkitd: sudo apt install "
        "polkitd, then sudo systemd/install.sh").format(answer=answer))


def check_data_dir(machine: Machine) -> Finding:
    folder = machine.data_dir
    if not folder.is_dir():
        return Finding(False, _("data"), _(
            "{path} is missing: the service creates it at its first start").format(path=folder))
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-"):
            pass
    except OSError as error:
        return Finding(False, _("data"), _("{path} is not writable: {reason}").format(
            path=folder, reason=error.strerror or error))
    return Finding(True, _("data"), _("{path} is writable").format(path=folder))


def check_free_space(machine: Machine) -> Finding:
    folder = machine.data_dir if machine.data_dir.exists() else Path("/")
    free = shutil.disk_usage(folder).free
    text = _("{mb} MB free on {path}").format(mb=free // (1024 * 1024), path=folder)
    if free < MIN_FREE_BYTES:
        return Finding(False, pgettext("disk space", "space"), text + _(
            ": free some space (sudo apt clean; sudo journalctl --vacuum-size=50M)"))
    return Finding(True, pgettext("disk space", "space"), text)


Probe = Callable[[str, str, int], str]


def probe_reader(kind: str, port: str, baud: int) -> str:
    """Open the reader and do its handshake; its detail (firmware) or an OSError."""
    from companion.devices.readers import open_reader

    session = open_reader(kind, port, baud, "doctor", threading.Event(), None, None)
    try:
        return session.handshake()
    finally:
        session.close()


def check_readers(machine: Machine, probe: Probe = probe_reader) -> list[Finding]:
    from companion.devices import DeviceConfigError, load_device_config
    from companion.devices.serial_link import describe_error

    path = machine.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.exists() else None)
    try:
        config = load_device_config(path)
    except DeviceConfigError as error:
        return [Finding(False, _("config"), str(error))]
    source = str(config.source) if config.source else _("none found, the defaults are used")
    findings = [Finding(True, _("config"), source)]
    if _service_active(machine):
        return findings + [Finding(True, _("reader {id}").format(id=reader.id), _(
            "{port}: not probed while the companion runs (sudo systemctl stop companion, "
            "then run doctor again)").format(port=reader.port)) for reader in config.readers]
    pi = board.detect(machine.model_file)
    for reader in config.readers:
        topic = _("reader {id}").format(id=reader.id)
        if pi.has_rp1 and reader.port == "/dev/serial0":
            findings.append(Finding(False, topic, _(
                "on a {model} /dev/serial0 is the debug connector: set port = \"/dev/ttyAMA0\" "
                "in the config and dtparam=uart0=on in config.txt").format(model=pi.model)))
            continue
        try:
            detail = probe(reader.type, reader.port, reader.baud)
        except (OSError, ValueError) as error:
            findings.append(Finding(False, topic, _(
                "{type} on {port} does not answer: {reason}; check its wiring, its power and "
                "the port in the config").format(type=reader.type, port=reader.port,
                                                 reason=describe_error(error))))
        else:
            findings.append(Finding(True, topic, _("{type} on {port}: {detail}").format(
                type=reader.type, port=reader.port, detail=detail)))
    return findings


def diagnose(machine: Machine, probe: Probe = probe_reader) -> list[Finding]:
    findings = [check_board(machine), check_display(machine), check_touch(machine),
                check_gpio(machine)]
    findings += check_readers(machine, probe)
    findings += [check_data_dir(machine), check_free_space(machine), check_service(machine),
                 check_power_off(machine)]
    return findings


def run_doctor(args: argparse.Namespace) -> int:
    machine = Machine(config=args.config,
                      data_dir=args.data_dir or Path(os.environ.get("COMPANION_DATA_DIR",
                                                                    STATE_DIR)))
    findings = diagnose(machine)
    for finding in findings:
        print(finding.line())
    return 0 if all(finding.ok for finding in findings) else 1
