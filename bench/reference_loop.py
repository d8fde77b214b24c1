"""Reference for the idle figure: a plain pygame loop redrawing its window at 60 fps.

This is what a naive kiosk loop costs; the companion's idle table screen is compared
against it in the same run. Usage: ``python -m bench.reference_loop WIDTH HEIGHT SECONDS``.
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def main(width: int, height: int, seconds: float) -> None:
    pygame.init()
    screen = pygame.display.set_mode((width, height))
    font = pygame.font.Font(None, 36)
    clock = pygame.time.Clock()
    end = time.monotonic() + seconds
    frame = 0
    while time.monotonic() < end:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
        screen.fill((30, 30, 40))
        screen.blit(font.render(f"frame {frame}", True, (240, 240, 240)), (20, 20))
        pygame.display.flip()
        frame += 1
        clock.tick(60)
    pygame.quit()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]))
