"""Glory to Rome game state and the pure queries the reducer and the table screen share.

Everything is a frozen dataclass of tuples so a new state shares all unchanged parts with
the old one: folding a long log stays cheap and earlier states are never touched.
"""

from __future__ import annotations

from companion.core.records import frozen
from companion.games.glory_to_rome.data import (
    BASE_HAND_LIMIT,
    MATERIAL_VALUE,
    MATERIALS,
    ROLES,
    STARTING_INFLUENCE,
)


@frozen
class Building:
    """A foundation (``completed`` False) or a completed structure in a player's city."""

    name: str
    material: str
    out_of_town: bool
    materials: int = 0  # material cards added so far
    completed: bool = False
    site: str | None = None  # the site's material when it differs (a Statue goes anywhere)

    @property
    def value(self) -> int:
        """Materials needed to complete it: the value of its site (a Statue on a rubble site
        takes one; see the package docstring for why)."""
        return MATERIAL_VALUE[self.site_material]

    @property
    def site_material(self) -> str:
        return self.site or self.material

    @property
    def influence(self) -> int:
        """The influence its site grants on completion."""
        return MATERIAL_VALUE[self.site_material]


@frozen
class VaultCard:
    """One face-down card in a vault; the log keeps its material for the final score."""

    material: str | None  # None: an Atrium card, unknown until the reveal at the end
    turn: int  # the turn it was placed; its material is shown only during that turn
    source: str  # "stockpile", "hand" (Basilica), "deck" (Atrium) or "client" (Colosseum)


@frozen
class Bonus:
    """Extra actions a structure's function grants, still to be taken (or skipped).

    ``role`` is the role they are performed as, or "think" for Thinker actions.
    """

    player: int
    building: str  # the granting structure (Amphitheatre, Foundry, Garden, School, Bath, Academy)
    role: str
    left: int


@frozen
class PlayerState:
    name: str
    influence: int = STARTING_INFLUENCE
    clients: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # per role, in ROLES order
    buildings: tuple[Building, ...] = ()
    vault: tuple[VaultCard, ...] = ()
    jacks: int = 0  # Jacks in hand

    def building(self, name: str) -> Building | None:
        return next((b for b in self.buildings if b.name == name), None)

    def client_count(self, role: str) -> int:
        return self.clients[ROLES.index(role)]


@frozen
class GloryState:
    """The whole game. ``phase``: "lead", "follow", "actions" or "over"."""

    players: tuple[PlayerState, ...]
    card_set: str
    jacks_total: int
    jacks_supply: int
    in_town: tuple[int, ...]  # sites left per material, in MATERIALS order
    out_of_town: tuple[int, ...]
    leader: int
    turn: int = 1
    phase: str = "lead"
    led_role: str | None = None
    choices: tuple[str | None, ...] = ()  # per player this turn: "lead", "follow", "think"
    cards_played: tuple[int, ...] = ()  # role cards each player played this turn (Palace)
    jacks_played: tuple[int, ...] = ()  # Jacks among them: back at the end of the turn
    actions_left: tuple[int, ...] = ()  # during the action phase, set as each player begins
    acting: int | None = None  # whose actions are being taken
    public: tuple[str, ...] = ()  # structures whose function everyone has (Stairway)
    prison_due: tuple[int, ...] = ()  # just completed a Prison, may still exchange
    bonus: tuple[Bonus, ...] = ()  # building actions granted and not yet taken, newest last
    crafted: tuple[int, ...] = ()  # performed a Craftsman action this turn (Academy)
    end_reason: str | None = None  # set once the game is over
    forum_winner: int | None = None


# --- functions held and limits ---------------------------------------------------------


def has_function(state: GloryState, player: int, name: str) -> bool:
    """Whether a player may use a structure's function right now.

    Their own completed structure; their marble foundation while they hold the Gate's
    function (their own or one a Stairway opened); any structure a Stairway made public.
    """
    if name in state.public:
        return True
    building = state.players[player].building(name)
    if building is None:
        return False
    if building.completed:
        return True
    return building.material == "marble" and has_function(state, player, "Gate")


def vault_limit(state: GloryState, player: int) -> int:
    """Influence, +2 with a Market."""
    return state.players[player].influence + (2 if has_function(state, player, "Market") else 0)


def clientele_limit(state: GloryState, player: int) -> int:
    """Influence, +2 with an Insula, doubled with an Aqueduct."""
    limit = state.players[player].influence + (2 if has_function(state, player, "Insula") else 0)
    return limit * (2 if has_function(state, player, "Aqueduct") else 1)


