"""Reading Glory to Rome action payloads: JSON values checked, refusals in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.i18n import _
from companion.games.base import Rejected
from companion.games.glory_to_rome.data import (
    MATERIALS,
    ROLES,
    buildings_in_set,
    canonical_building,
)


def whole(payload: Mapping[str, Any], key: str, default: int | None = None,
          minimum: int = 0) -> int:
    """A whole-number field, at least ``minimum``; required when ``default`` is None."""
    value = payload.get(key, default)
    if value is None:
        raise Rejected(_("This move needs a number for {key!r}.").format(key=key))
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(_("{key!r} must be a whole number, not {value!r}.").format(
            key=key, value=value))
    if value < minimum:
        raise Rejected(_("{key!r} must be at least {minimum}, not {value}.").format(
            key=key, minimum=minimum, value=value))
    return value


def flag(payload: Mapping[str, Any], key: str) -> bool:
    """A true/false field, false when missing."""
    value = payload.get(key, False)
    if not isinstance(value, bool):
        raise Rejected(_("{key!r} must be true or false, not {value!r}.").format(
            key=key, value=value))
    return value


def role(payload: Mapping[str, Any], key: str = "role") -> str:
    value = payload.get(key)
    if value not in ROLES:
        raise Rejected(_("{value!r} is not a role; choose one of: {roles}.").format(
            value=value, roles=", ".join(ROLES)))
    return str(value)


def material(payload: Mapping[str, Any], key: str = "material") -> str:
    value = payload.get(key)
    if value not in MATERIALS:
        raise Rejected(_("{value!r} is not a material; choose one of: {materials}.").format(
            value=value, materials=", ".join(MATERIALS)))
    return str(value)


def seat(payload: Mapping[str, Any], key: str, players: int) -> int:
    """A player index given in the payload."""
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise Rejected(_("{key!r} must name a player by seat number 0 to {last}, not "
                         "{value!r}.").format(key=key, last=players - 1, value=value))
    return value


def building(payload: Mapping[str, Any], card_set: str, key: str = "building") -> str:
    """A building name of the card set in play, in catalogue spelling."""
    value = payload.get(key)
    known = canonical_building(value) if isinstance(value, str) else None
    if known is None:
        raise Rejected(_("{value!r} is not a Glory to Rome building.").format(value=value))
    if known not in buildings_in_set(card_set):
        raise Rejected(_("{name} is not in the {card_set} card set this game uses.").format(
            name=known, card_set=card_set.capitalize()))
    return known
