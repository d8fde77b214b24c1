"""The reader thread's statuses over losses and reopenings, with scripted sessions."""

from __future__ import annotations

import queue
import threading

from companion.devices.reader_thread import FLAP_WINDOW, ReaderThread
from companion.devices.serial_link import ReaderSession, ReaderSilent
from companion.events import DeviceStatus, InputEvent, TagArrived, TagRemoved


class ScriptedSession:
    """Polls once: moves the fake clock on by ``after`` seconds, then fails or blocks."""

    port_name = "/dev/fake"

    def __init__(self, clock: list[float], after: float, fail: bool, stop: threading.Event,
                 events: list[InputEvent] | None = None) -> None:
        self._clock, self._after, self._fail, self._stop = clock, after, fail, stop
        self._events = events or []

    def handshake(self) -> str:
        return "fake reader"

    def poll(self) -> list[InputEvent]:
        if self._events:
            events, self._events = self._events, []
            return events
        self._clock[0] += self._after
        if self._fail:
            raise ReaderSilent("line noise")
        self._stop.wait()
        return []

    def close(self) -> None:
        pass


def run_script(script: list[tuple[float, bool]], first_events: list[InputEvent]
               ) -> list[InputEvent]:
    """Run sessions (seconds until each fails, or blocks for good) and collect events."""
    clock = [0.0]
    events: queue.Queue[InputEvent] = queue.Queue()
    sessions = iter(script)
    done = threading.Event()

    def opener(stop: threading.Event) -> ReaderSession:
        after, fail = next(sessions)
        if not fail:
            done.set()
        return ScriptedSession(clock, after, fail, stop)

    thread = ReaderThread("table", "/dev/fake", opener, events, first_session=ScriptedSession(
        clock, 1.0, True, threading.Event(), first_events), first_detail="fake reader",
        retry_min=0.001, retry_max=0.001, clock=lambda: clock[0])
    thread.start()
    assert done.wait(5)
    thread.stop()
    items = []
    while not events.empty():
        items.append(events.get_nowait())
    return items


def test_a_flapping_reader_is_said_once_and_a_later_loss_is_news_again() -> None:
    script = [(1.0, True), (2.0, True), (1.0, True), (FLAP_WINDOW + 1, True), (0.0, False)]
    events = run_script(script, [TagArrived("table", "5A3C9E71")])
    assert events[:2] == [DeviceStatus("table", "opened", "fake reader on /dev/fake"),
                          TagArrived("table", "5A3C9E71")]
    assert events[2] == TagRemoved("table", "5A3C9E71")  # nobody vouches for it any more
    statuses = [event.status for event in events if isinstance(event, DeviceStatus)]
    assert statuses == ["opened", "lost", "reopened", "unsteady", "lost", "reopened"]
    unsteady = next(e for e in events if isinstance(e, DeviceStatus) and e.status == "unsteady")
    assert "line noise" in unsteady.message and "/dev/fake" in unsteady.message