def hand_limit(state: GloryState, player: int) -> int:
    """The refill limit: 5, +2 with a Shrine, +4 with a Temple."""
    return (BASE_HAND_LIMIT + (2 if has_function(state, player, "Shrine") else 0)
            + (4 if has_function(state, player, "Temple") else 0))


def client_actions(state: GloryState, player: int, role: str, played: bool) -> int:
    """Actions a player's clients give for ``role`` (``played``: they led or followed).

    Storeroom makes every client a Laborer, Ludus Magna makes Merchant clients count for
    any role, and Circus Maximus doubles clients when the player led or followed.
    """
    me = state.players[player]
    count = me.client_count(role)
    if role == "laborer" and has_function(state, player, "Storeroom"):
        count = sum(me.clients)
    elif role != "merchant" and has_function(state, player, "Ludus Magna"):
        count += me.client_count("merchant")
    if played and has_function(state, player, "Circus Maximus"):
        count *= 2
    return count


def actions_due(state: GloryState, player: int) -> int:
    """The actions a player who has chosen gets for the led role, as things stand now.

    1 per role card played to lead or follow (more than one only with a Palace) plus
    their clients of the led role; a Thinker still gets their clients' actions. Worked
    out when their own actions begin, so a function completed earlier in the turn counts.
    """
    choice = state.choices[player]
    if state.led_role is None or choice is None:
        return 0
    played = choice in ("lead", "follow")
    return state.cards_played[player] + client_actions(state, player, state.led_role, played)


def actions_this_turn(state: GloryState) -> tuple[int | None, ...]:
    """Per player, the actions they get this turn; None while they have not chosen yet.

    Before a player's actions begin this is what they would get now (see ``actions_due``).
    """
    if state.led_role is None:
        return tuple(None for _p in state.players)
    return tuple(None if choice is None else actions_due(state, index)
                 for index, choice in enumerate(state.choices))


def think_options(state: GloryState, player: int, hand: int | None = None) -> tuple[str, ...]:
    """The Thinker options open to a player: "jack", "refill", "draw_one".

    Take a Jack if any is left; refill to the hand limit when below it; draw one card when
    at or above it. Without ``hand`` both drawing options are listed.
    """
    options = ["jack"] if state.jacks_supply > 0 else []
    limit = hand_limit(state, player)
    if hand is None or hand < limit:
        options.append("refill")
    if hand is None or hand >= limit:
        options.append("draw_one")
    return tuple(options)


# --- what the shared screen may show ----------------------------------------------------


def vault_view(state: GloryState, player: int) -> tuple[str | None, ...]:
    """A vault as the shared screen may show it: a card's material during the turn it was
    placed (and the game is running), else None for face down."""
    return tuple(card.material if card.turn == state.turn and state.phase != "over" else None
                 for card in state.players[player].vault)


def sites_left(state: GloryState) -> dict[str, tuple[int, int]]:
    """Material -> (in-town, out-of-town) sites left."""
    return {m: (state.in_town[i], state.out_of_town[i]) for i, m in enumerate(MATERIALS)}


def unknown_vault_cards(state: GloryState, player: int) -> int:
    """Atrium cards in a player's vault, whose material is entered at the reveal."""
    return sum(1 for card in state.players[player].vault if card.material is None)


def stairway_targets(state: GloryState, player: int) -> tuple[tuple[int, str], ...]:
    """(owner, structure) pairs a Stairway could usefully open for ``player`` now.

    An opponent's completed structure, not yet open to everyone, whose function the
    player does not already have: the only ones worth asking about.
    """
    return tuple((owner, building.name) for owner, other in enumerate(state.players)
                 if owner != player for building in other.buildings
                 if building.completed and building.name not in state.public
                 and not has_function(state, player, building.name))


def neighbours(state: GloryState, player: int) -> tuple[int, ...]:
    """The players to the left and right of a seat (one with two players)."""
    count = len(state.players)
    return tuple(dict.fromkeys(((player - 1) % count, (player + 1) % count)))


def forum_clients(state: GloryState, player: int) -> bool:
    """Whether a player's clients cover every role, as the Forum asks.

    Each client fills one role. A Ludus Magna lets a Merchant client fill any role; a
    Storeroom lets any client count as a Laborer.
    """
    me = state.players[player]
    ludus = has_function(state, player, "Ludus Magna")
    storeroom = has_function(state, player, "Storeroom")
    missing = {role for role in ROLES if me.client_count(role) == 0}
    spare_merchants = max(0, me.client_count("merchant") - 1)
    spare_others = sum(max(0, me.client_count(r) - 1) for r in ROLES if r != "merchant")
    if storeroom and "laborer" in missing and (spare_others or (spare_merchants and not ludus)):
        missing.discard("laborer")
    return len(missing) <= (spare_merchants if ludus else 0)
