"""The Via Romana map's placed names kept on disk: a second start reads them without the
search, a corrupt or unwritable cache is placed again in silence, a changed board gets its
own entry, and the labels shipped for the standard displays are those the search makes."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.games.via_romana.board import Board, load_board  # noqa: E402
from companion.ui.tables import via_romana_labels as store  # noqa: E402
from companion.ui.tables import via_romana_layout as vl  # noqa: E402
from companion.ui.tables import via_romana_shipped  # noqa: E402
from companion.ui.tables.via_romana_geometry import (  # noqa: E402
    Label,
    MapLayout,
    map_geometry,
)

BOUNDS = (0, 0, 347, 306)


def count_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The names of each search run from now on (the real search, counted)."""
    calls: list[int] = []
    search = vl.place_names

    def counted(names: Sequence[str], geometry: MapLayout) -> tuple[Label, ...]:
        calls.append(len(names))
        return search(names, geometry)

    monkeypatch.setattr(vl, "place_names", counted)
    return calls


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[int]]:
    """The number of searches run, with an empty cache of the test's own and nothing
    shipped (as on a board of the players' own)."""
    pygame.font.init()
    monkeypatch.setattr(store, "cache_folder", lambda: tmp_path / "labels")
    monkeypatch.setattr(store, "_shipped", lambda: {})
    calls = count_searches(monkeypatch)
    _restart()
    yield calls
    _restart()


def _restart() -> None:
    """What a new start of the app forgets: everything kept in memory."""
    vl._layout.cache_clear()
    vl._layout_at.cache_clear()


def _small_board() -> Board:
    board = load_board(None)
    return dataclasses.replace(board, cities=board.cities[:5], roads=tuple(
        road for road in board.roads if road.a < 5 and road.b < 5))


def test_a_second_start_reads_the_names_without_searching(searches: list[int]) -> None:
    board = _small_board()
    first = vl._layout(board, BOUNDS, 48)
    assert searches == [5]
    assert len(list(store.cache_folder().glob("*.json"))) == 1
    _restart()
    second = vl._layout(board, BOUNDS, 48)
    assert searches == [5]  # read from disk
    assert second.labels == first.labels


def test_a_corrupt_cache_file_is_placed_again(searches: list[int]) -> None:
    board = _small_board()
    first = vl._layout(board, BOUNDS, 48)
    for damage in ("{not json", json.dumps([["x"]] * 5), json.dumps({"a": 1}), "",
                   json.dumps([[["A"], [[1, 2, 3, 10 ** 30]], None, 0, [1, 2]]] * 5)):
        (kept,) = store.cache_folder().glob("*.json")
        kept.write_text(damage, encoding="utf-8")
        _restart()
        assert vl._layout(board, BOUNDS, 48).labels == first.labels
    assert searches == [5] * 6
    _restart()
    vl._layout(board, BOUNDS, 48)  # the last search was kept again
    assert searches == [5] * 6


def test_an_unwritable_cache_is_passed_over(searches: list[int], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(store, "cache_folder", lambda: blocked / "labels")
    board = _small_board()
    assert len(vl._layout(board, BOUNDS, 48).labels) == 5
    _restart()
    vl._layout(board, BOUNDS, 48)
    assert searches == [5, 5]


def test_a_changed_board_gets_its_own_entry(searches: list[int]) -> None:
    board = _small_board()
    vl._layout(board, BOUNDS, 48)
    moved = dataclasses.replace(board.cities[0], position=(0.9, 0.1))
    renamed = dataclasses.replace(board.cities[1], name="Augusta Treverorum")
    for changed in (dataclasses.replace(board, cities=(moved, *board.cities[1:])),
                    dataclasses.replace(board, cities=(board.cities[0], renamed,
                                                       *board.cities[2:])),
                    dataclasses.replace(board, roads=board.roads[1:])):
        _restart()
        vl._layout(changed, BOUNDS, 48)
    _restart()
    vl._layout(board, BOUNDS, 60)  # another unit
    vl._layout(board, (0, 0, 400, 306), 48)  # another size
    assert searches == [5] * 6
    assert len(list(store.cache_folder().glob("*.json"))) == 6


def test_a_map_moved_on_screen_shares_its_search(searches: list[int]) -> None:
    board = _small_board()
    at_origin = vl._layout(board, BOUNDS, 48)
    moved = vl._moved(at_origin, 225, 108)
    assert searches == [5]
    assert moved.centres[0] == (at_origin.centres[0][0] + 225, at_origin.centres[0][1] + 108)
    assert moved.labels[0].boxes[0] == at_origin.labels[0].boxes[0].move(225, 108)


REWRITE = "stale: uv run python -m companion.ui.tables.via_romana_shipped writes them again"


def test_the_shipped_labels_are_for_this_code_and_board() -> None:
    """Stale after a change to the placing code, the board or the standard map sizes."""
    shipped = store.shipped_file()
    assert {name: shipped.get(name) for name in ("code", "board", "sizes")} \
        == store.written_for(), REWRITE


def test_the_shipped_labels_are_those_the_search_makes() -> None:
    pygame.font.init()
    shipped = store.shipped_file()["maps"]
    fresh = via_romana_shipped.standard_entries()
    if set(fresh) != set(shipped) and \
            store.shipped_file().get("code") == store.written_for()["code"]:
        pytest.skip("this machine's font draws the names at other sizes than the one the "
                    "labels were written on (its keys differ; it places its own once)")
    assert shipped == fresh, REWRITE


def test_the_standard_displays_find_the_shipped_labels(searches: list[int],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """(On a machine whose font draws the names at the sizes they were written with.)"""
    monkeypatch.undo()  # the shipped labels, the real search counted below
    monkeypatch.setattr(store, "cache_folder", lambda: Path("/nonexistent/labels"))
    calls = count_searches(monkeypatch)
    board = load_board(None)
    _restart()
    shipped = set(store.shipped_file()["maps"])
    for width, height, unit in store.STANDARD_MAPS:
        geometry = map_geometry(board, (0, 0, width, height), unit)
        if vl._labels_key([city.name for city in board.cities], geometry) not in shipped:
            pytest.skip("this machine's font draws the names at other sizes")
        vl._layout(board, (0, 0, width, height), unit)
    assert calls == []


def test_keeping_the_names_loads_no_openssl(tmp_path: Path) -> None:
    """The names' key is a checksum, not hashlib: its OpenSSL library alone is 4 MB of the
    Pi's memory (the evening's peak is measured: bench/memory.py)."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from companion.games.via_romana.board import load_board\n"
            "from companion.ui.tables import via_romana_layout as vl\n"
            f"vl._layout(load_board(None), {BOUNDS!r}, 48)\n"
            "print('_hashlib' in sys.modules, 'hashlib' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={**os.environ, "XDG_CACHE_HOME": str(tmp_path),
                                             "SDL_VIDEODRIVER": "dummy"})
    assert result.stdout.split() == ["False", "False"]
