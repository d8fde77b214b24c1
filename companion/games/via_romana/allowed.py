"""Via Romana: what the player on turn may build now, and why not the rest.

The one answer the table's buttons (:func:`allowed_actions`), its pickers and "What now?"
(:mod:`companion.games.via_romana.now`) read; the reducer in
:mod:`companion.games.via_romana.rules` refuses the same builds for the same reasons.
"""

from __future__ import annotations

from companion.core.i18n import _
from companion.games.base import ScoreResult
from companion.games.via_romana.cards import MAX_CARDS_PER_ROUND
from companion.games.via_romana.connections import describe
from companion.games.via_romana.scoring import score_tallies
from companion.games.via_romana.state import (
    Phase,
    ViaRomanaState,
    castles_left,
    extendable_ends,
    free_cities,
    milestones_left,
    tally,
)

BUILD_ACTIONS = ("castle", "milestone_city", "milestone_road", "two_milestones")


def cards_left(state: ViaRomanaState) -> int:
    """Hand cards the player on turn may still play this round."""
    return MAX_CARDS_PER_ROUND - state.cards_this_turn


def scoring_prompt(state: ViaRomanaState) -> list[str] | None:
    """What the table must do for the first pending road scoring, or None."""
    return describe(state, state.pending[0]) if state.pending else None


def allowed_actions(state: ViaRomanaState, player: int) -> tuple[str, ...]:
    """Action types ``player`` can send now (the buttons to show for that player)."""
    actions: list[str] = []
    if state.order_boards[player] is None:
        actions.append("order_board")
    if state.phase is Phase.SETUP:
        if player == state.current:
            actions.append("start_castle")
        return tuple(actions)
    if state.pending:
        if any(c.chooser == player for c in state.pending):
            actions.append("pick_marker")
        return tuple(actions)
    if state.phase in (Phase.PLAY, Phase.LAST_TURNS) and player == state.current:
        shut = shut_builds(state, player)
        actions += [build for build in BUILD_ACTIONS if build not in shut]
        actions.append("end_turn")
    return tuple(actions)


def shut_builds(state: ViaRomanaState, player: int) -> dict[str, str]:
    """Each build the player on turn may not make now -> why, in a few words: the one
    answer the buttons (:func:`allowed_actions`) and "What now?" read."""
    if last_signpost_placed(state):
        return dict.fromkeys(BUILD_ACTIONS, _("the last signpost is placed"))
    left = cards_left(state)
    castles, milestones = castles_left(state, player), milestones_left(state, player)
    ends = extendable_ends(state)
    shut: dict[str, str] = {}
    if castles == 0:
        shut["castle"] = _("no castle left")
    elif left < 2:
        shut["castle"] = _("a castle needs 2 cards")
    elif not free_cities(state):
        shut["castle"] = _("no empty city")
    if milestones == 0:
        shut["milestone_city"] = _("no milestone left")
    elif left == 0:
        shut["milestone_city"] = _("no card left this round")
    elif not free_cities(state):
        shut["milestone_city"] = _("no empty city")
    # on a road the engine looks at the road first, then the pieces, then the cards
    for build, count in (("milestone_road", 1), ("two_milestones", 2)):
        if not ends:
            shut[build] = _("no road to extend")
        elif count == 2 and not any(free_spaces(state, road) >= 2 for road, _city in ends):
            shut[build] = _("no road with two free spaces")
        elif milestones == 0:
            shut[build] = _("no milestone left")
        elif milestones < count:
            shut[build] = _("only one milestone left")
        elif left == 0:
            shut[build] = _("no card left this round")
    return shut


def provisional_scores(state: ViaRomanaState) -> ScoreResult:
    """Scores as if the game ended now (unrecorded order boards count as not met)."""
    return score_tallies([tally(state, p) for p in range(len(state.players))])


def free_spaces(state: ViaRomanaState, road: int) -> int:
    return sum(1 for owner in state.roads[road] if owner is None)


def last_signpost_placed(state: ViaRomanaState) -> bool:
    """Whether the player on turn placed the box's last signpost this turn: the game
    ends "sobald auch der letzte Wegweiser einen Streckenabschluss markiert" (as soon
    as), so their turn builds no more; only the others' last turns follow."""
    return state.phase is Phase.LAST_TURNS and state.current == state.eagle
