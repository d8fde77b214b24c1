"""Tell systemd how the app is doing: the sd_notify datagram protocol.

The unit is ``Type=notify`` with ``WatchdogSec=``: systemd counts the app as
started only after ``READY=1`` (sent once the first frame is on screen) and
restarts it when the ``WATCHDOG=1`` pings stop. Outside systemd
``$NOTIFY_SOCKET`` is unset and every call is a harmless no-op, so the same
main loop runs on a desktop. Standard library only: one ``AF_UNIX``
``SOCK_DGRAM`` datagram per message.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping

from companion.core.loggers import logger
from companion.system.datagram import Socket, unix_datagram

Clock = Callable[[], float]


def socket_address(notify_socket: str) -> str | bytes | None:
    """The address to send to for a ``$NOTIFY_SOCKET`` value, or None if unusable.

    A leading ``@`` names a Linux abstract socket (a NUL byte on the wire);
    otherwise the value must be an absolute path.
    """
    if notify_socket.startswith("@") and len(notify_socket) > 1:
        return b"\0" + notify_socket[1:].encode()
    if notify_socket.startswith("/"):
        return notify_socket
    return None


def watchdog_interval(environ: Mapping[str, str], pid: int) -> float | None:
    """Seconds between pings (half of ``$WATCHDOG_USEC``), or None without a watchdog.

    systemd sets ``$WATCHDOG_PID`` to the process it watches; a child that
    inherited the environment must not ping on the main process's behalf.
    """
    usec_text = environ.get("WATCHDOG_USEC", "")
    try:
        usec = int(usec_text)
    except ValueError:
        return None
    if usec <= 0:
        return None
    pid_text = environ.get("WATCHDOG_PID")
    if pid_text is not None:
        try:
            if int(pid_text) != pid:
                return None
        except ValueError:
            return None
    return usec / 2_000_000


class SystemdNotifier:
    """Sends READY, WATCHDOG, STATUS and STOPPING to the service manager.

    ``environ`` defaults to the process environment and ``clock`` to
    :func:`time.monotonic`; tests pass their own. A failed send is logged,
    never raised, because a lost notification must not take the game night
    down with it; :meth:`notify` tells whether a datagram went out.
    """

    def __init__(
        self,
        environ: Mapping[str, str] | None = None,
        clock: Clock = time.monotonic,
        pid: int | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        self._clock = clock
        self._address = socket_address(env.get("NOTIFY_SOCKET", ""))
        self._interval = watchdog_interval(env, os.getpid() if pid is None else pid)
        self._last_ping: float | None = None
        self._socket: Socket | None = None
        self._failing = False

    @property
    def enabled(self) -> bool:
        """True when running under systemd with a notify socket."""
        return self._address is not None

    @property
    def watchdog_interval(self) -> float | None:
        """Seconds between watchdog pings, or None when no watchdog is armed."""
        return self._interval if self.enabled else None

    def notify(self, message: str) -> bool:
        """Send one raw ``KEY=value`` message (newline-separated for several)."""
        if self._address is None:
            return False
        try:
            if self._socket is None:
                self._socket = unix_datagram()
            self._socket.sendto(message.encode(), self._address)
        except OSError as error:
            # Warn once per run of failures: the main loop retries every frame.
            log = logger(__name__)
            report = log.debug if self._failing else log.warning
            report("systemd notification %r not sent: %s", message.split("=")[0], error)
            self._failing = True
            return False
        self._failing = False
        return True

    def ready(self) -> None:
        """Report that the first frame is on screen: the start-up is complete."""
        self.notify("READY=1")

    def status(self, text: str) -> None:
        """Show a one-line status in ``systemctl status companion``."""
        one_line = " ".join(text.split())
        self.notify(f"STATUS={one_line}")

    def stopping(self) -> None:
        """Report that the app is shutting down on purpose (not a crash)."""
        self.notify("STOPPING=1")

    def watchdog_due(self, now: float | None = None) -> bool:
        """True when a watchdog ping should be sent now."""
        interval = self.watchdog_interval
        if interval is None:
            return False
        moment = self._clock() if now is None else now
        return self._last_ping is None or moment - self._last_ping >= interval

    def ping_watchdog(self, now: float | None = None) -> None:
        """Send ``WATCHDOG=1`` if one is due.

        Call it every pass of the main loop: it rate-limits itself to one ping
        per half of ``$WATCHDOG_USEC``. A ping that failed stays due, so the
        next pass tries again.
        """
        moment = self._clock() if now is None else now
        if self.watchdog_due(moment) and self.notify("WATCHDOG=1"):
            self._last_ping = moment

    def seconds_until_watchdog(self, now: float | None = None) -> float:
        """How long the main loop may sleep before the next ping is due.

        ``0.0`` when a ping is due now, ``math.inf`` without a watchdog, so
        ``min(frame_time, notifier.seconds_until_watchdog())`` always works.
        """
        interval = self.watchdog_interval
        if interval is None:
            return math.inf
        if self._last_ping is None:
            return 0.0
        moment = self._clock() if now is None else now
        return max(0.0, self._last_ping + interval - moment)

    def close(self) -> None:
        """Release the socket (a later send opens a new one)."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def __enter__(self) -> SystemdNotifier:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
