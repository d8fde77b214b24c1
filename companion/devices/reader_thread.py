"""A serial NFC reader on its own thread: open, poll, and recover from an unplugged cable.

The thread puts only input events on the queue: each tag once on arrival and once on
removal (whatever the driver repeats), and a :class:`DeviceStatus` when the reader is
``opened``, ``unavailable`` (never reached yet), ``lost`` or ``reopened``. After a loss it
retries with growing pauses, so plugging the reader back in resumes reading by itself.
Tags that were on a reader when it was lost are reported removed: nobody can vouch for them.

A reader on a noisy or loose line may drop out and come back every few seconds; that is
said once (``unsteady``), not as a red "lost" each time. Once it has stayed up for
``FLAP_WINDOW``, a loss is news again. Only a reader that is back can be called unsteady:
one that drops out within the window and is still out ``OUT_GRACE`` seconds later is
``lost``, said so, and ``reopened`` when it returns.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from companion.core.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.core.i18n import _
from companion.devices.serial_link import ReaderSession, WakingEvent, describe_error

SessionOpener = Callable[[threading.Event], ReaderSession]
FLAP_WINDOW = 60.0  # seconds: a loss this soon after reopening is the same trouble
OUT_GRACE = 3.0  # seconds out, after such a loss, before the reader is said to be lost


class ReaderThread(threading.Thread):
    """Runs one reader until :meth:`stop`; ``device`` names it in status events."""

    def __init__(self, device: str, port: str, open_session: SessionOpener,
                 events: queue.Queue[InputEvent], *, first_session: ReaderSession | None = None,
                 first_detail: str = "", retry_min: float = 0.5, retry_max: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=f"nfc-{device}", daemon=True)
        self.device = device
        self._port = port
        self._open = open_session
        self._events = events
        self._first = first_session
        self._first_detail = first_detail
        self._retry_min = retry_min
        self._retry_max = retry_max
        self._clock = clock
        self._stopping = WakingEvent()
        self._present: set[tuple[str, str]] = set()
        self._reopened_at: float | None = None
        self._unsteady = False  # said so; quiet about losses until it is steady again
        self._unsaid_loss: tuple[float, str] | None = None  # (when, why) of a quiet loss
        self._said_lost = False  # "lost" is what the table was told last

    @property
    def stop_event(self) -> threading.Event:
        """Sessions watch this to cut waits short when the thread is asked to stop."""
        return self._stopping

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the thread to finish and wait for it (reads are short, so it is quick)."""
        self._stopping.set()
        if self.is_alive():
            self.join(timeout)
        if not self.is_alive():
            self._stopping.close()

    def run(self) -> None:
        ever_opened = self._first is not None
        said_unavailable = False
        pause = self._retry_min
        session, detail = self._first, self._first_detail
        if session is not None:
            self._status("opened", _("{detail} on {port}").format(detail=detail, port=self._port))
        while not self._stopping.is_set():
            if session is None:
                try:
                    session = self._open(self._stopping)
                    detail = session.handshake()
                except Exception as exc:  # OSError above all; anything else must not kill us
                    if session is not None:
                        session.close()
                        session = None
                    if not ever_opened and not said_unavailable:
                        said_unavailable = True
                        self._status("unavailable", _(
                            "No NFC reader on {port}: {reason}. Still trying.").format(
                                port=self._port, reason=describe_error(exc)))
                    self._still_out()
                    self._stopping.wait(pause)
                    pause = min(pause * 2, self._retry_max)
                    continue
                self._back(ever_opened, _("{detail} on {port}").format(detail=detail,
                                                                       port=self._port))
                ever_opened = True
                pause = self._retry_min
            try:
                while not self._stopping.is_set():
                    for event in session.poll():
                        self._pass_on(event)
            except Exception as exc:  # OSError above all; anything else must not kill us
                self._forget_tags()
                self._report_loss(describe_error(exc))
                self._stopping.wait(pause)
            finally:
                session.close()
                session = None

    def _report_loss(self, reason: str) -> None:
        """Say a loss at once, unless the reader has been dropping out lately: then wait
        to see whether it comes straight back (unsteady) or stays out (lost)."""
        flapping = (self._reopened_at is not None
                    and self._clock() - self._reopened_at < FLAP_WINDOW)
        if not flapping:
            self._unsteady = False
            self._say_lost(reason)
        else:
            self._unsaid_loss = (self._clock(), reason)

    def _still_out(self) -> None:
        """A reopening failed: a quiet loss that has lasted ``OUT_GRACE`` is said now."""
        if self._unsaid_loss is not None and self._clock() - self._unsaid_loss[0] >= OUT_GRACE:
            self._say_lost(self._unsaid_loss[1])

    def _say_lost(self, reason: str) -> None:
        self._unsaid_loss = None
        self._said_lost = True
        self._status("lost", _("Lost the NFC reader on {port}: {reason}.").format(
            port=self._port, reason=reason))

    def _back(self, ever_opened: bool, words: str) -> None:
        """The reader answers again: said, unless it is a flapping reader said before."""
        quiet_loss, self._unsaid_loss = self._unsaid_loss, None
        if quiet_loss is not None and not self._unsteady:
            self._unsteady = True
            self._status("unsteady", _(
                "The NFC reader on {port} keeps dropping out ({reason}) and reconnecting "
                "by itself; tags are still read. Check its cable and ground.").format(
                    port=self._port, reason=quiet_loss[1]))
        elif quiet_loss is None or self._said_lost:
            self._status("reopened" if ever_opened else "opened", words)
        self._said_lost = False
        if ever_opened:
            self._reopened_at = self._clock()

    def _status(self, status: str, message: str) -> None:
        self._events.put(DeviceStatus(self.device, status, message))

    def _pass_on(self, event: InputEvent) -> None:
        if isinstance(event, TagArrived):
            if (event.reader, event.uid) in self._present:
                return
            self._present.add((event.reader, event.uid))
        elif isinstance(event, TagRemoved):
            if (event.reader, event.uid) not in self._present:
                return
            self._present.discard((event.reader, event.uid))
        self._events.put(event)

    def _forget_tags(self) -> None:
        for reader, uid in sorted(self._present):
            self._events.put(TagRemoved(reader, uid))
        self._present.clear()
