"""Device words on the screen: whatever a config file or a reader's status holds is drawn.

A NUL in a port name once reached SDL_ttf through the status banner, which is drawn outside
the screens' guard, and the app crashed at every start.
"""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pygame

from companion.app import _start_devices
from companion.core.events import DeviceStatus
from companion.ui.app_loop import App
from companion.ui.device_line import OUT_SECONDS, STATUS_SECONDS

HOSTILE = "/dev/tty\x00USB0\x1b[2J\ud800\u200b"


def test_a_reader_status_with_a_nul_and_a_surrogate_is_drawn(app: App) -> None:
    app.inputs.put(DeviceStatus("table", "unavailable", f"No NFC reader on {HOSTILE}."))
    app.step()
    app.render(force=True)
    assert app.status is not None and app.status.rect.width > 0
    assert app.errors == 0


def test_a_device_config_with_a_nul_in_a_port_is_a_notice_and_the_app_goes_on(
        app: App, tmp_path: Path) -> None:
    config = tmp_path / "devices.toml"
    config.write_text('[[readers]]\nid = "a"\ntype = "pn532"\nport = "/dev/tty\\u0000USB0"\n')
    devices = _start_devices(app, SimpleNamespace(config=config, simulate=True))  # type: ignore[arg-type]
    try:
        assert [notice.text for notice in app.screens.notices] == [
            f"Device settings not used ({config}: readers[0].port: must be a serial port "
            "path of printable characters, such as /dev/ttyUSB0); continuing with the "
            "defaults."]
        app.step()
        app.render(force=True)
        assert app.errors == 0
        assert pygame.display.get_surface() is not None
    finally:
        devices.close()


LOST = DeviceStatus("table", "lost", "Lost the NFC reader on /dev/serial0: the reader went away.")


def test_a_lost_reader_is_said_for_as_long_as_it_is_out(app: App) -> None:
    app.overlays.device_status(LOST)
    for later in (STATUS_SECONDS * 10, OUT_SECONDS + 1):  # long past any passing word
        app.overlays.expire(time.monotonic() + later)
        assert app.status is not None and app.status.error
        assert app.status.text == LOST.message
    app.overlays.device_status(
        DeviceStatus("table", "reopened", "PN532 firmware 1.6 on /dev/serial0"))
    assert app.status is not None and not app.status.error
    app.overlays.expire(time.monotonic() + STATUS_SECONDS + 1)
    assert app.status is None


def test_a_word_about_another_device_does_not_hide_a_reader_that_is_out(app: App) -> None:
    app.overlays.device_status(LOST)
    app.overlays.device_status(DeviceStatus("bridge", "opened", "bridge firmware 2.0.0"))
    assert app.status is not None and "bridge" in app.status.text
    app.overlays.expire(time.monotonic() + STATUS_SECONDS + 1)
    assert app.status is not None and app.status.text == LOST.message
    app.step()
    app.render(force=True)
    assert app.errors == 0


def test_the_word_off_a_pi_speaks_the_language_chosen_after_it_came(app: App) -> None:
    from companion.core import i18n
    from companion.devices import start_devices
    from companion.devices.config import DeviceConfig
    from companion.ui import places

    class NoPins:  # gpiozero off a Pi: the pin factory cannot be had
        pass

    devices = start_devices(DeviceConfig(), app.inputs, simulate=False, pin_factory=NoPins)
    try:
        app.step()
        app.go(places.Settings())
        app.step()
        english = app.device_note
        assert english.startswith("No GPIO buttons: gpiozero cannot use the pins (")
        detail = english.split("pins (", 1)[1].rsplit("). Keys", 1)[0]  # gpiozero's words
        i18n.set_language("de")
        app.invalidate()
        app.step()
        german = app.device_note
        assert german != english and detail in german
        assert german == i18n._("No GPIO buttons: {reason}. Keys stand in for them, tags are "
                                "tapped on screen.").format(reason=i18n._(
            "gpiozero cannot use the pins ({error})").format(error=detail))
    finally:
        devices.close()
