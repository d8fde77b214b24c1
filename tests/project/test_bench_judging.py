"""The benchmark judges absolute budgets at the run's speed, and an unsteady run not at all.

Constructed figures and loop times, no timing: what is asserted is the judging.
"""

from __future__ import annotations

import pytest

from bench.__main__ import on_pis_budget
from bench.judging import FRAME_SECONDS, REFERENCE_LOOP_SECONDS, Budget, Figure, Speed, judge
from bench.latency import acknowledgement_allowance, press_figure
from bench.neighbour import Neighbours
from bench.slow import Slowdown

MS = 0.001


def _redraw(full: float, rest_met: bool = True) -> Figure:
    """A figure whose full redraw took ``full`` seconds against a 1 ms budget."""
    return Figure("Redraw", f"full {full * 1000:.2f} ms", "", "", "full <= 1.0 ms",
                  full <= MS, budgets=(Budget("full", full, MS),), rest_met=rest_met)


def _ratio(met: bool) -> Figure:
    return Figure("Start-up", "1.2x", "", "", "<= 1.3x", met)


def test_at_the_reference_speed_the_budget_is_the_budget() -> None:
    speed = Speed(REFERENCE_LOOP_SECONDS, REFERENCE_LOOP_SECONDS)
    over, under = judge([_redraw(1.05 * MS), _redraw(0.95 * MS)], speed)
    assert speed.steady and speed.scale == pytest.approx(1.0)
    assert over.judged and not over.met
    assert under.judged and under.met
    assert "(applied: full <= 1.00 ms)" in under.target


def test_a_slow_run_gets_a_larger_budget_and_a_fast_one_a_smaller() -> None:
    slow = Speed(2 * REFERENCE_LOOP_SECONDS, 2 * REFERENCE_LOOP_SECONDS)
    fast = Speed(0.5 * REFERENCE_LOOP_SECONDS, 0.5 * REFERENCE_LOOP_SECONDS)
    [on_slow] = judge([_redraw(1.5 * MS)], slow)  # over 1 ms, under 2 ms
    [on_fast] = judge([_redraw(0.7 * MS)], fast)  # under 1 ms, over 0.5 ms
    assert on_slow.met and "full <= 2.00 ms" in on_slow.target
    assert not on_fast.met and "full <= 0.50 ms" in on_fast.target


def test_the_speed_is_the_mean_of_start_and_end() -> None:
    speed = Speed(REFERENCE_LOOP_SECONDS, 1.2 * REFERENCE_LOOP_SECONDS)
    assert speed.steady and speed.scale == pytest.approx(1.1)
    [figure] = judge([_redraw(1.08 * MS)], speed)
    assert figure.met


def test_an_unsteady_run_is_not_judged_and_says_so() -> None:
    speed = Speed(REFERENCE_LOOP_SECONDS, 1.3 * REFERENCE_LOOP_SECONDS)  # 30% apart
    figures = judge([_redraw(0.5 * MS), _redraw(5 * MS), _ratio(True)], speed)
    assert not speed.steady
    assert not any(figure.judged for figure in figures)
    assert "not judged" in speed.verdict() and "more than 25% apart" in speed.verdict()
    # in either direction, and 25% itself is still steady
    assert not Speed(1.3 * REFERENCE_LOOP_SECONDS, REFERENCE_LOOP_SECONDS).steady
    assert Speed(REFERENCE_LOOP_SECONDS, 1.25 * REFERENCE_LOOP_SECONDS).steady


def test_ratios_are_not_scaled_and_a_failed_ratio_fails_a_figure_with_budgets() -> None:
    slow = Speed(3 * REFERENCE_LOOP_SECONDS, 3 * REFERENCE_LOOP_SECONDS)
    ratio_met, ratio_missed, budget_with_missed_rest = judge(
        [_ratio(True), _ratio(False), _redraw(0.5 * MS, rest_met=False)], slow)
    assert ratio_met.met and not ratio_missed.met
    assert ratio_missed.target == "<= 1.3x"  # nothing applied to a ratio
    assert not budget_with_missed_rest.met


