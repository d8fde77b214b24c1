"""Ave Roma (2–5 players): worker-sum turn order, region-card sliding, influence, scoring.

The companion keeps each player's board (coins, six resources capped at 3, surplus,
political influence, score-track VP, region cubes), the five region positions (card
fresh / slid / empty, brown marker, cubes), the region deck count, the shared numbered
workers (in hand, on each board space, on training) and the round's phases. Card texts
are not modelled: what a card, set bonus, patron or Rome space gives is entered by the
table as numbers in the action payload and checked against what the rules do know.

Phases: ``setup`` (each player picks two starting resources) -> per round ``action`` ->
``refill`` -> ``turn_order`` -> next round; once the game ends (trigger A: the region deck
ran out during the action phase, announced at once, ending after that phase; trigger B:
a card row could not be refilled, ending at once) -> ``final`` (one last action per
player in turn order, worker numbers ignored) -> ``over`` (final scoring).

Options (``default_options``): ``region_deck_size`` (cards left in the region deck after
the five are laid out; count it, as cards are removed by player count), ``region_markers``
(the five brown markers' starting levels), ``surplus_cap`` (the surplus limit printed on
the board, or null to leave it to the table), ``turn_order`` (first round's order as
player indices, or null for seat order).

Actions
-------
All payload fields are JSON values; ``player`` is the acting player's index unless said.

``choose_start`` — set-up. ``{"resources": ["wood", "wine"]}``: the two resources that
start at 2. The first round begins when everyone has chosen.

``place`` — action phase (only the current player) and final actions.
``{"space": S, "worker": N}`` with S one of quaestor, aedilis, mercator, aedificator,
legatus, propraetor, rome, senatus, training and N the worker's number (1–5, must be in
hand). Optional:
  ``"trained": true`` uses the worker waiting on the training space instead of one in hand,
  with ``"acts_as": M`` (1–5) the number it counts as this time;
  ``"slot": K`` — the number printed on the Aedificator/Legatus/Senatus space used
  (required there; the worker's number must be K or lower; ignored in final actions);
  effect fields (all optional, see below).
Known rules applied automatically: Quaestor gives 2 × number coins. Aedilis, Mercator
and Propraetor use the region position equal to the number: a fresh card slides; a slid
card is taken for 2 coins paid at the end of the action, the brown marker rises one and a
new card is drawn while the deck lasts (an empty deck announces trigger A); an empty
position costs 2 coins, gives no card and moves no marker, and is refused for Aedilis and
Mercator. Aedilis ``gain`` must total 4; Mercator ``gain`` (the purchase) at most 4, with
its price entered as negative ``coins``; Propraetor ``gain`` at most 3, or at most 2 when
``influence`` is gained. Training puts the worker on the player's board (enter its cost
as negative ``coins``); if unused by the end of the action phase it returns to hand with
1 VP. In final actions ``worker`` is any number 1–5 and the hand is not touched.

``pass`` — action phase: done for this round (a player with no worker left passes
automatically). Final actions: skip the last action. Payload ``{}``.

``take_back`` — refill phase, only the player called (from the last in turn order
upwards, skipping players with five). ``{"area": S}`` with S a board space; all its
workers come back, or, when they would not fit, ``"workers": [..]`` names the ones taken.

``row_not_refilled`` — refill phase, by the table (player may be null).
``{"row": "aedificator" | "legatus" | "senatus"}``: trigger B, final actions begin.

``workers`` — turn-order phase, each player in any order (re-entering replaces).
``{"numbers": [1, 2, 2, 4, 5]}`` (five numbers 1–5; no value more than five times across
the table) or ``{"sum": 14}``. When all have entered, the new order is computed: lowest sum
first, tied players in the reverse of their previous order.

``overflow`` — any time, by the player concerned. ``{"resource": "wood", "surplus": 1,
"sell": 0}``: resources gained beyond the cap of 3 go into surplus and/or are sold at
3/1/3/1/2/2. Nothing else moves on while some player has overflow pending.

``effect`` — any time: what a card does outside the action just recorded (set bonus,
patron power) or a correction. Effect fields only.

Effect fields: ``gain``/``pay``/``sell`` (``{"wood": 2, ...}``; ``sell`` only at the Mercator
or in ``effect``), ``coins``, ``surplus``, ``vp`` (score track), ``political`` (signed
integers), ``influence`` (``{"2": 3}``: region position -> influence gained). Coins,
resources, surplus and VP never go negative (the action is refused with the reason);
political influence stops at 30 and every point beyond gives 2 VP at once; a cube landing
on another player's cube drops one space at a time, the excess influence is lost.

What the table screen shows
---------------------------
``status_line(state)``; ``state.order`` (turn order, ``current_player`` highlighted) and
``turn_order_explanation(state)``; per player ``state.seats[i]``: ``coins``, ``resources``
(aligned with ``RESOURCES``), ``surplus``, ``political`` (``patron_slots``), ``track_vp``,
``hand``, ``trained``, ``passed``, and ``pending_overflow(state, i)`` (with
``sale_value(resource)`` on the sell button); per region
``state.regions[p - 1]``: ``card`` (``fresh``/``slid``/``empty``), ``marker``, ``cubes[i]``
(0 = none) and ``region_use_preview(state, p)``; ``state.deck``; ``state.area(space)`` for
workers on the board; ``state.end_trigger``; ``state.notice`` (what the companion just did
on its own); ``refill_reminders(state)`` in the refill phase; ``actions_for(state, i)`` and
``usable_workers(state, i)`` for the buttons; ``region_push_down(state)`` at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.ave_roma.model import (
    ACTION,
    CARD_ROWS,
    EMPTY,
    FINAL,
    FRESH,
    OVER,
    REFILL,
    REGION_COUNT,
    REGION_FEE,
    RESOURCES,
    SALE_VALUES,
    SETUP,
    TRIGGER_DECK,
    TURN_ORDER,
    AveRomaState,
    Region,
    Seat,
    space_label,
)
from companion.games.ave_roma.order import describe_order
from companion.games.ave_roma.play import (
    acting_player,
    choose_start,
    convert_overflow,
    enter_workers,
    other_effect,
    pass_turn,
    place,
    row_not_refilled,
    take_back,
)
from companion.games.ave_roma.scoring import (
    FinalRecord,
    PushedCube,
    RegionFinal,
    push_down,
    score_json,
    score_table,
)
from companion.games.base import Action, EntryField, PlayerInfo, Rejected, ScoreResult
from companion.i18n import _

DEFAULT_REGION_DECK = 25  # 30 region cards in the box, five laid out at set-up

PlayerReducer = Callable[[AveRomaState, int, Mapping[str, Any]], AveRomaState]

PLAYER_ACTIONS: dict[str, PlayerReducer] = {
    "choose_start": choose_start,
    "place": place,
    "pass": lambda state, player, _payload: pass_turn(state, player),
    "take_back": take_back,
    "workers": enter_workers,
    "overflow": convert_overflow,
    "effect": other_effect,
}


def _checked_options(options: Mapping[str, Any], players: int) -> tuple[int, tuple[int, ...],
                                                                         int | None,
                                                                         tuple[int, ...]]:
    deck = options.get("region_deck_size", DEFAULT_REGION_DECK)
    if isinstance(deck, bool) or not isinstance(deck, int) or deck < 0:
        raise Rejected(_("The region deck size must be a whole number of cards, 0 or more."))
    markers = options.get("region_markers", [0] * REGION_COUNT)
    if (not isinstance(markers, list | tuple) or len(markers) != REGION_COUNT
            or any(isinstance(m, bool) or not isinstance(m, int) or m < 0 for m in markers)):
        raise Rejected(_("Give the five brown markers' starting levels, e.g. [0, 0, 0, 0, 0]."))
    cap = options.get("surplus_cap")
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 2):
        raise Rejected(_("The surplus cap must be a whole number of at least 2 (surplus starts "
                         "at 2), or empty to leave it to the table."))
    order = options.get("turn_order")
    if order is None:
        order = list(range(players))
    if (not isinstance(order, list | tuple)
            or any(isinstance(p, bool) or not isinstance(p, int) for p in order)
            or sorted(order) != list(range(players))):
        raise Rejected(_("The first turn order must list every player index once, e.g. "
                         "[2, 0, 1]."))
    return deck, tuple(markers), cap, tuple(order)


class AveRomaRules:
    """The Ave Roma module as the session, the UI and ``companion score`` see it."""

    key = "ave-roma"
    title = "Ave Roma"
    min_players = 2
    max_players = 5

    def default_options(self) -> dict[str, Any]:
        return {"region_deck_size": DEFAULT_REGION_DECK, "region_markers": [0] * REGION_COUNT,
                "surplus_cap": None, "turn_order": None}

    def setup(self, players: Sequence[PlayerInfo], options: Mapping[str, Any]) -> AveRomaState:
        if not self.min_players <= len(players) <= self.max_players:
            raise Rejected(_("Ave Roma is for 2 to 5 players, not {count}.").format(
                count=len(players)))
        names = [p.name for p in players]
        if len(set(names)) != len(names):
            raise Rejected(_("Two players have the same name; give each a different one."))
        deck, markers, cap, order = _checked_options(options, len(players))
        cubes = (0,) * len(players)
        return AveRomaState(
            seats=tuple(Seat(name) for name in names),
            regions=tuple(Region(FRESH, marker, cubes) for marker in markers),
            deck=deck, order=order, surplus_cap=cap)

    def apply(self, state: AveRomaState, action: Action) -> AveRomaState:
        if state.phase == OVER and action.type not in ("effect", "overflow"):
            raise Rejected(_("The game is over; only corrections before the final scoring are "
                             "possible."))
        if action.type == "row_not_refilled":
            return row_not_refilled(state, action.payload)
        reducer = PLAYER_ACTIONS.get(action.type)
        if reducer is None:
            raise Rejected(_("Ave Roma has no action {kind!r}.").format(kind=action.type))
        player = action.player
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < len(state.seats):
            raise Rejected(_("The action {kind!r} needs the player who takes it.").format(
                kind=action.type))
        return reducer(state, player, action.payload)

    def current_player(self, state: AveRomaState) -> int | None:
        return acting_player(state)

    def turn_order(self, state: AveRomaState) -> list[int]:
        return list(state.order)

    def status_line(self, state: AveRomaState) -> str:
        player = acting_player(state)
        who = "" if player is None else state.name(player)
        if state.phase == SETUP:
            line = _("Set-up · {name} chooses two starting resources").format(name=who)
        elif state.phase == ACTION:
            line = _("Round {round} · Action phase · {name} to act").format(
                round=state.round, name=who)
        elif state.phase == REFILL:
            line = _("Round {round} · Refill phase · {name} takes back workers").format(
                round=state.round, name=who)
        elif state.phase == TURN_ORDER:
            line = _("Round {round} · Turn-order phase · enter the workers in hand").format(
                round=state.round)
        elif state.phase == FINAL:
            line = _("Game end · Final actions · {name} takes one last action").format(name=who)
        else:
            return _("Game over · Final scoring")
        if state.end_trigger == TRIGGER_DECK and state.phase == ACTION:
            line += _(" · Last round: the region deck is empty")
        return line

    def is_over(self, state: AveRomaState) -> bool:
        return state.phase == OVER

    def endgame_fields(self, state: AveRomaState) -> list[EntryField]:
        return [EntryField(key=f"{i}.patron_vp",
                           label=_("{name}: patron card points").format(name=seat.name),
                           player=i)
                for i, seat in enumerate(state.seats)]

    def final_score(self, state: AveRomaState, entries: Mapping[str, int]) -> ScoreResult:
        if state.phase != OVER:
            raise Rejected(_("The game has not ended yet: finish the final actions first."))
        records = []
        for i, seat in enumerate(state.seats):
            if seat.has_overflow:
                raise Rejected(_("{name} still has resources over the cap to put into surplus "
                                 "or sell.").format(name=seat.name))
            patron = entries.get(f"{i}.patron_vp", 0)
            if isinstance(patron, bool) or not isinstance(patron, int) or patron < 0:
                raise Rejected(_("{name}'s patron points must be a whole number, 0 or more.")
                               .format(name=seat.name))
            records.append(FinalRecord(seat.name, seat.coins, seat.resource_total,
                                       seat.surplus, patron, seat.political, seat.track_vp))
        regions = [RegionFinal(r.marker, r.cubes) for r in state.regions]
        return score_table(records, regions)

    def score_input(self, data: Mapping[str, Any]) -> ScoreResult:
        return score_json(data)


RULES = AveRomaRules()


# --- helpers for the table screen ----------------------------------------------------------

def actions_for(state: AveRomaState, player: int) -> list[str]:
    """The action types ``player`` can send right now (buttons to offer)."""
    seat = state.seat(player)
    if seat.has_overflow:
        return ["overflow", "effect"]
    if state.phase == OVER:
        return ["effect"]
    if any(s.has_overflow for s in state.seats):
        return ["effect"]
    mine = acting_player(state) == player
    kinds: list[str] = []
    if state.phase == SETUP and not seat.chose_start:
        kinds.append("choose_start")
    elif state.phase in (ACTION, FINAL) and mine:
        kinds += ["place", "pass"]
    elif state.phase == REFILL and mine:
        kinds.append("take_back")
    elif state.phase == TURN_ORDER:
        kinds.append("workers")
    return [*kinds, "effect"]


def usable_workers(state: AveRomaState, player: int) -> tuple[int, ...]:
    """Worker numbers the player may place now (the trained one shown separately)."""
    if state.phase == FINAL:
        return (1, 2, 3, 4, 5)
    if state.phase != ACTION:
        return ()
    return tuple(sorted(set(state.seat(player).hand)))


def region_use_preview(state: AveRomaState, position: int) -> str:
    """What using region position ``position`` (1–5) would do now, in words."""
    region = state.regions[position - 1]
    if region.card == FRESH:
        return _("First use: the card slides up; nothing to pay.")
    if region.card == EMPTY:
        return _("No card: pays {fee} coins, no card, the marker stays (Aedilis and Mercator "
                 "refused).").format(fee=REGION_FEE)
    return _("Second use: pay {fee} coins at the end, take the card, marker to {level}.").format(
        fee=REGION_FEE, level=region.marker + 1)


def pending_overflow(state: AveRomaState, player: int) -> dict[str, int]:
    """Resources over the cap the player still has to put into surplus or sell."""
    seat = state.seat(player)
    return {r: n for r, n in zip(RESOURCES, seat.overflow, strict=True) if n}


def sale_value(resource: str) -> int:
    """Coins for selling one ``resource``."""
    return SALE_VALUES[resource]


def refill_reminders(state: AveRomaState) -> list[str]:
    """What the table does with the card rows before taking back workers."""
    if state.phase != REFILL:
        return []
    notes = []
    for row in CARD_ROWS:
        if row not in state.rows_taken:
            notes.append(_("Nobody took a {row} card this round: remove its rightmost card, then "
                           "refill.").format(row=space_label(row)))
    notes.append(_("Refill the Aedificator, Legatus and Senatus rows; if one cannot be filled, "
                   "the game ends."))
    return notes


def turn_order_explanation(state: AveRomaState) -> str:
    """How the current order came about: "Livia (9), Marcus (12)" and who starts."""
    if not state.previous_order:
        return _("First round: {order}.").format(
            order=", ".join(state.name(p) for p in state.order))
    return _("Lowest sum first, ties reverse the previous order: {order}. {name} starts.").format(
        order=describe_order(state.order, state.seats), name=state.name(state.order[0]))


def region_push_down(state: AveRomaState) -> list[tuple[PushedCube, ...]]:
    """The final push-down of each region, top cube first (for the score screen)."""
    return [push_down(r.marker, r.cubes) for r in state.regions]

