"""The service unit and polkit rule: the directives the Pi relies on, and systemd's verdict."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from paths import REPO

from companion.cli import build_parser
from companion.system import drm
from companion.system.power import BUSCTL_POWER_OFF

SYSTEMD_DIR = REPO / "systemd"
UNIT = SYSTEMD_DIR / "companion.service"
POLKIT_RULE = SYSTEMD_DIR / "50-companion.rules"
RECOVER_UNIT = SYSTEMD_DIR / "companion-recover.service"
WATCHDOG_CONF = SYSTEMD_DIR / "companion-watchdog.conf"
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(SYSTEMD_ANALYZE is None,
                                   reason="no systemd-analyze: needs the Debian package systemd")

SCRIPT_TEXT = (SYSTEMD_DIR / "install.sh").read_text()
Unit = dict[str, dict[str, list[str]]]


def parse_unit(text: str) -> Unit:
    """Sections to keys to every value given (systemd allows repeated keys)."""
    unit: Unit = {}
    section: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = unit.setdefault(line[1:-1], {})
            continue
        key, _, value = line.partition("=")
        section.setdefault(key.strip(), []).append(value.strip())
    return unit


@pytest.fixture(scope="module")
def service() -> dict[str, list[str]]:
    return parse_unit(UNIT.read_text())["Service"]


def one(service: dict[str, list[str]], key: str) -> str:
    values = service.get(key, [])
    assert len(values) == 1, f"{key} should be set exactly once, is {values}"
    return values[0]


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    pairs = [item.partition("=") for value in service["Environment"]
             for item in shlex.split(value)]
    return {key: value for key, _, value in pairs}


def expand(value: str) -> str:
    """The specifiers a system service sees."""
    return (value.replace("%t", "/run").replace("%S", "/var/lib")
            .replace("%C", "/var/cache"))


def test_notify_watchdog_and_restart(service: dict[str, list[str]]) -> None:
    assert one(service, "Type") == "notify"
    assert one(service, "NotifyAccess") == "main"
    assert one(service, "Restart") == "on-failure"
    watchdog = one(service, "WatchdogSec")
    match = re.fullmatch(r"(\d+)s?", watchdog)
    assert match and 5 <= int(match.group(1)) <= 120


def test_reload_reads_the_device_config_again(service: dict[str, list[str]]) -> None:
    command = shlex.split(one(service, "ExecReload"))
    assert command == ["/bin/sh", "-c", 'kill -HUP "$$MAINPID"']  # $$: the shell's $MAINPID


def test_tty1_is_kept_by_masks_not_by_a_conflict_that_stops_the_companion() -> None:
    unit = parse_unit(UNIT.read_text())["Unit"]
    assert "Conflicts" not in unit
    assert not any("getty" in value for values in unit.values() for value in values)
    assert "getty@tty1.service" in SCRIPT_TEXT and "autovt@tty1.service" in SCRIPT_TEXT


def test_a_crash_loop_ends_in_a_recovery_not_in_boot_text() -> None:
    unit = parse_unit(UNIT.read_text())["Unit"]
    assert unit["OnFailure"] == ["companion-recover.service"]
    assert int(unit["StartLimitBurst"][0]) >= 3
    recover = parse_unit(RECOVER_UNIT.read_text())["Service"]
    assert one(recover, "Type") == "oneshot"
    assert one(recover, "ExecStart") == "/usr/local/libexec/companion-recover"
    assert "/usr/local/libexec/companion-recover" in SCRIPT_TEXT
    delay = environment(recover)["COMPANION_RECOVER_DELAY"]
    assert 10 <= int(delay) <= 600


@needs_analyze
def test_the_recovery_unit_is_hardened_like_the_main_unit(tmp_path: Path) -> None:
    assert SYSTEMD_ANALYZE is not None
    copy = tmp_path / RECOVER_UNIT.name
    copy.write_text(RECOVER_UNIT.read_text().replace(
        "/usr/local/libexec/companion-recover", str(SYSTEMD_DIR / "companion-recover")))
    verified = subprocess.run([SYSTEMD_ANALYZE, "verify", str(copy)], capture_output=True,
                              text=True, check=False, timeout=120)
    assert verified.returncode == 0, verified.stderr
    rated = subprocess.run([SYSTEMD_ANALYZE, "security", "--offline=true", "--no-pager",
                            str(copy)], capture_output=True, text=True, check=False,
                           timeout=120)
    match = re.search(r"Overall exposure level for companion-recover\.service: "
                      r"(\d+\.\d+) (\w+)", rated.stdout)
    assert match, rated.stdout[-500:]
    assert float(match.group(1)) <= 2.0, rated.stdout


def test_the_hardware_watchdog_fits_the_pi() -> None:
    manager = parse_unit(WATCHDOG_CONF.read_text())["Manager"]
    match = re.fullmatch(r"(\d+)s", one(manager, "RuntimeWatchdogSec"))
    assert match and 5 <= int(match.group(1)) <= 15  # the BCM2835/RP1 watchdog's limit


def test_runs_unprivileged_in_the_device_groups(service: dict[str, list[str]]) -> None:
    assert one(service, "User") == "companion"
    groups = set(one(service, "SupplementaryGroups").split())
    assert groups == {"gpio", "dialout", "video", "input", "render"}


def test_store_runtime_and_lgpio_directories(service: dict[str, list[str]]) -> None:
    assert one(service, "StateDirectory") == "companion"
    assert one(service, "RuntimeDirectory") == "companion"
    env = environment(service)
    assert expand(env["COMPANION_DATA_DIR"]) == "/var/lib/companion"
    assert expand(env["LG_WD"]) == "/run/companion"
    assert expand(one(service, "WorkingDirectory")) == "/var/lib/companion"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"


def test_exec_start_is_the_fullscreen_app_on_the_state_directory(
    service: dict[str, list[str]]
) -> None:
    command = shlex.split(expand(one(service, "ExecStart")))
    assert command[0] == "/opt/companion/current/bin/companion"
    args = build_parser().parse_args(command[1:])
    assert args.fullscreen
    assert args.data_dir == Path("/var/lib/companion")
    assert args.config == Path("/etc/companion/devices.toml")
    assert args.command is None


def test_display_helper_writes_the_file_systemd_reads(service: dict[str, list[str]]) -> None:
    command = shlex.split(expand(one(service, "ExecStartPre")))
    assert command[:3] == ["/opt/companion/current/bin/python", "-m", "companion.system.drm"]
    args = drm.build_parser().parse_args(command[3:])
    environment_file = expand(one(service, "EnvironmentFile"))
    assert environment_file.startswith("-"), "a missing file must not stop the start"
    assert args.env_file == Path(environment_file[1:])
    assert args.env_file.parent == Path("/run/companion")


def test_hardening_directives(service: dict[str, list[str]]) -> None:
    for key in ("NoNewPrivileges", "ProtectHome", "PrivateTmp", "RestrictSUIDSGID",
                "ProtectKernelTunables", "ProtectKernelModules", "ProtectControlGroups",
                "LockPersonality", "RestrictRealtime"):
        assert one(service, key) == "yes", key
    assert one(service, "ProtectSystem") == "strict"
    assert one(service, "CapabilityBoundingSet") == ""
    assert one(service, "DevicePolicy") == "closed"
    assert "@system-service" in service["SystemCallFilter"]
    families = set(one(service, "RestrictAddressFamilies").split())
    assert "AF_UNIX" in families
    assert families <= {"AF_UNIX", "AF_NETLINK"}


def test_devices_are_display_input_serial_and_gpio_only(service: dict[str, list[str]]) -> None:
    allowed = {value.split()[0] for value in service["DeviceAllow"]}
    assert {"char-drm", "char-input", "char-gpiochip", "char-ttyS", "char-ttyUSB",
            "char-ttyACM"} <= allowed
    assert allowed <= {"char-drm", "char-input", "char-gpiochip", "char-ttyS", "char-ttyAMA",
                       "char-ttyUSB", "char-ttyACM"}


def test_polkit_rule_allows_only_power_off_to_the_service_user() -> None:
    text = POLKIT_RULE.read_text()
    actions = set(re.findall(r'"(org\.freedesktop\.[\w.-]+)"', text))
    assert actions == {"org.freedesktop.login1.power-off",
                       "org.freedesktop.login1.power-off-multiple-sessions"}
    assert re.search(r'subject\.user\s*===?\s*"companion"', text)
    assert text.count("polkit.Result.YES") == 1
    assert "PowerOff" in BUSCTL_POWER_OFF


def verifiable_copy(tmp_path: Path) -> Path:
    """The units with their /opt/companion/current/bin programs replaced by stand-ins.

    ``systemd-analyze verify`` rejects an ExecStart= whose program does not
    exist; the venv lives only on the Pi, so the copy points at executables
    made here. Nothing else in the unit is changed.
    """
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("python", "companion"):
        program = bin_dir / name
        program.write_text("#!/bin/sh\nexit 0\n")
        program.chmod(0o755)
    text = UNIT.read_text()
    assert "/opt/companion/current/bin/" in text
    copy = tmp_path / "companion.service"
    copy.write_text(text.replace("/opt/companion/current/bin/", f"{bin_dir}/"))
    (tmp_path / RECOVER_UNIT.name).write_text(RECOVER_UNIT.read_text().replace(
        "/usr/local/libexec/companion-recover", str(SYSTEMD_DIR / "companion-recover")))
    return copy


@needs_analyze
def test_systemd_analyze_verify_is_clean(tmp_path: Path) -> None:
    assert SYSTEMD_ANALYZE is not None
    unit = verifiable_copy(tmp_path)
    result = subprocess.run([SYSTEMD_ANALYZE, "verify", str(unit),
                             str(tmp_path / RECOVER_UNIT.name)],
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    own = [line for line in result.stderr.splitlines() if "companion" in line]
    assert own == []


@needs_analyze
def test_systemd_analyze_security_rates_the_unit_ok() -> None:
    assert SYSTEMD_ANALYZE is not None
    result = subprocess.run(
        [SYSTEMD_ANALYZE, "security", "--offline=true", "--no-pager", str(UNIT)],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+) (\w+)",
                      result.stdout)
    assert match, result.stdout[-500:]
    assert float(match.group(1)) <= 2.0
    assert match.group(2) == "OK"


BACKLIGHT_UNITS = (SYSTEMD_DIR / "companion-backlight.socket",
                   SYSTEMD_DIR / "companion-backlight.service")


def test_the_backlight_socket_is_for_the_companion_group_only() -> None:
    socket = parse_unit(BACKLIGHT_UNITS[0].read_text())["Socket"]
    assert one(socket, "ListenDatagram") == "/run/companion-backlight.sock"
    assert one(socket, "SocketGroup") == "companion"
    assert one(socket, "SocketMode") == "0660"
    service = parse_unit(BACKLIGHT_UNITS[1].read_text())["Service"]
    command = shlex.split(one(service, "ExecStart"))
    assert command == ["/opt/companion/current/bin/python", "-m", "companion.system.backlight"]
    assert one(service, "CapabilityBoundingSet") == ""
    assert one(service, "PrivateNetwork") == "yes"


@needs_analyze
def test_the_backlight_units_verify_and_rate_ok(tmp_path: Path) -> None:
    assert SYSTEMD_ANALYZE is not None
    copies = []
    for unit in BACKLIGHT_UNITS:
        copy = tmp_path / unit.name
        copy.write_text(unit.read_text().replace("/opt/companion/current/bin/python",
                                                 shutil.which("python3") or "/usr/bin/python3"))
        copies.append(str(copy))
    verified = subprocess.run([SYSTEMD_ANALYZE, "verify", *copies], capture_output=True,
                              text=True, check=False, timeout=120)
    assert verified.returncode == 0, verified.stderr
    rated = subprocess.run([SYSTEMD_ANALYZE, "security", "--offline=true", "--no-pager",
                            copies[1]], capture_output=True, text=True, check=False, timeout=120)
    match = re.search(r"Overall exposure level for companion-backlight\.service: "
                      r"(\d+\.\d+) (\w+)", rated.stdout)
    assert match and float(match.group(1)) <= 2.0 and match.group(2) == "OK", rated.stdout[-300:]
