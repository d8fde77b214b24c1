"""The reader thread's statuses over losses and reopenings, with scripted sessions."""

from __future__ import annotations

import queue
import threading

from companion.core.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.devices.reader_thread import FLAP_WINDOW, ReaderThread
from companion.devices.serial_link import ReaderSession, ReaderSilent


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


def run_outages(script: list[tuple[str, float]]) -> list[DeviceStatus]:
    """Sessions and outages on a fake clock: ("up", seconds until it drops out), ("out",
    seconds a failed reopening takes), ("stay", 0): up for good. The statuses said."""
    clock = [0.0]
    events: queue.Queue[InputEvent] = queue.Queue()
    steps = iter(script)
    done = threading.Event()

    def opener(stop: threading.Event) -> ReaderSession:
        kind, seconds = next(steps)
        if kind == "out":
            clock[0] += seconds
            raise FileNotFoundError(2, "No such file or directory")
        if kind == "stay":
            done.set()
        return ScriptedSession(clock, seconds, kind == "up", stop)

    thread = ReaderThread("table", "/dev/fake", opener, events, retry_min=0.001,
                          retry_max=0.001, clock=lambda: clock[0])
    thread.start()
    assert done.wait(5)
    thread.stop()
    said = []
    while not events.empty():
        event = events.get_nowait()
        if isinstance(event, DeviceStatus):
            said.append(event)
    return said


def test_a_reader_unplugged_again_soon_and_left_out_is_said_to_be_lost() -> None:
    """The second unplug within FLAP_WINDOW: while it stays out, the status says so."""
    statuses = run_outages([("up", 5.0), ("out", 1.0), ("up", 10.0)]
                           + [("out", 1.0)] * 5 + [("stay", 0.0)])
    assert [event.status for event in statuses] == ["opened", "lost", "reopened", "lost",
                                                    "reopened"]
    assert not any("still read" in event.message for event in statuses)


def test_a_flapping_reader_that_then_stays_out_is_lost_and_then_reopened() -> None:
    statuses = run_outages([("up", 1.0), ("up", 2.0), ("up", 1.0), ("up", 1.0)]
                           + [("out", 1.0)] * 4 + [("stay", 0.0)])
    assert [event.status for event in statuses] == ["opened", "lost", "reopened", "unsteady",
                                                    "lost", "reopened"]


def test_a_short_outage_of_a_flapping_reader_is_not_called_lost() -> None:
    statuses = run_outages([("up", 1.0), ("up", 2.0), ("up", 1.0), ("out", 1.0), ("out", 1.0),
                            ("stay", 0.0)])
    assert [event.status for event in statuses] == ["opened", "lost", "reopened", "unsteady"]
