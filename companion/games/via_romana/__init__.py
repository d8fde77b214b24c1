"""Via Romana, as one package: the board file, the card checks, the reducer and the scoring.

``RULES`` is what the session and the ``score`` command use; the rest is what the table
screen, the benchmarks and the tests read. The reducer's documentation (actions, options,
readings of the rules) is in :mod:`companion.games.via_romana.rules`.
"""

from companion.games.via_romana.allowed import (
    BUILD_ACTIONS,
    allowed_actions,
    cards_left,
    provisional_scores,
    scoring_prompt,
    shut_builds,
)
from companion.games.via_romana.board import (
    Board,
    City,
    Road,
    check_playable,
    load_board,
    parse_board,
)
from companion.games.via_romana.cards import MAX_CARDS_PER_ROUND, Card
from companion.games.via_romana.connections import describe
from companion.games.via_romana.rules import (
    RULES,
    ViaRomanaRules,
)
from companion.games.via_romana.scoring import (
    Marker,
    PlayerTally,
    breakdown_lines,
    score_tally,
)
from companion.games.via_romana.state import (
    Building,
    Connection,
    Phase,
    ViaRomanaState,
    castle_marker_values,
    castles_left,
    extendable_ends,
    free_cities,
    milestones_left,
    road_colours,
)

__all__ = [
    "BUILD_ACTIONS", "MAX_CARDS_PER_ROUND", "RULES", "Board", "Building", "Card", "City",
    "Connection", "Marker", "Phase", "PlayerTally", "Road", "ViaRomanaRules", "ViaRomanaState",
    "allowed_actions", "breakdown_lines", "cards_left", "castle_marker_values", "castles_left",
    "check_playable", "describe", "extendable_ends", "free_cities", "load_board",
    "milestones_left", "parse_board", "provisional_scores", "road_colours", "score_tally",
    "scoring_prompt", "shut_builds",
]
