"""Ave Roma (2–5 players): the companion's rules, state and scoring as one package.

``rules`` holds the module the session talks to (``RULES``) and the helpers the table
screen reads; ``model`` the constants and the immutable state; ``play`` one reducer per
action; ``effects`` what an action does to a player's board; ``order`` the worker-sum
turn order; ``scoring`` the final scoring shared with ``companion score ave-roma``.
Everything outside the package imports from here.
"""

from companion.games.ave_roma.model import (
    ACTION,
    AEDILIS_RESOURCES,
    BOARD_SPACES,
    CARD_ROWS,
    EMPTY,
    FINAL,
    FRESH,
    OVER,
    PROPRAETOR_ROW_RESOURCES,
    REFILL,
    REGION_COUNT,
    REGION_SPACES,
    RESOURCES,
    SETUP,
    SLID,
    SPACES,
    TRAINING,
    TURN_ORDER,
    WORKER_VALUES,
    WORKERS_PER_PLAYER,
    AveRomaState,
    Region,
    Seat,
    card_row_spaces,
    resource_label,
    space_label,
    trained_numbers,
)
from companion.games.ave_roma.order import next_turn_order
from companion.games.ave_roma.rules import (
    RULES,
    AveRomaRules,
    actions_for,
    pending_overflow,
    refill_reminders,
    region_push_down,
    region_use_preview,
    sale_value,
    turn_order_explanation,
    usable_workers,
)
from companion.games.ave_roma.scoring import PushedCube, push_down

__all__ = [
    "ACTION", "AEDILIS_RESOURCES", "PROPRAETOR_ROW_RESOURCES",
    "BOARD_SPACES", "CARD_ROWS", "EMPTY", "FINAL", "FRESH", "OVER", "REFILL",
    "REGION_COUNT", "REGION_SPACES", "RESOURCES", "RULES", "SETUP", "SLID", "SPACES",
    "TRAINING", "TURN_ORDER", "WORKERS_PER_PLAYER", "WORKER_VALUES", "AveRomaRules",
    "AveRomaState", "PushedCube", "Region", "Seat", "actions_for", "next_turn_order",
    "pending_overflow", "push_down", "refill_reminders", "region_push_down",
    "region_use_preview", "resource_label", "sale_value", "space_label",
    "card_row_spaces", "trained_numbers", "turn_order_explanation", "usable_workers",
]
