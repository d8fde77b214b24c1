"""A Unix datagram socket for the app's one-line messages (systemd, the backlight helper).

Both are sent on the way to the first frame; ``socket``'s Python layer (its enum classes,
``selectors``) cost 3 of the 90 ms start-up here, and a datagram needs only the C socket
that layer wraps.
"""

from __future__ import annotations

import _socket

Socket = _socket.socket


def unix_datagram() -> Socket:
    """A non-blocking ``AF_UNIX`` ``SOCK_DGRAM`` socket: a send never waits for a reader."""
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)
    sock.setblocking(False)
    return sock
