"""What the player on turn may do now ("What now?"), from the engine's own
:func:`allowed_actions` and :func:`shut_builds` (the reason a build is shut: pieces,
cards, places left), and who the engine calls once the turn ends."""

from __future__ import annotations

from companion.core.i18n import _, ngettext
from companion.games.base import Action, Rejected
from companion.games.rules_card import either
from companion.games.via_romana.allowed import (
    BUILD_ACTIONS,
    allowed_actions,
    cards_left,
    scoring_prompt,
    shut_builds,
)
from companion.games.via_romana.rules import RULES
from companion.games.via_romana.state import (
    Phase,
    ViaRomanaState,
    free_cities,
)


def _build_words() -> dict[str, str]:
    return {"castle": _("a castle"), "milestone_city": _("a milestone in a city"),
            "milestone_road": _("a milestone on a road"),
            "two_milestones": _("two milestones at once")}


def sentence(state: ViaRomanaState) -> str:
    """What the player on turn may do, and what the rules forbid, in one sentence."""
    names = [p.name for p in state.players]
    if state.phase is Phase.OVER:
        return _("The game is over: enter the final numbers to score it.")
    if state.pending:
        chooser = state.pending[0].chooser
        prompt = scoring_prompt(state) or []
        return _("{name} picks a city marker first; nothing else until then. {first}").format(
            name=names[chooser], first=prompt[0] if prompt else "").strip()
    me = state.current
    name = names[me]
    if state.phase is Phase.SETUP:
        return _("{name} places a starting castle in an empty city ({n} left).").format(
            name=name, n=len(free_cities(state)))
    allowed = allowed_actions(state, me)
    words = _build_words()
    builds = [words[b] for b in BUILD_ACTIONS if b in allowed]
    left = cards_left(state)
    cards = ngettext("{n} card left this round", "{n} cards left this round", left).format(
        n=left)
    if builds:
        line = _("{name} builds {builds}, or ends the turn; {cards}").format(
            name=name, builds=either(builds), cards=cards)
    else:
        line = _("{name} can only end the turn; {cards}").format(name=name, cards=cards)
    if state.phase is Phase.LAST_TURNS:
        line = _("Last turn: {line}").format(line=line)
    shut = dict.fromkeys(shut_builds(state, me).values())
    if shut and builds:
        line = _("{line}; {refused}").format(line=line, refused=", ".join(shut))
    elif shut:
        line = _("{line} ({refused})").format(line=line, refused=", ".join(shut))
    after = next_player(state)
    if after is not None and after != me:
        return _("{line}; {next} is next.").format(line=line, next=names[after])
    return _("{line}.").format(line=line)


def next_player(state: ViaRomanaState) -> int | None:
    """Who the engine calls once the player on turn ends it (None: the game ends)."""
    try:
        after = RULES.apply(state, Action("end_turn", {}, state.current))
    except Rejected:
        return None
    return None if after.phase is Phase.OVER else after.current
