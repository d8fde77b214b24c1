"""Noisy serial lines never make a tag nor raise (a short run; bench/fuzz.py runs 10^5)."""

from __future__ import annotations

import pytest

from bench.fuzz import fuzz_bridge, fuzz_pn532, mutate


@pytest.mark.parametrize("fuzz", [fuzz_pn532, fuzz_bridge], ids=["pn532", "bridge"])
@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_input_gives_no_false_tag_and_no_exception(fuzz: object, seed: int) -> None:
    result = fuzz(3000, seed)  # type: ignore[operator]
    assert result.mutated >= 3000
    assert result.exceptions == 0
    assert result.false_tags == 0
    assert result.real_arrivals > 20  # noise does not simply mute the reader


def test_the_mutations_do_change_the_input() -> None:
    import random

    rng = random.Random(3)
    line = b"TAG seat1 04A1B2C3D4E5F6*BA\n"
    assert sum(mutate(line, rng) != line for _ in range(200)) > 190
