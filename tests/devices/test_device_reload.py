"""SIGHUP reads devices.toml again and restarts the devices, without restarting the app
(``systemctl reload companion``: a restart per config edit would use up the crash-loop
limit)."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from paths import REPO

from companion.core.events import DeviceStatus
from companion.device_reload import DeviceReloader, HangUp
from companion.devices.config import DeviceConfig

HANG_GUARD = 60  # seconds: only so a broken build cannot hang the suite
READERS = '[[readers]]\nid = "{id}"\ntype = "pn532"\nport = "/dev/ttyNONE0"\n'


class FakeDevices:
    def __init__(self, config: DeviceConfig) -> None:
        self.config = config
        self.closed = 0
        self.keys = object()
        self.simulated_reader = object()

    def close(self) -> None:
        self.closed += 1


@pytest.fixture
def hang_up() -> Iterator[HangUp]:
    handler = HangUp()
    yield handler
    handler.restore()


def next_status(inputs: queue.Queue[Any]) -> DeviceStatus:
    item = inputs.get(timeout=HANG_GUARD)
    assert isinstance(item, DeviceStatus)
    return item


def reloader_for(tmp_path: Path, hang_up: HangUp) -> tuple[DeviceReloader, Any, Path]:
    config = tmp_path / "devices.toml"
    config.write_text(READERS.format(id="first"))
    app = SimpleNamespace(inputs=queue.Queue(), keys=None, simulated_reader=None,
                          vault_reader=None)
    first = FakeDevices(DeviceConfig())
    reloader = DeviceReloader(app, SimpleNamespace(config=config, simulate=True),  # type: ignore[arg-type]
                              first, hang_up, start=FakeDevices)  # type: ignore[arg-type]
    return reloader, app, config


def test_a_hang_up_restarts_the_devices_with_the_new_config(
    tmp_path: Path, hang_up: HangUp
) -> None:
    reloader, app, config = reloader_for(tmp_path, hang_up)
    first = reloader.devices
    config.write_text('[nfc]\nvault_reader = "second"\n\n' + READERS.format(id="second"))
    try:
        os.kill(os.getpid(), signal.SIGHUP)
        status = next_status(app.inputs)
        assert (status.device, status.status) == ("devices", "reloaded")
        assert status.message == "Device settings read again; readers: second."
        assert first.closed == 1  # type: ignore[attr-defined]
        assert reloader.devices is not first
        assert [r.id for r in reloader.devices.config.readers] == ["second"]  # type: ignore[attr-defined]
        assert app.keys is reloader.devices.keys
        assert app.simulated_reader is reloader.devices.simulated_reader
        assert app.vault_reader == "second"
    finally:
        reloader.close()
    assert reloader.devices.closed == 1  # type: ignore[attr-defined]


def test_a_config_with_a_mistake_keeps_the_devices_that_run(
    tmp_path: Path, hang_up: HangUp
) -> None:
    reloader, app, config = reloader_for(tmp_path, hang_up)
    first = reloader.devices
    config.write_text("[[readers]]\nid = \n")
    try:
        os.kill(os.getpid(), signal.SIGHUP)
        status = next_status(app.inputs)
        assert status.status == "config"
        assert status.message.startswith("Device settings not read again (")
        assert status.message.endswith("the ones before stay in use.")
        assert reloader.devices is first and first.closed == 0  # type: ignore[attr-defined]
        assert reloader.reloads == 0
    finally:
        reloader.close()


def test_a_hang_up_before_the_devices_run_is_kept_for_them(
    tmp_path: Path, hang_up: HangUp
) -> None:
    """SIGHUP during start-up (the default action would end the app) reloads once the
    devices run."""
    os.kill(os.getpid(), signal.SIGHUP)
    reloader, app, _config = reloader_for(tmp_path, hang_up)
    try:
        assert next_status(app.inputs).status == "reloaded"
    finally:
        reloader.close()


def lines_until(stream: Any, text: str, seen: list[str]) -> None:
    """Read ``stream`` until a line holds ``text`` (bounded by a timer that kills nothing:
    the caller's finally does)."""
    found = threading.Event()

    def read() -> None:
        for raw in stream:
            seen.append(raw.decode(errors="replace"))
            if text in seen[-1]:
                found.set()
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert found.wait(HANG_GUARD), f"{text!r} not in:\n{''.join(seen)}"


def test_the_running_app_reloads_on_a_hang_up_and_goes_on(tmp_path: Path) -> None:
    config = tmp_path / "devices.toml"
    config.write_text(READERS.format(id="first"))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "xdg")}
    env.pop("NOTIFY_SOCKET", None)
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "--data-dir", str(tmp_path / "data"),
         "--config", str(config), "--simulate"], cwd=REPO, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen: list[str] = []
    try:
        assert child.stderr is not None
        lines_until(child.stderr, "readers: first", seen)
        config.write_text(READERS.format(id="second"))
        child.send_signal(signal.SIGHUP)
        lines_until(child.stderr, "readers: second", seen)
        assert any("device config read again" in line for line in seen)
        assert child.poll() is None, "the app ended at the hang-up"
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=HANG_GUARD) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
