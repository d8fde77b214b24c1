"""What the player on turn may do now, asked of the engine itself ("What now?").

:func:`options` places each worker in hand on each area against :data:`RULES` (on the
game as it is, ``apply`` being pure) and keeps what it accepts. A placement is tried
with what the area itself gives (the Aedilis its 4 resources, the Mercator a sale of
what the player holds); coins a card gives are the table's to enter and never counted
on. A placement refused only for want of coins (a second use of a region card costs
:data:`REGION_FEE`) is told apart by trying it again with those coins in hand.
:func:`sentence` says it in one line; the table screen's pickers read the same answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.ave_roma.model import (
    ACTION,
    BOARD_SPACES,
    FINAL,
    OVER,
    REFILL,
    REGION_FEE,
    RESOURCES,
    SETUP,
    SPACES,
    TURN_ORDER,
    AveRomaState,
    space_label,
)
from companion.games.ave_roma.play import acting_player
from companion.games.ave_roma.rules import RULES, pending_overflow, usable_workers
from companion.games.base import Action, Rejected

#: what the Aedilis gives, entered with full tracking (the row's 4 resources)
_AEDILIS_GAIN = {"wood": 1, "stone": 1, "livestock": 1, "wheat": 1}


@frozen
class Options:
    """Who moves, and for each area the worker numbers the engine accepts there now
    (``trained``: the trained worker's numbers, kept apart); ``short``: the numbers at
    each area refused only for want of coins; ``first``: a player who must put
    resources over the cap into surplus before anyone moves (None: nobody); ``influence``:
    see the field."""

    player: int | None
    phase: str
    spaces: tuple[tuple[str, tuple[int, ...]], ...]
    trained: tuple[tuple[str, tuple[int, ...]], ...]
    can_pass: bool
    short: tuple[tuple[str, tuple[int, ...]], ...] = ()
    first: int | None = None
    #: whether the Propraetor's second choice, influence through building and military
    #: cards, is open: the player bought one (else "1 more resource" is the only one)
    influence: bool = False

    def numbers(self, space: str) -> tuple[int, ...]:
        """The worker numbers (in hand) the engine accepts at ``space``."""
        return dict(self.spaces).get(space, ())

    def trained_numbers(self, space: str) -> tuple[int, ...]:
        """The numbers the trained worker may count as at ``space``."""
        return dict(self.trained).get(space, ())


def accepts(state: AveRomaState, kind: str, payload: Mapping[str, Any], player: int) -> bool:
    """Whether the engine takes this move now, exactly as given."""
    try:
        RULES.apply(state, Action(kind, dict(payload), player))
    except Rejected:
        return False
    return True


def placements(state: AveRomaState, player: int, space: str,
               worker: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The payloads that stand for placing ``worker`` on ``space``: what the area itself
    gives entered where supplies are tracked (any one accepted will do)."""
    base = {"space": space, **worker}
    if not state.tracks_supplies:
        return [base]
    if space == "aedilis":
        return [{**base, "gain": dict(_AEDILIS_GAIN)}]
    if space == "mercator":
        held = {r: n for r, n in zip(RESOURCES, state.seat(player).resources, strict=True) if n}
        return [base, {**base, "sell": held}] if held else [base]
    return [base]


def _placeable(state: AveRomaState, player: int, space: str,
               worker: Mapping[str, Any]) -> bool:
    return any(accepts(state, "place", p, player)
               for p in placements(state, player, space, worker))


def _with_coins(state: AveRomaState, player: int) -> AveRomaState:
    seat = state.seat(player)
    return state.with_seat(player, replace(seat, coins=seat.coins + REGION_FEE))


def overflowing(state: AveRomaState) -> int | None:
    """The first player with resources over the cap still to convert (None: nobody):
    the engine refuses every other move until they have."""
    return next((i for i in range(len(state.seats)) if pending_overflow(state, i)), None)


def options(state: AveRomaState) -> Options:
    me = acting_player(state)
    first = overflowing(state)
    if me is None or state.phase not in (ACTION, FINAL) or first is not None:
        return Options(me, state.phase, (), (), False, first=first)
    workers = usable_workers(state, me)
    spaces = tuple((space, tuple(n for n in workers if _placeable(
        state, me, space, {"worker": n}))) for space in SPACES)
    richer = _with_coins(state, me) if state.tracks_supplies else None
    short = tuple((space, tuple(n for n in workers if n not in ok and _placeable(
        richer, me, space, {"worker": n}))) for space, ok in spaces) if richer else ()
    trained = state.seat(me).trained
    by_training: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if trained is not None and state.phase == ACTION:
        by_training = tuple((space, tuple(n for n in range(1, 6) if _placeable(
            state, me, space, {"trained": True, "acts_as": n}))) for space in BOARD_SPACES)
    return Options(me, state.phase, spaces, by_training, accepts(state, "pass", {}, me),
                   tuple((s, n) for s, n in short if n), influence=state.seat(me).cards > 0)


def next_player(state: AveRomaState, player: int) -> int | None:
    """Who the engine calls once ``player`` passes (None: nobody, the phase ends)."""
    try:
        after = RULES.apply(state, Action("pass", {}, player))
    except Rejected:
        return None
    return acting_player(after) if after.phase == state.phase else None


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers))


