"""The benchmark judges absolute budgets at the run's speed, and an unsteady run not at all.

Constructed figures and loop times, no timing: what is asserted is the judging.
"""

from __future__ import annotations

import pytest

from bench.judging import REFERENCE_LOOP_SECONDS, Budget, Speed, judge
from bench.latency import acknowledgement_allowance
from bench.measure import Figure

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
