"""The installer and the unit under a real systemd: Debian Bookworm and Trixie as containers.

systemd (252 on Bookworm, 257 on Trixie) runs as PID 1 (systemd-nspawn); install.sh runs
twice inside it, from a copy of this checkout, with the locked dependency set from PyPI;
the unit then runs the app under SDL's dummy video driver. Skips with one line where the
machine cannot boot containers (not root, no systemd-nspawn or debootstrap, no namespaces).
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from booted_container import (
    CACHE,
    Container,
    cached_rootfs,
    release_root,
    throwaway_root,
    why_no_containers,
)
from paths import REPO

from companion.locale import TRANSLATED

CHECKOUT = REPO
SOURCE_INSIDE = "/srv/companion"
UNIT = "companion.service"
STORE_DIR = "/var/lib/companion"
# The app under the dummy video driver, and a short watchdog so a hang is caught fast.
CI_DROP_IN = """[Service]
Environment=SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
WatchdogSec=10s
"""
RECOVER_DROP_IN = "[Service]\nEnvironment=COMPANION_RECOVER_DELAY=1\n"
CI_CONFIG = """# written by the systemd container test
[[readers]]
id = "ci-reader"
type = "pn532"
port = "/dev/ttyCI0"
"""

# Bookworm is what Pi OS is built on today (systemd 252, Python 3.11); Trixie is the next
# (systemd 257, Python 3.13, whose lgpio has no wheel: the venv uses the system's).
SUITES = ("bookworm", "trixie")
REASON = why_no_containers()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


def copy_checkout(target: Path) -> None:
    """The checkout's files (tracked and new, not ignored ones), as install.sh sees them."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=CHECKOUT, capture_output=True,
                            check=True).stdout.split(b"\0")
    for name in filter(None, listed):
        source = CHECKOUT / name.decode()
        if source.is_file():
            destination = target / name.decode()
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(source.read_bytes())
            destination.chmod(source.stat().st_mode & 0o777)


def trust_what_the_host_trusts(root: Path) -> None:
    """The host's CA bundle in the container, for a machine behind a TLS-inspecting proxy."""
    for variable in ("PIP_CERT", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE"):
        bundle = os.environ.get(variable)
        if bundle and Path(bundle).is_file():
            break
    else:
        bundle = "/etc/ssl/certs/ca-certificates.crt"
    if Path(bundle).is_file():
        target = root / "etc/ssl/certs/ca-certificates.crt"
        target.unlink(missing_ok=True)
        target.write_bytes(Path(bundle).read_bytes())


@pytest.fixture(scope="module", params=SUITES)
def container(request: pytest.FixtureRequest,
              tmp_path_factory: pytest.TempPathFactory) -> Iterator[Container]:
    suite = str(request.param)
    scratch = tmp_path_factory.mktemp(f"container-{suite}")
    root = throwaway_root(cached_rootfs(suite), scratch)
    try:
        trust_what_the_host_trusts(root)
        source = scratch / "source"
        copy_checkout(source)
        pip_cache = CACHE / "pip"
        pip_cache.mkdir(parents=True, exist_ok=True)
        booted = Container(root, [f"{source}:{SOURCE_INSIDE}", f"{pip_cache}:/root/.cache/pip"],
                           scratch / "console.log")
        try:
            yield booted
        finally:
            booted.close()
    finally:
        release_root(root)


def show(container: Container, *properties: str) -> dict[str, str]:
    text = container.run(["systemctl", "show", UNIT,
                          *(f"--property={name}" for name in properties)]).stdout
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def wait_for(container: Container, condition: str, seconds: float) -> dict[str, str]:
    """Poll the unit until ``condition`` (a Python expression over its properties) holds."""
    deadline = time.monotonic() + seconds
    while True:
        state = show(container, "ActiveState", "SubState", "MainPID", "NRestarts", "Result")
        if eval(condition, {}, {"s": state}):  # noqa: S307 - the test's own expressions
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"{condition} not reached in {seconds} s: {state}")
        time.sleep(0.5)


def journal_until(container: Container, unit: str, text: str, seconds: float = 30) -> str:
    """The unit's journal once it holds ``text`` (the app logs some lines after READY)."""
    deadline = time.monotonic() + seconds
    while True:
        journal = container.run(["journalctl", "-u", unit, "-o", "cat", "--no-pager"]).stdout
        if text in journal:
            return journal
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} not in the journal of {unit}:\n{journal[-2000:]}")
        time.sleep(0.5)


