"""Glory to Rome rules cards: every role, every building of both card sets, and the
parts of a camp (Think, Jacks, clients, vault, sites).

Written from the rules digests and seeds, and from what this package enforces (the
Statue's site, the Wall against a Bridge, the Stairway, the granted actions), so a card
never says what the engine refuses. Texts are made at call time: the language may change.
"""

from __future__ import annotations

from companion.core.i18n import _
from companion.games.glory_to_rome.data import (
    BUILDING_MATERIAL,
    MATERIAL_VALUE,
    ROLE_MATERIAL,
    ROLES,
    building_label,
    buildings_in_set,
    material_label,
    role_label,
)
from companion.games.rules_card import RulesCard, split_topic, topic

#: the camp's parts with a card of their own
PARTS: tuple[str, ...] = ("think", "jack", "clients", "vault", "sites", "camp")


def topics() -> tuple[str, ...]:
    """Every card of the game: roles, parts, then the buildings of both card sets."""
    buildings = sorted({*buildings_in_set("imperium"), *buildings_in_set("republic")})
    return (*(topic("role", r) for r in ROLES), *(topic("part", p) for p in PARTS),
            *(topic("building", b) for b in buildings))


def _role_texts() -> dict[str, tuple[str, str]]:
    """Role -> (what one action does, the catch)."""
    return {
        "laborer": (_("Take one card of any material from the pool into your stockpile."),
                    _("A player who Thinks still gets the actions of their Laborer clients.")),
        "craftsman": (_("Lay a foundation from your hand, or add a material from your hand "
                        "to a foundation of that material."),
                      _("You may not lay a building you already have; an out-of-town site "
                        "takes two actions in a row.")),
        "legionary": (_("Show a card and demand its material: one from the pool, and one "
                        "from the hand of each neighbour who has it."),
                      _("A Wall, or a Palisade without your Bridge, keeps a neighbour safe. "
                        "The table hands the cards over.")),
        "architect": (_("Lay a foundation from your hand, or add a material from your "
                        "stockpile to a foundation of that material."),
                      _("The Architect builds from the stockpile, the Craftsman from the "
                        "hand; out of town takes two actions in a row.")),
        "merchant": (_("Move one material from your stockpile face down into your vault."),
                     _("The vault holds no more cards than your influence; a tie for most "
                       "of a material cancels its 3 VP bonus.")),
        "patron": (_("Hire one card from the pool as a client of its role."),
                   _("No more clients than your influence; a new client acts from the next "
                     "turn on.")),
    }


def role_card(role: str) -> RulesCard:
    does, catch = _role_texts()[role]
    label = role_label(role)
    costs = _("Lead or follow with one {role} card ({material}) or a Jack: one action, plus "
              "one per {role} client.").format(role=label,
                                               material=material_label(ROLE_MATERIAL[role]))
    return RulesCard(label, does, costs, catch)


def _part_card(part: str) -> RulesCard:
    cards = {
        "think": RulesCard(
            _("Think"),
            _("Take a Jack, or draw up to your hand limit (5), or draw one card if you "
              "already hold that many."),
            _("Instead of leading or following: your clients still act."),
            _("Refill all the way, never partially. If the Leader Thinks, the turn ends and "
              "nobody follows.")),
        "jack": RulesCard(
            _("Jack"),
            _("A Jack leads or follows any role."),
            _("Take one by Thinking, while the supply has any."),
            _("A played Jack goes back to the supply at the end of the turn.")),
        "clients": RulesCard(
            _("Clients"),
            _("Each client gives one more action whenever its role is led, even if you "
              "Think."),
            _("Hired with a Patron action, from the pool."),
            _("No more clients than your influence (Insula +2, Aqueduct doubles).")),
        "vault": RulesCard(
            _("Vault"),
            _("At the end each vault card scores its value; most of a material scores 3 VP "
              "more."),
            _("Filled with Merchant actions, face down."),
            _("Its size is public, its cards are not; it holds no more than your influence "
              "(Market +2).")),
        "camp": RulesCard(  # a legend: its paragraphs have no headings
            _("What the camps show"),
            _("On top: the name and the influence. Below: what the player chose this turn "
              "and their actions; J: the Jacks they hold."),
            _("Bust: clients in their roles' colours, held/limit. Strongbox: vault cards, "
              "held/limit."),
            _("Cards: buildings in their material, materials added/needed on a foundation, "
              "grey edge out of town. Sites: in town + out of town."), headings=False),
        "sites": RulesCard(
            _("Sites"),
            _("A foundation needs a site of its material: in town first, then out of "
              "town."),
            _("Out of town: two actions in a row of the role (one with a Tower)."),
            _("When the last in-town site is taken, the game ends at once.")),
    }
    return cards[part]


