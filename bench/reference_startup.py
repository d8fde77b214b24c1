"""Reference for the start-up figure: import pygame, open the window, show one frame.

It reports its first frame the way the companion does (``READY=1`` to
``$NOTIFY_SOCKET``, on the C socket as ``companion.system.datagram`` sends it), so both are timed by
the same clock in the same run.
Run as ``python -m bench.reference_startup WIDTHxHEIGHT``.
"""

from __future__ import annotations

import _socket
import os
import signal
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def main(size: tuple[int, int]) -> None:
    pygame.display.init()
    screen = pygame.display.set_mode(size)
    screen.fill((30, 30, 40))
    pygame.display.flip()
    address = os.environ.get("NOTIFY_SOCKET")
    if address:
        sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)
        sock.sendto(b"READY=1", address)
        sock.close()
    # SDL turns SIGTERM into a quit event nobody reads here: exit on it, as the companion does
    signal.signal(signal.SIGTERM, lambda _number, _frame: sys.exit(0))
    signal.pause()  # the harness terminates it, as it does the companion


if __name__ == "__main__":
    width, height = (int(n) for n in sys.argv[1].split("x"))
    main((width, height))