@pytest.fixture(scope="module")
def installed(container: Container) -> tuple[str, str]:
    """install.sh run twice; the CI drop-in added between the runs. Both outputs."""
    first = container.run(["bash", f"{SOURCE_INSIDE}/systemd/install.sh"], timeout=900)
    container.sh("mkdir -p /etc/systemd/system/companion.service.d "
                 "/etc/systemd/system/companion-recover.service.d")
    container.run(["sh", "-c", f"cat > /etc/systemd/system/companion.service.d/ci.conf "
                   f"<<'EOF'\n{CI_DROP_IN}EOF"])
    container.run(["sh", "-c", f"cat > /etc/systemd/system/companion-recover.service.d/ci.conf "
                   f"<<'EOF'\n{RECOVER_DROP_IN}EOF"])
    second = container.run(["bash", f"{SOURCE_INSIDE}/systemd/install.sh"], timeout=900)
    return first.stdout, second.stdout


@pytest.fixture(scope="module")
def running(container: Container, installed: tuple[str, str]) -> dict[str, str]:
    """The unit started; ``systemctl start`` of a Type=notify unit returns on READY=1."""
    container.run(["systemctl", "start", UNIT], timeout=120)
    return show(container, "ActiveState", "SubState", "MainPID", "NRestarts", "StatusText")


def test_installs_once_and_a_second_run_changes_nothing(installed: tuple[str, str]) -> None:
    first, second = installed
    assert "change(s) made" in first
    assert "changed    app release /opt/companion/releases/" in first
    assert "changed    masked getty@tty1.service" in first
    assert "changed    masked autovt@tty1.service" in first
    assert "installed /etc/companion/devices.toml" in first
    assert "Nothing to change" in second, second
    assert "  changed " not in second


def test_a_32_bit_userland_is_refused_before_any_change(
    container: Container, installed: tuple[str, str]
) -> None:
    """32-bit Pi OS often runs a 64-bit kernel: the installer asks dpkg, not uname."""
    refused = container.sh("mkdir -p /tmp/armhf && printf '#!/bin/sh\\necho armhf\\n' > "
                           "/tmp/armhf/dpkg && chmod +x /tmp/armhf/dpkg && "
                           f"PATH=/tmp/armhf:$PATH bash {SOURCE_INSIDE}/systemd/install.sh",
                           check=False)
    assert refused.returncode == 1
    assert "armhf: only a 64-bit OS is supported" in refused.stderr
    assert "Installing" not in refused.stdout


def test_a_missing_apt_package_is_installed(
    container: Container, installed: tuple[str, str]
) -> None:
    container.run(["apt-get", "remove", "-y", "-qq", "libgles2"], timeout=120)
    again = container.run(["bash", f"{SOURCE_INSIDE}/systemd/install.sh"], timeout=900).stdout
    assert "changed    installed apt packages libgles2" in again, again
    assert "install ok installed" in container.run(
        ["dpkg-query", "-W", "-f=${Status}", "libgles2"]).stdout


def test_the_release_holds_the_locked_set_and_its_bytecode(
    container: Container, installed: tuple[str, str]
) -> None:
    frozen = [pin for pin in container.run(
        ["/opt/companion/current/bin/python", "-m", "pip", "freeze", "--all", "--local",
         "--disable-pip-version-check"]).stdout.split() if not pin.startswith("pip==")]
    locked = re.findall(r"^([A-Za-z0-9_.-]+==[^ \\\n]+)",
                        (CHECKOUT / "systemd/requirements.txt").read_text(), re.M)
    assert sorted(name.lower() for name in frozen) == sorted(pin.lower() for pin in locked)
    sources = container.sh("find /opt/companion/current/app -name '*.py' | wc -l").stdout
    compiled = container.sh("find /opt/companion/current/app -name '*.cpython-*.pyc' "
                            "| wc -l").stdout
    assert int(sources) > 20
    assert int(compiled) == int(sources)
    catalogs = container.sh("cd /opt/companion/current/app && "
                            "ls companion/locale/*/LC_MESSAGES/*.mo").stdout.split()
    assert catalogs == sorted(f"companion/locale/{language}/LC_MESSAGES/companion.mo"
                              for language in TRANSLATED)


