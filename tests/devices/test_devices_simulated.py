"""Keyboard stand-ins and the on-screen reader, and how start_devices chooses them."""

from __future__ import annotations

import queue
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.core.events import ButtonPress, DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.devices import manager
from companion.devices.config import ButtonConfig, DeviceConfig, ReaderConfig
from companion.devices.emulators import Pn532Emulator, PtyPort
from companion.devices.manager import start_devices
from companion.devices.simulated import (
    DEMO_TAG_UIDS,
    KeyHoldTracker,
    SimulatedReader,
    button_for_key,
    normalise_uid,
)


def drained(events: queue.Queue[InputEvent]) -> list[InputEvent]:
    items = []
    while not events.empty():
        items.append(events.get_nowait())
    return items


@pytest.mark.parametrize(("key", "button"), [
    ("1", "seat1"), ("5", "seat5"), ("[3]", "seat3"), ("space", "next"), ("n", "next"),
    ("return", "next"), ("backspace", "undo"), ("u", "undo"), ("m", "menu"),
    ("escape", "menu"), ("M", "menu"), ("6", None), ("q", None), ("left shift", None),
])
def test_keys_stand_for_buttons(key: str, button: str | None) -> None:
    assert button_for_key(key) == button


def test_key_tap_is_a_short_press_and_a_hold_is_one_long_press() -> None:
    keys = KeyHoldTracker(ButtonConfig(hold_time=1.5, menu_hold_time=3.0))
    keys.key_down("space", 10.0)
    assert keys.due(10.2) == []
    assert keys.key_up("space", 10.2) == ButtonPress("next")
    keys.key_down("m", 20.0)
    keys.key_down("m", 20.5)  # key repeat does not restart the hold
    assert keys.due(22.0) == []
    assert keys.due(23.0) == [ButtonPress("menu", long=True)]
    assert keys.due(24.0) == []
    assert keys.key_up("m", 24.0) is None
    keys.key_down("1", 30.0)
    assert keys.due(31.6) == [ButtonPress("seat1", long=True)]
    assert keys.key_up("x", 31.7) is None


def test_demo_uids_are_valid_and_distinct() -> None:
    assert len(set(DEMO_TAG_UIDS)) == len(DEMO_TAG_UIDS) >= 5
    assert all(normalise_uid(uid) == uid for uid in DEMO_TAG_UIDS)


def test_uids_are_normalised_and_bad_ones_refused_in_words() -> None:
    assert normalise_uid("04:a1:b2:c3:d4:e5:f6") == "04A1B2C3D4E5F6"
    assert normalise_uid("5a 3c 9e 71") == "5A3C9E71"
    with pytest.raises(ValueError, match="not a tag UID"):
        normalise_uid("04A1B2")


def test_simulated_reader_reports_tap_once_and_removal() -> None:
    events: queue.Queue[InputEvent] = queue.Queue()
    reader = SimulatedReader(events, ["table", "vault"])
    reader.tap("04a1b2c3d4e5f6")
    reader.tap("5A3C9E71", reader="vault")
    reader.remove("5A3C9E71", reader="vault")
    reader.remove("5A3C9E71", reader="vault")  # not there any more: nothing
    reader.tap("04A1B2C3D4E5F6")  # tapped again while down: lifted and put back
    assert drained(events) == [
        TagArrived("table", "04A1B2C3D4E5F6"),
        TagArrived("vault", "5A3C9E71"),
        TagRemoved("vault", "5A3C9E71"),
        TagRemoved("table", "04A1B2C3D4E5F6"),
        TagArrived("table", "04A1B2C3D4E5F6"),
    ]
    with pytest.raises(ValueError, match="no simulated reader"):
        reader.tap("5A3C9E71", reader="seat9")


