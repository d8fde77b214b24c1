"""The Pi's 40-pin header and what the default wiring puts on it: one list for the picture
(``hardware/draw_wiring.py``), the pin map (``hardware/PINMAP.md``) and the test that no
two parts share a pin unless it is a rail they share by design.

Pure data; nothing here touches the GPIO.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.devices.config import DEFAULT_PINS

#: Physical header pin -> its function (the 40-pin header of every Pi since the B+).
HEADER: dict[int, str] = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14 TXD",
    9: "GND", 10: "GPIO15 RXD", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND",
    15: "GPIO22", 16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9",
    22: "GPIO25", 23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "ID_SD", 28: "ID_SC",
    29: "GPIO5", 30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19",
    36: "GPIO16", 37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
}
#: BCM GPIO number -> header pin
BCM_TO_PIN: dict[int, int] = {int(label[4:].split()[0]): pin for pin, label in HEADER.items()
                              if label.startswith("GPIO")}

DISPLAY = "Touch Display 2"
READER = "PN532"
SEATS_GROUND = 39
CONTROLS_GROUND = 34


@dataclass(frozen=True)
class Wire:
    """One wire from a part's terminal to a header pin."""

    part: str
    terminal: str
    pin: int
    #: the first column of its row in PINMAP.md
    label: str


def default_wiring() -> list[Wire]:
    """Every wire of the default set-up: the display's power, the PN532 on the UART, the
    buttons (each from its GPIO to a ground rail)."""
    wires = [
        Wire(DISPLAY, "5V", 2, "Touch Display 2 power (red)"),
        Wire(DISPLAY, "GND", 6, "Touch Display 2 power (black)"),
        Wire(READER, "VCC", 1, "PN532 VCC"),
        Wire(READER, "GND", 9, "PN532 GND"),
        Wire(READER, "RXD", 8, "UART TXD"),
        Wire(READER, "TXD", 10, "UART RXD"),
    ]
    for name, bcm in DEFAULT_PINS.items():
        wires.append(Wire(f"{name} button", "signal", BCM_TO_PIN[bcm], f"{name} button"))
        ground = SEATS_GROUND if name.startswith("seat") else CONTROLS_GROUND
        wires.append(Wire(f"{name} button", "GND", ground, "button ground"))
    return wires


#: Pins that several parts share on purpose: pin -> the parts the rail is meant for.
SHARED_RAILS: dict[int, frozenset[str]] = {
    SEATS_GROUND: frozenset(f"{name} button" for name in DEFAULT_PINS if name.startswith("seat")),
    CONTROLS_GROUND: frozenset(f"{name} button" for name in DEFAULT_PINS
                               if not name.startswith("seat")),
}

#: a part's terminal -> the header functions it may go to
TERMINAL_FITS: dict[str, tuple[str, ...]] = {
    "5V": ("5V",), "VCC": ("3V3",), "GND": ("GND",),
    "RXD": ("GPIO14 TXD",), "TXD": ("GPIO15 RXD",), "signal": ("GPIO",),
}


def wiring_problems(wires: list[Wire]) -> list[str]:
    """What is wrong with ``wires``: a pin two parts share outside a rail meant for them,
    or a terminal on a pin of the wrong kind (a 3.3 V part on 5 V, a ground on a GPIO)."""
    problems = []
    parts_on: dict[int, set[str]] = {}
    for wire in wires:
        parts_on.setdefault(wire.pin, set()).add(wire.part)
        function = HEADER.get(wire.pin)
        if function is None:
            problems.append(f"{wire.part} {wire.terminal}: there is no header pin {wire.pin}")
        elif not function.startswith(TERMINAL_FITS.get(wire.terminal, (wire.terminal,))):
            problems.append(f"{wire.part} {wire.terminal} on pin {wire.pin}, a {function} pin")
    for pin, parts in sorted(parts_on.items()):
        if len(parts) > 1 and not parts <= SHARED_RAILS.get(pin, frozenset()):
            problems.append(f"pin {pin} ({HEADER.get(pin)}) is shared by "
                            f"{', '.join(sorted(parts))}")
    return problems
