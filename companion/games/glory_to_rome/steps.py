"""What the players must now do on the table after a move, in words.

The companion records; the cards move by hand. After a move changes something the
players handle (a limit grew, the Jacks go back, a client changes camps), the table
screen shows these sentences as a big prompt. Pure: two states in, sentences out.
"""

from __future__ import annotations

from companion.core.i18n import _, ngettext
from companion.games.glory_to_rome.data import ROLES, building_label, role_label
from companion.games.glory_to_rome.state import (
    GloryState,
    clientele_limit,
    forum_clients,
    has_function,
    vault_limit,
)


def physical_steps(before: GloryState, after: GloryState) -> list[str]:
    """The physical steps a move from ``before`` to ``after`` asks of the players."""
    steps: list[str] = []
    for index, player in enumerate(after.players):
        old = before.players[index]
        if vault_limit(after, index) > vault_limit(before, index):
            steps.append(_("{name}'s vault limit just grew to {n}.").format(
                name=player.name, n=vault_limit(after, index)))
        if clientele_limit(after, index) > clientele_limit(before, index):
            steps.append(_("{name}'s clientele limit just grew to {n}.").format(
                name=player.name, n=clientele_limit(after, index)))
        for role_index, (was, now) in enumerate(zip(old.clients, player.clients, strict=True)):
            lost = was - now
            if lost > 0:
                steps.append(ngettext(
                    "{name}: hand {n} {role} client over; it goes into the taker's vault.",
                    "{name}: hand {n} {role} clients over; they go into the taker's vault.",
                    lost).format(name=player.name, n=lost,
                                 role=role_label(ROLES[role_index])))
        if _forum_romanum_ready(after, index) and not _forum_romanum_ready(before, index):
            steps.append(_("{name} has the Forum Romanum and a client of every role: with a "
                           "material of each type in the stockpile, that wins (Menu, The game "
                           "ends now).").format(name=player.name))
    if after.turn != before.turn:
        steps += _jacks_back(before, after)
    for name in after.public:
        if name not in before.public:
            steps.append(_("Put a material on the {name}: its function is now everyone's.")
                         .format(name=building_label(name)))
    return steps


def _jacks_back(before: GloryState, after: GloryState) -> list[str]:
    """At the end of a turn: the Jacks played go to a Senate's holder or the supply."""
    played = sum(before.jacks_played)
    if not played:
        return []
    steps: list[str] = []
    to_senate = 0
    for index, player in enumerate(after.players):
        gained = player.jacks - before.players[index].jacks
        if gained > 0 and before.jacks_played[index] < played:
            to_senate += gained
            steps.append(ngettext("{name} takes {n} Jack played by an opponent (Senate).",
                                  "{name} takes {n} Jacks played by opponents (Senate).",
                                  gained).format(name=player.name, n=gained))
    back = played - to_senate
    if back > 0:
        steps.append(ngettext("Put the Jack played this turn back in the supply.",
                              "Put the {n} Jacks played this turn back in the supply.",
                              back).format(n=back))
    return steps


def _forum_romanum_ready(state: GloryState, player: int) -> bool:
    """The part of a Forum Romanum win the companion can see (the stockpile it cannot)."""
    return (state.phase != "over" and has_function(state, player, "Forum Romanum")
            and forum_clients(state, player))
