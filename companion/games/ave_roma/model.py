"""Ave Roma: the constants of the rules and the immutable state the companion keeps.

The state is a tree of frozen dataclasses and tuples so that ``apply`` can rebuild only
the parts an action touches (``dataclasses.replace``) and share the rest with the
previous state; folding thousands of logged actions stays cheap and undo stays exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.core.i18n import _
from companion.core.records import frozen

RESOURCES: tuple[str, ...] = ("wood", "stone", "livestock", "wheat", "ore", "wine")
#: coins for selling one resource (the row under the resource table: 3/1/3/1/2/2)
SALE_VALUES: dict[str, int] = {"wood": 3, "stone": 1, "livestock": 3, "wheat": 1, "ore": 2,
                               "wine": 2}
RESOURCE_CAP = 3
START_COINS = 3
START_SURPLUS = 2
START_RESOURCE_AMOUNT = 2
START_RESOURCE_CHOICES = 2
POLITICAL_CAP = 30
#: score-track VP for each political influence gained while already at the cap
POLITICAL_OVERFLOW_VP = 2
PATRON_SLOTS = 5
REGION_COUNT = 5
WORKER_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)
WORKERS_PER_PLAYER = 5
REGION_FEE = 2
QUAESTOR_COINS_PER_PIP = 2
AEDILIS_RESOURCES = 4
MERCATOR_MAX_PURCHASE = 4
PROPRAETOR_MAX_RESOURCES = 3
PROPRAETOR_ROW_RESOURCES = 2
TRAINING_VP = 1
#: how far a trained worker's number may move for its next use (the seed: "加减数字（最大5，
#: 最小1）", raised or lowered by one, never above 5 nor below 1)
TRAINING_STEP = 1

#: action spaces on the main board, in the order the table screen draws them
BOARD_SPACES: tuple[str, ...] = ("quaestor", "aedilis", "mercator", "aedificator", "legatus",
                                 "propraetor", "rome", "senatus")
#: the player-board space that adjusts a worker's number for its next use
TRAINING = "training"
SPACES: tuple[str, ...] = (*BOARD_SPACES, TRAINING)
#: spaces whose use names a region position (the worker's number) and slides its card
REGION_SPACES: frozenset[str] = frozenset({"aedilis", "mercator", "propraetor"})
#: spaces that refuse a position without a region card
CARD_REQUIRED_SPACES: frozenset[str] = frozenset({"aedilis", "mercator"})
#: card rows with numbered spaces, refilled in the refill phase
CARD_ROWS: tuple[str, ...] = ("aedificator", "legatus", "senatus")

# Phases, in the order a round runs through them.
SETUP = "setup"
ACTION = "action"
REFILL = "refill"
TURN_ORDER = "turn_order"
FINAL = "final"
OVER = "over"

# What lies on a region position.
FRESH = "fresh"  # a card nobody has used yet
SLID = "slid"  # used once: slid up, the next use takes it
EMPTY = "empty"  # no card (the deck ran out)

TRIGGER_DECK = "A"  # a region position was emptied with the region deck out
TRIGGER_ROW = "B"  # a card row could not be refilled in the refill phase
TRIGGER_TABLE = "table"  # the table ended the game early to score it

# Tracking levels, chosen at new game.
ESSENTIALS = "essentials"  # placements, sliding, take-backs, turn order, cubes; supplies at the end
FULL = "full"  # also every coin, resource, surplus and VP, with their checks
TRACKING_LEVELS: tuple[str, ...] = (ESSENTIALS, FULL)

# How regions score at the end (the area-scoring card is double-sided).
REGION_BY_LEVEL = "level"  # VP = the level after the push-down, 1 for a cube pushed off
REGION_BY_TABLE = "table"  # the table enters each player's region points
REGION_SCORINGS: tuple[str, ...] = (REGION_BY_LEVEL, REGION_BY_TABLE)


def resource_label(resource: str) -> str:
    """The resource's name in the table's language."""
    labels = {"wood": _("wood"), "stone": _("stone"), "livestock": _("livestock"),
              "wheat": _("wheat"), "ore": _("ore"), "wine": _("wine")}
    return labels.get(resource, resource)


def trained_numbers(worker: int) -> tuple[int, ...]:
    """What a trained worker may count as on its next use: one less, as it is, one more,
    within 1..5."""
    low, high = WORKER_VALUES[0], WORKER_VALUES[-1]
    return tuple(n for n in range(worker - TRAINING_STEP, worker + TRAINING_STEP + 1)
                 if low <= n <= high)


def card_row_spaces(number: int) -> tuple[int, ...]:
    """The numbered Aedificator / Legatus / Senatus spaces a worker counting as ``number``
    may take: those printed with its number or a higher one ("the smaller the number, the
    more spaces")."""
    return tuple(n for n in WORKER_VALUES if n >= number)


def space_label(space: str) -> str:
    """The action space's name as printed on the board."""
    labels = {"quaestor": _("Quaestor"), "aedilis": _("Aedilis"), "mercator": _("Mercator"),
              "aedificator": _("Aedificator"), "legatus": _("Legatus"),
              "propraetor": _("Propraetor"), "rome": _("Rome"), "senatus": _("Senatus"),
              "training": _("Training")}
    return labels.get(space, space)


@frozen
class Seat:
    """One player's board: supplies, tracks and workers.

    ``overflow`` holds resources gained beyond the cap of 3 that the player still has to
    put into surplus or sell; the game waits until that is done.
    """

    name: str
    coins: int = START_COINS
    resources: tuple[int, ...] = (0,) * len(RESOURCES)
    surplus: int = START_SURPLUS
    political: int = 0
    track_vp: int = 0
    overflow: tuple[int, ...] = (0,) * len(RESOURCES)
    hand: tuple[int, ...] = WORKER_VALUES
    trained: int | None = None
    chose_start: bool = False
    passed: bool = False
    final_done: bool = False
    #: this round's placements, (space, worker), for the player board's picture
    placed: tuple[tuple[str, int], ...] = ()
    #: this round's turn-order entry: the five numbers in hand, or only their sum
    entered_numbers: tuple[int, ...] | None = None
    entered_sum: int | None = None
    #: building and military cards bought (Aedificator, Legatus): the Propraetor's
    #: influence comes through their abilities, so it needs one
    cards: int = 0

    def amount(self, resource: str) -> int:
        return self.resources[RESOURCES.index(resource)]

    @property
    def resource_total(self) -> int:
        return sum(self.resources)

    @property
    def has_overflow(self) -> bool:
        return any(self.overflow)

    @property
    def can_place(self) -> bool:
        """Has a worker in hand or one waiting on the training space."""
        return bool(self.hand) or self.trained is not None

    @property
    def patron_slots(self) -> int:
        """Patron slots unlocked: one for each of the first five political spaces."""
        return min(self.political, PATRON_SLOTS)


@frozen
class Region:
    """One of the five region positions: its card, brown marker and players' cubes.

    ``cubes[i]`` is player i's influence level there; 0 means no cube on the track.
    """

    card: str
    marker: int
    cubes: tuple[int, ...]

    def holder_of(self, level: int) -> int | None:
        """The player whose cube sits on ``level``, if any."""
        for player, cube in enumerate(self.cubes):
            if cube == level and cube > 0:
                return player
        return None


@frozen
class AveRomaState:
    """Everything the companion knows about a game of Ave Roma.

    ``order`` is this round's turn order (player indices). ``cursor`` is the position in
    ``order`` of the player to act in the action and final phases, and the position in
    the reversed order of the player called in the refill phase. ``areas`` holds the
    worker numbers on each board space (aligned with ``BOARD_SPACES``).
    """

    seats: tuple[Seat, ...]
    regions: tuple[Region, ...]
    deck: int
    order: tuple[int, ...]
    phase: str = SETUP
    round: int = 1
    cursor: int = 0
    areas: tuple[tuple[int, ...], ...] = ((),) * len(BOARD_SPACES)
    rows_taken: frozenset[str] = frozenset()
    end_trigger: str | None = None
    surplus_cap: int | None = None
    #: order of the previous round, kept so the screen can show how the new one came about
    previous_order: tuple[int, ...] = ()
    #: the last thing the companion did on its own (a dropped cube, a drawn card...)
    notice: str = ""
    #: the payment or event in ``notice`` that must not be missed (a card taken for 2 coins,
    #: a trigger), for the screen's big prompt; empty when there is none
    alert: str = ""
    tracking: str = FULL
    region_scoring: str = REGION_BY_LEVEL
    #: refill phase: the card rows are done (said by the table, or by the first take-back)
    rows_refilled: bool = False
    #: turn-order phase: the order the tracked hands give, waiting for the table's nod
    proposed_order: tuple[int, ...] = ()
    #: each player's sum in hand when the current order was worked out
    order_sums: tuple[int, ...] = ()

    @property
    def tracks_supplies(self) -> bool:
        """Coins, resources, surplus and VP are kept (full tracking)."""
        return self.tracking == FULL

    @property
    def workers_per_value(self) -> int:
        """Each player brings workers 1-5, so there are as many of a value as players."""
        return len(self.seats)

    def seat(self, player: int) -> Seat:
        return self.seats[player]

    def with_seat(self, player: int, seat: Seat) -> AveRomaState:
        seats = self.seats[:player] + (seat,) + self.seats[player + 1:]
        return replace(self, seats=seats)

    def with_region(self, position: int, region: Region) -> AveRomaState:
        """``position`` is 1-based, as printed on the board."""
        index = position - 1
        regions = self.regions[:index] + (region,) + self.regions[index + 1:]
        return replace(self, regions=regions)

    def area(self, space: str) -> tuple[int, ...]:
        return self.areas[BOARD_SPACES.index(space)]

    def with_area(self, space: str, workers: Sequence[int]) -> AveRomaState:
        index = BOARD_SPACES.index(space)
        areas = self.areas[:index] + (tuple(sorted(workers)),) + self.areas[index + 1:]
        return replace(self, areas=areas)

    def name(self, player: int) -> str:
        return self.seats[player].name
