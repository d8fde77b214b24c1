"""``uv run python -m bench.noisy_pn532``: a tag that never moves, on a PN532 over a noisy line.

The real driver and reader thread on a pseudo-terminal, the emulated chip at the far end,
and every bit on the wire, both ways, flipped with the given probability (seeded). The tag
lies on the reader from before the reader is opened to the end, so the one right answer
is one arrival and nothing else: every further arrival is a false re-arrival (a second
"my turn is done"), counted per 10^5 reads (InListPassiveTarget commands the chip
answered). A loss of the reader counts too: the thread reports its tag removed, and
the tag arrives again when the reader is back.

The waits are shortened so 10^5 reads take minutes, not hours (the field reset of chip
and driver alike, the answer timeout); the driver's rules are the ones the app runs.
"""

from __future__ import annotations

import argparse
import queue
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from companion.core.events import DeviceStatus, InputEvent, TagArrived, TagRemoved
from companion.devices.config import ReaderConfig
from companion.devices.emulators import Pn532Emulator, PtyPort
from companion.devices.pn532 import Pn532Timing
from companion.devices.readers import start_reader

UID = "04A1B2C3D4E5F6"
#: the driver's rules, with the waits a pty allows (the chip's field reset is shortened
#: alike, so a read still needs the field off in between)
QUICK = Pn532Timing(answer_timeout=0.03, heartbeat=0.5, poll_interval=0.0,
                    field_reset=0.0006, resend_timeout=0.01, quiet_after_garbled=0.005)
HANG_GUARD = 3600.0


class QuickPn532(Pn532Emulator):
    """The emulated chip with a tag that resets after 0.5 ms without the field."""

    FIELD_RESET = 0.0005


@dataclass
class NoisyRun:
    bit_error_rate: float
    reads: int
    arrivals: int
    removals: int
    losses: int
    bits_flipped: int
    seconds: float

    @property
    def false_rearrivals(self) -> int:
        return max(0, self.arrivals - 1)

    def per_100k(self) -> float:
        return self.false_rearrivals * 100_000 / max(1, self.reads)


def run(bit_error_rate: float, reads: int, seed: int = 1,
        timing: Pn532Timing = QUICK) -> NoisyRun:
    """Hold one tag on a noisy PN532 for ``reads`` reads; what the reader thread said."""
    events: queue.Queue[InputEvent] = queue.Queue()
    with tempfile.TemporaryDirectory(prefix="noisy-pn532-") as folder:
        chip = QuickPn532(PtyPort(Path(folder) / "nfc"))
        chip.place(UID)  # before the reader is opened, and never lifted
        chip.add_line_noise(bit_error_rate, seed)
        chip.start()
        started = time.monotonic()
        thread = start_reader(ReaderConfig("table", "pn532", str(Path(folder) / "nfc")),
                              events, pn532_timing=timing, retry_min=0.01, retry_max=0.05)
        try:
            while chip.polls < reads:
                if time.monotonic() - started > HANG_GUARD:
                    raise TimeoutError(f"only {chip.polls} reads in {HANG_GUARD:.0f} s")
                time.sleep(0.05)
        finally:
            thread.stop()
            chip.unplug()
        seconds = time.monotonic() - started
    said: list[InputEvent] = []
    while not events.empty():
        said.append(events.get_nowait())
    assert chip.noise_in is not None and chip.noise_out is not None
    return NoisyRun(
        bit_error_rate, chip.polls,
        arrivals=sum(isinstance(event, TagArrived) for event in said),
        removals=sum(isinstance(event, TagRemoved) for event in said),
        losses=sum(isinstance(event, DeviceStatus) and event.status in ("lost", "unsteady")
                   for event in said),
        bits_flipped=chip.noise_in.flipped + chip.noise_out.flipped, seconds=seconds)


def describe(result: NoisyRun) -> str:
    return (f"bit error rate {result.bit_error_rate:g}: {result.false_rearrivals} false "
            f"re-arrivals in {result.reads:,} reads ({result.per_100k():.0f} per 10^5); "
            f"{result.removals} removals, {result.losses} losses of the reader; "
            f"{result.bits_flipped:,} bits flipped; {result.seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.noisy_pn532", description=__doc__)
    parser.add_argument("--reads", type=int, default=100_000)
    parser.add_argument("--rates", type=float, nargs="+", default=[1e-4, 1e-3])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    worst = 0
    for rate in args.rates:
        result = run(rate, args.reads, args.seed)
        print(describe(result), flush=True)
        worst = max(worst, result.false_rearrivals + result.removals)
    return 0 if worst == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
