"""Glory to Rome role actions: building, clients, the vault. Pure functions of the state.

Each move returns the new state and how many of the player's actions it used; the turn
flow (who acts, when the turn ends) lives in ``glory_to_rome``. A move is performed as a
role (``Acting``): the led role, or the role a structure's building action grants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import Rejected
from companion.games.glory_to_rome import payload as read
from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIAL_VALUE,
    MATERIALS,
    ROLE_MATERIAL,
    ROLES,
    building_label,
    material_label,
    role_label,
)
from companion.games.glory_to_rome.grants import action_label, grant_bath, grant_on_completion
from companion.games.glory_to_rome.state import (
    Building,
    GloryState,
    PlayerState,
    VaultCard,
    clientele_limit,
    has_function,
    neighbours,
    vault_limit,
)


@frozen
class Acting:
    """How an action is performed: as which role, with how many such actions in a row."""

    role: str
    available: int  # an out-of-town site needs two in a row
    building: str | None = None  # the structure granting it, for a building action


Move = Callable[[GloryState, int, Mapping[str, Any], Acting], tuple[GloryState, int]]


def with_player(state: GloryState, index: int, player: PlayerState) -> GloryState:
    players = list(state.players)
    players[index] = player
    return replace(state, players=tuple(players))


def _bump(counts: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    changed = list(counts)
    changed[index] += delta
    return tuple(changed)


def _needs_role(acting: Acting, allowed: tuple[str, ...], what: str) -> None:
    if acting.role in allowed:
        return
    roles = _(" or ").join(role_label(r) for r in allowed)
    if acting.building is None:
        raise Rejected(_("{what} needs an action of the {roles}; this turn's role is {led}.")
                       .format(what=what, roles=roles, led=action_label(acting.role)))
    raise Rejected(_("{what} needs an action of the {roles}; the {building} gives {role} "
                     "actions.").format(what=what, roles=roles,
                                        building=building_label(acting.building),
                                        role=action_label(acting.role)))


def _site(payload: Mapping[str, Any], name: str) -> tuple[str, str | None]:
    """(the building's material, the site's material when it differs) for a foundation."""
    material = BUILDING_MATERIAL[name]
    if material is None:
        material = read.material(payload)  # the reference data gives none: the table names it
    elif "material" in payload and payload["material"] != material:
        raise Rejected(_("{name} is built on a {site} site, not {other}.").format(
            name=building_label(name), site=material_label(material),
            other=payload["material"]))
    if "site" not in payload:
        return material, None
    site = read.material(payload, "site")
    if site != material and name != "Statue":
        raise Rejected(_("Only a Statue may be laid on a site of another material; {name} "
                         "goes on a {site} site.").format(name=building_label(name),
                                                          site=material_label(material)))
    return material, None if site == material else site


def lay_foundation(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
                   ) -> tuple[GloryState, int]:
    """Architect/Craftsman: a foundation from hand onto a site of its material.

    Out of town only once no in-town site of that material is left; it takes two actions
    of the role in a row this turn (one with a Tower).
    """
    _needs_role(acting, ("architect", "craftsman"), _("Laying a foundation"))
    name = read.building(payload, state.card_set)
    player = state.players[me]
    if player.building(name) is not None:
        raise Rejected(_("{name} is already in your city; a player may not lay a foundation "
                         "they already have. Choose another building.").format(
                             name=building_label(name)))
    material, other_site = _site(payload, name)
    site = other_site or material
    slot = MATERIALS.index(site)
    out_of_town = read.flag(payload, "out_of_town")
    cost = 1
    if out_of_town:
        if state.in_town[slot] > 0:
            raise Rejected(_("An in-town {site} site is still free; out-of-town sites are used "
                             "only when none is left in town.").format(
                                 site=material_label(site)))
        if state.out_of_town[slot] == 0:
            raise Rejected(_("No out-of-town {site} site is left; choose another building.")
                           .format(site=material_label(site)))
        cost = 1 if has_function(state, me, "Tower") else 2
        if acting.available < cost:
            raise Rejected(_("An out-of-town site takes two {role} actions in a row this turn, "
                             "and you have only one left (a Tower waives the second). Choose "
                             "another building.").format(role=action_label(acting.role)))
        state = replace(state, out_of_town=_bump(state.out_of_town, slot, -1))
    else:
        if state.in_town[slot] == 0:
            raise Rejected(_("No in-town {site} site is left; lay it out of town (two actions "
                             "in a row, one with a Tower) or choose another building.")
                           .format(site=material_label(site)))
        state = replace(state, in_town=_bump(state.in_town, slot, -1))
    laid = Building(name, material, out_of_town, site=other_site)
    state = with_player(state, me, replace(player, buildings=(*player.buildings, laid)))
    return _with_stairway(state, me, payload, acting), cost


def add_material(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
                 ) -> tuple[GloryState, int]:
    """Architect (from stockpile) / Craftsman (from hand): one material onto a foundation.

    Completing it takes the site at once: its influence counts from this action on, and
    an Amphitheatre, Foundry, Garden or School grants its building actions.
    """
    _needs_role(acting, ("architect", "craftsman"), _("Adding a material"))
    name = read.building(payload, state.card_set)
    player = state.players[me]
    found = player.building(name)
    if found is None or found.completed:
        raise Rejected(_("You have no unfinished {name} to add a material to.").format(
            name=building_label(name)))
    finish = read.flag(payload, "complete")
    if finish and not has_function(state, me, "Scriptorium"):
        raise Rejected(_("Only a Scriptorium lets one marble complete a structure; add the "
                         "materials one by one."))
    villa = name == "Villa" and acting.role == "architect"
    grown = replace(found, materials=found.materials + 1)
    if finish or villa or grown.materials >= grown.value:
        grown = replace(grown, completed=True)
    buildings = tuple(grown if b.name == name else b for b in player.buildings)
    influence = player.influence + (grown.influence if grown.completed else 0)
    state = with_player(state, me, replace(player, buildings=buildings, influence=influence))
    if grown.completed:
        state = grant_on_completion(state, me, name)
    if grown.completed and name == "Prison":
        state = replace(state, prison_due=(*state.prison_due, me))
    if grown.completed and name == "Catacomb":
        state = replace(state, phase="over", end_reason="catacomb", acting=None)
    return _with_stairway(state, me, payload, acting), 1


def _with_stairway(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
                   ) -> GloryState:
    """The Stairway's use recorded with the Architect action it goes with (no extra action)."""
    if "stairway" not in payload or state.phase == "over":
        return state
    use = payload["stairway"]
    if not isinstance(use, Mapping):
        raise Rejected(_("'stairway' names whose structure opens: {owner, building}."))
    return open_structure(state, me, use, acting)


