"""The entries an ended Ave Roma game keeps score it again exactly as it ended."""

from __future__ import annotations

from test_ave_roma import _ended_game

from companion.games.ave_roma import RULES
from companion.games.base import with_entry


def test_kept_entries_score_as_the_game_ended_and_follow_a_correction() -> None:
    state = _ended_game()
    names = [seat.name for seat in state.seats]
    typed = {"0.patron_vp": 4, "1.patron_vp": 0}
    entries = RULES.final_entries(state, typed)
    assert RULES.rescore(entries, names) == RULES.final_score(state, typed)
    more = {**typed, "1.patron_vp": 9}
    changed = with_entry(entries, 1, "patron_vp", 9)
    assert RULES.rescore(changed, names) == RULES.final_score(state, more)
    assert [f.key for f in RULES.correctable(entries, 0)] == [
        "coins", "resources", "surplus", "track_vp", "patron_vp", "political_vp"]
