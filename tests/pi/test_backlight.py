"""The backlight helper against a fake /sys/class/backlight, through a real socket."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from companion.system.backlight import (
    BacklightClient,
    BacklightError,
    main,
    parse_request,
    serve,
    set_level,
)


def fake_backlight(root: Path, name: str = "11-0045", maximum: int = 31) -> Path:
    device = root / name
    device.mkdir(parents=True)
    (device / "max_brightness").write_text(f"{maximum}\n")
    (device / "brightness").write_text(f"{maximum}\n")
    (device / "bl_power").write_text("0\n")
    return device


def test_levels_scale_to_each_panel_and_off_powers_down(tmp_path: Path) -> None:
    dsi = fake_backlight(tmp_path, "11-0045", 31)
    other = fake_backlight(tmp_path, "rpi_backlight", 255)
    assert set_level(15, tmp_path) == ["11-0045", "rpi_backlight"]
    assert (dsi / "brightness").read_text() == "5"
    assert (other / "brightness").read_text() == "38"
    set_level(0, tmp_path)
    assert (dsi / "brightness").read_text() == "0"
    assert (dsi / "bl_power").read_text() == "4"
    set_level(100, tmp_path)
    assert (dsi / "brightness").read_text() == "31"
    assert (dsi / "bl_power").read_text() == "0"


def test_a_dim_level_never_rounds_down_to_off(tmp_path: Path) -> None:
    dim = fake_backlight(tmp_path, "tiny", 4)
    set_level(1, tmp_path)
    assert (dim / "brightness").read_text() == "1"


@pytest.mark.parametrize("request_text", [b"", b"-5", b"101", b"bright", b"50; rm -rf /"])
def test_anything_but_a_percentage_is_refused(request_text: bytes) -> None:
    with pytest.raises(BacklightError, match="whole percentage"):
        parse_request(request_text)


def test_no_backlight_at_all_changes_nothing(tmp_path: Path) -> None:
    assert set_level(50, tmp_path / "absent") == []


def test_the_client_reaches_the_helper_over_its_socket(tmp_path: Path) -> None:
    sysfs = tmp_path / "sys"
    device = fake_backlight(sysfs)
    path = tmp_path / "backlight.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(path))
    helper = threading.Thread(target=serve, args=(listener, sysfs, 3))
    helper.start()
    client = BacklightClient(path)
    try:
        assert client.set(15)
        assert client.set(15)  # unchanged: not sent again
        assert client.set(0)
        assert client.set(100)
        helper.join(timeout=10)
        assert not helper.is_alive()
    finally:
        client.close()
        listener.close()
    assert (device / "brightness").read_text() == "31"
    assert (device / "bl_power").read_text() == "0"


def test_without_a_helper_the_client_says_so_and_does_not_fail(tmp_path: Path) -> None:
    client = BacklightClient(tmp_path / "nobody-listens.sock")
    assert client.set(15) is False
    assert client.level is None
    client.close()


def test_command_line_sets_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    device = fake_backlight(tmp_path)
    assert main(["--set", "50", "--sysfs", str(tmp_path)]) == 0
    assert (device / "brightness").read_text() == "16"
    assert main(["--set", "150", "--sysfs", str(tmp_path)]) == 1
    assert "0-100" in capsys.readouterr().err


def test_without_a_socket_from_systemd_it_explains(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("LISTEN_FDS", raising=False)
    assert main([]) == 2
    assert "LISTEN_FDS" in capsys.readouterr().err
