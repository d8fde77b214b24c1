"""The roles' marks on Glory to Rome's client chips: two letters (a character in
Chinese), so the chips are told apart by more than colour."""

from __future__ import annotations

from companion.core.i18n import pgettext
from companion.games.glory_to_rome import ROLES


def role_mark(role: str) -> str:
    """A role's mark on its client chips."""
    marks = (pgettext("client chip", "La"), pgettext("client chip", "Cr"),
             pgettext("client chip", "Le"), pgettext("client chip", "Ar"),
             pgettext("client chip", "Me"), pgettext("client chip", "Pa"))
    return marks[ROLES.index(role)]
