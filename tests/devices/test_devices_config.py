"""The device config file: defaults, the documented example, and clear errors."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import REPO

from companion.devices.config import (
    BUTTON_NAMES,
    DEFAULT_PINS,
    DeviceConfig,
    DeviceConfigError,
    ReaderConfig,
    default_config_path,
    load_device_config,
)

EXAMPLE = REPO / "hardware" / "devices.example.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "devices.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    config = load_device_config(tmp_path / "nope.toml")
    assert config == DeviceConfig()
    assert dict(config.buttons.pins) == dict(DEFAULT_PINS)
    assert config.readers == (ReaderConfig("table", "pn532", "/dev/serial0", 115200),)
    assert config.buttons.hold_time_for("menu") == 3.0
    assert config.buttons.hold_time_for("seat1") == 1.5


def test_default_path_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_config_path() == tmp_path / "companion" / "devices.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_config_path() == tmp_path / "home" / ".config" / "companion" / "devices.toml"


def test_none_reads_the_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "devices.toml").write_text("[buttons]\nhold_time = 2\n")
    assert load_device_config(None).buttons.hold_time == 2.0


def test_the_shipped_example_loads_as_the_defaults() -> None:
    config = load_device_config(EXAMPLE)
    assert config.buttons == DeviceConfig().buttons
    assert config.readers == DeviceConfig().readers
    assert config.source == EXAMPLE


def test_a_full_file(tmp_path: Path) -> None:
    config = load_device_config(write(tmp_path, """
