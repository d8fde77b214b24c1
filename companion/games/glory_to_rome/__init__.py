"""Glory to Rome: turn tracker, clients, buildings, vault and automatic endgame scoring.

Where a rule lives: ``data`` (materials, roles, buildings, sites, limits), ``state``
(the frozen game state and the queries on it: functions held, limits, action counts),
``rules`` (turn flow: lead, follow, Think, whose action, end of turn and game),
``moves`` (the role actions), ``grants`` (actions granted by structures), ``payload``
(checking a move's JSON), ``endgame`` (what the table types in at the end) and
``scoring`` (the final score, shared with ``companion score``).

The cards stay on the table; the companion follows who leads, follows or Thinks, how many
actions everyone gets, the sites, influence, clients and vaults, refuses what the rules
refuse, notices the end of the game and scores it. Hands, stockpiles and the deck are not
tracked: what the score needs from them is typed in at the end.

Options (``default_options``): ``card_set`` "imperium" | "republic"; ``jacks`` 5 or 6
(Jacks in the box: each player is dealt one with their four cards, the supply holds the
rest); ``leader`` seat index of the first Leader.

Actions
-------
``player`` is the seat index of whoever acts (``None`` allowed only for ``end_game``).

Choosing (phase "lead" for the Leader, then "follow" for each other player clockwise):

- ``lead`` {"role": ROLE, "cards": int = 1, "jacks": int = 0} — the Leader leads ROLE
  (laborer, craftsman, legionary, architect, merchant, patron). ``cards``: role cards played
  (more than 1 only with a Palace, each gives an action); ``jacks``: how many of them are
  Jacks. Played Jacks return to the supply at the end of the turn, except that a Senate's
  holder takes those their opponents played.
- ``follow`` {"cards": int = 1, "jacks": int = 0} — follow the led role.
- ``think`` {"option": "jack" | "refill" | "draw_one", "hand": int} — Think instead. "jack"
  takes a Jack from the supply; "refill" draws up to the hand limit (only below it);
  "draw_one" draws a card (only at or above it). ``hand`` (cards in hand before drawing) is
  required for "refill" and "draw_one". If the Leader Thinks the turn ends at once.

Role actions (phase "actions"; the acting player, each uses one action unless noted):

- ``lay_foundation`` {"building": NAME, "out_of_town": bool = false, "material": MATERIAL,
  "site": MATERIAL} — Architect/Craftsman. ``material`` only for buildings the data gives
  no material (Crane, Domus Aurea, Tribunal); ``site`` only for a Statue on a site of
  another material (it then gives that site's influence and takes that site's number of
  materials, see "The Statue" below). Out of town only when no
  in-town site of that material is left; it takes two actions of the role in a row this
  turn (a client's, a Palace card's or a granted one count; a Tower waives the second).
- ``add_material`` {"building": NAME, "complete": bool = false} — Architect/Craftsman: one
  material onto an own foundation; ``complete`` for a Scriptorium's marble. A Villa completes
  with one Architect material. Completion grants the site's influence at once.
- Architect moves may carry ``"stairway": {"owner": SEAT, "building": NAME}``: with a
  Stairway, the same action opens an opponent's completed structure to everyone.
  ``stairway`` {"owner", "building"} alone uses an Architect action for nothing else.
- ``hire_client`` {"role": ROLE, "hand": ROLE, "deck": ROLE} — Patron: ``role`` from the
  pool; in the same action an Aqueduct may also hire ``hand`` and a Bar ``deck``.
- ``vault`` {"material": MATERIAL, "source": "stockpile" | "hand" | "deck", "also_hand":
  MATERIAL} — Merchant. "hand" needs a Basilica, "deck" an Atrium (leave ``material``
  out: it stays unknown); with a Basilica ``also_hand`` vaults a card from hand in the
  same action.
- ``colosseum`` {"from": SEAT | [SEAT, ...], "role": ROLE} — Legionary with a Colosseum:
  one action demands from the neighbours on both sides at once, and each named one gives
  a client of ROLE into the taker's vault (any opponent with a Bridge). Refused against an
  opponent with an active Wall, or an active Palisade unless the taker has a Bridge (a
  Wall holds even then), and when the vault has no room for them all.
- ``act`` {} — any other action of the role (Laborer, Legionary demands, ...).
- ``done`` {} — give up the rest of your actions this turn.
- ``prison_exchange`` {"from": SEAT, "building": NAME} — uses no action, by the player who
  just completed a Prison (even out of turn) until their next move: gives the Prison's
  3 influence to the opponent for that completed structure.

Building actions (granted by a structure's function; ``payload["bonus"]`` names it):

- Completing an Amphitheatre / Foundry / Garden / School grants one Craftsman / Laborer /
  Patron / Thinker action per influence the player then has (the new site included).
  With a Bath, each client hired by a Patron action (regular or granted) performs its role
  once: one action of the client's role. With an Academy, a player who performed a Craftsman
  action in a turn gets one Thinker action when that turn ends.
- The holder enters them, even out of turn, as the usual move plus ``"bonus": NAME``:
  ``lay_foundation`` / ``add_material`` (Craftsman, Architect; Architect also ``stairway``),
  ``hire_client`` (Patron), ``vault`` (Merchant), ``colosseum`` (Legionary), ``think``
  {"option", "hand"} (Thinker: takes no lead/follow choice); ``act`` {"bonus": NAME} for
  any role's action the companion does not track (a Laborer's, a Legionary's demand).
  The player must still have the structure's function; an out-of-town foundation uses two
  of the granted actions (unless a matching client or Tower). Granted Craftsman actions
  count for the Academy.
- ``done`` {"bonus": NAME} skips the rest of that structure's actions. While some are
  pending, a regular move by their holder is refused with a message naming them, and the
  turn does not end: once every regular action is taken the action phase waits
  (``state.acting`` None, ``current_player`` the grant's holder) until they are taken or
  skipped, so an Amphitheatre completed with the last action still acts "upon completion".
- Pending grants: ``state.bonus`` (``Bonus``: player, building, role, left), newest last;
  ``pending(state, player)``; ``action_label(role)`` names a role or "Thinker".

Table:

- ``end_game`` {"reason": "deck" | "forum" | "concede", "player": SEAT, "stockpile": bool}
  — the players confirm the deck ran out, a Forum Romanum (Republic) win (``player``
  required, with ``stockpile`` true once the table has checked a material of each type
  there; ``physical_steps`` prompts the table once the clients are there) or a
  concession. The Imperium Forum wins by itself after the move that gives its
  holder a client of every role (Ludus Magna and Storeroom as their cards say); the last
  in-town site taken and a Catacomb completed end the game by themselves (a Forum win in
  the same move comes first).

Action counts are worked out when each player's own actions begin (``actions_due``), so a
function completed earlier in the turn counts. After every move of the action phase,
regular or granted or a Prison exchange, the acting player's count is worked out again:
a Circus Maximus or Ludus Magna gained mid-turn (completed by a granted action, taken
with the Prison, opened by a Stairway) adds its actions at once; a client hired now acts
from the next turn.

The Statue
----------
The Statue "may be placed on any site" (its card). It gives that site's influence, and it
is complete when its materials equal the value of the *site*: one on a rubble site, three
on marble. This follows cloaca (the open Glory to Rome engine, ``Building`` completion by
``get_value_of_material(site)`` and its test ``test_start_and_finish_statue_with_rubble``):
the published rules count a building complete with "as many materials as its value", and
the card and the rulebook say nothing else for a Statue off marble, so the one reading
that makes the site decide both the influence and the materials is cloaca's.

What the table screen shows
---------------------------
- ``status_line(state)``, ``current_player(state)``, ``turn_order(state)``.
- ``state.leader``, ``state.turn``, ``state.phase``, ``state.led_role``,
  ``state.choices`` (per player "lead" / "follow" / "think" / None), ``state.acting``,
  ``state.actions_left`` and ``actions_this_turn(state)`` (per player, None until chosen).
- ``think_options(state, player, hand)`` for the Think buttons; ``state.jacks_supply``.
- Per player (``state.players[i]``): ``influence``, ``clients`` (per role, ``ROLES``
  order), ``buildings`` (name, material, out_of_town, materials, completed), ``jacks``;
  ``len(vault)`` always, and ``vault_view(state, i)`` (a material only during the turn it
  was placed, else None); ``vault_limit``, ``clientele_limit``, ``hand_limit``.
- ``sites_left(state)``: material -> (in town, out of town).
- ``stairway_targets(state, i)``: the opponents' structures a Stairway could usefully open
  (the table asks "Use the Stairway too?" only when there is one).
- ``physical_steps(before, after)``: what the players must now do by hand, in words.
- Labels and pickers: ``role_label``, ``material_label``, ``building_label`` (a building's
  name on screen; the English name stays the key), ``buildings_in_set(card_set)``.
- All of these helpers can be imported from this package.
- At the end: ``state.end_reason`` ("deck", "forum", "concede", "in_town_sites",
  "catacomb"), ``endgame_fields`` and ``final_score``.
"""

