"""How a run's figures are judged: absolute budgets at the speed the run measured.

The absolute budgets (a redraw's milliseconds, a frame for a loop step) were set on a
machine whose reference loop (``bench.slow.reference_loop_seconds``) took 22.8 ms. This
machine's speed changes from day to day by up to 2x with the same code, so a budget is
applied as ``budget x (this run's loop time / 22.8 ms)``, the loop time being the mean of
the run's start and end. A run whose two loop times differ by more than 25% changed speed
while it ran: nothing in it is judged, and the document says so.

The run that stands for a Pi's budget (``--slow N`` under a quota, or ``--neighbour``)
judges what a player feels against what a player notices: every touch within one 60 Hz
frame (a figure's ``pi_limit``, where it has one, stands for its ``limit`` there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

#: the reference loop's time on the machine the budgets were set on (2026-12-01)
REFERENCE_LOOP_SECONDS = 0.0228
#: the start and the end of a judged run may differ by at most this share of the faster
UNSTEADY_SHARE = 0.25
#: one frame of a 60 Hz screen: what a touch may take on the Pi-budget run
FRAME_SECONDS = 1 / 60


@dataclass(frozen=True)
class Budget:
    """One absolute time limit of a figure: ``measured`` must stay under ``limit``."""

    label: str  # what is limited, as the target column names it ("p99", "full")
    measured: float  # seconds
    limit: float  # seconds, on the reference machine
    strict: bool = False  # "<" rather than "<="
    #: the limit on the run that stands for a Pi's budget, if it is not ``limit`` (a
    #: measured time equal to it is within it: "<=")
    pi_limit: float | None = None

    def for_pi(self) -> Budget:
        """This budget as the Pi-budget run applies it."""
        if self.pi_limit is None:
            return self
        return replace(self, limit=self.pi_limit, strict=False, pi_limit=None)

    def holds(self, scale: float) -> bool:
        applied = self.limit * scale
        return self.measured < applied if self.strict else self.measured <= applied

    def applied(self, scale: float) -> str:
        return f"{self.label} {'<' if self.strict else '<='} {self.limit * scale * 1000:.2f} ms"


@dataclass(frozen=True)
class Speed:
    """The reference loop's time at the start and at the end of a run (seconds)."""

    before: float
    after: float

    @property
    def steady(self) -> bool:
        faster, slower = sorted((self.before, self.after))
        return slower <= faster * (1 + UNSTEADY_SHARE)

    @property
    def scale(self) -> float:
        """How many times longer than on the reference machine this run's CPU time is."""
        return (self.before + self.after) / 2 / REFERENCE_LOOP_SECONDS

    def verdict(self) -> str:
        """The document's line on how the run was judged."""
        loops = (f"{self.before * 1000:.1f} ms at the start and "
                 f"{self.after * 1000:.1f} ms at the end")
        if not self.steady:
            return (f"**not judged**: the reference loop took {loops}, more than "
                    f"{UNSTEADY_SHARE:.0%} apart, so the machine's speed changed during the run")
        return (f"absolute budgets x {self.scale:.2f} (the reference loop's {loops}, their "
                f"mean over the {REFERENCE_LOOP_SECONDS * 1000:.1f} ms the budgets were set "
                "at); the budget applied is beside each target")


@dataclass
class Figure:
    """One row of the table: what was measured, against what, and whether it is met."""

    name: str
    value: str
    reference: str
    ratio: str
    target: str
    met: bool
    note: str = ""  # what it includes: where it starts and ends, the flip, the devices
    judged: bool = True  # False when its times were scaled (``--slow`` without a quota)
    #: its absolute time limits, applied at the run's speed by :func:`bench.judging.judge`
    budgets: tuple[Budget, ...] = ()
    rest_met: bool = True  # whether its parts that are not absolute budgets are met
    #: the target column on the run that stands for a Pi's budget, where its budgets differ
    pi_target: str = ""


def on_pi_budget(figure: Figure) -> Figure:
    """``figure`` with the targets of the run that stands for a Pi's budget."""
    if not any(budget.pi_limit is not None for budget in figure.budgets):
        return figure
    return replace(figure, target=figure.pi_target or figure.target,
                   budgets=tuple(budget.for_pi() for budget in figure.budgets))


def judge(figures: Sequence[Figure], speed: Speed, pi_budget: bool = False) -> list[Figure]:
    """The figures judged at ``speed``: budgets scaled, or nothing judged if unsteady.

    A figure's ``met`` is kept for its parts that are not absolute budgets (ratios, counts)
    and combined with its budgets at the run's speed. Figures already not judged (their
    times scaled by ``--slow`` without a quota) stay so. On the Pi-budget run
    (``pi_budget``) a budget's ``pi_limit`` and a figure's ``pi_target`` stand for theirs.
    """
    judged = []
    for figure in figures:
        if pi_budget:
            figure = on_pi_budget(figure)
        if not figure.judged:
            judged.append(figure)
        elif not speed.steady:
            judged.append(replace(figure, judged=False))
        elif figure.budgets:
            scale = speed.scale
            applied = ", ".join(budget.applied(scale) for budget in figure.budgets)
            judged.append(replace(
                figure, target=f"{figure.target} (applied: {applied})",
                met=figure.rest_met and all(b.holds(scale) for b in figure.budgets)))
        else:
            judged.append(figure)
    return judged
