"""Each game's ``RULES`` satisfies the ``GameRules`` protocol, checked by mypy.

The registry loads the games through ``importlib`` (only the game being played is
imported), which mypy cannot follow; the assignments below are what it checks instead,
and the test makes sure they cover exactly the games the registry offers.
"""

from __future__ import annotations

from typing import Any

from companion.games import GAME_MODULES, get_rules
from companion.games.ave_roma import RULES as AVE_ROMA
from companion.games.base import GameRules
from companion.games.glory_to_rome import RULES as GLORY_TO_ROME
from companion.games.via_romana import RULES as VIA_ROMANA

CHECKED: dict[str, GameRules[Any]] = {  # mypy: each value must fit the protocol
    "glory-to-rome": GLORY_TO_ROME,
    "ave-roma": AVE_ROMA,
    "via-romana": VIA_ROMANA,
}


def test_the_type_checked_rules_are_the_ones_the_registry_loads() -> None:
    shipped = {key for key, module in GAME_MODULES.items()
               if module.startswith("companion.games.")}  # not tests' own games
    assert set(CHECKED) == shipped
    for key, rules in CHECKED.items():
        assert get_rules(key) is rules
        assert rules.key == key