def open_structure(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
                   ) -> GloryState:
    """The Stairway: a material onto an opponent's completed structure opens its function."""
    _needs_role(acting, ("architect",), _("Using the Stairway"))
    if not has_function(state, me, "Stairway"):
        raise Rejected(_("You need a completed Stairway to do that."))
    owner = read.seat(payload, "owner", len(state.players))
    name = read.building(payload, state.card_set)
    target = state.players[owner].building(name)
    if owner == me:
        raise Rejected(_("The Stairway opens an opponent's completed structure, not one of "
                         "your own; choose another player's {name}.").format(
                             name=building_label(name)))
    if target is None or not target.completed:
        raise Rejected(_("The Stairway works on an opponent's completed structure; {player} has "
                         "no completed {name}.").format(player=state.players[owner].name,
                                                        name=building_label(name)))
    if name in state.public:
        raise Rejected(_("{name}'s function is already open to everyone.").format(
            name=building_label(name)))
    return replace(state, public=(*state.public, name))


def stairway(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
             ) -> tuple[GloryState, int]:
    """The Stairway on its own: the Architect action builds nothing else (one action).

    To build and use the Stairway in one action, give ``"stairway"`` with the building move.
    """
    return open_structure(state, me, payload, acting), 1


def _hire(state: GloryState, me: int, role: str) -> GloryState:
    player = state.players[me]
    limit = clientele_limit(state, me)
    if sum(player.clients) >= limit:
        raise Rejected(_("Your clientele is full ({count} of {limit}): it may not exceed your "
                         "influence (Insula +2, Aqueduct ×2). Use the action another way.")
                       .format(count=sum(player.clients), limit=limit))
    clients = _bump(player.clients, ROLES.index(role), 1)
    state = with_player(state, me, replace(player, clients=clients))
    return grant_bath(state, me, role)