def test_the_unit_reaches_ready_and_reads_the_config_in_etc(
    container: Container, running: dict[str, str]
) -> None:
    assert (running["ActiveState"], running["SubState"]) == ("active", "running")
    assert int(running["MainPID"]) > 0
    command = container.run(["cat", f"/proc/{running['MainPID']}/cmdline"]).stdout.split("\0")
    assert command[command.index("--config") + 1] == "/etc/companion/devices.toml"
    journal_until(container, UNIT, "device config /etc/companion/devices.toml")


def test_a_changed_config_in_etc_is_what_the_service_reads(
    container: Container, running: dict[str, str]
) -> None:
    pid = show(container, "MainPID")["MainPID"]
    container.run(["sh", "-c", f"cat > /etc/companion/devices.toml <<'EOF'\n{CI_CONFIG}EOF"])
    container.run(["systemctl", "reload", UNIT], timeout=120)
    journal_until(container, UNIT, "ci-reader (pn532 on /dev/ttyCI0)")
    assert "device config read again" in journal_until(container, UNIT, "read again")
    assert show(container, "MainPID", "ActiveState") == {"MainPID": pid, "ActiveState": "active"}
    second = container.run(["bash", f"{SOURCE_INSIDE}/systemd/install.sh"], timeout=600).stdout
    assert "unchanged  /etc/companion/devices.toml (yours: never overwritten)" in second
    assert "ttyCI0" in container.run(["cat", "/etc/companion/devices.toml"]).stdout


def test_the_watchdog_restarts_a_stopped_process(
    container: Container, running: dict[str, str]
) -> None:
    before = show(container, "MainPID", "NRestarts")
    container.sh(f"kill -STOP {before['MainPID']}")
    after = wait_for(container, f"s['MainPID'] not in ('0', '{before['MainPID']}') "
                     "and s['SubState'] == 'running'", 60)
    # At least one restart; a machine busy with other work may need a second.
    assert int(after["NRestarts"]) > int(before["NRestarts"])
    journal_until(container, UNIT, "Watchdog timeout")


def test_autovt_and_getty_on_tty1_cannot_take_the_screen(
    container: Container, running: dict[str, str]
) -> None:
    before = show(container, "MainPID")["MainPID"]
    for unit in ("autovt@tty1.service", "getty@tty1.service"):
        started = container.run(["systemctl", "start", unit], check=False)
        assert started.returncode != 0
        assert "masked" in started.stderr
    container.run(["systemctl", "restart", "systemd-logind.service"])
    time.sleep(2)
    state = show(container, "ActiveState", "MainPID")
    assert state == {"ActiveState": "active", "MainPID": before}


def crash_until_the_limit(container: Container) -> None:
    """Crash the app until systemd stops restarting it: five starts are allowed within the
    interval, the next is refused and leaves the unit failed."""
    for _ in range(8):
        state = wait_for(container, "s['SubState'] == 'running' or s['ActiveState'] == "
                         "'failed'", 60)
        if state["ActiveState"] == "failed":
            return
        container.sh(f"kill -SEGV {state['MainPID']}")
        wait_for(container, f"s['MainPID'] != '{state['MainPID']}'", 30)
    raise AssertionError("eight crashes did not use up the start limit")


def test_a_crash_loop_is_started_again_after_its_back_off(
    container: Container, running: dict[str, str]
) -> None:
    # Crashes until the start limit leave the unit failed; OnFailure= then runs
    # companion-recover.service (here after 1 s instead of 60 s), which says why on the
    # console and starts it again. A container has no tty1: a file stands in for it.
    container.sh("rm -f /dev/tty1 && touch /dev/tty1")
    try:
        crash_until_the_limit(container)
        recovered = wait_for(container, "s['SubState'] == 'running'", 90)
        assert recovered["ActiveState"] == "active"
        journal = journal_until(container, "companion-recover.service",
                                "started companion.service again")
        assert "used up its start limit" in journal, journal
        console = container.run(["cat", "/dev/tty1"]).stdout
    finally:
        container.sh("rm -f /dev/tty1")
    assert "The board game companion keeps stopping: it failed 5 times within 2min." in console
    # SIGSEGV, or SIGABRT where the crash handler of SDL or Python aborts after its report
    assert re.search(r"It crashed \(signal (11, SIGSEGV|6, SIGABRT)\)\.", console), console
    assert "sudo companion doctor" in console


