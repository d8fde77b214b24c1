"""bench/mutants.py stays runnable: each mutant's code is in the tree exactly once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.mutants import MUTANTS, ROOT, Mutant


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_each_mutant_still_applies(mutant: Mutant) -> None:
    source = (ROOT / mutant.file).read_text(encoding="utf-8")
    assert source.count(mutant.original) == 1
    for test in mutant.tests:
        assert (ROOT / test.split("::")[0]).exists()
        if "::" in test:
            name = test.split("::")[1]
            assert f"def {name}(" in Path(ROOT / test.split("::")[0]).read_text()