def hire_client(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
                ) -> tuple[GloryState, int]:
    """Patron: a card from the pool becomes a client of its role, up to the clientele limit.

    In the same action an Aqueduct may also hire one from hand (``"hand": ROLE``) and a
    Bar one from the deck (``"deck": ROLE``). With a Bath each new client performs its
    role once: a building action is granted.
    """
    _needs_role(acting, ("patron",), _("Hiring a client"))
    extras = {"hand": "Aqueduct", "deck": "Bar"}
    for key, needs in extras.items():
        if key in payload and not has_function(state, me, needs):
            raise Rejected(_("Only the {name}'s function lets a Patron also hire a client from "
                             "the {where}.")
                           .format(name=needs, where=_("hand") if key == "hand" else _("deck")))
    roles = [read.role(payload)] if "role" in payload else []
    roles += [read.role(payload, key) for key in extras if key in payload]
    if not roles:
        raise Rejected(_("Say which role the new client has."))
    for role in roles:
        state = _hire(state, me, role)
    return state, 1


def _into_vault(state: GloryState, me: int, *cards: VaultCard) -> GloryState:
    """Cards into a vault, all or none: the room is checked for the whole action."""
    player = state.players[me]
    limit = vault_limit(state, me)
    held = len(player.vault)
    if held >= limit:
        raise Rejected(_("{name}'s vault is full ({count} of {limit}): it may hold no more "
                         "cards than your influence (+2 with a Market). Complete a building to "
                         "raise it, or use the action another way.").format(
                             name=player.name, count=held, limit=limit))
    if held + len(cards) > limit:
        raise Rejected(_("{name}'s vault holds {count} of {limit}: room for {room} more, not "
                         "the {wanted} cards of this action. Put in fewer.").format(
                             name=player.name, count=held, limit=limit, room=limit - held,
                             wanted=len(cards)))
    return with_player(state, me, replace(player, vault=(*player.vault, *cards)))


def vault(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
          ) -> tuple[GloryState, int]:
    """Merchant: one card face down into the vault, from stockpile, hand or deck.

    With a Basilica the same action may also vault a card from hand (``"also_hand":
    MATERIAL``).
    """
    _needs_role(acting, ("merchant",), _("Moving a card into the vault"))
    source = payload.get("source", "stockpile")
    needs = {"hand": "Basilica", "deck": "Atrium"}
    if source not in ("stockpile", "hand", "deck"):
        raise Rejected(_("'source' must be stockpile, hand (Basilica) or deck (Atrium)."))
    if source in needs and not has_function(state, me, needs[source]):
        raise Rejected(_("Only the {name}'s function lets a Merchant take from the {source}; "
                         "take a material from your stockpile.").format(
                             name=needs[source], source=_("hand") if source == "hand"
                             else _("deck")))
    if source == "deck" and payload.get("material") is not None:
        raise Rejected(_("An Atrium card goes into the vault unseen; leave its material empty."))
    material = None if source == "deck" else read.material(payload)
    cards = [VaultCard(material, state.turn, str(source))]
    if "also_hand" in payload:
        if not has_function(state, me, "Basilica") or source == "hand":
            raise Rejected(_("Only the Basilica's function lets a Merchant action also vault a "
                             "card from the hand, besides the one from the stockpile or deck."))
        cards.append(VaultCard(read.material(payload, "also_hand"), state.turn, "hand"))
    return _into_vault(state, me, *cards), 1


def _victims(state: GloryState, payload: Mapping[str, Any]) -> list[int]:
    """The seats a Colosseum move takes from: ``"from"`` is one seat or a list of seats."""
    given = payload.get("from")
    seats = given if isinstance(given, list) else [given]
    victims = [read.seat({"from": seat}, "from", len(state.players)) for seat in seats]
    if not victims or len(set(victims)) != len(victims):
        raise Rejected(_("Name each player the Colosseum takes from once."))
    return victims


