"""Reference for the idle figure: a plain pygame loop redrawing the same window at 60 fps.

It draws exactly what the companion shows (the table of the same game, through the same
screens) but the naive way: every frame, whether anything changed or not. Run as
``python -m bench.reference_loop DATA_DIR WIDTHxHEIGHT``; it says READY=1 to
``$NOTIFY_SOCKET`` after its first frame, like the companion, and runs until terminated.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.core.events import new_input_queue  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402


def main(data_dir: Path, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    app = App(Store.open(data_dir), new_input_queue(), pygame.display.set_mode(size))
    app.start()
    app.resume_game()
    running = True

    def stop(signum: int, frame: object) -> None:
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    clock = pygame.time.Clock()
    first = True
    while running:
        pygame.event.get()
        app.render(force=True)
        if first and os.environ.get("NOTIFY_SOCKET"):
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
            first = False
        clock.tick(60)
    app.close()
    pygame.quit()


if __name__ == "__main__":
    width, height = (int(n) for n in sys.argv[2].split("x"))
    main(Path(sys.argv[1]), (width, height))
