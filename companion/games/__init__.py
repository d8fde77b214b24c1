"""The three games. Each module is pure: state, actions, rules checks, scoring.

May import :mod:`companion.core` alone: no pygame, GPIO, serial or I/O.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.games.base import GameRules

#: game key -> module that defines ``RULES``
GAME_MODULES: dict[str, str] = {
    "glory-to-rome": "companion.games.glory_to_rome",
    "ave-roma": "companion.games.ave_roma",
    "via-romana": "companion.games.via_romana",
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; choose one of: {', '.join(GAME_MODULES)}"


def get_rules(key: str) -> GameRules[Any]:
    """The rules object of a game, by its key."""
    try:
        module_name = GAME_MODULES[key]
    except KeyError:
        raise UnknownGame(key) from None
    rules: GameRules[Any] = importlib.import_module(module_name).RULES
    return rules
