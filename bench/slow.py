"""``--slow N``: run the benchmark as if on a machine N times slower than this one.

The Pi's budget (a frame, 8 ms to the screen) is absolute, but this machine is faster
than a Pi. Preferred: put the whole run (its threads and every process it starts) under
a CPU quota of 1/N of one core with a short period, pinned to one CPU: cgroup v2's
``cpu.max`` where the ``cpu`` controller is there, else cgroup v1's CFS quota. Where no
cgroup can be written, nothing is slowed: the times in the table are multiplied by N
instead (scaled), and the targets are not judged.

A quota is not a slower CPU. The run gets full-speed bursts of ``QUOTA_US`` in every
period and is stopped for the rest, so a latency shorter than the burst is not
stretched at all and a longer one grows in steps of the period; memory, the disk, the
pseudo-terminals' line time and sleeps are not slowed; the emulators and the driver
threads of the benchmark share the quota with the app. A CPU-bound reference loop timed
before and under the quota says how much slower the run really was.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
QUOTA_US = 1000  # the kernel's smallest quota: the shortest bursts a period can have


def reference_loop_seconds(repeats: int = 5) -> float:
    """The fastest of ``repeats`` runs of a fixed CPU-bound pure-Python loop."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        total = 0
        for number in range(400_000):
            total += number * number % 7
        best = min(best, time.perf_counter() - started)
    return best


@dataclass
class Slowdown:
    """How the run was slowed, and how much slower a reference loop really got."""

    factor: float
    method: str  # "cgroup v2 cpu.max", "cgroup v1 cpu.cfs_quota_us" or "scaled"
    detail: str
    loop_before: float = 0.0
    loop_after: float = 0.0
    loop_share: float = 0.0  # the loop's CPU time over its wall time under the quota
    throttled_periods: int = 0  # periods in which the quota stopped the run (cpu.stat)
    throttled: bool = False  # under a cgroup quota (not merely scaled)
    _group: Path | None = field(default=None, repr=False)
    _parent_procs: Path | None = field(default=None, repr=False)

    @property
    def measured(self) -> float:
        """How many times longer the reference loop took under the quota."""
        return self.loop_after / self.loop_before if self.loop_before else 0.0

    def describe(self) -> str:
        if self.throttled:
            return (f"--slow {self.factor:g}: {self.method} ({self.detail}); a CPU-bound "
                    f"reference loop took {self.loop_before * 1000:.1f} ms before and "
                    f"{self.loop_after * 1000:.1f} ms under the quota "
                    f"({self.measured:.2f}x slower; it got {self.loop_share:.2f} of a core, "
                    f"throttled in {self.throttled_periods} periods; a neighbour on the "
                    "same CPU makes the first time longer and the ratio smaller). "
                    "Limits: a quota is not a slower CPU; "
                    f"the run gets full-speed bursts of {QUOTA_US / 1000:g} ms in every "
                    "period and waits out the rest, so what is shorter than a burst is not "
                    "stretched and what is longer grows in steps of the period; memory, "
                    "the disk, the ptys' line time and sleeps are not slowed; the "
                    "benchmark's own emulators and driver threads share the quota. Targets "
                    f"are judged as on this machine slowed {self.factor:g} times.")
        return (f"--slow {self.factor:g}: scaled ({self.detail}); nothing was slowed: every "
                f"time in the table is this machine's multiplied by {self.factor:g} (the "
                f"reference loop takes {self.loop_before * 1000:.1f} ms here, "
                f"{self.loop_before * self.factor * 1000:.1f} ms so scaled), which "
                "assumes every part of a figure (the disk and the lines included) is that "
                "much slower; the targets are not judged.")

    def close(self) -> None:
        """Leave the group and remove it (the processes the run started have ended)."""
        if self._group is None or self._parent_procs is None:
            return
        with contextlib.suppress(OSError):
            self._parent_procs.write_text(f"{os.getpid()}\n")
        for _attempt in range(50):
            try:
                self._group.rmdir()
                break
            except OSError:
                time.sleep(0.1)  # a child still leaving
        self._group = None