SLOW_RECOVERY = "/etc/systemd/system/companion-recover.service.d/zz-slow.conf"


@pytest.fixture
def slow_recovery(container: Container, running: dict[str, str]) -> Iterator[int]:
    """The recovery's delay long enough for the owner to act within it."""
    delay = 8
    container.run(["sh", "-c", f"printf '[Service]\\nEnvironment=COMPANION_RECOVER_DELAY="
                   f"{delay}\\n' > {SLOW_RECOVERY} && systemctl daemon-reload"])
    try:
        yield delay
    finally:
        container.run(["sh", "-c", f"rm -f {SLOW_RECOVERY} && systemctl daemon-reload && "
                       f"systemctl reset-failed {UNIT}; systemctl start {UNIT}"], timeout=120)


def crash(container: Container) -> None:
    pid = wait_for(container, "s['SubState'] == 'running'", 60)["MainPID"]
    container.sh(f"kill -SEGV {pid}")
    wait_for(container, f"s['MainPID'] != '{pid}'", 30)


def test_a_companion_the_owner_stops_after_a_crash_stays_stopped(
    container: Container, slow_recovery: int
) -> None:
    """systemd 257 starts the recovery after every failure: the one crash before the
    owner's stop must not start it again later (it would take the reader from doctor)."""
    container.run(["systemctl", "reset-failed", UNIT])
    crash(container)
    wait_for(container, "s['SubState'] == 'running'", 60)
    container.run(["systemctl", "stop", UNIT], timeout=60)
    time.sleep(slow_recovery + 4)
    assert show(container, "ActiveState")["ActiveState"] == "inactive"


def test_a_crash_loop_the_owner_stops_during_the_delay_stays_stopped(
    container: Container, slow_recovery: int
) -> None:
    container.run(["systemctl", "reset-failed", UNIT])
    crash_until_the_limit(container)
    deadline = time.monotonic() + 30
    while container.run(["systemctl", "is-active", "companion-recover.service"],
                        check=False).stdout.strip() != "activating":
        assert time.monotonic() < deadline, "the recovery did not start"
        time.sleep(0.5)
    time.sleep(2)  # within the delay
    container.run(["systemctl", "stop", UNIT], timeout=60)
    time.sleep(slow_recovery + 4)
    assert show(container, "ActiveState")["ActiveState"] in ("failed", "inactive")
    assert container.run(["systemctl", "is-active", "companion-recover.service"],
                         check=False).stdout.strip() == "inactive"


GIT = "git -c user.name=CI -c user.email=ci@example.invalid"
# A finished game in the service's log, and the whole log as SQL, to show it untouched.
SEED_GAME = f"""
from pathlib import Path
from companion.games.base import PlayerInfo
from companion.log.store import Store
store = Store.open(Path("{STORE_DIR}"))
game = store.create_game("glory-to-rome", [PlayerInfo("Livia", "red", 1),
                                           PlayerInfo("Marcus", "blue", 2)], {{}})
store.finish_game(game, {{"winner": "Livia"}})
store.close()
"""
DUMP_STORE = f"""
import sqlite3, pathlib
for path in sorted(pathlib.Path("{STORE_DIR}").glob("*.db")):
    print(path.name)
    print("\\n".join(sqlite3.connect(path).iterdump()))
"""