def _refusals(state: AveRomaState, me: int, found: Options) -> list[str]:
    """The placements the engine refuses now, area by area, the coins short said apart."""
    held = set(usable_workers(state, me))
    short = dict(found.short)
    shut = [_("{space} not with {numbers}").format(
                space=space_label(space), numbers=_numbers(tuple(sorted(
                    held - set(ok) - set(short.get(space, ()))))))
            for space, ok in found.spaces
            if ok and held - set(ok) - set(short.get(space, ()))]
    closed = [space_label(space) for space, ok in found.spaces
              if not ok and not short.get(space) and held]
    if closed:
        shut.append(_("{spaces} closed").format(spaces=", ".join(closed)))
    if short:
        positions = tuple(sorted({n for numbers in short.values() for n in numbers}))
        shut.append(_("a second use of region {positions} ({spaces}) costs {fee} coins and "
                      "{name} has {coins}").format(
            positions=_numbers(positions), spaces=", ".join(space_label(s) for s in short),
            fee=REGION_FEE, name=state.name(me), coins=state.seat(me).coins))
    return shut


def _placing_line(state: AveRomaState, me: int) -> str:
    """What ``me`` may do in the action or final phase."""
    name = state.name(me)
    if state.phase == FINAL:
        return _("{name} takes one last action with a worker of any number, or "
                 "passes").format(name=name)
    workers = usable_workers(state, me)
    trained = state.seat(me).trained
    if workers and trained is not None:
        return _("{name} places a worker ({workers}, or the trained {trained}) or "
                 "passes").format(name=name, workers=_numbers(workers), trained=trained)
    if workers:
        return _("{name} places a worker ({workers}) or passes").format(
            name=name, workers=_numbers(workers))
    if trained is not None:
        return _("{name} places the trained worker ({trained}) or passes").format(
            name=name, trained=trained)
    return _("{name} passes").format(name=name)


def sentence(state: AveRomaState) -> str:
    """What the player on turn may do, what the rules forbid now, and who comes next."""
    me = acting_player(state)
    if state.phase == OVER:
        return _("The game is over: enter the final numbers to score it.")
    first = overflowing(state)
    if first is not None:  # every move waits for it, whoever is on turn
        line = _("{name} first puts the resources over the cap into surplus or sells "
                 "them.").format(name=state.name(first))
        if me is not None and me != first and state.phase in (ACTION, FINAL):
            line = _("{line} Then it is {next}'s turn.").format(line=line,
                                                                 next=state.name(me))
        return line
    if state.phase == TURN_ORDER:
        return _("Each player enters the workers in hand; the lowest sum goes first, ties "
                 "reverse the last order.")
    if me is None:
        return _("The table's move: follow the steps on the screen.")
    name = state.name(me)
    if state.phase == SETUP:
        return _("{name} chooses the two resources that start at 2.").format(name=name)
    if state.phase == REFILL:
        return _("{name} takes back all the workers from one area.").format(name=name)
    line = _placing_line(state, me)
    shut = _refusals(state, me, options(state))
    if shut:
        line = _("{line}; {refused}").format(line=line, refused="; ".join(shut))
    after = next_player(state, me)
    if after is not None and after != me:
        return _("{line}; {next} is next.").format(line=line, next=state.name(after))
    return _("{line}.").format(line=line)
