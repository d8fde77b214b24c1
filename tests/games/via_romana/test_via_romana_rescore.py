"""The entries an ended Via Romana game keeps score it again exactly as it ended."""

from __future__ import annotations

from pathlib import Path

from test_via_romana_rules2 import _finish, _last_signpost

from companion.games.base import with_entry
from companion.games.via_romana import RULES
from companion.games.via_romana.state import name_of


def test_kept_entries_score_as_the_game_ended_and_follow_a_correction(tmp_path: Path) -> None:
    state = _finish(_last_signpost(tmp_path))
    names = [name_of(state, p) for p in range(len(state.players))]
    entries = RULES.final_entries(state, {"0.order_board": 0})
    assert RULES.rescore(entries, names) == RULES.final_score(state, {"0.order_board": 0})
    assert RULES.final_score(state, {"0.order_board": 1}) != RULES.final_score(
        state, {"0.order_board": 0})  # the board was not recorded: the table's 1/0 counts
    changed = with_entry(entries, 0, "order_board_fulfilled", 1)
    assert RULES.rescore(changed, names) == RULES.final_score(state, {"0.order_board": 1})