[buttons]
pull_up = false
debounce_ms = 35
[buttons.pins]
seat1 = 17
menu = 3
[[readers]]
id = "bridge"
type = "bridge"
port = "/dev/companion-bridge"
[[readers]]
id = "table"
type = "pn532"
port = "/dev/serial0"
baud = 9600
[nfc]
vault_reader = "vault"
[nfc.seat_readers]
r1 = "seat1"
"""))
    assert dict(config.buttons.pins) == {**DEFAULT_PINS, "seat1": 17, "menu": 3}
    assert config.buttons.pull_up is False and config.buttons.debounce_ms == 35
    assert config.readers == (ReaderConfig("bridge", "bridge", "/dev/companion-bridge"),
                              ReaderConfig("table", "pn532", "/dev/serial0", 9600))
    assert config.vault_reader == "vault"
    assert dict(config.seat_readers) == {"r1": "seat1"}
    assert config.reader_ids() == ["bridge", "table"]


@pytest.mark.parametrize(("text", "key"), [
    ("[buttons]\nhold_tme = 2\n", "buttons.hold_tme"),
    ("[buttons.pins]\nseat6 = 4\n", "buttons.pins.seat6"),
    ("[buttons.pins]\nseat1 = 40\n", "buttons.pins.seat1"),
    ("[buttons.pins]\nseat1 = \"5\"\n", "buttons.pins.seat1"),
    ("[buttons.pins]\nseat1 = 5\nseat2 = 5\n", "buttons.pins.seat2"),
    ("[buttons.pins]\nseat1 = 6\n", "buttons.pins.seat1"),  # seat2's default
    ("[buttons]\nhold_time = 0\n", "buttons.hold_time"),
    ("[buttons]\ndebounce_ms = true\n", "buttons.debounce_ms"),
    ("[buttons]\npull_up = 1\n", "buttons.pull_up"),
    ("buttons = 3\n", "buttons"),
    ("[[readers]]\nid = \"a\"\ntype = \"acr122\"\nport = \"/dev/x\"\n", "readers[0].type"),
    ("[[readers]]\nid = \"a b\"\ntype = \"pn532\"\nport = \"/dev/x\"\n", "readers[0].id"),
    ("[[readers]]\nid = \"a\"\ntype = \"pn532\"\n", "readers[0].port"),
    ("[[readers]]\nid = \"a\"\ntype = \"pn532\"\nport = \"/dev/x\"\nbaud = 0\n", "readers[0].baud"),
    ("[[readers]]\nid = \"a\"\ntype = \"pn532\"\nport = \"/x\"\n"
     "[[readers]]\nid = \"a\"\ntype = \"bridge\"\nport = \"/y\"\n", "readers[1].id"),
    ("readers = \"/dev/x\"\n", "readers"),
    ("[nfc]\nvault_reader = 3\n", "nfc.vault_reader"),
    ("[nfc.seat_readers]\nr1 = \"seat9\"\n", "nfc.seat_readers.r1"),
    ("[sound]\non = true\n", "sound"),
])
def test_invalid_files_name_the_file_and_key_in_one_line(tmp_path: Path, text: str,
                                                         key: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(DeviceConfigError) as caught:
        load_device_config(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {key}: ")
    assert "\n" not in message


def test_broken_toml_is_one_line_naming_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "[buttons\nhold_time = \n")
    with pytest.raises(DeviceConfigError) as caught:
        load_device_config(path)
    assert str(caught.value).startswith(f"{path}: not valid TOML")
    assert "\n" not in str(caught.value)


def test_a_file_that_is_not_text_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "devices.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeviceConfigError, match="devices.toml"):
        load_device_config(path)


def test_one_pin_keeps_every_other_button_on_its_default(tmp_path: Path) -> None:
    config = load_device_config(write(tmp_path, "[buttons.pins]\nundo = 4\n"))
    assert dict(config.buttons.pins) == {**DEFAULT_PINS, "undo": 4}


def test_a_pin_swap_between_two_buttons_is_fine(tmp_path: Path) -> None:
    config = load_device_config(write(tmp_path, "[buttons.pins]\nseat1 = 6\nseat2 = 5\n"))
    assert config.buttons.pins["seat1"] == 6 and config.buttons.pins["seat2"] == 5
    assert config.buttons.pins["menu"] == DEFAULT_PINS["menu"]


@pytest.mark.parametrize("text", [
    "[buttons]\nhold_time = 2\n",
    "[buttons.pins]\nnext = 4\n",
    "[nfc]\nvault_reader = \"vault\"\n",
    "[nfc.seat_readers]\nr1 = \"seat1\"\n",
    "[[readers]]\nid = \"table\"\ntype = \"pn532\"\nport = \"/dev/serial0\"\n",
])
def test_every_table_keeps_the_defaults_for_what_it_leaves_out(tmp_path: Path,
                                                               text: str) -> None:
    """Whatever one table sets, everything the file does not mention is the default."""
    config = load_device_config(write(tmp_path, text))
    defaults = DeviceConfig()
    changed = {field for field in ("buttons", "readers", "vault_reader", "seat_readers")
               if getattr(config, field) != getattr(defaults, field)}
    assert len(changed) <= 1
    for name in BUTTON_NAMES:
        assert name in config.buttons.pins
    if "buttons" in changed:
        changed_button_fields = {f for f in ("pull_up", "debounce_ms", "hold_time",
                                             "menu_hold_time")
                                 if getattr(config.buttons, f) != getattr(defaults.buttons, f)}
        changed_pins = {n for n in BUTTON_NAMES
                        if config.buttons.pins[n] != defaults.buttons.pins[n]}
        assert len(changed_button_fields) + len(changed_pins) == 1


READER = "[[readers]]\nid = \"a\"\ntype = \"pn532\"\n"


def refusal(tmp_path: Path, text: str) -> str:
    """The one-line notice for a file that must be refused."""
    with pytest.raises(DeviceConfigError) as caught:
        load_device_config(write(tmp_path, text))
    message = str(caught.value)
    assert message.isprintable()  # one line, no NUL or escape sequence for the screen
    return message


@pytest.mark.parametrize("port", ["/dev/tty\\u0000USB0", "/dev/ttyUSB0\\n", "/dev/\\u001b[2J",
                                  "/dev/tty\\u2028USB0", "/dev/" + "x" * 300])
def test_a_port_with_unprintable_characters_is_refused_in_words(tmp_path: Path,
                                                                port: str) -> None:
    message = refusal(tmp_path, READER + f'port = "{port}"\n')
    assert message.startswith(f"{tmp_path / 'devices.toml'}: readers[0].port: ")


@pytest.mark.parametrize("text", [
    "a = " + "[" * 5000 + "]" * 5000 + "\n",
    "a = " + "{b = " * 5000 + "1" + "}" * 5000 + "\n",
])
def test_nesting_too_deep_for_the_parser_is_a_notice_not_a_crash(tmp_path: Path,
                                                                  text: str) -> None:
    message = refusal(tmp_path, text)
    assert message.startswith(f"{tmp_path / 'devices.toml'}: not valid TOML")


def test_a_deep_table_header_names_its_first_key(tmp_path: Path) -> None:
    message = refusal(tmp_path, "[" + ".".join(["a"] * 5000) + "]\n")
    assert message.startswith(f"{tmp_path / 'devices.toml'}: a: unknown key")


def test_a_key_with_a_nul_is_named_with_the_nul_escaped(tmp_path: Path) -> None:
    message = refusal(tmp_path, '[buttons.pins]\n"seat\\u0000one" = 5\n')
    assert "buttons.pins.seat\\x00one: unknown button" in message


def test_a_file_far_too_long_for_a_device_config_is_refused(tmp_path: Path) -> None:
    message = refusal(tmp_path, "# padding\n" * 10_000)
    assert "too long" in message


def test_gpio_28_and_above_are_refused_and_27_is_the_last_pin(tmp_path: Path) -> None:
    for pin in (28, 29, 40, -1):
        message = refusal(tmp_path, f"[buttons.pins]\nseat1 = {pin}\n")
        assert "buttons.pins.seat1: must be a BCM GPIO number from 0 to 27" in message
    config = load_device_config(write(tmp_path, "[buttons.pins]\nseat1 = 27\n"))
    assert config.buttons.pins["seat1"] == 27


@pytest.mark.parametrize("baud", [4_000_001, 10**9, 2**63 - 1, 299, -115200])
def test_an_absurd_baud_rate_is_refused(tmp_path: Path, baud: int) -> None:
    message = refusal(tmp_path, READER + f'port = "/dev/x"\nbaud = {baud}\n')
    assert "readers[0].baud: must be a baud rate" in message


def test_the_fastest_and_slowest_real_baud_rates_are_taken(tmp_path: Path) -> None:
    for baud in (300, 4_000_000):
        config = load_device_config(write(tmp_path, READER + f'port = "/dev/x"\nbaud = {baud}\n'))
        assert config.readers[0].baud == baud


@pytest.mark.parametrize("button", ["next", "undo", "menu"])
def test_a_control_button_is_refused_as_a_seat(tmp_path: Path, button: str) -> None:
    message = refusal(tmp_path, f'[nfc.seat_readers]\nr1 = "{button}"\n')
    assert "nfc.seat_readers.r1: must be one of seat1..seat5" in message


def test_every_seat_is_taken_as_a_seat(tmp_path: Path) -> None:
    seats = "".join(f'r{n} = "seat{n}"\n' for n in range(1, 6))
    config = load_device_config(write(tmp_path, "[nfc.seat_readers]\n" + seats))
    assert dict(config.seat_readers) == {f"r{n}": f"seat{n}" for n in range(1, 6)}


@pytest.mark.parametrize("text", [
    '[nfc]\nvault_reader = "vault\\n"\n',
    '[nfc.seat_readers]\n"r1\\n" = "seat1"\n',
    READER.replace('"a"', '"a\\n"') + 'port = "/dev/x"\n',
])
def test_a_reader_id_ending_in_a_newline_is_refused(tmp_path: Path, text: str) -> None:
    refusal(tmp_path, text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_config_or_a_one_line_notice(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "devices.toml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_device_config(path)
        except DeviceConfigError as exc:
            assert str(exc).isprintable()