def test_simulate_gives_keyboard_and_tap_reader() -> None:
    events: queue.Queue[InputEvent] = queue.Queue()
    config = DeviceConfig(vault_reader="vault", seat_readers={"r1": "seat1"})
    devices = start_devices(config, events, simulate=True)
    try:
        assert devices.simulated and devices.keys is not None
        assert devices.simulated_reader is not None
        assert devices.simulated_reader.readers == ["table", "vault", "r1"]
        devices.simulated_reader.tap(DEMO_TAG_UIDS[0])
        status, arrived = drained(events)
        assert isinstance(status, DeviceStatus) and status.status == "simulated"
        assert arrived == TagArrived("table", DEMO_TAG_UIDS[0])
    finally:
        devices.close()


def test_mock_pins_give_real_buttons(tmp_path: Path) -> None:
    events: queue.Queue[InputEvent] = queue.Queue()
    factory = MockFactory()
    config = DeviceConfig(readers=())
    now = [100.0]
    devices = start_devices(config, events, simulate=False, pin_factory=factory,
                            clock=lambda: now[0])
    try:
        assert not devices.simulated and devices.simulated_reader is None
        pin = factory.pin(16)
        pin.drive_low()
        now[0] += 0.05  # a real press is longer than the 20 ms settle time
        pin.drive_high()
        assert drained(events) == [ButtonPress("next")]
    finally:
        devices.close()


def test_off_a_pi_it_falls_back_and_says_why(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setattr(manager.glob, "glob", lambda pattern: [])
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    port = PtyPort(tmp_path / "nfc")
    emulator = Pn532Emulator(port)
    emulator.start()
    config = DeviceConfig(readers=(ReaderConfig("table", "pn532", port.path),
                                   ReaderConfig("gone", "pn532", str(tmp_path / "missing"))))
    events: queue.Queue[InputEvent] = queue.Queue()
    devices = start_devices(config, events, simulate=False)
    try:
        assert devices.simulated and devices.simulated_reader is not None
        status = events.get(timeout=5)
        assert isinstance(status, DeviceStatus) and status.status == "simulated"
        assert "/dev/gpiochip" in status.message
        assert [thread.device for thread in devices.readers] == ["table"]  # the one present
        opened = events.get(timeout=5)
        assert isinstance(opened, DeviceStatus) and opened.status == "opened"
    finally:
        devices.close()
        emulator.unplug()
    assert devices.readers == []


def test_gpiozero_mock_pins_run_the_configured_buttons_off_a_pi(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero import Device

    monkeypatch.setattr(manager.glob, "glob", lambda pattern: [])
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setattr(Device, "pin_factory", None)
    events: queue.Queue[InputEvent] = queue.Queue()
    now = [100.0]
    devices = start_devices(DeviceConfig(readers=()), events, simulate=False,
                            clock=lambda: now[0])
    try:
        assert not devices.simulated and devices.buttons is not None
        assert devices.buttons.names == list(DeviceConfig().buttons.pins)
        assert isinstance(Device.pin_factory, MockFactory)
        pin = Device.pin_factory.pin(DeviceConfig().buttons.pins["next"])
        pin.drive_low()
        now[0] += 0.05  # past the 20 ms settle time
        pin.drive_high()
        assert events.get_nowait() == ButtonPress("next")
    finally:
        devices.close()
        if Device.pin_factory is not None:
            Device.pin_factory.close()


def test_gpio_failure_falls_back_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(manager.glob, "glob", lambda pattern: ["/dev/gpiochip0"])

    class BrokenFactory(MockFactory):
        def pin(self, name: object, pin_class: object = None, **kwargs: object) -> object:
            raise OSError("no access to /dev/gpiochip0")

    events: queue.Queue[InputEvent] = queue.Queue()
    devices = start_devices(DeviceConfig(readers=()), events, simulate=False,
                            pin_factory=BrokenFactory())
    try:
        assert devices.simulated
        status = events.get_nowait()
        assert isinstance(status, DeviceStatus) and "no access" in status.message
    finally:
        devices.close()
