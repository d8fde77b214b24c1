"""The device config file: which GPIO pin is which button, which serial port is which reader.

It is ``devices.toml``, so a table can be rewired without touching the code: on the Pi the
service reads ``/etc/companion/devices.toml`` (``--config``, made by ``systemd/install.sh``),
elsewhere the default is the one under the user config directory. A missing file means the
defaults below (the wiring in ``hardware/PINMAP.md``); a broken one raises
:class:`DeviceConfigError`, whose one-line message names the file and the key, so the app can
show it and carry on with the defaults.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import field
from pathlib import Path
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen

BUTTON_NAMES = ("seat1", "seat2", "seat3", "seat4", "seat5", "next", "undo", "menu")
READER_TYPES = ("pn532", "bridge")
DEFAULT_BAUD = 115200
BCM_PINS = range(0, 28)  # the GPIO numbers on the 40-pin header
BAUD_RATES = range(300, 4_000_001)  # what a UART on the Pi or a USB adapter can be set to
MAX_FILE_BYTES = 64 * 1024  # a device config is a few hundred bytes
MAX_PORT_LENGTH = 255
_READER_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")

DEFAULT_PINS: Mapping[str, int] = {
    "seat1": 5,
    "seat2": 6,
    "seat3": 13,
    "seat4": 19,
    "seat5": 26,
    "next": 16,
    "undo": 20,
    "menu": 21,
}


class DeviceConfigError(ValueError):
    """The device config file cannot be used; the message is one line for the screen."""


@frozen
class ButtonConfig:
    """Buttons wired from a BCM pin to ground (pull-up, active low) unless ``pull_up`` is off."""

    pins: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    pull_up: bool = True
    debounce_ms: float = 20.0
    hold_time: float = 1.5
    menu_hold_time: float = 3.0

    def hold_time_for(self, button: str) -> float:
        """The menu button has its own, longer hold: it asks to shut the Pi down."""
        return self.menu_hold_time if button == "menu" else self.hold_time


@frozen
class ReaderConfig:
    """One serial NFC reader: a PN532 in HSU mode or a microcontroller bridge."""

    id: str
    type: str
    port: str
    baud: int = DEFAULT_BAUD


DEFAULT_READERS = (ReaderConfig(id="table", type="pn532", port="/dev/serial0"),)


@frozen
class DeviceConfig:
    """Everything the devices layer needs; ``source`` is the file it came from, if any."""

    buttons: ButtonConfig = field(default_factory=ButtonConfig)
    readers: tuple[ReaderConfig, ...] = DEFAULT_READERS
    vault_reader: str | None = None
    seat_readers: Mapping[str, str] = field(default_factory=dict)
    source: Path | None = None

    def reader_ids(self) -> list[str]:
        """The reader ids events can carry (a bridge's readers are named by its firmware)."""
        return [reader.id for reader in self.readers]


def default_config_path() -> Path:
    """``$XDG_CONFIG_HOME/companion/devices.toml``, else ``~/.config/companion/devices.toml``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion" / "devices.toml"


def load_device_config(path: Path | None = None) -> DeviceConfig:
    """Read the device config; a file that does not exist gives the defaults."""
    file = path if path is not None else default_config_path()
    name = shown(str(file))
    try:
        with file.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        text = raw.decode("utf-8")
    except FileNotFoundError:
        return DeviceConfig()
    except (OSError, UnicodeDecodeError) as exc:
        raise DeviceConfigError(
            _("{file}: cannot be read ({reason})").format(file=name, reason=shown(str(exc)))
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DeviceConfigError(_("{file}: too long for a device config (over {size} KB)").format(
            file=name, size=MAX_FILE_BYTES // 1024))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeviceConfigError(
            _("{file}: not valid TOML: {reason}").format(file=name, reason=shown(str(exc)))
        ) from None
    except RecursionError:  # tomllib parses nested arrays and tables by recursion
        raise DeviceConfigError(
            _("{file}: not valid TOML: nested too deeply").format(file=name)) from None
    return _ConfigReader(file).read(data)


def shown(text: str) -> str:
    """``text`` for a one-line notice, every unprintable character (a NUL, a newline, a
    lone surrogate) written as its escape, so none reaches the screen or the journal."""
    if text.isprintable():
        return text
    return "".join(character if character.isprintable() else repr(character)[1:-1]
                   for character in text)


class _ConfigReader:
    """Checks one parsed file, naming the offending key in every error."""

    def __init__(self, file: Path) -> None:
        self._file = file

    def fail(self, key: str, problem: str) -> DeviceConfigError:
        return DeviceConfigError(_("{file}: {key}: {problem}").format(
            file=shown(str(self._file)), key=shown(key), problem=shown(problem)))

    def only_keys(self, table: Mapping[str, Any], allowed: tuple[str, ...], prefix: str) -> None:
        for key in table:
            if key not in allowed:
                raise self.fail(prefix + key, _("unknown key"))

    def table(self, parent: Mapping[str, Any], key: str, prefix: str = "") -> Mapping[str, Any]:
        value = parent.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(prefix + key, _("must be a table"))
        return value

    def number(self, table: Mapping[str, Any], key: str, default: float, prefix: str,
               low: float, high: float) -> float:
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(prefix + key, _("must be a number"))
        if not low <= value <= high:
            raise self.fail(prefix + key, _("must be between {low} and {high}").format(
                low=low, high=high))
        return float(value)

    def read(self, data: Mapping[str, Any]) -> DeviceConfig:
        self.only_keys(data, ("buttons", "readers", "nfc"), "")
        buttons = self.read_buttons(self.table(data, "buttons"))
        readers = self.read_readers(data.get("readers", None))
        nfc = self.table(data, "nfc")
        self.only_keys(nfc, ("vault_reader", "seat_readers"), "nfc.")
        vault = nfc.get("vault_reader")
        if vault is not None and not (isinstance(vault, str) and _READER_ID.fullmatch(vault)):
            raise self.fail("nfc.vault_reader", _("must be a reader id such as \"vault\""))
        seat_readers = self.read_seat_readers(self.table(nfc, "seat_readers", "nfc."))
        return DeviceConfig(buttons=buttons, readers=readers, vault_reader=vault,
                            seat_readers=seat_readers, source=self._file)

    def read_buttons(self, table: Mapping[str, Any]) -> ButtonConfig:
        self.only_keys(table, ("pins", "pull_up", "debounce_ms", "hold_time", "menu_hold_time"),
                       "buttons.")
        pins = dict(DEFAULT_PINS)
        if "pins" in table:
            pins = self.read_pins(self.table(table, "pins", "buttons."))
        pull_up = table.get("pull_up", True)
        if not isinstance(pull_up, bool):
            raise self.fail("buttons.pull_up", _("must be true or false"))
        return ButtonConfig(
            pins=pins,
            pull_up=pull_up,
            debounce_ms=self.number(table, "debounce_ms", 20.0, "buttons.", 0, 500),
            hold_time=self.number(table, "hold_time", 1.5, "buttons.", 0.2, 30),
            menu_hold_time=self.number(table, "menu_hold_time", 3.0, "buttons.", 0.2, 30),
        )

    def read_pins(self, table: Mapping[str, Any]) -> dict[str, int]:
        """The pins named here; every button left out keeps its default pin."""
        pins: dict[str, int] = {}
        for name, pin in table.items():
            key = "buttons.pins." + name
            if name not in BUTTON_NAMES:
                raise self.fail(key, _("unknown button (known: {names})").format(
                    names=", ".join(BUTTON_NAMES)))
            if isinstance(pin, bool) or not isinstance(pin, int) or pin not in BCM_PINS:
                raise self.fail(key, _("must be a BCM GPIO number from 0 to 27"))
            for other, used in pins.items():
                if used == pin:
                    raise self.fail(key, _("GPIO {pin} is already used by {other}").format(
                        pin=pin, other=other))
            pins[name] = pin
        for name, pin in DEFAULT_PINS.items():
            if name in pins:
                continue
            taken = [other for other, used in pins.items() if used == pin]
            if taken:
                raise self.fail("buttons.pins." + taken[0], _(
                    "GPIO {pin} is {other}'s default pin; give {other} another pin "
                    "too").format(pin=pin, other=name))
            pins[name] = pin
        return {name: pins[name] for name in BUTTON_NAMES}

    def read_readers(self, value: Any) -> tuple[ReaderConfig, ...]:
        if value is None:
            return DEFAULT_READERS
        if not isinstance(value, list):
            raise self.fail("readers", _("must be a list of [[readers]] tables"))
        readers: list[ReaderConfig] = []
        for index, entry in enumerate(value):
            prefix = f"readers[{index}]."
            if not isinstance(entry, dict):
                raise self.fail(prefix.rstrip("."), _("must be a table"))
            self.only_keys(entry, ("id", "type", "port", "baud"), prefix)
            reader_id = entry.get("id")
            if not (isinstance(reader_id, str) and _READER_ID.fullmatch(reader_id)):
                raise self.fail(prefix + "id", _("must be 1-16 letters, digits, - or _"))
            if any(reader.id == reader_id for reader in readers):
                raise self.fail(prefix + "id", _("\"{id}\" is used twice").format(id=reader_id))
            kind = entry.get("type")
            if kind not in READER_TYPES:
                raise self.fail(prefix + "type", _("must be \"pn532\" or \"bridge\""))
            port = entry.get("port")
            if not (isinstance(port, str) and port.strip()):
                raise self.fail(prefix + "port", _("must be a serial port path"))
            if not port.isprintable() or len(port) > MAX_PORT_LENGTH:
                raise self.fail(prefix + "port", _(
                    "must be a serial port path of printable characters, such as "
                    "/dev/ttyUSB0"))
            baud = entry.get("baud", DEFAULT_BAUD)
            if isinstance(baud, bool) or not isinstance(baud, int) or baud not in BAUD_RATES:
                raise self.fail(prefix + "baud", _("must be a baud rate such as 115200"))
            readers.append(ReaderConfig(id=reader_id, type=str(kind), port=port, baud=baud))
        return tuple(readers)

    def read_seat_readers(self, table: Mapping[str, Any]) -> dict[str, str]:
        seats: dict[str, str] = {}
        for reader_id, seat in table.items():
            key = "nfc.seat_readers." + reader_id
            if not _READER_ID.fullmatch(reader_id):
                raise self.fail(key, _("must be a reader id"))
            if seat not in BUTTON_NAMES[:5]:
                raise self.fail(key, _("must be one of seat1..seat5"))
            seats[reader_id] = seat
        return seats


def describe_device_config(config: DeviceConfig) -> str:
    """One line for the journal: which file the devices came from and where the readers are."""
    source = str(config.source) if config.source is not None else _("none, the defaults")
    readers = ", ".join(f"{reader.id} ({reader.type} on {reader.port})"
                        for reader in config.readers) or _("none")
    return _("companion: device config {source}; readers: {readers}").format(
        source=source, readers=readers)
