"""Draw docs/audit/sizes-before-after.png: each table and a few screens as they were drawn
before text was drawn at the size asked (the shipped screenshots of commit BEFORE) beside the
screenshots now in docs/screenshots.

Run after the screenshots are renewed: ``uv run python docs/audit/draw_sizes.py``.
"""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
OUT = Path(__file__).with_name("sizes-before-after.png")
#: the last commit whose screenshots have the font opened at 0.6875 of the size asked
BEFORE = "006f658"
#: (screenshot, scale): the 7-inch shown 1:1, as a reader's eye compares them
SHEETS = (("table-glory-to-rome-800x480", 1.0), ("table-glory-to-rome-5-800x480", 1.0),
          ("table-ave-roma-800x480", 1.0), ("table-via-romana-800x480", 1.0),
          ("scoreboard-800x480", 1.0), ("history-game-800x480", 1.0),
          ("table-glory-to-rome-720x1280", 0.5), ("table-via-romana-720x1280", 0.5))
GAP = 16
CAPTION = 28
PAPER = (250, 248, 242)
INK = (40, 40, 40)


def before(name: str) -> pygame.Surface:
    data = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:docs/screenshots/{name}.png"],
                          check=True, capture_output=True).stdout
    return pygame.image.load(io.BytesIO(data), f"{name}.png")


def scaled(picture: pygame.Surface, scale: float) -> pygame.Surface:
    if scale == 1.0:
        return picture
    size = (round(picture.get_width() * scale), round(picture.get_height() * scale))
    return pygame.transform.smoothscale(picture, size)


def main() -> None:
    pygame.font.init()
    caption = pygame.font.Font(None, 26)
    pairs = [(name, scaled(before(name), scale), scaled(pygame.image.load(SHOTS / f"{name}.png"),
                                                        scale)) for name, scale in SHEETS]
    width = max(old.get_width() + new.get_width() for _, old, new in pairs) + 3 * GAP
    height = sum(max(old.get_height(), new.get_height()) + CAPTION + GAP
                 for _, old, new in pairs) + GAP
    sheet = pygame.Surface((width, height))
    sheet.fill(PAPER)
    y = GAP
    for name, old, new in pairs:
        x = GAP
        for picture, when in ((old, f"before ({BEFORE})"), (new, "now")):
            sheet.blit(caption.render(f"{name}: {when}", True, INK), (x, y))
            sheet.blit(picture, (x, y + CAPTION))
            x += picture.get_width() + GAP
        y += max(old.get_height(), new.get_height()) + CAPTION + GAP
    pygame.image.save(sheet, OUT)
    print(OUT)


if __name__ == "__main__":
    main()
