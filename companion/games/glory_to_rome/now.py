"""What the player on turn may do now, asked of the engine itself ("What now?").

:func:`options` tries the moves a table could enter against :data:`RULES` (``apply`` is
pure) and keeps those it accepts, so nothing here restates a rule: a move the engine
refuses is never offered, and the refused ones the table tends to try are named.
:func:`sentence` says it in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.i18n import _, ngettext
from companion.core.records import frozen
from companion.games.base import Action, Rejected
from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIALS,
    ROLES,
    building_label,
    buildings_in_set,
    role_label,
)
from companion.games.glory_to_rome.grants import action_label, pending
from companion.games.glory_to_rome.rules import RULES
from companion.games.glory_to_rome.state import GloryState, has_function, stairway_targets
from companion.games.rules_card import either

#: hand sizes that make a refill and a single draw legal whatever the hand limit
_SMALL_HAND, _LARGE_HAND = 0, 99


@frozen
class Options:
    """The moves the engine accepts now from ``player`` (``None``: nobody's move).

    ``moves``: "lead:ROLE", "follow", "think", "think:jack", "lay_foundation",
    "add_material", "hire_client", "vault", "colosseum", "stairway", "act", "done";
    ``refused``: moves of the phase the engine turns down now (same names).
    """

    player: int | None
    phase: str
    moves: tuple[str, ...]
    refused: tuple[str, ...]


def accepts(state: GloryState, kind: str, payload: Mapping[str, Any],
            player: int | None) -> bool:
    """Whether the engine takes this move now."""
    try:
        RULES.apply(state, Action(kind, dict(payload), player))
    except Rejected:
        return False
    return True


def _candidates(state: GloryState, me: int) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Each move name -> the concrete moves that stand for it (any one accepted will do)."""
    think = [("think", {"option": "refill", "hand": _SMALL_HAND}),
             ("think", {"option": "draw_one", "hand": _LARGE_HAND})]
    if state.phase == "lead":
        return {**{f"lead:{role}": [("lead", {"role": role})] for role in ROLES},
                "think": think, "think:jack": [("think", {"option": "jack"})]}
    if state.phase == "follow":
        return {"follow": [("follow", {})], "think": think,
                "think:jack": [("think", {"option": "jack"})]}
    player = state.players[me]
    role = state.led_role or ""
    moves: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    if role in ("architect", "craftsman"):
        owned = {b.name for b in player.buildings}
        moves["lay_foundation"] = [
            ("lay_foundation", {"building": name, "out_of_town": out_of_town,
                                # the data gives these no material: the table names one
                                **({} if BUILDING_MATERIAL[name] else {"material": "rubble"})})
            for name in buildings_in_set(state.card_set) if name not in owned
            for out_of_town in (False, True)]
        moves["add_material"] = [("add_material", {"building": b.name})
                                 for b in player.buildings if not b.completed]
    if role == "architect" and has_function(state, me, "Stairway"):
        moves["stairway"] = [("stairway", {"owner": owner, "building": name})
                             for owner, name in stairway_targets(state, me)]
    if role == "patron":
        moves["hire_client"] = [("hire_client", {"role": r}) for r in ROLES]
    if role == "merchant":
        moves["vault"] = [("vault", {"material": m, "source": "stockpile"}) for m in MATERIALS]
    if role == "legionary" and has_function(state, me, "Colosseum"):
        others = [i for i in range(len(state.players)) if i != me]
        moves["colosseum"] = [("colosseum", {"from": other, "role": r})
                              for other in others for r in ROLES]
    if role in ("laborer", "legionary"):
        moves["act"] = [("act", {})]
    moves["done"] = [("done", {})]
    return moves


def prison_moves(state: GloryState, player: int) -> list[tuple[str, dict[str, Any]]]:
    """The exchanges a Prison just completed by ``player`` could make (none once it is
    declined): each opponent's completed structure."""
    if player not in state.prison_due:
        return []
    return [("prison_exchange", {"from": other, "building": b.name})
            for other, seat in enumerate(state.players) if other != player
            for b in seat.buildings if b.completed]


def prison_exchanges(state: GloryState) -> tuple[int, ...]:
    """The players whose just-completed Prison may still take a structure (the engine
    accepts one of its exchanges); their next move gives it up."""
    return tuple(p for p in state.prison_due if any(
        accepts(state, kind, payload, p) for kind, payload in prison_moves(state, p)))


def options(state: GloryState) -> Options:
    """The engine's answer for the player whose move it is."""
    me = RULES.current_player(state)
    if me is None or state.phase == "over" or (state.phase == "actions" and state.acting is None):
        return Options(me, state.phase, (), ())
    offered: list[str] = []
    refused: list[str] = []
    for name, tries in _candidates(state, me).items():
        if any(accepts(state, kind, payload, me) for kind, payload in tries):
            offered.append(name)
        else:  # none to try is a refusal too (no foundation to add to, nothing to open)
            refused.append(name)
    return Options(me, state.phase, tuple(offered), tuple(refused))


def _jacks(state: GloryState, me: int, moves: tuple[str, ...]) -> str:
    held = state.players[me].jacks
    note = ngettext("{n} Jack in hand", "{n} Jacks in hand", held).format(n=held)
    if "think" in moves and "think:jack" not in moves:
        note = _("{held}, no Jack left to take").format(held=note)
    return note


def _action_words() -> dict[str, str]:
    return {"lay_foundation": _("lay a foundation"), "add_material": _("add a material"),
            "stairway": _("open a structure with the Stairway"),
            "hire_client": _("hire a client"), "vault": _("vault a material"),
            "colosseum": _("take a client with the Colosseum"), "done": _("end with Done")}


def _refusals() -> dict[str, str]:
    return {"lay_foundation": _("no foundation can be laid"),
            "add_material": _("no foundation to add to"),
            "hire_client": _("no room for another client"), "vault": _("the vault is full"),
            "stairway": _("no structure worth opening"),
            "colosseum": _("no client the Colosseum can take")}


def sentence(state: GloryState) -> str:
    """What the player on turn may do and what the rules forbid, then what else waits: a
    Prison's exchange lost with the next move, another player's building actions."""
    if state.phase == "over":
        return _("The game is over: enter the final numbers to score it.")
    line = _main_sentence(state)
    me = RULES.current_player(state)
    notes = [_("{name} may still exchange the Prison for an opponent's structure; their "
               "next move gives that up.").format(name=state.players[p].name)
             for p in prison_exchanges(state)]
    notes += [_("{name} may still take or skip {what} from the {building} before their "
                "next move.").format(name=state.players[g.player].name,
                                     building=building_label(g.building),
                                     what=ngettext("{n} {role} action", "{n} {role} actions",
                                                   g.left).format(n=g.left,
                                                                  role=action_label(g.role)))
              for g in state.bonus if g.player != me]
    return " ".join([line, *notes])


def _main_sentence(state: GloryState) -> str:
    found = options(state)
    me = found.player
    if me is None:
        return _("Nobody's move: the table ends the game from the menu.")
    name = state.players[me].name
    grants = pending(state, me)
    what = ", ".join(ngettext("{n} {role} action", "{n} {role} actions", g.left).format(
        n=g.left, role=action_label(g.role)) for g in grants)
    if state.phase == "actions" and state.acting is None:
        return _("{name} takes or skips the building actions ({what}); then the turn "
                 "ends.").format(name=name, what=what)
    if grants:  # the engine refuses every other move of theirs until then
        return _("{name} first takes or skips the building actions ({what}).").format(
            name=name, what=what)
    if state.phase == "lead":
        return _("{name} leads a role or Thinks; {jacks}.").format(
            name=name, jacks=_jacks(state, me, found.moves))
    if state.phase == "follow":
        return _("{name} follows {role} or Thinks; {jacks}.").format(
            name=name, role=role_label(state.led_role or ""),
            jacks=_jacks(state, me, found.moves))
    left = state.actions_left[me]
    role = state.led_role or ""
    words = _action_words()
    if role == "laborer":
        words["act"] = _("take a card from the pool")
    elif role == "legionary":
        words["act"] = _("demand a material")
    doing = either([words[m] for m in found.moves if m in words])
    line = ngettext("{name} has {n} {role} action left: {doing}",
                    "{name} has {n} {role} actions left: {doing}", left).format(
        name=name, n=left, role=role_label(role), doing=doing)
    refusals = _refusals()
    shut = [refusals[m] for m in found.refused if m in refusals]
    if shut:
        return _("{line}; {refused}.").format(line=line, refused=", ".join(shut))
    return _("{line}.").format(line=line)