def test_a_strict_budget_refuses_its_own_limit() -> None:
    speed = Speed(REFERENCE_LOOP_SECONDS, REFERENCE_LOOP_SECONDS)
    frame = 1 / 60
    at_limit = Figure("Loop step", "", "", "", "< one frame", False,
                      budgets=(Budget("longest", frame, frame, strict=True),))
    below = Figure("Loop step", "", "", "", "< one frame", True,
                   budgets=(Budget("longest", 0.9 * frame, frame, strict=True),))
    assert [f.met for f in judge([at_limit, below], speed)] == [False, True]


def test_figures_whose_times_were_scaled_stay_unjudged() -> None:
    speed = Speed(REFERENCE_LOOP_SECONDS, REFERENCE_LOOP_SECONDS)
    figure = Figure("Redraw", "", "", "", "", True, judged=False,
                    budgets=(Budget("full", 0.5 * MS, MS),))
    [judged] = judge([figure], speed)
    assert not judged.judged and judged.target == ""


def test_the_acknowledgement_allows_the_commit_and_the_redraw_and_a_millisecond() -> None:
    assert acknowledgement_allowance(3 * MS, 2.5 * MS) == pytest.approx(6.5 * MS)
    # a slow disk day (the commit's p99 20 ms) widens it by the disk alone
    assert acknowledgement_allowance(20 * MS, 2.5 * MS) == pytest.approx(23.5 * MS)


STEADY = Speed(REFERENCE_LOOP_SECONDS, REFERENCE_LOOP_SECONDS)


def _press(p99: float) -> Figure:
    """A press whose 100 latencies have ``p99`` as their 99th percentile."""
    return press_figure("Press to screen", [0.002] * 98 + [p99, p99], "")


def test_the_pi_budget_run_judges_a_press_against_one_frame() -> None:
    twelve, eighteen = _press(12 * MS), _press(18 * MS)
    full_speed = judge([twelve, eighteen], STEADY)
    on_pi = judge([twelve, eighteen], STEADY, pi_budget=True)
    assert [f.met for f in full_speed] == [False, False]  # half a frame at full speed
    assert "p99 < 8.00 ms" in full_speed[0].target
    assert [f.met for f in on_pi] == [True, False]  # 12 ms within a frame, 18 ms not
    assert "one 60 Hz frame" in on_pi[0].target and "p99 <= 16.67 ms" in on_pi[0].target
    assert "8 ms" not in on_pi[0].target


def test_the_pi_budget_scales_with_the_run_speed_like_any_budget() -> None:
    slower = Speed(1.2 * REFERENCE_LOOP_SECONDS, 1.2 * REFERENCE_LOOP_SECONDS)
    [met] = judge([_press(19 * MS)], slower, pi_budget=True)  # under 1.2 frames (20 ms)
    assert met.met and "p99 <= 20.00 ms" in met.target


def test_figures_without_a_pi_limit_keep_their_target_on_the_pi_run() -> None:
    frame_step = Figure("Loop step", "", "", "", "< one frame", True,
                        budgets=(Budget("longest", 10 * MS, FRAME_SECONDS, strict=True),))
    [redraw, step, ratio] = judge([_redraw(0.9 * MS), frame_step, _ratio(False)], STEADY,
                                  pi_budget=True)
    assert redraw.met and "full <= 1.00 ms" in redraw.target
    assert step.met and "longest < 16.67 ms" in step.target
    assert not ratio.met and ratio.target == "<= 1.3x"


def test_a_quota_or_neighbours_make_the_pi_budget_run_and_a_scaled_run_does_not() -> None:
    assert not on_pis_budget(None)
    assert on_pis_budget(Neighbours(1, 0, 0.02, 0.04))
    assert on_pis_budget(Slowdown(4, "cgroup v1 cpu.cfs_quota_us", "", throttled=True))
    assert not on_pis_budget(Slowdown(4, "scaled", "", throttled=False))
