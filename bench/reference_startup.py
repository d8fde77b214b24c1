"""Reference for the start-up figure: import pygame, open the window, show one frame.

It reports the first frame the same way the companion does (``READY=1`` to
``$NOTIFY_SOCKET``), so both are timed by the same clock in the same run.
"""

from __future__ import annotations

import os
import socket
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def main(width: int, height: int) -> None:
    pygame.init()
    screen = pygame.display.set_mode((width, height))
    screen.fill((30, 30, 40))
    pygame.display.flip()
    address = os.environ.get("NOTIFY_SOCKET")
    if address:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.sendto(b"READY=1", address)
    pygame.quit()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
