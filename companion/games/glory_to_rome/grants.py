"""Glory to Rome building actions: extra actions some structures' functions grant.

Amphitheatre, Foundry, Garden and School give, on completion, one Craftsman / Laborer /
Patron / Thinker action per influence (counted after the completed site's influence is
added, since the site and the function come at once). A Bath lets each client hired with a
Patron action perform its role once as it enters the clientele. An Academy gives one
Thinker action after a turn in which its owner performed a Craftsman action.

The companion keeps these as grants the table then takes (each move names its granting
structure in ``"bonus"``) or skips; while some wait, a regular move by their holder is
refused with a message that names them, so none is lost silently. Pure functions of the
state.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.i18n import _, ngettext
from companion.games.base import Rejected
from companion.games.glory_to_rome.data import building_label, role_label
from companion.games.glory_to_rome.state import Bonus, GloryState, has_function

#: The Thinker "role" of a School or Academy grant.
THINKER = "think"

#: Structures whose completion grants one action of a role per influence.
ON_COMPLETION: dict[str, str] = {
    "Amphitheatre": "craftsman", "Foundry": "laborer", "Garden": "patron", "School": THINKER,
}

#: Every structure that grants building actions.
GRANTING: tuple[str, ...] = (*ON_COMPLETION, "Bath", "Academy")

#: The moves an action of each role may be entered as ("act": one whose effect the
#: companion does not track, e.g. a Laborer taking from the pool).
ROLE_KINDS: dict[str, tuple[str, ...]] = {
    THINKER: ("think",),
    "laborer": ("act",),
    "craftsman": ("lay_foundation", "add_material", "act"),
    "architect": ("lay_foundation", "add_material", "stairway", "act"),
    "legionary": ("act", "colosseum"),
    "merchant": ("vault", "act"),
    "patron": ("hire_client", "act"),
}


def action_label(role: str) -> str:
    """A grant's kind of action for the screen: a role, or Thinker."""
    return _("Thinker") if role == THINKER else role_label(role)


def _grant(state: GloryState, player: int, building: str, role: str, count: int
           ) -> GloryState:
    if count <= 0:
        return state
    return replace(state, bonus=(*state.bonus, Bonus(player, building, role, count)))


def grant_on_completion(state: GloryState, player: int, building: str) -> GloryState:
    """Amphitheatre, Foundry, Garden, School: one action per influence, now held."""
    role = ON_COMPLETION.get(building)
    if role is None:
        return state
    return _grant(state, player, building, role, state.players[player].influence)


def grant_bath(state: GloryState, player: int, role: str) -> GloryState:
    """A client just hired performs its role once, if its patron has a Bath."""
    if not has_function(state, player, "Bath"):
        return state
    return _grant(state, player, "Bath", role, 1)


def grant_academy(state: GloryState) -> GloryState:
    """At the end of a turn: one Thinker action for each Academy owner who crafted."""
    count = len(state.players)
    for step in range(count):
        seat = (state.leader + step) % count
        if seat in state.crafted and has_function(state, seat, "Academy"):
            state = _grant(state, seat, "Academy", THINKER, 1)
    return state


def mark_crafted(state: GloryState, player: int) -> GloryState:
    """Remember a Craftsman action this turn (for the Academy)."""
    if player in state.crafted:
        return state
    return replace(state, crafted=(*state.crafted, player))


def pending(state: GloryState, player: int) -> tuple[Bonus, ...]:
    """A player's building actions still to take, oldest first."""
    return tuple(grant for grant in state.bonus if grant.player == player)


def find_grant(state: GloryState, player: int, building: str, kind: str) -> int:
    """The index in ``state.bonus`` of the grant a bonus move of ``kind`` uses.

    The newest fitting grant of that structure (a Bath may hold clients of several roles).
    """
    name = state.players[player].name
    mine = [i for i, grant in enumerate(state.bonus)
            if grant.player == player and grant.building == building]
    if not mine:
        raise Rejected(_("{name} has no {building} action to take now. Building actions come "
                         "when the structure grants them: Amphitheatre, Foundry, Garden and "
                         "School on completion, Bath on hiring a client, Academy after a "
                         "Craftsman turn.").format(name=name,
                                                   building=building_label(building)))
    if not has_function(state, player, building):
        raise Rejected(_("{name} no longer has the {building}'s function; skip its actions.")
                       .format(name=name, building=building_label(building)))
    fitting = [i for i in mine if kind in ROLE_KINDS[state.bonus[i].role]]
    if not fitting:
        roles = sorted({action_label(state.bonus[i].role) for i in mine})
        raise Rejected(_("The {building} gives {name} {roles} actions; {kind!r} is not one of "
                         "them.").format(building=building_label(building), name=name,
                                         roles=" / ".join(roles), kind=kind))
    return fitting[-1]


def use_grant(state: GloryState, index: int, used: int) -> GloryState:
    """Count ``used`` actions off a grant; an exhausted grant goes."""
    grant = state.bonus[index]
    left = grant.left - used
    rest = list(state.bonus)
    if left > 0:
        rest[index] = replace(grant, left=left)
    else:
        del rest[index]
    return replace(state, bonus=tuple(rest))


def skip_grants(state: GloryState, player: int, building: str) -> GloryState:
    """The player declines the rest of a structure's actions."""
    kept = tuple(grant for grant in state.bonus
                 if grant.player != player or grant.building != building)
    if len(kept) == len(state.bonus):
        raise Rejected(_("{name} has no {building} action left to skip.").format(
            name=state.players[player].name, building=building_label(building)))
    return replace(state, bonus=kept)


def refuse_while_pending(state: GloryState, player: int) -> None:
    """A regular move while granted actions wait is refused, so none is lost silently."""
    waiting = pending(state, player)
    if not waiting:
        return
    grant = waiting[0]
    what = ngettext("{left} {role} action", "{left} {role} actions", grant.left).format(
        left=grant.left, role=action_label(grant.role))
    raise Rejected(_("{name} still has {what} from the {building}: take them or skip them "
                     "first.").format(name=state.players[player].name, what=what,
                                      building=building_label(grant.building)))


def waiting(state: GloryState) -> str:
    """Why the turn has not ended: every action is taken, granted ones still wait."""
    grant = state.bonus[0]
    what = ngettext("{left} {role} action", "{left} {role} actions", grant.left).format(
        left=grant.left, role=action_label(grant.role))
    return _("The turn ends once {name} takes or skips {what} from the {building} (its "
             "completion comes before the next Leader leads).").format(
                 name=state.players[grant.player].name, what=what,
                 building=building_label(grant.building))
