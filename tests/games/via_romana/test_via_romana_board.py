"""Via Romana board files: the shipped default and clear refusals of broken files."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import REPO

from companion.games.base import Rejected
from companion.games.via_romana import check_playable, load_board, parse_board

GOOD = """
symbols = ["eagle", "helmet"]
[[province]]
name = "North"
colour = "blue"
[[province]]
name = "South"
colour = "grey"
[[city]]
name = "Aquae"
colour = "blue"
symbol = "eagle"
markers = [4, 3]
[[city]]
name = "Burgus"
colour = "Grey"
symbol = "HELMET"
[[road]]
cities = ["Aquae", "burgus"]
spaces = 2
"""


def test_shipped_default_matches_the_issue() -> None:
    board = load_board(None)
    assert len(board.roads) == 26 and len(board.colours) == 5 and len(board.symbols) == 4
    assert board.signposts == 20 and board.base_value == 1
    assert sum(len(c.markers) for c in board.cities) == 40
    assert all(1 <= v <= 4 for c in board.cities for v in c.markers)
    assert {c.colour for c in board.cities} == set(board.colours)
    assert {c.symbol for c in board.cities} == set(board.symbols)
    assert len(board.closed_at_start(2)) > len(board.closed_at_start(3)) > 0
    assert board.closed_at_start(4) == frozenset()
    for players in (2, 3, 4):
        check_playable(board, players)


def test_a_user_file_is_read_with_names_and_colours_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    board = load_board(str(path))
    assert board.cities[1].colour == "grey" and board.cities[1].symbol == "helmet"
    assert board.roads[0].a == 0 and board.roads[0].b == 1 and board.roads[0].spaces == 2
    assert board.city_index("BURGUS") == 1 and board.road_label(0) == "Aquae – Burgus"
    assert board.signposts == 1 and board.source == str(path)


@pytest.mark.parametrize(("old", "new", "problem"), [
    ('cities = ["Aquae", "burgus"]', 'cities = ["Aquae", "Roma"]', "unknown city 'Roma'"),
    ('cities = ["Aquae", "burgus"]', 'cities = ["Aquae", "aquae"]',
     "leads from 'Aquae' to itself"),
    ('colour = "Grey"', 'colour = "pink"', "colour 'pink' is not a province colour (blue, grey)"),
    ('symbol = "HELMET"', 'symbol = "crown"', "symbol 'crown' is not in 'symbols'"),
    ("spaces = 2", "spaces = 0", "spaces must be a whole number from 1 to 12, not 0"),
    ("spaces = 2", "spaces = 2\nclosed_for = [5]", "closed_for must be a whole number from 2"),
    ("spaces = 2", 'spaces = 2\ncolours = ["red"]', "colour 'red' is not a province colour"),
    ("markers = [4, 3]", "markers = [4, 0]", "marker must be a whole number from 1"),
    ('name = "Burgus"', 'name = "aquae"', "city 'aquae' is listed twice"),
    ('colour = "grey"', 'colour = "blue"', "colour 'blue' is used by two provinces"),
    ('cities = ["Aquae", "burgus"]', 'cities = ["Aquae"]', "exactly two city names"),
    ('symbols = ["eagle", "helmet"]', "", "needs a list 'symbols'"),
    ('symbols = ["eagle", "helmet"]', 'signposts = 3\nsymbols = ["eagle", "helmet"]',
     "signposts must be a whole number from 1 to 1, not 3"),
    ("spaces = 2", "spaces = 2\nclosed = [2]", "[[road]] number 1: unknown key 'closed'"),
    ('symbols = ["eagle", "helmet"]', 'symbol = ["eagle", "helmet"]', "unknown key 'symbol'"),
])
def test_broken_files_are_refused_naming_file_and_problem(old: str, new: str,
                                                          problem: str) -> None:
    assert old in GOOD
    with pytest.raises(Rejected) as info:
        parse_board(GOOD.replace(old, new, 1), "mine.toml")
    message = str(info.value)
    assert message.startswith("Board file mine.toml: ") and problem in message


def test_a_file_without_roads_is_refused() -> None:
    with pytest.raises(Rejected, match=r"needs at least one \[\[road\]\] table"):
        parse_board(GOOD.split("[[road]]")[0], "mine.toml")


def test_syntax_errors_and_missing_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(Rejected, match="Board file mine.toml: is not valid TOML"):
        parse_board("[[city]\nname = 1", "mine.toml")
    missing = tmp_path / "gone.toml"
    with pytest.raises(Rejected, match="gone.toml: cannot be read"):
        load_board(str(missing))
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(Rejected, match="binary.toml: is not UTF-8 text"):
        load_board(str(binary))


def test_too_few_signposts_for_the_closed_roads_is_refused_at_setup() -> None:
    board = parse_board(GOOD.replace("spaces = 2", "spaces = 2\nclosed_for = [2]"), "mine.toml")
    check_playable(board, 3)
    with pytest.raises(Rejected, match="mine.toml: 1 roads start closed for 2 players"):
        check_playable(board, 2)


def test_the_example_in_the_board_docs_is_a_valid_board() -> None:
    import re

    docs = REPO / "docs" / "via_romana_board.md"
    example = re.search(r"```toml\n(.*?)```", docs.read_text(encoding="utf-8"), re.S)
    assert example is not None
    board = parse_board(example.group(1), "example")
    assert [c.name for c in board.cities] == ["Lutetia", "Durocortorum"]
    assert board.cities[0].position == (0.4, 0.6)