def _own_group(controller: str) -> Path | None:
    """Our group's directory in the v1 hierarchy of ``controller``, or in v2 for ""."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        mounts = [line.split() for line in Path("/proc/self/mounts").read_text().splitlines()]
    except OSError:
        return None
    for line in lines:
        number, controllers, path = line.split(":", 2)
        if controller == "":
            if number != "0" or controllers:
                continue
            kinds = [m for m in mounts if len(m) > 3 and m[2] == "cgroup2"]
        else:
            if controller not in controllers.split(","):
                continue
            kinds = [m for m in mounts
                     if len(m) > 3 and m[2] == "cgroup" and controller in m[3].split(",")]
        if kinds:
            return Path(kinds[0][1]) / path.lstrip("/")
    return None


def _group_name() -> str:
    return f"companion-bench-{os.getpid()}"


def _try_v2(factor: float) -> tuple[Path, Path, str] | None:
    parent = _own_group("")
    if parent is None:
        return None
    try:
        if "cpu" not in (parent / "cgroup.controllers").read_text().split():
            return None
        if "cpu" not in (parent / "cgroup.subtree_control").read_text().split():
            (parent / "cgroup.subtree_control").write_text("+cpu\n")
        group = parent / _group_name()
        group.mkdir()
    except OSError:
        return None
    period = round(QUOTA_US * factor)
    try:
        (group / "cpu.max").write_text(f"{QUOTA_US} {period}\n")
    except OSError:
        group.rmdir()
        return None
    return group, parent / "cgroup.procs", f"cpu.max {QUOTA_US} {period}"


def _try_v1(factor: float) -> tuple[Path, Path, str] | None:
    parent = _own_group("cpu")
    if parent is None:
        return None
    group = parent / _group_name()
    period = round(QUOTA_US * factor)
    try:
        group.mkdir()
    except OSError:
        return None
    try:
        (group / "cpu.cfs_period_us").write_text(f"{period}\n")
        (group / "cpu.cfs_quota_us").write_text(f"{QUOTA_US}\n")
    except OSError:
        group.rmdir()
        return None
    return group, parent / "cgroup.procs", f"cfs_quota_us {QUOTA_US} per cfs_period_us {period}"


def _throttled_periods(group: Path) -> int:
    """How many periods the group's quota ran out in so far (0 if not told)."""
    with contextlib.suppress(OSError, ValueError):
        for line in (group / "cpu.stat").read_text().splitlines():
            key, _space, value = line.partition(" ")
            if key == "nr_throttled":
                return int(value)
    return 0


def _pin_to_one_cpu() -> int:
    """Every thread of this process (and so what it starts) on the last CPU it may use."""
    cpu = max(os.sched_getaffinity(0))
    for task in Path("/proc/self/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            os.sched_setaffinity(int(task.name), {cpu})
    return cpu


def slow_down(factor: float, method: str = "auto") -> Slowdown:
    """Put this process under 1/``factor`` of one core, or say that times will be scaled.

    ``method`` is "auto" (a cgroup if one can be written, else scaled), "cgroup" (fail if
    none can) or "scaled".
    """
    if factor < 1:
        raise ValueError("--slow takes a factor of 1 or more")
    if method != "scaled":
        for name, attempt in (("cgroup v2 cpu.max", _try_v2),
                              ("cgroup v1 cpu.cfs_quota_us", _try_v1)):
            made = attempt(factor)
            if made is None:
                continue
            group, parent_procs, setting = made
            cpu = _pin_to_one_cpu()
            before = reference_loop_seconds()  # pinned, not yet throttled
            (group / "cgroup.procs").write_text(f"{os.getpid()}\n")
            slowdown = Slowdown(factor, name, f"{group}: {setting}, pinned to CPU {cpu}",
                                before, throttled=True, _group=group, _parent_procs=parent_procs)
            used, wall = time.process_time(), time.perf_counter()
            slowdown.loop_after = reference_loop_seconds()
            slowdown.loop_share = ((time.process_time() - used)
                                   / (time.perf_counter() - wall))
            slowdown.throttled_periods = _throttled_periods(group)
            return slowdown
        if method == "cgroup":
            raise RuntimeError("no cgroup with the cpu controller can be written here")
    before = reference_loop_seconds()
    why = "asked for" if method == "scaled" else "no writable cgroup with the cpu controller"
    return Slowdown(factor, "scaled", why, before)


_TIME = re.compile(r"(\d+(?:\.\d+)?) (ms|us|s)\b")


def scale_times(text: str, factor: float) -> str:
    """``text`` with every "12.3 ms" (us, s) in it multiplied by ``factor``."""

    def scaled(match: re.Match[str]) -> str:
        number = match.group(1)
        decimals = len(number.split(".")[1]) if "." in number else 0
        return f"{float(number) * factor:.{decimals}f} {match.group(2)}"

    return _TIME.sub(scaled, text)
