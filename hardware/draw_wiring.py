"""Draw hardware/wiring.png: the Pi header, the display's power, the buttons and the PN532,
from the wiring in code.

Every wire comes from ``companion.devices.header.default_wiring()`` (the button pins from
``companion.devices.config.DEFAULT_PINS``), so the picture cannot drift from the defaults
or from the check that no two parts share a pin. Run: ``uv run python hardware/draw_wiring.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from companion.devices.config import DEFAULT_PINS  # noqa: E402
from companion.devices.header import (  # noqa: E402
    BCM_TO_PIN,
    CONTROLS_GROUND,
    DISPLAY,
    HEADER,
    READER,
    SEATS_GROUND,
    default_wiring,
)

OUT = Path(__file__).with_name("wiring.png")
SIZE = (1280, 860)
PAPER = (250, 248, 242)
INK = (40, 40, 40)
MUTED = (150, 150, 150)
GND = (30, 30, 30)
POWER = (200, 40, 40)
COLOURS = [(214, 96, 32), (36, 120, 200), (40, 150, 70), (160, 60, 170), (200, 160, 20),
           (20, 150, 160), (120, 90, 60), (220, 70, 120)]

HEADER_X, HEADER_Y, PITCH = 560, 110, 34
LABEL_GAP = 30


def pin_xy(pin: int) -> tuple[int, int]:
    column = (pin - 1) % 2
    row = (pin - 1) // 2
    return HEADER_X + column * PITCH, HEADER_Y + row * PITCH


def text(surface: pygame.Surface, font: pygame.font.Font, words: str, xy: tuple[int, int],
         colour: tuple[int, int, int] = INK, right: bool = False) -> int:
    """Draw ``words`` left- (or right-) aligned at ``xy``; return the far x of the text."""
    image = font.render(words, True, colour)
    x, y = xy
    if right:
        x -= image.get_width()
    surface.blit(image, (x, y - image.get_height() // 2))
    return x if right else x + image.get_width()


def wire(surface: pygame.Surface, colour: tuple[int, int, int],
         points: list[tuple[int, int]]) -> None:
    pygame.draw.lines(surface, colour, False, points, 4)


def button(surface: pygame.Surface, centre: tuple[int, int], colour: tuple[int, int, int]) -> None:
    pygame.draw.circle(surface, INK, centre, 14, 3)
    pygame.draw.circle(surface, colour, centre, 9)


def draw() -> pygame.Surface:
    pygame.font.init()
    small = pygame.font.Font(None, 22)
    normal = pygame.font.Font(None, 26)
    title = pygame.font.Font(None, 40)
    surface = pygame.Surface(SIZE)
    surface.fill(PAPER)
    text(surface, title, "Companion wiring (default pin map, BCM numbers)", (40, 40))

    wires = default_wiring()
    used = {wire.pin for wire in wires}
    board = pygame.Rect(HEADER_X - 24, HEADER_Y - 24, PITCH + 48, PITCH * 19 + 48)
    pygame.draw.rect(surface, (30, 110, 60), board, border_radius=8)
    label_end: dict[int, int] = {}  # pin -> x where its wire starts
    for pin, label in HEADER.items():
        x, y = pin_xy(pin)
        pygame.draw.circle(surface, (240, 200, 60) if pin in used else (200, 200, 200), (x, y), 10)
        colour = INK if pin in used else MUTED
        if pin % 2:
            label_end[pin] = text(surface, small, f"{label}  {pin}", (HEADER_X - LABEL_GAP, y),
                                  colour, right=True) - 8
        else:
            label_end[pin] = text(surface, small, f"{pin}  {label}",
                                  (HEADER_X + PITCH + LABEL_GAP, y), colour) + 8
    text(surface, small, "Raspberry Pi 40-pin header", (HEADER_X - 70, HEADER_Y + PITCH * 20))

    # Buttons straight across from their pins; each side has a ground bus to a GND pin.
    left_button_x, left_bus_x = 230, 120
    right_button_x, right_bus_x = 1040, 1150
    rows: dict[str, list[int]] = {"left": [], "right": []}
    for index, (name, bcm) in enumerate(DEFAULT_PINS.items()):
        pin = BCM_TO_PIN[bcm]
        _, y = pin_xy(pin)
        colour = COLOURS[index % len(COLOURS)]
        if pin % 2:
            wire(surface, colour, [(label_end[pin], y), (left_button_x + 16, y)])
            wire(surface, GND, [(left_button_x - 16, y), (left_bus_x, y)])
            button(surface, (left_button_x, y), colour)
            text(surface, normal, name, (left_button_x - 24, y - 18), INK, right=True)
            rows["left"].append(y)
        else:
            wire(surface, colour, [(label_end[pin], y), (right_button_x - 16, y)])
            wire(surface, GND, [(right_button_x + 16, y), (right_bus_x, y)])
            button(surface, (right_button_x, y), colour)
            text(surface, normal, name, (right_button_x + 24, y - 18))
            rows["right"].append(y)
    for side, bus_x, ground_pin in (("left", left_bus_x, SEATS_GROUND),
                                    ("right", right_bus_x, CONTROLS_GROUND)):
        _, gy = pin_xy(ground_pin)
        ys = [*rows[side], gy]
        pygame.draw.line(surface, GND, (bus_x, min(ys)), (bus_x, max(ys)), 5)
        wire(surface, GND, [(label_end[ground_pin], gy), (bus_x, gy)])
    text(surface, small, "each button: GPIO pin to GND (internal pull-up, active low)",
         (40, SIZE[1] - 60))

    white = (255, 255, 255)
    pins = {(wire.part, wire.terminal): wire.pin for wire in wires}

    # The Touch Display 2's power cable, top right: straight across from pins 2 and 6.
    screen = pygame.Rect(990, HEADER_Y - 20, 250, PITCH * 2 + 36)
    pygame.draw.rect(surface, (60, 60, 70), screen, border_radius=10)
    text(surface, normal, "Touch Display 2", (screen.x + 80, pin_xy(4)[1] - 10), white)
    text(surface, small, "power cable", (screen.x + 80, pin_xy(4)[1] + 14), white)
    for terminal, colour in (("5V", POWER), ("GND", GND)):
        _, y = pin_xy(pins[DISPLAY, terminal])
        wire(surface, colour, [(label_end[pins[DISPLAY, terminal]], y), (screen.x, y)])
        text(surface, small, terminal, (screen.x + 14, y), white)

    # The PN532 in HSU mode below it: TX and RX cross over and run straight across; its
    # 3.3 V and ground come from the left column, over the top of the header, down the
    # right margin, into the module from its right side (no wire crosses another).
    box = pygame.Rect(990, pin_xy(8)[1] - 14, 250, 222)
    pygame.draw.rect(surface, (170, 30, 40), box, border_radius=10)
    text(surface, normal, "PN532 module (HSU)", (box.x + 40, box.bottom - 52), white)
    text(surface, small, "switches both OFF = HSU", (box.x + 40, box.bottom - 22), white)
    for terminal, colour in (("RXD", (214, 96, 32)), ("TXD", (36, 120, 200))):
        pin = pins[READER, terminal]
        _, y = pin_xy(pin)
        wire(surface, colour, [(label_end[pin], y), (box.x, y)])
        text(surface, small, terminal, (box.x + 14, y), white)
    left_x = min(label_end[pin] for pin in (1, 3, 5, 7, 9)) - 16
    outer = (("GND", GND, 0), ("VCC", POWER, 1))  # ground outside, so nothing crosses
    for terminal, colour, inner in outer:
        pin = pins[READER, terminal]
        _, py = pin_xy(pin)
        ty = pin_xy(8)[1] + (3 - inner) * PITCH - PITCH
        x_left = left_x - 14 * (1 - inner)
        x_right = box.right + 30 - 12 * inner
        top = HEADER_Y - 48 + 10 * inner
        wire(surface, colour, [(label_end[pin], py), (x_left, py), (x_left, top),
                               (x_right, top), (x_right, ty), (box.right, ty)])
        text(surface, small, terminal, (box.right - 14, ty), white, right=True)
    text(surface, small, "Pi TXD (pin 8) -> PN532 RXD,  PN532 TXD -> Pi RXD (pin 10)",
         (box.x - 250, box.bottom + 24))
    text(surface, small, "The display's picture and touch go through its DSI ribbon;",
         (box.x - 250, box.bottom + 60))
    text(surface, small, "its power cable (red 5V, black GND) onto pins 2 and 6.",
         (box.x - 250, box.bottom + 84))
    text(surface, small, "A bridge (Pico or Arduino with MFRC522 readers) needs no header "
         "wires: it plugs into USB.", (40, SIZE[1] - 30))
    return surface


def main() -> None:
    pygame.image.save(draw(), str(OUT))
    print(OUT)


if __name__ == "__main__":
    main()
