"""``companion nfc``: UIDs on stdout, status on stderr, clean errors, clean exit on signals."""

from __future__ import annotations

import io
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from paths import REPO

from companion.devices.bridge import BridgeTiming
from companion.devices.emulators import BridgeEmulator, Pn532Emulator, PtyPort
from companion.devices.nfc_cli import run_nfc, watch_reader
from companion.devices.pn532 import Pn532Timing

UID = "04A1B2C3D4E5F6"

WAIT = 10.0


def test_missing_port_is_one_line_and_status_1(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    assert run_nfc("pn532", str(tmp_path / "ttyUSB9"), None) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "ttyUSB9" in captured.err and "does not exist" in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("kind", ["pn532", "bridge"])
def test_a_reader_that_never_answers_is_one_line_and_status_1(tmp_path: Path, kind: str) -> None:
    port = PtyPort(tmp_path / "silent")
    emulator = (Pn532Emulator(port, answering=False) if kind == "pn532"
                else BridgeEmulator(port, answering=False))
    emulator.start()
    out, err = io.StringIO(), io.StringIO()
    try:
        status = watch_reader(kind, port.path, None, threading.Event(), out, err,
                              pn532_timing=Pn532Timing(answer_timeout=0.1),
                              bridge_timing=BridgeTiming(hello_timeout=0.3, ask_again=0.1))
    finally:
        emulator.unplug()
    assert status == 1
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and "no answer" in err.getvalue()


def test_bridge_arrivals_are_printed_once_until_stopped(tmp_path: Path) -> None:
    port = PtyPort(tmp_path / "bridge")
    emulator = BridgeEmulator(port, ("seat1", "seat2"), heartbeat=0.05)
    emulator.start()
    out, err = io.StringIO(), io.StringIO()
    stop = threading.Event()
    result: queue.Queue[int] = queue.Queue()
    runner = threading.Thread(target=lambda: result.put(
        watch_reader("bridge", port.path, None, stop, out, err)))
    runner.start()
    try:
        deadline = time.monotonic() + WAIT
        while "opened" not in err.getvalue():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        emulator.place("seat1", UID)
        emulator.place("seat1", UID)
        emulator.place("seat2", "5A3C9E71")
        emulator.lift("seat1")
        while "removed" not in err.getvalue():
            assert time.monotonic() < deadline
            time.sleep(0.01)
    finally:
        stop.set()
        runner.join(WAIT)
        emulator.unplug()
    assert result.get_nowait() == 0
    assert out.getvalue() == f"{UID}\n5A3C9E71\n"
    assert f"removed: {UID}" in err.getvalue()


def read_line(stream: io.BufferedReader | None, deadline: float) -> str:
    assert stream is not None
    line = b""
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        assert remaining > 0, "no line in time"
        ready, _, _ = select.select([stream], [], [], remaining)
        if ready:
            chunk = os.read(stream.fileno(), 1)
            assert chunk, "stream closed"
            line += chunk
    return line.decode()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_the_command_prints_uids_and_exits_0_on_a_signal(tmp_path: Path, sig: int) -> None:
    port = PtyPort(tmp_path / "companion-nfc")
    emulator = Pn532Emulator(port, garbage=True)
    emulator.start()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "nfc", "--reader", "pn532", "--port", port.path],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + WAIT
        assert "opened" in read_line(process.stderr, deadline)  # type: ignore[arg-type]
        emulator.place(UID)
        assert read_line(process.stdout, deadline) == UID + "\n"  # type: ignore[arg-type]
        process.send_signal(sig)
        assert process.wait(WAIT) == 0
        assert process.stdout is not None and process.stdout.read() == b""  # printed once
        assert process.stderr is not None and b"Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        emulator.unplug()


def test_a_baud_rate_pyserial_refuses_is_one_line(tmp_path: Path) -> None:
    port = PtyPort(tmp_path / "nfc")
    out, err = io.StringIO(), io.StringIO()
    try:
        assert watch_reader("pn532", port.path, -5, threading.Event(), out, err) == 1
    finally:
        port.close()
    assert err.getvalue().count("\n") == 1 and "baud" in err.getvalue().lower()