def colosseum(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
              ) -> tuple[GloryState, int]:
    """Legionary with a Colosseum: opponents' clients of a role go into your vault.

    One Legionary action demands from both neighbours (left and right) at once, and each
    gives a matching client (``"from": [SEAT, SEAT]``; one seat alone is fine too). A
    Bridge's Legionary reaches every opponent. A Wall makes its owner immune to the
    Legionary, a Palisade too unless the taker has a Bridge (which ignores Palisades).
    """
    _needs_role(acting, ("legionary",), _("Taking a client with the Colosseum"))
    if not has_function(state, me, "Colosseum"):
        raise Rejected(_("You need a completed Colosseum to take clients."))
    victims = _victims(state, payload)
    role = read.role(payload)
    bridge = has_function(state, me, "Bridge")
    for victim in victims:
        if victim not in neighbours(state, me) and not bridge:
            raise Rejected(_("The Legionary reaches only your neighbours (left and right); "
                             "{name} does not sit beside you.").format(
                                 name=state.players[victim].name))
        if victim == me or state.players[victim].client_count(role) == 0:
            raise Rejected(_("{name} has no {role} client to take.").format(
                name=state.players[victim].name, role=role_label(role)))
        _not_immune(state, me, victim)
    taken = [VaultCard(ROLE_MATERIAL[role], state.turn, "client") for _victim in victims]
    state = _into_vault(state, me, *taken)
    for victim in victims:
        loser = state.players[victim]
        clients = _bump(loser.clients, ROLES.index(role), -1)
        state = with_player(state, victim, replace(loser, clients=clients))
    return state, 1


def _not_immune(state: GloryState, me: int, victim: int) -> None:
    name = state.players[victim].name
    if has_function(state, victim, "Wall"):
        raise Rejected(_("{name} has a Wall and is immune to the Legionary (even with a "
                         "Bridge): the Colosseum cannot take their clients.").format(name=name))
    if has_function(state, victim, "Palisade") and not has_function(state, me, "Bridge"):
        raise Rejected(_("{name} has a Palisade and is immune to the Legionary: the Colosseum "
                         "cannot take their clients (only a Bridge ignores a Palisade).")
                       .format(name=name))


def prison_exchange(state: GloryState, me: int, payload: Mapping[str, Any]) -> GloryState:
    """On completing a Prison: give its site's influence for an opponent's structure."""
    if me not in state.prison_due:
        raise Rejected(_("Only a player who has just completed a Prison may exchange it, "
                         "before their next move."))
    victim = read.seat(payload, "from", len(state.players))
    name = read.building(payload, state.card_set)
    target = state.players[victim].building(name)
    if victim == me or target is None or not target.completed:
        raise Rejected(_("{player} has no completed {name} to take.").format(
            player=state.players[victim].name, name=building_label(name)))
    taker = state.players[me]
    if taker.building(name) is not None:
        raise Rejected(_("{name} is already in your city; a player has each building at most "
                         "once.").format(name=building_label(name)))
    prison_value = MATERIAL_VALUE["stone"]
    loser = state.players[victim]
    state = with_player(state, victim, replace(
        loser, influence=loser.influence + prison_value,
        buildings=tuple(b for b in loser.buildings if b.name != name)))
    state = with_player(state, me, replace(
        taker, influence=taker.influence - prison_value, buildings=(*taker.buildings, target)))
    return replace(state, prison_due=tuple(p for p in state.prison_due if p != me))


def act(state: GloryState, me: int, payload: Mapping[str, Any], acting: Acting
        ) -> tuple[GloryState, int]:
    """Any role: an action whose effect the companion does not track (e.g. a Laborer)."""
    return state, 1


ROLE_MOVES: dict[str, Move] = {
    "lay_foundation": lay_foundation,
    "add_material": add_material,
    "stairway": stairway,
    "hire_client": hire_client,
    "vault": vault,
    "colosseum": colosseum,
    "act": act,
}
