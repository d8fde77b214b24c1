"""Via Romana, third pass: the order-board bonus and the eagle set at the start, board files
with a byte-order mark, and board files nested too deep for the parser."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_via_romana import SMALL_BOARD, players, write_board

from companion.games.base import Rejected
from companion.games.via_romana import RULES, load_board, parse_board


def test_the_order_board_bonus_and_the_eagle_are_options_of_a_new_game(tmp_path: Path) -> None:
    board = write_board(tmp_path)
    state = RULES.setup(players(2), {"board_file": board, "order_board_bonus": 4,
                                     "eagle_bonus": 0})
    assert (state.settings.order_board_bonus, state.settings.eagle_bonus) == (4, 0)
    state = RULES.setup(players(2), {"board_file": board})
    assert (state.settings.order_board_bonus, state.settings.eagle_bonus) == (5, 2)
    for key, value in (("order_board_bonus", -1), ("eagle_bonus", 100), ("eagle_bonus", "2")):
        with pytest.raises(Rejected, match=f"Option {key} must be a whole number"):
            RULES.setup(players(2), {"board_file": board, key: value})


def test_a_board_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_text(SMALL_BOARD, encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    board, plain = load_board(str(path)), parse_board(SMALL_BOARD, "plain")
    assert (board.name, board.cities, board.roads) == (plain.name, plain.cities, plain.roads)
    assert parse_board("\ufeff" + SMALL_BOARD, "text").name == "Test board"


def test_a_byte_order_mark_elsewhere_is_still_refused() -> None:
    with pytest.raises(Rejected, match="not valid TOML"):
        parse_board(SMALL_BOARD + "\n\ufeffx = 1\n", "late")


@pytest.mark.parametrize("nested", ["x = " + "[" * 600 + "]" * 600,
                                    "x = " + "{a = " * 600 + "1" + "}" * 600])
def test_a_board_file_nested_too_deep_is_refused_in_words(nested: str, tmp_path: Path) -> None:
    with pytest.raises(Rejected, match="nested too deeply") as refused:
        parse_board(nested + "\n" + SMALL_BOARD, "deep.toml")
    assert "deep.toml" in str(refused.value)
    path = tmp_path / "deep.toml"
    path.write_text(nested, encoding="utf-8")
    with pytest.raises(Rejected, match="nested too deeply"):
        load_board(str(path))
