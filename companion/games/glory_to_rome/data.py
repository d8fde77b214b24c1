"""Glory to Rome reference data: materials, roles, buildings, sites and limits.

Kept apart from the rules so the scorer, the reducer and the UI read the same numbers
(see ``glory_to_rome_data.md`` in the shared rules).
"""

from __future__ import annotations

from companion.core.i18n import _

#: The six materials in table order; each is also a site type and a vault card kind.
MATERIALS: tuple[str, ...] = ("rubble", "wood", "brick", "concrete", "stone", "marble")

#: Material -> value (VP per vault card, cards to complete, influence on completion).
MATERIAL_VALUE: dict[str, int] = {
    "rubble": 1, "wood": 1, "brick": 2, "concrete": 2, "stone": 3, "marble": 3,
}

#: The six roles in the order the table screen lists them.
ROLES: tuple[str, ...] = ("laborer", "craftsman", "legionary", "architect", "merchant", "patron")

#: Role -> the material of its cards (a client of a role is a card of that material).
ROLE_MATERIAL: dict[str, str] = {
    "laborer": "rubble", "craftsman": "wood", "legionary": "brick",
    "architect": "concrete", "merchant": "stone", "patron": "marble",
}
MATERIAL_ROLE: dict[str, str] = {material: role for role, material in ROLE_MATERIAL.items()}

CARD_SETS: tuple[str, ...] = ("imperium", "republic")

#: Buildings both card sets share, by material.
_SHARED: dict[str, tuple[str, ...]] = {
    "rubble": ("Bar", "Insula", "Latrine", "Road"),
    "wood": ("Dock", "Market", "Palisade"),
    "brick": ("Academy", "Archway", "Atrium", "Bath", "Foundry", "Gate", "School", "Shrine"),
    "concrete": ("Amphitheatre", "Aqueduct", "Bridge", "Storeroom", "Tower", "Vomitorium",
                 "Wall"),
    "stone": ("Catacomb", "Circus Maximus", "Garden", "Prison", "Scriptorium", "Sewer", "Villa"),
    "marble": ("Basilica", "Fountain", "Ludus Magna", "Palace", "Stairway", "Statue", "Temple"),
}
_IMPERIUM: dict[str, str] = {
    "Circus": "wood", "Colosseum": "stone", "Forum": "marble", "Senate": "concrete",
}
#: Republic-only buildings. ``None``: the reference data gives no material, so the table
#: names the site when laying the foundation.
_REPUBLIC: dict[str, str | None] = {
    "Crane": None, "Domus Aurea": None, "Forum Romanum": "marble", "Tribunal": None,
}

BUILDING_MATERIAL: dict[str, str | None] = {
    **{name: material for material, names in _SHARED.items() for name in names},
    **_IMPERIUM,
    **_REPUBLIC,
}

#: Other spellings seen on cards and in older editions.
_ALIASES: dict[str, str] = {"coliseum": "Colosseum", "ludus magnus": "Ludus Magna",
                            "amphitheater": "Amphitheatre"}


def buildings_in_set(card_set: str) -> tuple[str, ...]:
    """The building names of one card set, alphabetically (for the foundation picker)."""
    extra = _IMPERIUM if card_set == "imperium" else _REPUBLIC
    shared = [name for names in _SHARED.values() for name in names]
    return tuple(sorted([*shared, *extra]))


def canonical_building(name: str) -> str | None:
    """The catalogue spelling of a building name typed any case, or None if unknown."""
    wanted = " ".join(name.split()).lower()
    for known in BUILDING_MATERIAL:
        if known.lower() == wanted:
            return known
    return _ALIASES.get(wanted)


def sites_per_material(players: int) -> tuple[int, int]:
    """(in-town, out-of-town) sites of each material for a player count."""
    return players, 6 - players


#: Starting influence of every player.
STARTING_INFLUENCE = 2
#: Hand refill limit before Shrine/Temple.
BASE_HAND_LIMIT = 5
#: Merchant Bonus per material held strictly most of.
MERCHANT_BONUS = 3
#: Statue's victory points.
STATUE_POINTS = 3


def material_label(material: str) -> str:
    """A material's name for the screen."""
    labels = {"rubble": _("Rubble"), "wood": _("Wood"), "brick": _("Brick"),
              "concrete": _("Concrete"), "stone": _("Stone"), "marble": _("Marble")}
    return labels[material]


def role_label(role: str) -> str:
    """A role's name for the screen."""
    labels = {"laborer": _("Laborer"), "craftsman": _("Craftsman"), "legionary": _("Legionary"),
              "architect": _("Architect"), "merchant": _("Merchant"), "patron": _("Patron")}
    return labels[role]


def building_label(name: str) -> str:
    """A building's name for the screen, as the language's glossary names it (a name the
    catalogue does not know is shown as written)."""
    labels = {"Bar": _("Bar"), "Insula": _("Insula"), "Latrine": _("Latrine"), "Road": _("Road"),
              "Dock": _("Dock"), "Market": _("Market"), "Palisade": _("Palisade"),
              "Circus": _("Circus"), "Academy": _("Academy"), "Archway": _("Archway"),
              "Atrium": _("Atrium"), "Bath": _("Bath"), "Foundry": _("Foundry"),
              "Gate": _("Gate"), "School": _("School"), "Shrine": _("Shrine"),
              "Amphitheatre": _("Amphitheatre"), "Aqueduct": _("Aqueduct"), "Bridge": _("Bridge"),
              "Storeroom": _("Storeroom"), "Tower": _("Tower"), "Vomitorium": _("Vomitorium"),
              "Wall": _("Wall"), "Catacomb": _("Catacomb"), "Circus Maximus": _("Circus Maximus"),
              "Garden": _("Garden"), "Prison": _("Prison"), "Scriptorium": _("Scriptorium"),
              "Sewer": _("Sewer"), "Villa": _("Villa"), "Basilica": _("Basilica"),
              "Fountain": _("Fountain"), "Ludus Magna": _("Ludus Magna"), "Palace": _("Palace"),
              "Stairway": _("Stairway"), "Statue": _("Statue"), "Temple": _("Temple"),
              "Colosseum": _("Colosseum"), "Forum": _("Forum"), "Senate": _("Senate"),
              "Crane": _("Crane"), "Domus Aurea": _("Domus Aurea"),
              "Forum Romanum": _("Forum Romanum"), "Tribunal": _("Tribunal")}
    return labels.get(name, name)
