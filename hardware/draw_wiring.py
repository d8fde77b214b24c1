"""Draw hardware/wiring.png: the Pi header, the buttons and the PN532, from the pin map in code.

The button pins come from ``companion.devices.config.DEFAULT_PINS``, so the picture cannot
drift from the defaults. Run: ``uv run python hardware/draw_wiring.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from companion.devices.config import DEFAULT_PINS  # noqa: E402

OUT = Path(__file__).with_name("wiring.png")
SIZE = (1280, 860)
PAPER = (250, 248, 242)
INK = (40, 40, 40)
MUTED = (150, 150, 150)
GND = (30, 30, 30)
POWER = (200, 40, 40)
COLOURS = [(214, 96, 32), (36, 120, 200), (40, 150, 70), (160, 60, 170), (200, 160, 20),
           (20, 150, 160), (120, 90, 60), (220, 70, 120)]

# Physical header pin -> label (the 40-pin header of every Pi since the B+).
HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14 TXD",
    9: "GND", 10: "GPIO15 RXD", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND",
    15: "GPIO22", 16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9",
    22: "GPIO25", 23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "ID_SD", 28: "ID_SC",
    29: "GPIO5", 30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19",
    36: "GPIO16", 37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
}
BCM_TO_PIN = {int(label[4:].split()[0]): pin for pin, label in HEADER.items()
              if label.startswith("GPIO")}

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

    used = {BCM_TO_PIN[bcm] for bcm in DEFAULT_PINS.values()} | {1, 6, 8, 10, 34, 39}
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
    for side, bus_x, ground_pin in (("left", left_bus_x, 39), ("right", right_bus_x, 34)):
        _, gy = pin_xy(ground_pin)
        ys = [*rows[side], gy]
        pygame.draw.line(surface, GND, (bus_x, min(ys)), (bus_x, max(ys)), 5)
        wire(surface, GND, [(label_end[ground_pin], gy), (bus_x, gy)])
    text(surface, small, "each button: GPIO pin to GND (internal pull-up, active low)",
         (40, SIZE[1] - 60))

    # The PN532 in HSU mode, top right: TX and RX cross over.
    box = pygame.Rect(990, HEADER_Y - 10, 270, 210)
    pygame.draw.rect(surface, (170, 30, 40), box, border_radius=10)
    white = (255, 255, 255)
    text(surface, normal, "PN532 module (HSU)", (box.x + 50, box.y + 20), white)
    text(surface, small, "mode switches: both OFF = HSU", (box.x + 14, box.y + 190), white)
    terminals = [("VCC", 1, 1, POWER), ("GND", 6, 2, GND), ("RXD", 8, 3, (214, 96, 32)),
                 ("TXD", 10, 4, (36, 120, 200))]
    for label, pin, row, colour in terminals:
        ty = HEADER_Y + row * PITCH + 8
        text(surface, small, label, (box.x + 14, ty), white)
        _, py = pin_xy(pin)
        if pin % 2:  # 3V3 on the left column: over the top of the header
            top = HEADER_Y - 50
            wire(surface, colour, [(label_end[pin], py), (label_end[pin] - 30, py),
                                   (label_end[pin] - 30, top), (box.x - 30, top),
                                   (box.x - 30, ty), (box.x, ty)])
        else:
            bend = box.x - 60 + row * 10
            wire(surface, colour, [(label_end[pin], py), (bend, py), (bend, ty), (box.x, ty)])
    text(surface, small, "Pi TXD (pin 8) -> PN532 RXD,  PN532 TXD -> Pi RXD (pin 10)",
         (box.x - 250, box.y + box.height + 24))
    text(surface, small, "A bridge (Pico or Arduino with MFRC522 readers) needs no header "
         "wires: it plugs into USB.", (40, SIZE[1] - 30))
    return surface


def main() -> None:
    pygame.image.save(draw(), str(OUT))
    print(OUT)


if __name__ == "__main__":
    main()
