"""Ave Roma: the reducers behind each action type, one function per type.

Each takes the state, the acting player and the payload and returns a new state or
raises Rejected; nothing here mutates its input. ``ave_roma.py`` dispatches to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.i18n import _
from companion.games.ave_roma.effects import (
    Effects,
    apply_effects,
    checked_seat,
    parse_effects,
    political_beyond_cap,
    resolve_overflow,
    whole_number,
)
from companion.games.ave_roma.model import (
    ACTION,
    AEDILIS_RESOURCES,
    BOARD_SPACES,
    CARD_REQUIRED_SPACES,
    CARD_ROWS,
    EMPTY,
    FINAL,
    FRESH,
    MERCATOR_MAX_PURCHASE,
    OVER,
    PROPRAETOR_ROW_RESOURCES,
    QUAESTOR_COINS_PER_PIP,
    REFILL,
    REGION_FEE,
    REGION_SPACES,
    RESOURCES,
    SETUP,
    SLID,
    SPACES,
    START_RESOURCE_AMOUNT,
    START_RESOURCE_CHOICES,
    TRAINING,
    TRAINING_VP,
    TRIGGER_DECK,
    TRIGGER_ROW,
    TRIGGER_TABLE,
    TURN_ORDER,
    WORKER_VALUES,
    WORKERS_PER_PLAYER,
    AveRomaState,
    Region,
    card_row_spaces,
    resource_label,
    space_label,
    trained_numbers,
)
from companion.games.ave_roma.order import (
    check_against_hand,
    check_value_supply,
    checked_numbers,
    checked_sum,
    hand_order,
    refill_caller,
)
from companion.games.ave_roma.steps import region_step, space_step
from companion.games.base import Rejected


def acting_player(state: AveRomaState) -> int | None:
    """Whose move the companion is waiting for (None: the table's)."""
    if state.phase == SETUP:
        return next((i for i, s in enumerate(state.seats) if not s.chose_start), None)
    if state.phase in (ACTION, FINAL):
        return state.order[state.cursor]
    if state.phase == REFILL:
        return refill_caller(state.order, state.cursor, state.seats)
    return None


def require_phase(state: AveRomaState, *phases: str) -> None:
    if state.phase not in phases:
        raise Rejected(_("That is not possible now: the game is in the {phase}.").format(
            phase=phase_label(state.phase)))


def require_turn(state: AveRomaState, player: int) -> None:
    expected = acting_player(state)
    if expected is not None and expected != player:
        raise Rejected(_("It is {name}'s turn, not {other}'s.").format(
            name=state.name(expected), other=state.name(player)))


def require_no_overflow(state: AveRomaState) -> None:
    for seat in state.seats:
        for resource, amount in zip(RESOURCES, seat.overflow, strict=True):
            if amount:
                raise Rejected(_("{name} first has to put {amount} {resource} over the cap into "
                                 "surplus or sell it.").format(
                    name=seat.name, amount=amount, resource=resource_label(resource)))


def phase_label(phase: str) -> str:
    labels = {SETUP: _("set-up"), ACTION: _("action phase"), REFILL: _("refill phase"),
              TURN_ORDER: _("turn-order phase"), FINAL: _("final actions"),
              OVER: _("final scoring")}
    return labels.get(phase, phase)


# --- set-up --------------------------------------------------------------------------------

def choose_start(state: AveRomaState, player: int, payload: Mapping[str, Any]) -> AveRomaState:
    """A player picks the two resources that start at 2."""
    require_phase(state, SETUP)
    seat = state.seat(player)
    if seat.chose_start:
        raise Rejected(_("{name} has already chosen starting resources; undo to change them.")
                       .format(name=seat.name))
    chosen = payload.get("resources")
    if (not isinstance(chosen, list) or len(chosen) != START_RESOURCE_CHOICES
            or len(set(map(str, chosen))) != START_RESOURCE_CHOICES
            or any(r not in RESOURCES for r in chosen)):
        raise Rejected(_("Choose two different resources to start at 2, from: {known}.").format(
            known=", ".join(RESOURCES)))
    start = Effects(gain=tuple(START_RESOURCE_AMOUNT if r in chosen else 0 for r in RESOURCES))
    seat = checked_seat(seat, start, surplus_cap=state.surplus_cap)  # on top of any effect
    state = state.with_seat(player, replace(seat, chose_start=True))
    if all(s.chose_start for s in state.seats):
        state = replace(state, phase=ACTION)
    return state


# --- action phase and final actions ---------------------------------------------------------

def _worker_for(state: AveRomaState, player: int, payload: Mapping[str, Any],
                space: str) -> tuple[int, int | None, bool]:
    """(number the worker counts as, physical worker leaving the hand, from training?)."""
    seat = state.seat(player)
    if state.phase == FINAL:
        if space == TRAINING:
            raise Rejected(_("Training only pays off in a later turn; the final action must "
                             "use another space."))
        return whole_number(payload, "worker", minimum=1, maximum=5), None, False
    if payload.get("trained"):
        if seat.trained is None:
            raise Rejected(_("{name} has no worker on the training space.").format(
                name=seat.name))
        if space == TRAINING:
            raise Rejected(_("The trained worker must go to another space."))
        number = whole_number(payload, "acts_as", default=seat.trained, minimum=1, maximum=5)
        allowed = trained_numbers(seat.trained)
        if number not in allowed:
            raise Rejected(_("A trained worker counts 1 more, 1 less or as it is: {name}'s "
                             "trained {worker} may count as {allowed}, not {number}.").format(
                name=seat.name, worker=seat.trained, number=number,
                allowed=_(" or ").join(map(str, allowed))))
        return number, seat.trained, True
    worker = whole_number(payload, "worker", minimum=1, maximum=5)
    if worker not in seat.hand:
        held = ", ".join(map(str, seat.hand)) or _("none")
        raise Rejected(_("{name} holds no worker numbered {worker} (in hand: {held}).").format(
            name=seat.name, worker=worker, held=held))
    if space == TRAINING and seat.trained is not None:
        raise Rejected(_("{name}'s training space is taken until that worker is used.").format(
            name=seat.name))
    return worker, worker, False


def _refuse_supplies(state: AveRomaState, effects: Effects) -> None:
    """With essentials tracking the supplies stay on the boards and are counted at the end."""
    if state.tracks_supplies:
        return
    if any(effects.gain) or any(effects.pay) or any(effects.sell) or effects.coins \
            or effects.surplus or effects.vp:
        raise Rejected(_("This game tracks the essentials: coins, resources, surplus and "
                         "score-track VP stay on the players' boards and are entered at the "
                         "final scoring."))


#: the rows whose cards (buildings, military) give the Propraetor's influence
INFLUENCE_CARD_ROWS = frozenset({"aedificator", "legatus"})


def _propraetor_bonus(payload: Mapping[str, Any], effects: Effects) -> str:
    """The Propraetor's one choice: "resource" (one more) or "influence" (through cards)."""
    bonus = payload.get("bonus")
    if bonus is None:
        return "influence" if effects.influence else "resource"
    if bonus not in ("resource", "influence"):
        raise Rejected(_("'bonus' must be 'resource' (1 more resource) or 'influence' "
                         "(through building and military cards)."))
    if bonus == "resource" and effects.influence:
        raise Rejected(_("The Propraetor gives either 1 more resource or influence through "
                         "cards, not both; the extra resource was chosen."))
    return str(bonus)


def _check_space_rules(state: AveRomaState, space: str, number: int,
                       payload: Mapping[str, Any], effects: Effects) -> None:
    _refuse_supplies(state, effects)
    gained = sum(effects.gain)
    if any(effects.sell) and space != "mercator":
        raise Rejected(_("Resources are sold at the Mercator; resources over the cap are "
                         "converted with the overflow action."))
    if space in CARD_ROWS and state.phase != FINAL and "slot" in payload:
        slot = whole_number(payload, "slot", minimum=1, maximum=5)
        if slot not in card_row_spaces(number):
            raise Rejected(_("That {space} space takes workers numbered {slot} or lower, not "
                             "{number}.").format(space=space_label(space), slot=slot,
                                                 number=number))
    empty = state.regions[number - 1].card == EMPTY
    if space in CARD_REQUIRED_SPACES and empty:
        raise Rejected(_("{space} needs a region card at position {position}, and it is empty; "
                         "use a worker with another number.").format(
            space=space_label(space), position=number))
    if space == "propraetor":
        bonus = _propraetor_bonus(payload, effects)
        row = 0 if empty else PROPRAETOR_ROW_RESOURCES
        limit = row + (1 if bonus == "resource" else 0)
        if state.tracks_supplies and gained > limit:
            if empty:
                raise Rejected(_("Region position {position} has no card, so the Propraetor "
                                 "gives no row resources: at most {limit} here, not "
                                 "{given}.").format(position=number, limit=limit,
                                                    given=gained))
            raise Rejected(_("The Propraetor gives {row} resources from a card row plus either "
                             "1 more resource or influence: at most {limit} here, not "
                             "{given}.").format(row=row, limit=limit, given=gained))
    if not state.tracks_supplies:
        return
    if space == "aedilis" and gained != AEDILIS_RESOURCES:
        raise Rejected(_("Aedilis gives the {count} resources shown on the region card; "
                         "{given} were entered.").format(count=AEDILIS_RESOURCES, given=gained))
    if space == "mercator" and gained > MERCATOR_MAX_PURCHASE:
        raise Rejected(_("The Mercator buys at most {count} resources, not {given}.").format(
            count=MERCATOR_MAX_PURCHASE, given=gained))


def _use_region(state: AveRomaState, position: int) -> tuple[AveRomaState, int, list[str]]:
    """Slide or take the card at ``position``; returns the state, the fee and the steps."""
    region = state.regions[position - 1]
    if region.card == FRESH:
        state = state.with_region(position, replace(region, card=SLID))
        return state, 0, [region_step(FRESH, position, region.marker, False)]
    if region.card == EMPTY:
        return state, REGION_FEE, [region_step(EMPTY, position, region.marker, False)]
    drawn = state.deck > 0
    taken = Region(FRESH if drawn else EMPTY, region.marker + 1, region.cubes)
    state = replace(state.with_region(position, taken), deck=state.deck - 1 if drawn else 0)
    steps = [region_step(SLID, position, taken.marker, drawn)]
    # the seed: the game ends when the region cards run out in the action phase, so the
    # take that draws the last card triggers it (as does one that finds the deck empty)
    if state.deck == 0 and state.end_trigger is None and state.phase == ACTION:
        state = replace(state, end_trigger=TRIGGER_DECK)
        steps.append(_("The region deck is empty: the game ends after this action phase, "
                       "then every player takes one final action."))
    return state, REGION_FEE, steps


def place(state: AveRomaState, player: int, payload: Mapping[str, Any]) -> AveRomaState:
    """A worker goes to an action space (or a final action is taken)."""
    require_phase(state, ACTION, FINAL)
    require_no_overflow(state)
    require_turn(state, player)
    space = payload.get("space")
    if space not in SPACES:
        raise Rejected(_("'space' must be one of: {spaces}.").format(spaces=", ".join(SPACES)))
    number, worker, from_training = _worker_for(state, player, payload, space)
    effects = parse_effects(payload)
    _check_space_rules(state, space, number, payload, effects)
    income = QUAESTOR_COINS_PER_PIP * number if space == "quaestor" else 0
    fee = 0
    bonus = _propraetor_bonus(payload, effects) if space == "propraetor" else None
    card = state.regions[number - 1].card != EMPTY
    steps = [space_step(space, number, bonus, card)] if not state.tracks_supplies else []
    board = state
    alerts: list[str] = []
    if space in REGION_SPACES:
        board, fee, region_steps = _use_region(state, number)
        steps += region_steps
        if fee:  # a card taken, or an empty position used: coins change hands
            alerts = region_steps
    fee_reason = _("Using region position {position} a second time").format(position=number)
    if state.regions[number - 1].card == EMPTY:
        fee_reason = _("Using the empty region position {position}").format(position=number)
    if not state.tracks_supplies:
        income = fee = 0  # said in the steps, kept on the boards
    beyond = political_beyond_cap(state.seat(player), effects)
    alerts += beyond
    state, cube_notices = apply_effects(board, player, effects, income=income, fee=fee,
                                        fee_reason=fee_reason)
    cube_notices = beyond + cube_notices
    seat = state.seat(player)
    if state.phase == ACTION and worker is not None:
        if from_training:
            seat = replace(seat, trained=None)
        else:
            hand = list(seat.hand)
            hand.remove(worker)
            seat = replace(seat, hand=tuple(hand))
        if space == TRAINING:
            seat = replace(seat, trained=worker)
        else:
            state = state.with_area(space, (*state.area(space), worker))
        seat = replace(seat, placed=(*seat.placed, (space, worker)))
        state = state.with_seat(player, seat)
    if space in CARD_ROWS:
        state = replace(state, rows_taken=state.rows_taken | {space})
    if space in INFLUENCE_CARD_ROWS:
        seat = state.seat(player)
        state = state.with_seat(player, replace(seat, cards=seat.cards + 1))
    said = " ".join(steps + cube_notices)
    notice = _("{name}: {steps}").format(name=state.name(player), steps=said) if said else ""
    alert = _("{name}: {steps}").format(name=state.name(player), steps=" ".join(alerts)) \
        if alerts else ""
    return _after_turn(replace(state, notice=notice, alert=alert))


def pass_turn(state: AveRomaState, player: int) -> AveRomaState:
    """The player is done for this action phase (or skips the final action)."""
    require_phase(state, ACTION, FINAL)
    require_no_overflow(state)
    require_turn(state, player)
    if state.phase == ACTION:
        state = state.with_seat(player, replace(state.seat(player), passed=True))
    return _after_turn(replace(state, notice="", alert=""))


def _after_turn(state: AveRomaState) -> AveRomaState:
    if state.phase == FINAL:
        player = state.order[state.cursor]
        state = state.with_seat(player, replace(state.seat(player), final_done=True))
        if state.cursor + 1 >= len(state.order):
            return replace(state, phase=OVER, cursor=0)
        return replace(state, cursor=state.cursor + 1)
    seats = tuple(s if s.can_place else replace(s, passed=True) for s in state.seats)
    state = replace(state, seats=seats)
    count = len(state.order)
    for step in range(1, count + 1):
        position = (state.cursor + step) % count
        if not seats[state.order[position]].passed:
            return replace(state, cursor=position)
    return _end_action_phase(state)


def _end_action_phase(state: AveRomaState) -> AveRomaState:
    """Unused trained workers come home with 1 VP; then the refill, or the final actions.

    The refill phase always happens: the card rows are refilled every round, whether or
    not anybody has workers to take back, and trigger B can come in any round."""
    homing = [s.name for s in state.seats if s.trained is not None]
    seats = tuple(
        replace(s, hand=tuple(sorted((*s.hand, s.trained))), trained=None,
                track_vp=s.track_vp + TRAINING_VP) if s.trained is not None else s
        for s in state.seats)
    notice = " ".join(_("{name}'s trained worker comes home unused: 1 VP on the score "
                        "track.").format(name=name) for name in homing)
    state = replace(state, seats=seats, cursor=0, notice=" ".join(
        part for part in (state.notice, notice) if part))
    if state.end_trigger is not None:
        return replace(state, phase=FINAL)
    return replace(state, phase=REFILL, rows_refilled=False)


# --- refill phase ---------------------------------------------------------------------------

def take_back(state: AveRomaState, player: int, payload: Mapping[str, Any]) -> AveRomaState:
    """The called player takes back all workers of one area (choosing some if too many).

    The card rows are refilled before anyone takes workers back, so the first take-back
    also says the rows were refilled."""
    require_phase(state, REFILL)
    require_turn(state, player)
    area = payload.get("area")
    if area not in BOARD_SPACES:
        raise Rejected(_("'area' must be one of: {spaces}.").format(
            spaces=", ".join(BOARD_SPACES)))
    lying = state.area(area)
    if not lying:
        raise Rejected(_("No workers are left at the {area}; choose another area.").format(
            area=space_label(area)))
    seat = state.seat(player)
    room = WORKERS_PER_PLAYER - len(seat.hand)
    chosen = payload.get("workers")
    if chosen is not None and (not isinstance(chosen, list) or any(
            isinstance(w, bool) or w not in WORKER_VALUES for w in chosen)):
        raise Rejected(_("'workers' must list worker numbers 1-5, e.g. [2, 5]."))
    if len(lying) <= room:
        if chosen is not None and sorted(chosen) != sorted(lying):
            raise Rejected(_("Take back all the workers of an area: {workers}.").format(
                workers=", ".join(map(str, lying))))
        taken: tuple[int, ...] = lying
    else:
        if chosen is None or len(chosen) != room or Counter(chosen) - Counter(lying):
            raise Rejected(_("{name} has room for {room} more workers; choose {room} of the "
                             "{area} workers {workers}.").format(
                name=seat.name, room=room, area=space_label(area),
                workers=", ".join(map(str, lying))))
        taken = tuple(chosen)
    left = list(lying)
    for worker in taken:
        left.remove(worker)
    state = state.with_area(area, left)
    state = state.with_seat(player, replace(seat, hand=tuple(sorted((*seat.hand, *taken)))))
    cursor = list(reversed(state.order)).index(player) + 1
    state = replace(state, cursor=cursor % len(state.order), notice="", rows_refilled=True)
    return _forced_take_backs(state)


def _forced_take_backs(state: AveRomaState) -> AveRomaState:
    """Questions with one possible answer are not asked: when the workers still lying out
    can only go to the one player still short of five, or the player called has a single
    area to take from and room for it all, the take-back happens at once."""
    taken: list[str] = []
    while (caller := refill_caller(state.order, state.cursor, state.seats)) is not None:
        seat = state.seat(caller)
        room = WORKERS_PER_PLAYER - len(seat.hand)
        short = [s for s in state.seats if len(s.hand) < WORKERS_PER_PLAYER]
        lying = [w for area in state.areas for w in area]
        areas = [space for space in BOARD_SPACES if state.area(space)]
        if len(short) == 1 and len(lying) == room:
            chosen = areas
        elif len(areas) == 1 and len(lying) <= room:
            chosen = areas[:1]
        else:
            break
        workers = tuple(w for space in chosen for w in state.area(space))
        for space in chosen:
            state = state.with_area(space, ())
        state = state.with_seat(caller, replace(seat, hand=tuple(sorted((*seat.hand,
                                                                          *workers)))))
        cursor = list(reversed(state.order)).index(caller) + 1
        state = replace(state, cursor=cursor % len(state.order))
        taken.append(_("{name} takes back the rest: {workers}.").format(
            name=seat.name, workers=" ".join(map(str, sorted(workers)))))
    state = replace(state, notice=" ".join(taken))
    if refill_caller(state.order, state.cursor, state.seats) is None:
        return _start_turn_order_phase(state)
    return state


def rows_refilled(state: AveRomaState, payload: Mapping[str, Any]) -> AveRomaState:
    """The table refilled the Aedificator, Legatus and Senatus rows."""
    del payload
    require_phase(state, REFILL)
    if state.rows_refilled:
        raise Rejected(_("The rows were already refilled this round."))
    state = replace(state, rows_refilled=True, notice="")
    if refill_caller(state.order, state.cursor, state.seats) is None:
        return _start_turn_order_phase(state)
    return state


def row_not_refilled(state: AveRomaState, payload: Mapping[str, Any]) -> AveRomaState:
    """Trigger B: a card row cannot be refilled; the game ends at once."""
    require_phase(state, REFILL, TURN_ORDER)
    row = payload.get("row")
    if row not in CARD_ROWS:
        raise Rejected(_("'row' must be one of: {rows}.").format(rows=", ".join(CARD_ROWS)))
    notice = _("The {row} row cannot be refilled: the game ends now; every player takes one "
               "final action.").format(row=space_label(row))
    return replace(state, phase=FINAL, cursor=0, end_trigger=TRIGGER_ROW, notice=notice,
                   alert=notice)


def end_here(state: AveRomaState, payload: Mapping[str, Any]) -> AveRomaState:
    """The table stops the game where it is and goes to the final scoring."""
    del payload
    if state.phase == SETUP:
        raise Rejected(_("Nothing to score yet: the game has not started."))
    require_phase(state, ACTION, REFILL, TURN_ORDER, FINAL)
    return replace(state, phase=OVER, cursor=0, end_trigger=TRIGGER_TABLE,
                   notice=_("The table ended the game here; on to the final scoring."))


# --- turn-order phase -----------------------------------------------------------------------

def _start_turn_order_phase(state: AveRomaState) -> AveRomaState:
    """Work out the new order from the hands tracked through the take-backs."""
    seats = tuple(replace(s, entered_numbers=None, entered_sum=None) for s in state.seats)
    state = replace(state, phase=TURN_ORDER, seats=seats, cursor=0)
    return replace(state, proposed_order=hand_order(state.order, state.seats))


def enter_workers(state: AveRomaState, player: int, payload: Mapping[str, Any]) -> AveRomaState:
    """A player checks the five worker numbers in hand, or their sum, against the tracked
    hand (the order needs no entry; this only confirms it)."""
    require_phase(state, TURN_ORDER)
    seat = state.seat(player)
    if "numbers" in payload:
        numbers = checked_numbers(payload["numbers"])
        check_value_supply(numbers, len(state.seats))
        check_against_hand(seat, numbers, None)
        seat = replace(seat, entered_numbers=numbers, entered_sum=None)
    elif "sum" in payload:
        total = checked_sum(payload["sum"])
        check_against_hand(seat, None, total)
        seat = replace(seat, entered_sum=total, entered_numbers=None)
    else:
        raise Rejected(_("Enter the five worker numbers in hand ('numbers') or their sum "
                         "('sum')."))
    state = state.with_seat(player, seat)
    if all(s.entered_numbers is not None or s.entered_sum is not None for s in state.seats):
        return confirm_order(state, {})
    return state


def confirm_order(state: AveRomaState, payload: Mapping[str, Any]) -> AveRomaState:
    """The table nods to the worked-out order; the next round begins."""
    del payload
    require_phase(state, TURN_ORDER)
    order = state.proposed_order
    seats = tuple(replace(s, passed=False, final_done=False, placed=()) for s in state.seats)
    return replace(state, seats=seats, order=order, previous_order=state.order, phase=ACTION,
                   round=state.round + 1, cursor=0, rows_taken=frozenset(),
                   order_sums=tuple(sum(s.hand) for s in state.seats), proposed_order=(),
                   notice=_("{name} starts round {round}.").format(
                       name=state.name(order[0]), round=state.round + 1))


# --- at any time ----------------------------------------------------------------------------

def convert_overflow(state: AveRomaState, player: int,
                     payload: Mapping[str, Any]) -> AveRomaState:
    """Resources beyond the cap go into surplus and/or are sold."""
    to_surplus = whole_number(payload, "surplus", default=0, minimum=0)
    sold = whole_number(payload, "sell", default=0, minimum=0)
    seat = resolve_overflow(state.seat(player), str(payload.get("resource")), to_surplus, sold,
                            state.surplus_cap)
    return replace(state.with_seat(player, seat), notice="")


def other_effect(state: AveRomaState, player: int, payload: Mapping[str, Any]) -> AveRomaState:
    """Anything a card does outside an action (set bonus, patron power) or a correction."""
    effects = parse_effects(payload)
    _refuse_supplies(state, effects)
    beyond = political_beyond_cap(state.seat(player), effects)
    state, notices = apply_effects(state, player, effects)
    alert = _("{name}: {steps}").format(name=state.name(player), steps=" ".join(beyond)) \
        if beyond else ""
    return replace(state, notice=" ".join(beyond + notices), alert=alert)
