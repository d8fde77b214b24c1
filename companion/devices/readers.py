"""Choosing the driver for a configured reader and starting its thread."""

from __future__ import annotations

import queue
import threading

from companion.core.events import InputEvent
from companion.devices.bridge import BridgeTiming, open_bridge
from companion.devices.config import DEFAULT_BAUD, ReaderConfig
from companion.devices.pn532 import Pn532Timing, open_pn532
from companion.devices.reader_thread import ReaderThread
from companion.devices.serial_link import ReaderSession


def open_reader(kind: str, port: str, baud: int | None, device: str, stop: threading.Event,
                pn532_timing: Pn532Timing | None = None,
                bridge_timing: BridgeTiming | None = None) -> ReaderSession:
    """Open ``port`` for a ``pn532`` or ``bridge`` reader (not yet handshaken)."""
    rate = baud or DEFAULT_BAUD
    if kind == "pn532":
        return open_pn532(port, rate, device, stop, pn532_timing)
    if kind == "bridge":
        return open_bridge(port, rate, device, stop, bridge_timing)
    raise ValueError(f"unknown reader type {kind!r}")


def start_reader(reader: ReaderConfig, events: queue.Queue[InputEvent], *,
                 pn532_timing: Pn532Timing | None = None,
                 bridge_timing: BridgeTiming | None = None,
                 retry_min: float = 0.5, retry_max: float = 10.0) -> ReaderThread:
    """A started thread that keeps ``reader`` open and reports its tags."""

    def opener(stop: threading.Event) -> ReaderSession:
        return open_reader(reader.type, reader.port, reader.baud, reader.id, stop,
                           pn532_timing, bridge_timing)

    thread = ReaderThread(reader.id, reader.port, opener, events,
                          retry_min=retry_min, retry_max=retry_max)
    thread.start()
    return thread