def test_companion_update_pulls_installs_restarts_and_rollback_returns_until_a_yes(
    container: Container, running: dict[str, str]
) -> None:
    # An "upstream" repository and its owner's clone of it (not root's: git refuses another
    # user's repository to root), installed from.
    container.sh("id owner >/dev/null 2>&1 || useradd --create-home owner")
    container.sh(f"rm -rf /home/owner/upstream /home/owner/checkout && "
                 f"cp -a {SOURCE_INSIDE} /home/owner/upstream && "
                 "chown -R owner:owner /home/owner/upstream")
    container.run(["sh", "-c", f"cd /home/owner/upstream && git init -q && {GIT} add -A && "
                   f"{GIT} commit -qm base && git clone -q /home/owner/upstream "
                   "/home/owner/checkout"], user="owner")
    container.run(["bash", "/home/owner/checkout/systemd/install.sh", "--source",
                   "/home/owner/checkout"], timeout=600)
    first = container.run(["readlink", "/opt/companion/current"]).stdout.strip()
    container.run(["systemctl", "stop", UNIT], timeout=60)
    # The crash-loop test before used up the start limit; this one starts it four times.
    container.run(["systemctl", "reset-failed", UNIT])
    container.run(["/opt/companion/current/bin/python", "-c", SEED_GAME], user="companion")
    store_before = container.run(["/opt/companion/current/bin/python", "-c", DUMP_STORE]).stdout
    assert "Livia" in store_before
    container.run(["systemctl", "start", UNIT], timeout=120)
    pid_before = show(container, "MainPID")["MainPID"]
    container.run(["sh", "-c", "cd /home/owner/upstream && printf '\\n# the next release\\n' "
                   f">> companion/__init__.py && {GIT} commit -qam next"], user="owner")

    declined = container.run(["sh", "-c", "echo n | companion-update"], timeout=600).stdout
    assert "1 new commit(s):" in declined and " next" in declined, declined
    assert "Nothing changed" in declined
    update = container.run(["companion-update", "--yes"], timeout=600).stdout
    assert "Traceback" not in update
    assert "changed    checkout" in update, update
    assert "the one before kept" in update and "Restarted companion.service." in update
    second = container.run(["readlink", "/opt/companion/current"]).stdout.strip()
    assert second != first
    assert container.run(["readlink", "/opt/companion/previous"]).stdout.strip() == first
    assert "# the next release" in container.run(
        ["cat", f"{second}/app/companion/__init__.py"]).stdout
    after = wait_for(container, "s['SubState'] == 'running'", 60)
    assert after["MainPID"] != pid_before

    rolled = container.run(["companion-update", "--rollback"], check=False)
    assert rolled.returncode == 0, rolled.stdout + rolled.stderr + container.run(
        ["journalctl", "-u", UNIT, "-n", "40", "-o", "cat", "--no-pager"]).stdout
    rollback = rolled.stdout
    assert "the release before" in rollback and "Restarted companion.service." in rollback
    assert container.run(["readlink", "/opt/companion/current"]).stdout.strip() == first
    wait_for(container, "s['SubState'] == 'running'", 60)
    container.run(["systemctl", "stop", UNIT], timeout=60)
    assert container.run(["/opt/companion/current/bin/python", "-c", DUMP_STORE]
                         ).stdout == store_before
    container.run(["systemctl", "start", UNIT], timeout=120)

    # The checkout is still at "next": a plain update must not switch back unasked.
    pid_rolled_back = wait_for(container, "s['SubState'] == 'running'", 60)["MainPID"]
    unattended = container.run(["sh", "-c", "companion-update </dev/null"], check=False,
                               timeout=600)
    assert unattended.returncode == 1, unattended.stdout + unattended.stderr
    assert "1 new commit(s):" in unattended.stdout and " next" in unattended.stdout
    assert "no answer (no terminal): nothing changed" in unattended.stderr
    declined = container.run(["sh", "-c", "echo n | companion-update"], timeout=600).stdout
    assert "Nothing changed: the companion stays at" in declined, declined
    assert container.run(["readlink", "/opt/companion/current"]).stdout.strip() == first
    assert show(container, "MainPID")["MainPID"] == pid_rolled_back
    again = container.run(["companion-update", "--yes"], timeout=600).stdout
    assert "Restarted companion.service." in again, again
    assert container.run(["readlink", "/opt/companion/current"]).stdout.strip() == second
    assert wait_for(container, "s['SubState'] == 'running'", 60)["MainPID"] != pid_rolled_back


def test_the_hardware_watchdog_is_armed_by_the_manager(
    container: Container, installed: tuple[str, str]
) -> None:
    shown = container.run(["systemctl", "show", "--property=RuntimeWatchdogUSec"]).stdout
    assert shown.strip() == "RuntimeWatchdogUSec=14s"


