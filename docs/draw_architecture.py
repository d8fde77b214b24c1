"""Draw docs/architecture.png: the layers, the one-way data flow and the main loop.

The app's parts are listed from the modules :mod:`companion.ui.app_loop` wires, so the
picture cannot leave one out. Run: ``uv run python docs/draw_architecture.py``.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).with_name("architecture.png")
SIZE = (1280, 960)
PAPER = (250, 248, 242)
INK = (40, 40, 40)
MUTED = (110, 110, 110)
WHITE = (255, 255, 255)
UI = (36, 120, 200)
SESSION = (40, 150, 70)
GAMES = (200, 160, 20)
DEVICES = (170, 30, 40)
HISTORY = (120, 70, 160)
CORE = (90, 90, 100)
SYSTEM = (190, 90, 30)
LOOP = (120, 90, 60)
Colour = tuple[int, int, int]

#: what each flow step is, and where it happens
FLOW = [("input event", "touch, keys (SDL)", "buttons, NFC (devices/)"),
        ("intent", "ui/input_events.py", "Tap, Press, Tag, Key"),
        ("action", "the top screen calls", "app.dispatch(...)"),
        ("log", "log/writer.py: a thread", "log/store.py: SQLite"),
        ("state", "log/session.py folds", "games/<game>: apply"),
        ("screen", "ui/frame.py draws", "only what changed")]
#: one pass of the loop (companion/ui/loop.py, Loop.step and Loop.run)
STEPS = ["pump SDL events and the input queue", "deliver intents to the top screen",
         "draw the move's frame ahead (spare core)", "await the commit (8 ms at most)",
         "expire messages, remind", "render the invalidated rects",
         "sleep until input, a timer or the watchdog"]


def wired_parts() -> list[str]:
    """The companion.ui modules that app_loop.py imports: the parts App wires."""
    tree = ast.parse((ROOT / "companion" / "ui" / "app_loop.py").read_text(encoding="utf-8"))
    parts = []
    for node in tree.body:
        if (isinstance(node, ast.ImportFrom) and node.module
                and node.module.startswith("companion.ui.")
                and any(alias.name[0].isupper() and alias.name != "Intent"
                        for alias in node.names)):
            name = node.module.rpartition(".")[2]
            if name not in ("banners", "layout", "intents", "screen", "places"):
                parts.append(f"{name}.py")
    return parts


def text(surface: pygame.Surface, font: pygame.font.Font, words: str, xy: tuple[int, int],
         colour: Colour = INK, centre: bool = False) -> None:
    image = font.render(words, True, colour)
    x, y = xy
    if centre:
        x -= image.get_width() // 2
    surface.blit(image, (x, y - image.get_height() // 2))


def box(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, title: str,
        lines: list[str], fonts: tuple[pygame.font.Font, pygame.font.Font]) -> None:
    heading, small = fonts
    pygame.draw.rect(surface, colour, rect, border_radius=10)
    text(surface, heading, title, (rect.centerx, rect.y + 20), WHITE, centre=True)
    for index, line in enumerate(lines):
        text(surface, small, line, (rect.centerx, rect.y + 46 + index * 20), WHITE, centre=True)


def wrap(font: pygame.font.Font, words: str, width: int) -> list[str]:
    """``words`` in lines no wider than ``width``."""
    lines: list[str] = []
    for word in words.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
          colour: Colour = INK) -> None:
    pygame.draw.line(surface, colour, start, end, 4)
    (x0, y0), (x1, y1) = start, end
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    left = (x1 - 14 * dx + 7 * dy, y1 - 14 * dy - 7 * dx)
    right = (x1 - 14 * dx - 7 * dy, y1 - 14 * dy + 7 * dx)
    pygame.draw.polygon(surface, colour, [end, left, right])


def draw_flow(surface: pygame.Surface, fonts: tuple[pygame.font.Font, ...]) -> None:
    title, heading, small = fonts[0], fonts[1], fonts[2]
    text(surface, title, "Data flows one way: input event -> action -> log -> state -> screen",
         (40, 40))
    width, gap, top = 180, 30, 80
    for index, (name, first, second) in enumerate(FLOW):
        rect = pygame.Rect(40 + index * (width + gap), top, width, 96)
        colour = (DEVICES if index == 0 else SESSION if index in (3, 4) else UI)
        box(surface, rect, colour, name, [first, second], (heading, small))
        if index:
            arrow(surface, (rect.x - gap + 2, rect.centery), (rect.x - 2, rect.centery))
    text(surface, small, "the screen shows a move only once its commit returned: a pulled "
         "plug loses nothing that was shown", (40, top + 118), MUTED)


def draw_layers(surface: pygame.Surface, fonts: tuple[pygame.font.Font, ...]) -> None:
    title, heading, small = fonts[0], fonts[1], fonts[2]
    text(surface, title, "Layers (companion/)", (40, 245))
    ui = pygame.Rect(40, 270, 820, 330)
    pygame.draw.rect(surface, UI, ui, 4, border_radius=12)
    text(surface, heading, "ui/  (pygame)", (ui.x + 16, ui.y + 20), UI)
    screens = pygame.Rect(ui.x + 20, ui.y + 40, ui.width - 40, 56)
    box(surface, screens, UI, "screens/, tables/, dialogs, forms",
        ["build buttons, handle intents, paint"], (heading, small))
    arrow(surface, (screens.centerx, screens.bottom + 2), (screens.centerx, screens.bottom + 34))
    text(surface, small, "ScreenHost (ui/screen.py)",
         (screens.centerx + 12, screens.bottom + 18), INK)
    app = pygame.Rect(ui.x + 20, screens.bottom + 38, ui.width - 40, 178)
    pygame.draw.rect(surface, (220, 232, 246), app, border_radius=10)
    text(surface, heading, "app_loop.py: App wires the parts", (app.x + 14, app.y + 18), INK)
    parts = wired_parts()
    columns = 4
    cell_w, cell_h = (app.width - 40) // columns, 34
    for index, part in enumerate(parts):
        row, column = divmod(index, columns)
        cell = pygame.Rect(app.x + 14 + column * (cell_w + 6), app.y + 38 + row * (cell_h + 6),
                           cell_w, cell_h)
        pygame.draw.rect(surface, UI, cell, border_radius=8)
        text(surface, small, part, cell.center, WHITE, centre=True)

    half = (ui.width - 12) // 2
    lower = [(HISTORY, "history/", "export, import, BG Stats, corrections, stats"),
             (SESSION, "log/", "SQLite log, session: undo/redo, resume, writer"),
             (GAMES, "games/<game>/  (pure)", "setup + apply, checks, scoring"),
             (CORE, "core/", "records, i18n, events, loggers")]
    for index, (colour, name, line) in enumerate(lower):
        row, column = divmod(index, 2)
        rect = pygame.Rect(40 + column * (half + 12), ui.bottom + 16 + row * 70, half, 58)
        box(surface, rect, colour, name, [line], (heading, small))
    devices = pygame.Rect(900, 270, 340, 130)
    box(surface, devices, DEVICES, "devices/",
        ["gpiozero buttons, PN532 and", "bridge readers, simulated stand-ins",
         "-> one InputQueue"], (heading, small))
    arrow(surface, (devices.x - 2, devices.y + 110), (ui.right + 2, devices.y + 110))
    system = pygame.Rect(900, 415, 340, 100)
    box(surface, system, SYSTEM, "system/",
        ["display, backlight, power, USB,", "systemd, the doctor"], (heading, small))
    note = pygame.Rect(900, 530, 340, 214)
    pygame.draw.rect(surface, (235, 232, 222), note, border_radius=10)
    for index, line in enumerate(["Each layer uses only the ones", "below it (test_layers.py).",
                                  "app.py and cli.py, at the top,", "start it all. ScreenHost is",
                                  "all a screen may ask of the app;", "a game's view knows the",
                                  "table screen only as TableHost."]):
        text(surface, small, line, (note.x + 16, note.y + 24 + index * 26), INK)


def draw_loop(surface: pygame.Surface, fonts: tuple[pygame.font.Font, ...]) -> None:
    title, small = fonts[0], fonts[2]
    text(surface, title, "The loop (ui/loop.py): one step, then sleep until needed", (40, 800))
    width, gap, top = 150, 24, 830
    for index, step in enumerate(STEPS):
        rect = pygame.Rect(40 + index * (width + gap), top, width, 80)
        pygame.draw.rect(surface, LOOP, rect, border_radius=10)
        lines = wrap(small, step, width - 16)
        for line_index, line in enumerate(lines):
            text(surface, small, line, (rect.centerx, rect.centery + (line_index * 2 + 1
                                                                       - len(lines)) * 10),
                 WHITE, centre=True)
        if index:
            arrow(surface, (rect.x - gap + 1, rect.centery), (rect.x - 1, rect.centery))
    last = 40 + (len(STEPS) - 1) * (width + gap) + width // 2
    pygame.draw.lines(surface, LOOP, False, [(last, top + 80), (last, top + 104),
                                             (115, top + 104)], 3)
    arrow(surface, (115, top + 104), (115, top + 82), LOOP)


def draw() -> pygame.Surface:
    pygame.font.init()
    fonts = (pygame.font.Font(None, 34), pygame.font.Font(None, 26), pygame.font.Font(None, 21))
    surface = pygame.Surface(SIZE)
    surface.fill(PAPER)
    draw_flow(surface, fonts)
    draw_layers(surface, fonts)
    draw_loop(surface, fonts)
    return surface


def main() -> None:
    pygame.image.save(draw(), str(OUT))
    print(OUT)


if __name__ == "__main__":
    main()
