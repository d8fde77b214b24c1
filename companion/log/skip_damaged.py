"""Skip a damaged move: play again the later moves that still apply without it.

A replay stops at the first move that cannot be read or that the rules refuse, and the
game is shown as it stood just before; the later moves are kept but not shown. Often
most of them still make sense without the damaged one (it was one player's move; the
others are independent), and a table wants them back. :func:`plan_skip` works out, on
the log as it is, which of them still apply in order and which no longer do, without
writing anything; :func:`skip_damaged` then keeps the damaged move and everything after
it aside (never deleted) and writes the moves that apply again, in one transaction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import Action
from companion.log.entries import LogEntry

if TYPE_CHECKING:
    from companion.log.session import GameSession


@frozen
class SkipPlan:
    """What skipping the damaged move would do: undo so many moves of the game as shown
    (the log had undone them after the damaged one), then play ``replayed`` again."""

    damaged: int
    undos: int
    replayed: tuple[tuple[int, Action], ...]
    dropped: tuple[tuple[int, str], ...]
    state: Any  # the game afterwards


def plan_skip(session: GameSession) -> SkipPlan | None:
    """The plan for the move the replay stopped at (None: the replay did not stop)."""
    from companion.log.folding import fold_kinds

    damaged = session.replay_stopped_at
    if damaged is None:
        return None
    origins, cursor = fold_kinds(session.store.log_index(session.game_id))
    in_effect = origins[:cursor]
    shown = session.shown_origins()
    common = 0
    while common < min(len(shown), len(in_effect)) and shown[common] == in_effect[common]:
        common += 1
    state = session.state_after(common)
    replayed: list[tuple[int, Action]] = []
    dropped: list[tuple[int, str]] = []
    for seq in in_effect[common:]:
        if seq == damaged:
            continue
        entry = session.store.log_entry(session.game_id, seq)
        if entry.action is None:
            dropped.append((seq, entry.problem or _("move {seq} is missing from the log")
                            .format(seq=seq)))
            continue
        try:
            state = session.rules.apply(state, entry.action)
        except Exception as exc:  # noqa: BLE001 - a move that no longer applies, whatever
            dropped.append((seq, str(exc) or type(exc).__name__))
            continue
        replayed.append((seq, entry.action))
    return SkipPlan(damaged, len(shown) - common, tuple(replayed), tuple(dropped), state)


def skip_damaged(session: GameSession, plan: SkipPlan) -> None:
    """Carry out ``plan``: the log from the damaged move on goes aside, the moves that
    apply are written again after it (one transaction), and the game is replayed."""
    entries = [LogEntry("undo") for _ in range(plan.undos)]
    entries += [LogEntry("do", action) for _seq, action in plan.replayed]
    reason = _("move {seq} skipped as damaged; the later moves that still apply were "
               "written again").format(seq=plan.damaged)
    session.store.replace_tail(session.game_id, plan.damaged, reason, entries)
    session.replay_again()
