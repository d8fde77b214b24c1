"""``companion doctor`` against a fake /sys and /dev: each line ok, or what to do."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from ordinary_user import run_as_ordinary_user

from companion.devices.emulators import Pn532Emulator, PtyPort
from companion.system import doctor
from companion.system.doctor import Machine, diagnose, probe_reader

Runner = Callable[[Sequence[str]], subprocess.CompletedProcess[str]]


def systemctl(active: bool, enabled: str = "enabled", restarts: int = 0,
              power_off: str = "yes") -> Runner:
    """A stand-in for systemctl answering is-active and show for the unit, and for logind
    answering CanPowerOff to the service user."""

    def run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
        if "CanPowerOff" in command:
            assert command[:4] == ["runuser", "-u", "companion", "--"]
            return subprocess.CompletedProcess(list(command), 0, f's "{power_off}"\n', "")
        if "is-active" in command:
            return subprocess.CompletedProcess(list(command), 0 if active else 3, "", "")
        state = "active" if active else "failed"
        out = (f"ActiveState={state}\nSubState={'running' if active else 'failed'}\n"
               f"NRestarts={restarts}\nUnitFileState={enabled}\n")
        return subprocess.CompletedProcess(list(command), 0, out, "")
    return run


def fake_pi(tmp_path: Path, *, touch: bool = True, dsi: str = "connected") -> Machine:
    drm = tmp_path / "sys/class/drm"
    for entry, status in (("card1-DSI-1", dsi), ("card2-HDMI-A-1", "disconnected")):
        (drm / entry).mkdir(parents=True)
        (drm / entry / "status").write_text(status + "\n")
        (drm / entry / "modes").write_text("720x1280\n" if status == "connected" else "")
    inputs = tmp_path / "sys/class/input"
    # Capability masks as sysfs writes them: hex words, the most significant first.
    touch_screen = ("11-005d Goodix Capacitive TouchScreen", "660800000000003", "400 0 0 0 0 0")
    keyboard = ("keyboard", "0", "fffffffffffffffe")
    devices = [("event0", "pwr_button", "0", "100000 0 0 0"),
               ("event1", *(touch_screen if touch else keyboard))]
    for node, name, absolute, keys in devices:
        caps = inputs / node / "device" / "capabilities"
        caps.mkdir(parents=True)
        (caps / "abs").write_text(absolute + "\n")
        (caps / "key").write_text(keys + "\n")
        (inputs / node / "device" / "name").write_text(name + "\n")
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "gpiochip0").touch()
    (dev / "gpiochip4").touch()
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    data = tmp_path / "data"
    data.mkdir()
    config = tmp_path / "devices.toml"
    config.write_text('[[readers]]\nid = "table"\ntype = "pn532"\nport = "/dev/ttyAMA0"\n')
    return Machine(sysfs_drm=drm, sysfs_input=inputs, dev=dev, model_file=model,
                   data_dir=data, config=config, as_root=True, run=systemctl(active=False))


def answering(kind: str, port: str, baud: int) -> str:
    return "PN532 firmware 1.6"


def lines(machine: Machine, probe: doctor.Probe = answering) -> dict[str, str]:
    return {f.topic: f.line() for f in diagnose(machine, probe)}


def test_a_healthy_pi_is_ok_on_every_line(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)
    machine.run = systemctl(active=False)
    found = diagnose(machine, answering)
    by_topic = {f.topic: f for f in found}
    assert by_topic["board"].text.startswith("Raspberry Pi 5 Model B")
    assert by_topic["display"].text == "card1 DSI-1 (connected)"
    assert by_topic["touch"].text == "/dev/input/event1 (11-005d Goodix Capacitive TouchScreen)"
    assert by_topic["GPIO"].text == "gpiochip0, gpiochip4"
    assert by_topic["reader table"].text == "pn532 on /dev/ttyAMA0: PN532 firmware 1.6"
    assert by_topic["data"].ok and by_topic["space"].ok
    assert by_topic["power-off"].line() == "ok   power-off: the companion may switch the Pi off"
    assert not by_topic["service"].ok  # stopped here, so that the reader could be probed
    assert all(f.ok for f in found if f.topic != "service")


def test_each_problem_says_what_to_do(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path, touch=False, dsi="disconnected")
    (machine.dev / "gpiochip0").unlink()
    (machine.dev / "gpiochip4").unlink()
    machine.data_dir.chmod(0o500)

    def silent(kind: str, port: str, baud: int) -> str:
        raise OSError(2, "No such file or directory")

    try:
        found = lines(machine, silent)
    finally:
        machine.data_dir.chmod(0o700)
    assert found["display"].startswith("FIX  display: no screen connected")
    assert "power cable on header pins 2 and 6" in found["display"]
    assert found["touch"].startswith("FIX  touch: no touchscreen")
    assert found["GPIO"].startswith("FIX  GPIO: no /dev/gpiochip*")
    assert found["reader table"].startswith("FIX  reader table: pn532 on /dev/ttyAMA0 does not "
                                            "answer")
    assert found["service"].startswith("FIX  service: failed: journalctl -u companion -b")


def test_a_read_only_data_dir_is_named(tmp_path: Path) -> None:
    def check() -> None:
        machine = fake_pi(tmp_path)
        machine.data_dir.chmod(0o500)
        try:
            assert lines(machine)["data"].startswith("FIX  data: ")
        finally:
            machine.data_dir.chmod(0o700)

    run_as_ordinary_user(check)


def test_readers_are_left_alone_while_the_service_runs(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)
    machine.run = systemctl(active=True, restarts=2)

    def must_not_probe(kind: str, port: str, baud: int) -> str:
        raise AssertionError("the service owns the port")

    found = lines(machine, must_not_probe)
    assert "not probed while the companion runs" in found["reader table"]
    assert found["service"] == ("ok   service: running, enabled, restarted 2 times since it "
                                "was started")


def test_a_broken_config_is_one_line(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)
    assert machine.config is not None
    machine.config.write_text("[[readers]]\nid = 'x'\ntype = 'telepathy'\nport = '/dev/x'\n")
    found = lines(machine)
    assert found["config"].startswith("FIX  config: ")
    assert str(machine.config) in found["config"]


def test_an_uninstalled_service_says_how_to_install(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)
    machine.run = systemctl(active=False, enabled="")
    assert "sudo systemd/install.sh" in lines(machine)["service"]


def test_the_real_probe_talks_to_a_pn532(tmp_path: Path) -> None:
    port = PtyPort()
    emulator = Pn532Emulator(port)
    emulator.start()
    try:
        assert probe_reader("pn532", str(port.path), 115200) == "PN532 firmware 1.6"
    finally:
        emulator.stop()
        port.close()


def test_a_pi_5_reader_on_the_debug_connector_is_named(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)
    assert machine.config is not None
    machine.config.write_text('[[readers]]\nid = "table"\ntype = "pn532"\n'
                              'port = "/dev/serial0"\n')

    def must_not_probe(kind: str, port: str, baud: int) -> str:
        raise AssertionError("the debug connector is not the reader")

    line = lines(machine, must_not_probe)["reader table"]
    assert line.startswith("FIX  reader table: on a Raspberry Pi 5")
    assert 'port = "/dev/ttyAMA0"' in line and "dtparam=uart0=on" in line


@pytest.mark.parametrize("answer", ["challenge", "no"])
def test_a_power_off_the_companion_may_not_do_is_named(tmp_path: Path, answer: str) -> None:
    machine = fake_pi(tmp_path)
    machine.run = systemctl(active=True, power_off=answer)
    found = lines(machine)["power-off"]
    assert found.startswith(f'FIX  power-off: the companion may not switch the Pi off '
                            f'(logind says "{answer}")')
    assert "sudo apt install polkitd" in found


def test_power_off_without_the_service_user_says_to_install(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)

    def no_user(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
        if command[0] == "runuser":
            return subprocess.CompletedProcess(list(command), 1, "",
                                               "runuser: user companion does not exist\n")
        return systemctl(active=True)(command)

    machine.run = no_user
    assert lines(machine)["power-off"] == (
        "FIX  power-off: logind could not be asked: runuser: user companion does not exist; "
        "run sudo systemd/install.sh")


def test_power_off_is_not_asked_without_root(tmp_path: Path) -> None:
    machine = fake_pi(tmp_path)
    machine.as_root = False
    machine.run = systemctl(active=True, power_off="no")
    assert lines(machine)["power-off"].startswith("ok   power-off: not checked: run as root")
