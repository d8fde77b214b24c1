"""The entries an ended Glory to Rome game keeps score it again exactly as it ended."""

from __future__ import annotations

from companion.games.base import with_entry
from companion.games.glory_to_rome import RULES
from companion.log.store import Store
from companion.ui.demo import DEMO_ENTRIES, demo_session


def test_kept_entries_score_as_the_game_ended_and_follow_a_correction() -> None:
    session = demo_session(Store(":memory:"), "glory-to-rome", ended=True)
    names = [p.name for p in session.players]
    entries = RULES.final_entries(session.state, DEMO_ENTRIES)
    assert RULES.rescore(entries, names) == RULES.final_score(session.state, DEMO_ENTRIES)
    # one more card in hand is the same as having typed it at the end
    typed = {**DEMO_ENTRIES, "0.hand": DEMO_ENTRIES["0.hand"] + 3}
    changed = with_entry(entries, 0, "hand", typed["0.hand"])
    assert changed == RULES.final_entries(session.state, typed)
    assert RULES.rescore(changed, names) == RULES.final_score(session.state, typed)
    assert {f.key for f in RULES.correctable(entries, 0)} >= {"influence", "hand",
                                                             "vault.stone"}
