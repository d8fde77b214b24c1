"""Ave Roma (2–5 players): worker-sum turn order, region-card sliding, influence, scoring.

The companion keeps each player's board (coins, six resources capped at 3, surplus,
political influence, score-track VP, region cubes), the five region positions (card
fresh / slid / empty, brown marker, cubes), the region deck count, the shared numbered
workers (in hand, on each board space, on training) and the round's phases. Card texts
are not modelled: what a card, set bonus, patron or Rome space gives is entered by the
table as numbers in the action payload and checked against what the rules do know.

Phases: ``setup`` (each player picks two starting resources) -> per round ``action`` ->
``refill`` (every round: the card rows, then the take-backs) -> ``turn_order`` (worked
out from the tracked hands, confirmed once) -> next round; once the game ends (trigger A:
the region deck runs out in the action phase - the take that draws its last card, or finds
it empty - announced at once, ending after that action phase; trigger B: a card row could
not be refilled, ending at once) ->
``final`` (one last action per player in turn order, worker numbers ignored) -> ``over``
(final scoring). The table may also end the game where it is and score it (``end_here``).

Tracking level (option ``tracking``): ``essentials`` (the default) records each placement
as space + worker, runs the sliding, the take-backs, the turn order and the influence
cubes, and says every payment and gain as a step for the players (``state.notice``); coins,
resources, surplus and score-track VP stay on the players' boards and are entered at the
final scoring. ``full`` also keeps every supply with its checks.

Numbers the seed leaves to the table: political influence points are entered at the end,
the default being one point per political space, at most 30 (the digest's reading of
"score the political influence from the player board, at most 30"); region points follow
option ``region_scoring``: ``level`` (default: the level after the push-down, 1 for a cube
pushed off, the seed's "score by your current influence") or ``table`` (the table enters
each player's region points, for the other side of the area-scoring card).

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
  with ``"acts_as": M`` the number it counts as this time: its own, one more or one less,
  within 1–5 (``trained_numbers``);
  ``"slot": K`` — the number printed on the Aedificator/Legatus/Senatus space used: the
  worker's number must be K or lower (``card_row_spaces``); the table screen always sends
  it, asking only when more than one space fits; ignored in final actions;
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

``place`` in essentials carries only ``space``, ``worker`` (and ``trained``/``acts_as``),
optionally ``slot``, ``political``, ``influence`` and the Propraetor's ``bonus``; supply
fields are refused there. ``bonus`` ("resource" or "influence") is the Propraetor's one
choice: 2 row resources (none at a position with no card) plus 1 more, or influence.

``pass`` — action phase: done for this round (a player with no worker left passes
automatically). Final actions: skip the last action. Payload ``{}``.

``take_back`` — refill phase, only the player called (from the last in turn order
upwards, skipping players with five). ``{"area": S}`` with S a board space; all its
workers come back, or, when they would not fit, ``"workers": [..]`` names the ones taken.

The first take-back also says the card rows were refilled.

``rows_refilled`` — refill phase, by the table: the rows are refilled (needed when nobody
has workers to take back). ``row_not_refilled`` — refill or turn-order phase, by the
table. ``{"row": "aedificator" | "legatus" | "senatus"}``: trigger B, final actions begin.

``confirm_order`` — turn-order phase, by the table: the order worked out from the hands
(lowest sum first, tied players in the reverse of their previous order) starts the round.
``workers`` — optional check by a player: ``{"numbers": [1, 2, 2, 4, 5]}`` or
``{"sum": 14}``, refused when it contradicts the tracked hand (both shown) or holds more
workers of a value than there are players; when everyone has checked, the round starts.

``end_here`` — any time after set-up, by the table: the game ends now and is scored.

``overflow`` — any time, by the player concerned. ``{"resource": "wood", "surplus": 1,
"sell": 0}``: resources gained beyond the cap of 3 go into surplus and/or are sold at
3/1/3/1/2/2. Nothing else moves on while some player has overflow pending.

``effect`` — any time: what a card does outside the action just recorded (set bonus,
patron power) or a correction. Effect fields only.

Effect fields: ``gain``/``pay``/``sell`` (``{"wood": 2, ...}``; ``sell`` only at the Mercator
or in ``effect``), ``coins``, ``surplus``, ``vp`` (score track), ``political`` (signed
integers), ``influence`` (``{"2": 3}``: region position -> influence gained). Coins,
resources, surplus and VP never go negative (the action is refused with the reason);
political influence stops at 30 and every point beyond gives 2 VP at once (said in
``notice`` and ``alert``, since with essentials the score track is the players'); a cube landing
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
from dataclasses import replace
from typing import Any

from companion.core.i18n import _, ngettext
from companion.games.ave_roma.model import (
    ACTION,
    CARD_ROWS,
    EMPTY,
    ESSENTIALS,
    FINAL,
    FRESH,
    FULL,
    OVER,
    POLITICAL_CAP,
    REFILL,
    REGION_BY_LEVEL,
    REGION_BY_TABLE,
    REGION_COUNT,
    REGION_FEE,
    REGION_SCORINGS,
    RESOURCE_CAP,
    RESOURCES,
    SALE_VALUES,
    SETUP,
    TRACKING_LEVELS,
    TRIGGER_DECK,
    TRIGGER_TABLE,
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
    confirm_order,
    convert_overflow,
    end_here,
    enter_workers,
    other_effect,
    pass_turn,
    place,
    row_not_refilled,
    rows_refilled,
    take_back,
)
from companion.games.ave_roma.rescore import correctable, entries_of, rescore
from companion.games.ave_roma.scoring import (
    FinalRecord,
    PushedCube,
    RegionFinal,
    push_down,
    score_json,
    score_table,
)
from companion.games.base import Action, EntryField, PlayerInfo, Rejected, ScoreResult

DEFAULT_REGION_DECK = 25  # 30 region cards in the box, five laid out at set-up

PlayerReducer = Callable[[AveRomaState, int, Mapping[str, Any]], AveRomaState]
TableReducer = Callable[[AveRomaState, Mapping[str, Any]], AveRomaState]

PLAYER_ACTIONS: dict[str, PlayerReducer] = {
    "choose_start": choose_start,
    "place": place,
    "pass": lambda state, player, _payload: pass_turn(state, player),
    "take_back": take_back,
    "workers": enter_workers,
    "overflow": convert_overflow,
    "effect": other_effect,
}

#: actions the table takes as a whole (``player`` may be null)
TABLE_ACTIONS: dict[str, TableReducer] = {
    "row_not_refilled": row_not_refilled,
    "rows_refilled": rows_refilled,
    "confirm_order": confirm_order,
    "end_here": end_here,
}

#: what every player brings to the final scoring when the supplies stay on the boards
ESSENTIALS_FINAL_FIELDS: tuple[str, ...] = ("coins", "resources", "surplus", "track_vp")


def _checked_levels(options: Mapping[str, Any]) -> tuple[str, str]:
    tracking = options.get("tracking", ESSENTIALS)
    if tracking not in TRACKING_LEVELS:
        raise Rejected(_("The tracking level must be 'essentials' or 'full'."))
    scoring = options.get("region_scoring", REGION_BY_LEVEL)
    if scoring not in REGION_SCORINGS:
        raise Rejected(_("Region scoring must be 'level' (influence level after the "
                         "push-down) or 'table' (the table enters the points)."))
    return str(tracking), str(scoring)


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
        return {"tracking": ESSENTIALS, "region_deck_size": DEFAULT_REGION_DECK,
                "region_markers": [0] * REGION_COUNT, "surplus_cap": None, "turn_order": None,
                "region_scoring": REGION_BY_LEVEL}

    def setup(self, players: Sequence[PlayerInfo], options: Mapping[str, Any]) -> AveRomaState:
        if not self.min_players <= len(players) <= self.max_players:
            raise Rejected(_("Ave Roma is for 2 to 5 players, not {count}.").format(
                count=len(players)))
        names = [p.name for p in players]
        if len(set(names)) != len(names):
            raise Rejected(_("Two players have the same name; give each a different one."))
        deck, markers, cap, order = _checked_options(options, len(players))
        tracking, region_scoring = _checked_levels(options)
        cubes = (0,) * len(players)
        return AveRomaState(
            seats=tuple(Seat(name) for name in names),
            regions=tuple(Region(FRESH, marker, cubes) for marker in markers),
            deck=deck, order=order, surplus_cap=cap, tracking=tracking,
            region_scoring=region_scoring,
            # the starting resources only matter where the supplies are tracked
            phase=SETUP if tracking == FULL else ACTION)

    def apply(self, state: AveRomaState, action: Action) -> AveRomaState:
        if state.phase == OVER and action.type not in ("effect", "overflow"):
            raise Rejected(_("The game is over; only corrections before the final scoring are "
                             "possible."))
        if state.alert:
            state = replace(state, alert="")  # said once, by the move that caused it
        table_reducer = TABLE_ACTIONS.get(action.type)
        if table_reducer is not None:
            return table_reducer(state, action.payload)
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
        """This round's order; in the turn-order phase, the one the next round will have."""
        if state.phase == TURN_ORDER and state.proposed_order:
            return list(state.proposed_order)
        return list(state.order)

    def status_line(self, state: AveRomaState) -> str:
        # resources over the cap come first: the one who must convert them is the one to act
        player = next((i for i, seat in enumerate(state.seats) if seat.has_overflow),
                      acting_player(state))
        who = "" if player is None else state.name(player)
        if state.phase == SETUP:
            line = _("Set-up · {name} chooses two starting resources").format(name=who)
        elif state.phase == ACTION and state.end_trigger == TRIGGER_DECK:
            # the last round says so instead of the phase: a line no longer than the others
            line = _("Round {round} · Last round · {name} to act").format(
                round=state.round, name=who)
        elif state.phase == ACTION:
            line = _("Round {round} · Action phase · {name} to act").format(
                round=state.round, name=who)
        elif state.phase == REFILL and player is not None:
            line = _("Round {round} · Refill phase · {name} takes back workers").format(
                round=state.round, name=who)
        elif state.phase == REFILL:
            line = _("Round {round} · Refill phase · refill the card rows").format(
                round=state.round)
        elif state.phase == TURN_ORDER:
            line = _("Round {round} · Turn-order phase").format(round=state.round)
        elif state.phase == FINAL:
            line = _("Final actions · {name} to act").format(name=who)
        elif state.end_trigger == TRIGGER_TABLE:
            return _("Game ended by the table · Final scoring")
        else:
            return _("Game over · Final scoring")
        return line

    def is_over(self, state: AveRomaState) -> bool:
        return state.phase == OVER

    def endgame_fields(self, state: AveRomaState) -> list[EntryField]:
        """Patron and political points always; the supplies too with essentials tracking;
        region points when the table scores the regions itself."""
        labels = {"coins": _("{name}: coins"), "resources": _("{name}: resources"),
                  "surplus": _("{name}: surplus"), "track_vp": _("{name}: VP on the score track"),
                  "patron_vp": _("{name}: patron card points"),
                  "political_vp": _("{name}: political influence points"),
                  "region_vp": _("{name}: region points")}
        keys = ["patron_vp", "political_vp"]
        if state.tracking == ESSENTIALS:
            keys = [*ESSENTIALS_FINAL_FIELDS, *keys]
        if state.region_scoring == REGION_BY_TABLE:
            keys.append("region_vp")
        limits = {"resources": len(RESOURCES) * RESOURCE_CAP, "political_vp": POLITICAL_CAP}
        fields = []
        for i, seat in enumerate(state.seats):
            for key in keys:
                default = min(seat.political, POLITICAL_CAP) if key == "political_vp" else 0
                fields.append(EntryField(key=f"{i}.{key}", label=labels[key].format(
                    name=seat.name), player=i, maximum=limits.get(key, 999), default=default))
        return fields

    def final_score(self, state: AveRomaState, entries: Mapping[str, int]) -> ScoreResult:
        records, regions, region_points = self._final_records(state, entries)
        return score_table(records, regions, region_points)

    def final_entries(self, state: AveRomaState, entries: Mapping[str, int]) -> dict[str, Any]:
        return entries_of(*self._final_records(state, entries))

    def rescore(self, entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
        return rescore(entries, names)

    def correctable(self, entries: Mapping[str, Any], player: int) -> list[EntryField]:
        return correctable(entries, player)

    def _final_records(self, state: AveRomaState, entries: Mapping[str, int]
                       ) -> tuple[list[FinalRecord], list[RegionFinal], list[int] | None]:
        """The final records, the regions and the table's region points (checked)."""
        if state.phase != OVER:
            raise Rejected(_("The game has not ended yet: finish the final actions first."))
        fields = {f.key: f for f in self.endgame_fields(state)}
        records = []
        region_points: list[int] = []
        for i, seat in enumerate(state.seats):
            if seat.has_overflow:
                raise Rejected(_("{name} still has resources over the cap to put into surplus "
                                 "or sell.").format(name=seat.name))

            def entered(key: str, seat: Seat = seat, i: int = i) -> int:
                field = fields[f"{i}.{key}"]
                value = entries.get(field.key, field.default)
                if isinstance(value, bool) or not isinstance(value, int) \
                        or not field.minimum <= value <= field.maximum:
                    raise Rejected(_("{label} must be a whole number from {low} to "
                                     "{high}.").format(label=field.label, low=field.minimum,
                                                       high=field.maximum))
                return value

            if state.tracking == ESSENTIALS:
                supplies = (entered("coins"), entered("resources"), entered("surplus"),
                            entered("track_vp"))
            else:
                supplies = (seat.coins, seat.resource_total, seat.surplus, seat.track_vp)
            coins, resources, surplus, track_vp = supplies
            records.append(FinalRecord(seat.name, coins, resources, surplus,
                                       entered("patron_vp"), entered("political_vp"),
                                       track_vp))
            if state.region_scoring == REGION_BY_TABLE:
                region_points.append(entered("region_vp"))
        regions = [RegionFinal(r.marker, r.cubes) for r in state.regions]
        return records, regions, region_points or None

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
    if state.phase != REFILL or state.rows_refilled:
        return []
    untouched = [space_label(row) for row in CARD_ROWS if row not in state.rows_taken]
    notes = []
    if untouched:
        notes.append(ngettext("Nobody took a card from {rows}: remove its rightmost card.",
                              "Nobody took a card from {rows}: remove each row's rightmost card.",
                              len(untouched)).format(rows=", ".join(untouched)))
    notes.append(_("Refill the Aedificator, Legatus and Senatus rows; if one cannot be filled, "
                   "the game ends."))
    return notes


def turn_order_explanation(state: AveRomaState) -> str:
    """How the order came about: "Livia (9), Marcus (12)" and who starts."""
    if state.phase == TURN_ORDER:
        return _("Lowest sum in hand first, ties reverse the previous order: {order}.").format(
            order=describe_order(state.proposed_order, state.seats))
    if not state.previous_order or not state.order_sums:
        return _("First round: {order}.").format(
            order=", ".join(state.name(p) for p in state.order))
    order = ", ".join(_("{name} ({total})").format(name=state.name(p),
                                                   total=state.order_sums[p])
                      for p in state.order)
    return _("Lowest sum first, ties reverse the previous order: {order}. {name} starts.").format(
        order=order, name=state.name(state.order[0]))


def region_push_down(state: AveRomaState) -> list[tuple[PushedCube, ...]]:
    """The final push-down of each region, top cube first (for the score screen)."""
    return [push_down(r.marker, r.cubes) for r in state.regions]

