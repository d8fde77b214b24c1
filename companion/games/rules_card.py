"""A rules card: what a role, building, area or build does, in the players' language.

Written for the table from the rules digests and the seeds (``shared/rules``), not copied
from a rulebook: what it does, what it costs, and the catch a table forgets. Each game
package has an ``explain`` module that makes them, keyed by the engine's own names.
"""

from __future__ import annotations

from companion.core.i18n import _
from companion.core.records import frozen


@frozen
class RulesCard:
    """The short card a long press shows."""

    title: str
    does: str
    costs: str
    catch: str
    #: False for a legend (the camp's) whose paragraphs are not does / costs / catch
    headings: bool = True


def topic(kind: str, name: str) -> str:
    """A card's key: ``"building:Wall"``, ``"role:architect"``, ``"space:quaestor"``."""
    return f"{kind}:{name}"


def split_topic(key: str) -> tuple[str, str]:
    """``"building:Wall"`` -> ("building", "Wall")."""
    kind, _sep, name = key.partition(":")
    return kind, name


def either(choices: list[str]) -> str:
    """"a, b or c": choices in a sentence (the table's language says "or")."""
    if len(choices) <= 2:
        return _(" or ").join(choices)
    # Translators: between the items of a list, before its last "or"
    return _(" or ").join([_(", ").join(choices[:-1]), choices[-1]])
