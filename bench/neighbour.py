"""``--neighbour N``: the run pinned to one CPU beside N CPU-bound processes.

The second model of a Pi's budget, beside ``--slow``'s quota. A CFS quota stops every
thread of the run for the rest of its period once the run has used its share, however
urgent the thread that wakes next; a slower CPU, or a CPU shared with busy neighbours at
the same priority, does not: the kernel's fair scheduler lets a thread that has slept
(the loop woken by a touch) run before a neighbour that has not. A figure that fails
under the quota and holds here is the quota's model, not the code's time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass, field

from bench.slow import _pin_to_one_cpu, reference_loop_seconds

#: a neighbour: pure Python spinning at the priority it inherits (the run's own)
SPIN = "while True: pass"


@dataclass
class Neighbours:
    """CPU-bound processes sharing the run's one CPU, and what they left the run."""

    count: int
    cpu: int
    loop_before: float
    loop_after: float = 0.0
    _processes: list[subprocess.Popen[bytes]] = field(default_factory=list, repr=False)

    @property
    def measured(self) -> float:
        return self.loop_after / self.loop_before if self.loop_before else 0.0

    @property
    def method(self) -> str:
        return f"{self.count} CPU-bound neighbour{'s' if self.count > 1 else ''}"

    def describe(self) -> str:
        return (f"--neighbour {self.count}: the run (its threads and every process it "
                f"starts) pinned to CPU {self.cpu} beside {self.method} at the same "
                f"priority (nice {os.nice(0)}); a CPU-bound reference loop took "
                f"{self.loop_before * 1000:.1f} ms pinned alone and "
                f"{self.loop_after * 1000:.1f} ms beside them ({self.measured:.2f}x "
                "slower). Unlike a quota, the kernel lets a thread that slept (the loop "
                "woken by a touch) run before a neighbour that did not; the disk, the "
                "ptys' line time and sleeps are not slowed. Targets are judged as on a "
                "slower machine.")

    def close(self) -> None:
        for process in self._processes:
            process.terminate()
        for process in self._processes:
            process.wait(10)
        self._processes = []


def beside_neighbours(count: int) -> Neighbours:
    """Pin this process to one CPU and start ``count`` spinning processes on it."""
    if count < 1:
        raise ValueError("--neighbour takes 1 or more")
    cpu = _pin_to_one_cpu()
    neighbours = Neighbours(count, cpu, reference_loop_seconds())
    for _ in range(count):  # the affinity and the nice value are inherited
        neighbours._processes.append(subprocess.Popen([sys.executable, "-c", SPIN]))
    time.sleep(0.2)  # running, not starting
    neighbours.loop_after = reference_loop_seconds()
    return neighbours