def test_doctor_reports_the_running_service(
    container: Container, running: dict[str, str]
) -> None:
    wait_for(container, "s['SubState'] == 'running'", 60)
    report = container.run(["companion", "doctor"],
                           check=False).stdout
    assert "ok   service: running, enabled" in report, report
    assert "ok   config: /etc/companion/devices.toml" in report, report
    assert "ok   data: /var/lib/companion is writable" in report, report
    assert "not probed while the companion runs" in report, report
    assert "ok   power-off: the companion may switch the Pi off" in report, report


SEND_LEVEL = ("import socket, sys; s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); "
              "s.sendto(b'50', '/run/companion-backlight.sock')")


def test_the_backlight_helper_takes_levels_from_the_companion_only(
    container: Container, installed: tuple[str, str]
) -> None:
    assert container.run(["systemctl", "is-active", "companion-backlight.socket"]
                         ).stdout.strip() == "active"
    container.run(["python3", "-c", SEND_LEVEL], user="companion")
    refused = container.run(["python3", "-c", SEND_LEVEL], user="nobody", check=False)
    assert "PermissionError" in refused.stderr
    deadline = time.monotonic() + 30
    while container.run(["systemctl", "is-active", "companion-backlight.service"],
                        check=False).stdout.strip() != "active":
        assert time.monotonic() < deadline, "the socket did not start the helper"
        time.sleep(0.5)
    journal = container.run(["journalctl", "-u", "companion-backlight.service", "-o", "cat",
                             "--no-pager"]).stdout
    assert "companion-backlight:" not in journal, journal


def test_a_stop_is_clean(container: Container, running: dict[str, str]) -> None:
    wait_for(container, "s['SubState'] == 'running'", 60)
    container.run(["systemctl", "stop", UNIT], timeout=60)
    state = show(container, "ActiveState", "Result", "ExecMainCode", "ExecMainStatus")
    assert state == {"ActiveState": "inactive", "Result": "success", "ExecMainCode": "1",
                     "ExecMainStatus": "0"}
    container.run(["systemctl", "start", UNIT], timeout=120)


def authorised(container: Container, user: str, action: str) -> bool:
    checked = container.run(["sh", "-c", f"exec pkcheck --action-id {action} --process $$"],
                            user=user, check=False)
    return checked.returncode == 0


@pytest.mark.parametrize("action", [
    "org.freedesktop.login1.power-off",
    "org.freedesktop.login1.power-off-multiple-sessions",
    "org.freedesktop.login1.power-off-ignore-inhibit",
    "org.freedesktop.login1.reboot",
    "org.freedesktop.login1.halt",
    "org.freedesktop.login1.suspend",
    "org.freedesktop.login1.hibernate",
    "org.freedesktop.login1.set-wall-message",
    "org.freedesktop.login1.manage",
    "org.freedesktop.systemd1.manage-units",
    "org.freedesktop.systemd1.manage-unit-files",
])
def test_polkit_allows_the_companion_power_off_and_nothing_else(
    container: Container, installed: tuple[str, str], action: str
) -> None:
    """Against "nobody", an account without the rule: only power-off differs.

    systemd's own policy lets power-off imply set-wall-message (the message shown on
    the way down), so that one comes with it.
    """
    by_rule = action in ("org.freedesktop.login1.power-off",
                         "org.freedesktop.login1.power-off-multiple-sessions",
                         "org.freedesktop.login1.set-wall-message")
    assert authorised(container, "companion", action) == (
        by_rule or authorised(container, "nobody", action))
    if by_rule:
        assert not authorised(container, "nobody", action)


def test_udevadm_verify_accepts_the_rules_where_it_exists(
    container: Container, installed: tuple[str, str]
) -> None:
    probe = container.run(["udevadm", "verify", "--help"], check=False)
    if probe.returncode != 0:
        pytest.skip("no udevadm verify in this release (systemd 254 and later have it)")
    verified = container.run(["udevadm", "verify", "/etc/udev/rules.d/99-companion.rules"],
                             check=False)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_zz_the_companion_user_really_powers_the_machine_off(
    container: Container, running: dict[str, str]
) -> None:
    container.run(["busctl", "call", "--system", "org.freedesktop.login1",
                   "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PowerOff",
                   "b", "false"], user="companion", check=False, timeout=30)
    assert container.wait_for_exit(90) == 0
