"""The sd_notify protocol against a fake NOTIFY_SOCKET bound by the test."""

from __future__ import annotations

import math
import os
import socket
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.system.notify import SystemdNotifier, socket_address, watchdog_interval


class FakeClock:
    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class FakeManager:
    """The service manager's side: a datagram socket that collects messages."""

    def __init__(self, sock: socket.socket, address: str) -> None:
        self.sock = sock
        self.address = address

    def received(self) -> list[str]:
        messages = []
        while True:
            try:
                messages.append(self.sock.recv(4096).decode())
            except BlockingIOError:
                return messages


@pytest.fixture
def manager() -> Iterator[FakeManager]:
    # A short directory: AF_UNIX paths are limited to 108 bytes.
    with tempfile.TemporaryDirectory(prefix="ntf", dir="/tmp") as folder:
        path = str(Path(folder) / "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.setblocking(False)
        try:
            yield FakeManager(sock, path)
        finally:
            sock.close()


@pytest.fixture
def abstract_manager() -> Iterator[FakeManager]:
    name = f"companion-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.setblocking(False)
    try:
        yield FakeManager(sock, "@" + name)
    finally:
        sock.close()


def watched(manager: FakeManager, usec: int, clock: FakeClock, **extra: str) -> SystemdNotifier:
    environ = {"NOTIFY_SOCKET": manager.address, "WATCHDOG_USEC": str(usec), **extra}
    return SystemdNotifier(environ=environ, clock=clock)


def test_ready_status_and_stopping_reach_the_socket(manager: FakeManager) -> None:
    with SystemdNotifier(environ={"NOTIFY_SOCKET": manager.address}) as notifier:
        assert notifier.enabled
        notifier.ready()
        notifier.status("Glory to Rome,\nround 3")
        notifier.stopping()
    assert manager.received() == ["READY=1", "STATUS=Glory to Rome, round 3", "STOPPING=1"]


def test_abstract_socket_name_starting_with_at(abstract_manager: FakeManager) -> None:
    notifier = SystemdNotifier(environ={"NOTIFY_SOCKET": abstract_manager.address})
    notifier.ready()
    assert abstract_manager.received() == ["READY=1"]


def test_without_notify_socket_everything_is_a_quiet_no_op() -> None:
    notifier = SystemdNotifier(environ={"WATCHDOG_USEC": "2000000"})
    assert not notifier.enabled
    assert not notifier.notify("READY=1")
    notifier.ready()
    notifier.stopping()
    notifier.ping_watchdog(0.0)
    assert not notifier.watchdog_due(0.0)
    assert notifier.watchdog_interval is None
    assert notifier.seconds_until_watchdog(0.0) == math.inf


def test_unreachable_socket_reports_failure_without_raising() -> None:
    notifier = SystemdNotifier(environ={"NOTIFY_SOCKET": "/nonexistent/companion/notify"})
    assert notifier.enabled
    notifier.ready()
    assert not notifier.notify("READY=1")
    assert not notifier.notify("READY=1")


def test_socket_address_forms() -> None:
    assert socket_address("/run/systemd/notify") == "/run/systemd/notify"
    assert socket_address("@name") == b"\0name"
    assert socket_address("relative/path") is None
    assert socket_address("@") is None
    assert socket_address("") is None


def test_watchdog_interval_is_half_of_watchdog_usec_for_this_process() -> None:
    pid = os.getpid()
    assert watchdog_interval({"WATCHDOG_USEC": "20000000"}, pid) == 10.0
    assert watchdog_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(pid)}, pid) == 10.0
    assert watchdog_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}, pid) is None
    assert watchdog_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "x"}, pid) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}, pid) is None
    assert watchdog_interval({"WATCHDOG_USEC": "soon"}, pid) is None
    assert watchdog_interval({}, pid) is None


def test_watchdog_pings_at_most_once_per_half_interval(manager: FakeManager) -> None:
    clock = FakeClock(100.0)
    notifier = watched(manager, 2_000_000, clock)
    assert notifier.watchdog_interval == 1.0
    assert notifier.watchdog_due()
    notifier.ping_watchdog()
    assert manager.received() == ["WATCHDOG=1"]
    clock.now = 100.5
    assert not notifier.watchdog_due()
    notifier.ping_watchdog()
    assert manager.received() == []
    assert notifier.seconds_until_watchdog() == pytest.approx(0.5)
    clock.now = 101.0
    assert notifier.seconds_until_watchdog() == 0.0
    notifier.ping_watchdog()
    assert manager.received() == ["WATCHDOG=1"]


def test_watchdog_pid_of_another_process_disables_pings(manager: FakeManager) -> None:
    notifier = watched(manager, 2_000_000, FakeClock(), WATCHDOG_PID=str(os.getpid() + 1))
    notifier.ping_watchdog()
    assert notifier.seconds_until_watchdog() == math.inf
    assert manager.received() == []


def test_watchdog_pid_of_this_process_pings(manager: FakeManager) -> None:
    notifier = watched(manager, 2_000_000, FakeClock(), WATCHDOG_PID=str(os.getpid()))
    notifier.ping_watchdog()
    assert manager.received() == ["WATCHDOG=1"]


def test_failed_ping_is_retried_on_the_next_pass(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    environ = {"NOTIFY_SOCKET": str(tmp_path / "missing"), "WATCHDOG_USEC": "2000000"}
    notifier = SystemdNotifier(environ=environ, clock=clock)
    notifier.ping_watchdog()
    assert notifier.watchdog_due()
    assert notifier.seconds_until_watchdog() == 0.0


@settings(max_examples=40, deadline=None)
@given(
    usec=st.integers(min_value=200_000, max_value=60_000_000),
    frames=st.lists(st.floats(min_value=0.001, max_value=90.0), min_size=1, max_size=60),
)
def test_main_loop_sleeping_as_told_pings_every_half_interval(
    usec: int, frames: list[float]
) -> None:
    """A loop that never sleeps past seconds_until_watchdog() keeps systemd fed."""
    with tempfile.TemporaryDirectory(prefix="ntf", dir="/tmp") as folder:
        path = str(Path(folder) / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(path)
            sock.setblocking(False)
            manager = FakeManager(sock, path)
            clock = FakeClock(1000.0)
            notifier = watched(manager, usec, clock)
            half = usec / 2_000_000
            pings: list[float] = []

            def pass_of_the_loop() -> None:
                notifier.ping_watchdog()
                received = manager.received()
                assert received in ([], ["WATCHDOG=1"])
                if received:
                    pings.append(clock.now)

            pass_of_the_loop()
            for frame in frames:
                clock.now += min(frame, notifier.seconds_until_watchdog())
                pass_of_the_loop()
            gaps = [later - earlier for earlier, later in zip(pings, pings[1:], strict=False)]
            assert all(gap <= half + 1e-6 for gap in gaps)
            assert all(gap >= half - 1e-6 for gap in gaps)
            assert clock.now - pings[-1] <= half + 1e-6
