"""What the player on turn may do now, asked of the engine itself ("What now?").

:func:`options` places each worker in hand on each area against :data:`RULES` and keeps
what it accepts. The coins, resources and VP a placement also carries are the table's
to enter, so the probe is made on the same state tracking only the essentials: what is
left is the rule of the area and the worker (a card at its position, the card rows'
numbers, the training space). :func:`sentence` says it in one line.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.ave_roma.model import (
    ACTION,
    BOARD_SPACES,
    ESSENTIALS,
    FINAL,
    OVER,
    REFILL,
    SETUP,
    SPACES,
    TURN_ORDER,
    AveRomaState,
    space_label,
)
from companion.games.ave_roma.play import acting_player
from companion.games.ave_roma.rules import RULES, pending_overflow, usable_workers
from companion.games.base import Action, Rejected


@frozen
class Options:
    """Who moves, and for each area the worker numbers the engine accepts there now
    (``trained``: the trained worker's numbers, kept apart)."""

    player: int | None
    phase: str
    spaces: tuple[tuple[str, tuple[int, ...]], ...]
    trained: tuple[tuple[str, tuple[int, ...]], ...]
    can_pass: bool


def accepts(state: AveRomaState, kind: str, payload: dict[str, object], player: int) -> bool:
    """Whether the engine takes this move now (supplies left to the table)."""
    try:
        RULES.apply(replace(state, tracking=ESSENTIALS), Action(kind, payload, player))
    except Rejected:
        return False
    return True


def options(state: AveRomaState) -> Options:
    me = acting_player(state)
    if me is None or state.phase not in (ACTION, FINAL) or pending_overflow(state, me):
        return Options(me, state.phase, (), (), False)
    workers = usable_workers(state, me)
    spaces = tuple((space, tuple(n for n in workers if accepts(
        state, "place", {"space": space, "worker": n}, me))) for space in SPACES)
    trained = state.seat(me).trained
    by_training: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if trained is not None and state.phase == ACTION:
        by_training = tuple((space, tuple(n for n in range(1, 6) if accepts(
            state, "place", {"space": space, "trained": True, "acts_as": n}, me)))
            for space in BOARD_SPACES)
    return Options(me, state.phase, spaces, by_training, accepts(state, "pass", {}, me))


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers))


def sentence(state: AveRomaState) -> str:
    """What the player on turn may do, and what the rules forbid, in one sentence."""
    me = acting_player(state)
    if state.phase == OVER:
        return _("The game is over: enter the final numbers to score it.")
    if state.phase == TURN_ORDER:
        return _("Each player enters the workers in hand; the lowest sum goes first, ties "
                 "reverse the last order.")
    if me is None:
        return _("The table's move: follow the steps on the screen.")
    name = state.name(me)
    if pending_overflow(state, me):
        return _("{name} first puts the resources over the cap into surplus or sells "
                 "them.").format(name=name)
    if state.phase == SETUP:
        return _("{name} chooses the two resources that start at 2.").format(name=name)
    if state.phase == REFILL:
        return _("{name} takes back all the workers from one area.").format(name=name)
    found = options(state)
    if state.phase == FINAL:
        return _("{name} takes one last action with a worker of any number, or "
                 "passes.").format(name=name)
    workers = usable_workers(state, me)
    held = set(workers)
    shut = [_("{space} not with {numbers}").format(
                space=space_label(space), numbers=_numbers(tuple(sorted(held - set(ok)))))
            for space, ok in found.spaces if ok and set(ok) != held]
    closed = [space_label(space) for space, ok in found.spaces if not ok and workers]
    if closed:
        shut.append(_("{spaces} closed").format(spaces=", ".join(closed)))
    trained = state.seat(me).trained
    if workers and trained is not None:
        line = _("{name} places a worker ({workers}, or the trained {trained}) or "
                 "passes").format(name=name, workers=_numbers(workers), trained=trained)
    elif workers:
        line = _("{name} places a worker ({workers}) or passes").format(
            name=name, workers=_numbers(workers))
    elif trained is not None:
        line = _("{name} places the trained worker ({trained}) or passes").format(
            name=name, trained=trained)
    else:
        line = _("{name} passes").format(name=name)
    if shut:
        return _("{line}; {refused}.").format(line=line, refused="; ".join(shut))
    return _("{line}.").format(line=line)
