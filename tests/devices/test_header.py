"""The default wiring on the Pi's header: no two parts on one pin except the rails meant to be
shared, each terminal on a pin of its kind, and the pin map, the PN532 note and the
picture saying the same as the code."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import re

import pytest
from paths import REPO

from companion.devices.header import (
    DISPLAY,
    HEADER,
    READER,
    Wire,
    default_wiring,
    wiring_problems,
)

PINMAP = REPO / "hardware" / "PINMAP.md"
PN532_NOTE = REPO / "firmware_notes" / "pn532-hsu.md"
DRAWING = REPO / "hardware" / "draw_wiring.py"


def test_the_default_wiring_has_no_problem() -> None:
    assert wiring_problems(default_wiring()) == []


def test_the_display_is_powered_from_pins_2_and_6() -> None:
    display = {wire.terminal: wire.pin for wire in default_wiring() if wire.part == DISPLAY}
    assert display == {"5V": 2, "GND": 6}


def test_the_reader_on_the_displays_ground_pin_is_refused() -> None:
    """The wiring before: the PN532's ground on pin 6, where the display's power goes."""
    wires = [dataclasses.replace(wire, pin=6)
             if (wire.part, wire.terminal) == (READER, "GND") else wire
             for wire in default_wiring()]
    assert wiring_problems(wires) == [
        f"pin 6 (GND) is shared by {READER}, {DISPLAY}"]


def test_a_rail_is_shared_only_by_the_parts_it_is_meant_for() -> None:
    """The seats' ground rail (39) is not the reader's, though both are ground."""
    wires = [*default_wiring(), Wire("extra reader", "GND", 39, "")]
    assert wiring_problems(wires) == [
        "pin 39 (GND) is shared by extra reader, seat1 button, seat2 button, seat3 button, "
        "seat4 button, seat5 button"]


@pytest.mark.parametrize("wire, problem", [
    (Wire(READER, "VCC", 4, ""), "PN532 VCC on pin 4, a 5V pin"),
    (Wire("menu button", "GND", 40, ""), "menu button GND on pin 40, a GPIO21 pin"),
    (Wire("next button", "signal", 14, ""), "next button signal on pin 14, a GND pin"),
    (Wire(READER, "TXD", 8, ""), "PN532 TXD on pin 8, a GPIO14 TXD pin"),
    (Wire(DISPLAY, "5V", 41, ""), "Touch Display 2 5V: there is no header pin 41"),
])
def test_a_terminal_on_the_wrong_kind_of_pin_is_named(wire: Wire, problem: str) -> None:
    assert problem in wiring_problems([wire])


def pinmap_rows() -> dict[str, str]:
    """PINMAP.md's table: first column -> header pin column."""
    rows = {}
    for line in PINMAP.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3 and not set(cells[0]) <= {"-"}:
            rows[cells[0]] = cells[2]
    return rows


def test_the_pin_map_lists_every_wire_on_its_pin() -> None:
    rows = pinmap_rows()
    for wire in default_wiring():
        assert wire.label in rows, f"PINMAP.md has no row {wire.label!r}"
        assert str(wire.pin) in re.findall(r"\d+", rows[wire.label]), (wire, rows[wire.label])


def test_the_pn532_note_wires_the_reader_as_the_code_does() -> None:
    table = dict(re.findall(r"^\| (VCC|GND|TXD|RXD) \| pin (\d+) ",
                            PN532_NOTE.read_text(encoding="utf-8"), re.M))
    reader = {wire.terminal: str(wire.pin) for wire in default_wiring() if wire.part == READER}
    assert table == reader


def test_every_pin_named_is_on_the_header() -> None:
    assert sorted(HEADER) == list(range(1, 41))


def test_the_picture_is_drawn_from_this_wiring() -> None:
    """hardware/wiring.png is what draw_wiring.py draws today (run it after a change)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    spec = importlib.util.spec_from_file_location("draw_wiring", DRAWING)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = module.draw()
    saved = pygame.image.load(str(REPO / "hardware" / "wiring.png"))
    assert saved.get_size() == drawn.get_size()
    assert pygame.image.tobytes(saved, "RGB") == pygame.image.tobytes(drawn, "RGB")
