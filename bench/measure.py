"""Measuring helpers shared by the figures: CPU time, percentiles, first-frame timing."""

from __future__ import annotations

import compileall
import contextlib
import glob
import importlib.util
import os
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def compile_bytecode() -> None:
    """The app's and pygame's bytecode, as systemd/install.sh compiles them on the Pi.

    The Pi's system is read-only, so install.sh compiles the release and its site-packages.
    Without this a run under PYTHONDONTWRITEBYTECODE (or from a fresh venv) compiles every
    module anew, the app's and pygame's alike: time and memory the Pi never spends.
    """
    for package in ("companion", "pygame"):
        spec = importlib.util.find_spec(package)  # found, not imported
        assert spec is not None and spec.origin is not None, package
        compileall.compile_dir(Path(spec.origin).parent, quiet=2)


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` (0..1) percentile, by the nearest-rank method."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def process_cpu_seconds(pid: int) -> float:
    """CPU time of every thread of ``pid`` in nanosecond resolution (schedstat)."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        with contextlib.suppress(OSError):
            total += int(Path(path).read_text().split()[0])
    return total / 1e9


@contextlib.contextmanager
def notify_socket() -> Iterator[tuple[socket.socket, str]]:
    """A fake ``$NOTIFY_SOCKET``: the app and the reference both say READY=1 there."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        try:
            yield sock, path
        finally:
            sock.close()


def wait_ready(sock: socket.socket, timeout: float = 30.0) -> float:
    """Block until a READY=1 datagram arrives; return the time it did."""
    sock.settimeout(timeout)
    while True:
        data = sock.recv(4096)
        if b"READY=1" in data.split(b"\n"):
            return time.perf_counter()


@contextlib.contextmanager
def running(command: Sequence[str], env: dict[str, str] | None = None
            ) -> Iterator[tuple[subprocess.Popen[bytes], float]]:
    """Run ``command`` until the block ends; yields it and its seconds to READY=1."""
    with notify_socket() as (sock, path):
        full_env = {**os.environ, **HEADLESS, **(env or {}), "NOTIFY_SOCKET": path}
        started = time.perf_counter()
        process = subprocess.Popen(list(command), env=full_env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        try:
            ready = wait_ready(sock) - started
            yield process, ready
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def time_to_first_frame(command: Sequence[str], env: dict[str, str] | None = None) -> float:
    with running(command, env) as (_process, ready):
        return ready


def cpu_share(command: Sequence[str], settle: float, seconds: float,
              env: dict[str, str] | None = None) -> float:
    """Share of one core ``command`` uses over ``seconds``, after ``settle`` seconds."""
    with running(command, env) as (process, _ready):
        time.sleep(settle)
        cpu_before, wall_before = process_cpu_seconds(process.pid), time.perf_counter()
        time.sleep(seconds)
        cpu_after, wall_after = process_cpu_seconds(process.pid), time.perf_counter()
    return (cpu_after - cpu_before) / (wall_after - wall_before)
