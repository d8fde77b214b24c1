"""A short compressed evening through the real app (the 20,000-input one is bench.evening)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.evening import run_evening
from companion.core import i18n


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Random taps may pick another language on the settings screen: later tests read
    English messages."""
    yield
    i18n.set_language("en")


def test_random_inputs_cause_no_error_and_replay_identically() -> None:
    result = run_evening(1200, seed=7, check_every=300, warm_up=600)
    assert result.errors == 0
    assert result.replay_checks == 4 and result.replay_mismatches == 0
    assert result.games_started >= 1
    assert result.open_files_max <= result.open_files_after_warm_up + 4