def _building_texts() -> dict[str, tuple[str, str]]:
    """Building -> (what its function does, the catch)."""
    # the rules digests and the seeds give no text for these three Republic cards
    unchecked = (_("Play its function as the card says: the companion does not check it."),
                 _("Name its site when you lay the foundation."))
    on_completion = _("Counted with the new site's influence; take each on its own button, "
                      "or skip the rest.")
    return {
        "Bar": (_("A Patron action may also hire the top card of the deck as a client."),
                _("Still within your clientele limit.")),
        "Insula": (_("Your clientele limit is 2 higher."),
                   _("Only once it is complete (a Gate does not help: it is not marble).")),
        "Latrine": (_("Before you Think, you may discard one card from your hand to the "
                      "pool."), _("Do it on the table: hands are not tracked.")),
        "Road": (_("You may add any material to a stone structure."),
                 _("Only stone structures.")),
        "Dock": (_("A Laborer action may also take a card from your hand into your "
                   "stockpile."), _("The card goes to the stockpile, not the vault.")),
        "Market": (_("Your vault limit is 2 higher."),
                   _("Only once it is complete.")),
        "Palisade": (_("Legionary demands do not reach you."),
                     _("An opponent with a Bridge ignores it.")),
        "Circus": (_("You may play two cards of the same role as a Jack."),
                   _("The pair counts as one card played.")),
        "Academy": (_("After a turn in which you performed a Craftsman action, you take one "
                      "Thinker action."), _("Granted Craftsman actions count too.")),
        "Archway": (_("An Architect action may take its material from the pool instead of "
                      "your stockpile."), _("Only with the Architect, not the Craftsman.")),
        "Atrium": (_("A Merchant action may put the top card of the deck face down into "
                     "your vault."), _("Nobody knows its material until the final scoring.")),
        "Bath": (_("Each client you hire with a Patron action performs its role once, "
                   "right away."), _("Its action waits on its own button: take it or skip it.")),
        "Foundry": (_("On completion: one Laborer action per influence you then have."),
                    on_completion),
        "Gate": (_("Your marble foundations give their function before they are complete."),
                 _("Only marble foundations, and only once the Gate is complete.")),
        "School": (_("On completion: one Thinker action per influence you then have."),
                   on_completion),
        "Shrine": (_("Your hand limit is 2 higher."),
                   _("Thinking refills to the new limit.")),
        "Amphitheatre": (_("On completion: one Craftsman action per influence you then "
                           "have."), on_completion),
        "Aqueduct": (_("A Patron action may also hire a client from your hand; your "
                       "clientele limit doubles."), _("The doubling comes after the Insula's "
                                                      "+2.")),
        "Bridge": (_("A Legionary may also take from opponents' stockpiles; the demands reach "
                     "every opponent and ignore a Palisade."),
                   _("A Wall still keeps its owner safe.")),
        "Storeroom": (_("Every client of yours also counts as a Laborer."),
                      _("For the Forum a client fills one role only: the Laborer needs a "
                        "spare client of another role.")),
        "Tower": (_("Rubble may go into any structure; an out-of-town site takes one action "
                    "instead of two."), _("The site must still be free.")),
        "Vomitorium": (_("Before you Think, you may discard your whole hand to the pool."),
                       _("Do it on the table: hands are not tracked.")),
        "Wall": (_("Legionary demands do not reach you; at the end 1 VP per 2 materials in "
                   "your stockpile."), _("A Bridge does not break it. Count the stockpile "
                                         "at the end.")),
        "Senate": (_("Jacks your opponents play come to your hand at the end of the turn."),
                   _("Only Jacks played to lead or follow.")),
        "Catacomb": (_("Completing it ends the game at once."),
                     _("Nobody takes another action: the final scoring follows.")),
        "Circus Maximus": (_("Your clients act twice for the role you led or followed."),
                           _("Not in a turn you Thought.")),
        "Garden": (_("On completion: one Patron action per influence you then have."),
                   on_completion),
        "Prison": (_("On completion you may give its 3 influence to an opponent for one of "
                     "their completed structures."), _("Only until your next move: moving on "
                                                      "declines it.")),
        "Scriptorium": (_("One marble material completes any of your foundations."),
                        _("Say so when you add the marble.")),
        "Sewer": (_("At the end of the turn, the role cards you led or followed with go to "
                    "your stockpile."), _("Not Jacks: they go back to the supply.")),
        "Villa": (_("An Architect action with one material completes the Villa."),
                  _("Only an Architect action, not a Craftsman one.")),
        "Colosseum": (_("A Legionary action takes opponents' clients of the demanded role "
                        "into your vault."), _("A Wall stops it, a Palisade too unless you "
                                               "have a Bridge; the vault needs room.")),
        "Basilica": (_("A Merchant action may also put a card from your hand into your "
                       "vault."), _("Still within your vault limit.")),
        "Fountain": (_("A Craftsman action may use the top card of the deck; keep it if you "
                       "do not use it."), _("Do it on the table: the deck is not tracked.")),
        "Ludus Magna": (_("Each Merchant client also counts as a client of every other "
                          "role."), _("For the Forum a client fills one role only: each "
                                      "Merchant client beyond the first fills one missing "
                                      "role.")),
        "Palace": (_("Lead or follow with several cards of the role: one action each."),
                   _("Say how many cards, and how many Jacks, you played.")),
        "Stairway": (_("An Architect action may add a material to an opponent's completed "
                       "structure: its function becomes everyone's."),
                     _("Worth it only for a function you lack; the companion asks only "
                       "then.")),
        "Statue": (_("3 VP at the end; it may be laid on any site."),
                   _("On another site it gives that site's influence and takes that many "
                     "materials.")),
        "Temple": (_("Your hand limit is 4 higher."), _("Thinking refills to the new limit.")),
        "Forum": (_("You win at once with a client of every role."),
                  _("The companion notices it by itself; Ludus Magna and Storeroom help.")),
        "Forum Romanum": (_("You win at once with a client of every role and a material of "
                            "each type in your stockpile."),
                          _("The table checks the stockpile and confirms the win in the "
                            "menu.")),
        "Crane": unchecked,
        "Domus Aurea": unchecked,
        "Tribunal": unchecked,
    }


def building_card(name: str) -> RulesCard:
    does, catch = _building_texts()[name]
    material = BUILDING_MATERIAL[name]
    if material is None:
        costs = _("Its site is named when it is laid; it takes as many materials as the "
                  "site's value and gives that much influence.")
    else:
        count = MATERIAL_VALUE[material]
        costs = _("A {material} site and {count} materials; completing it gives {count} "
                  "influence.").format(material=material_label(material), count=count)
    return RulesCard(building_label(name), does, costs, catch)


def rules_card(key: str) -> RulesCard | None:
    """The card of a topic key (see :func:`topics`), or None for one this game lacks."""
    kind, name = split_topic(key)
    if kind == "role" and name in ROLES:
        return role_card(name)
    if kind == "part" and name in PARTS:
        return _part_card(name)
    if kind == "building" and name in BUILDING_MATERIAL:
        return building_card(name)
    return None