from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIAL_ROLE,
    MATERIALS,
    ROLE_MATERIAL,
    ROLES,
    building_label,
    buildings_in_set,
    material_label,
    role_label,
)
from companion.games.glory_to_rome.grants import ROLE_KINDS, THINKER, action_label, pending
from companion.games.glory_to_rome.rules import RULES, GloryRules
from companion.games.glory_to_rome.state import (
    Bonus,
    Building,
    GloryState,
    PlayerState,
    VaultCard,
    actions_due,
    actions_this_turn,
    clientele_limit,
    hand_limit,
    has_function,
    sites_left,
    stairway_targets,
    think_options,
    vault_limit,
    vault_view,
)
from companion.games.glory_to_rome.steps import physical_steps

__all__ = ["BUILDING_MATERIAL", "MATERIALS", "MATERIAL_ROLE", "ROLES", "ROLE_KINDS",
           "ROLE_MATERIAL", "RULES", "THINKER", "Bonus", "Building", "GloryRules",
           "GloryState", "PlayerState", "VaultCard", "action_label", "actions_due",
           "actions_this_turn", "building_label", "buildings_in_set", "clientele_limit",
           "hand_limit", "has_function", "material_label", "pending", "physical_steps",
           "role_label", "sites_left", "stairway_targets", "think_options", "vault_limit",
           "vault_view"]
