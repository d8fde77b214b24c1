"""What the player on turn may do now ("What now?"), from the engine's own
:func:`allowed_actions`, with the reason a build is shut (pieces, cards, places left)."""

from __future__ import annotations

from companion.core.i18n import _, ngettext
from companion.games.rules_card import either
from companion.games.via_romana.rules import (
    BUILD_ACTIONS,
    allowed_actions,
    cards_left,
    scoring_prompt,
)
from companion.games.via_romana.state import (
    Phase,
    ViaRomanaState,
    castles_left,
    extendable_ends,
    free_cities,
    milestones_left,
)


def _build_words() -> dict[str, str]:
    return {"castle": _("a castle"), "milestone_city": _("a milestone in a city"),
            "milestone_road": _("a milestone on a road"),
            "two_milestones": _("two milestones at once")}


def _why_shut(state: ViaRomanaState, player: int, build: str) -> str:
    """Why the engine does not offer ``build`` now, in a few words."""
    if build == "castle":
        if castles_left(state, player) == 0:
            return _("no castle left")
        if cards_left(state) < 2:
            return _("a castle needs 2 cards")
        return _("no empty city")
    if milestones_left(state, player) == 0:
        return _("no milestone left")
    if cards_left(state) == 0:
        return _("no card left this round")
    if build == "milestone_city":
        return _("no empty city")
    if build == "milestone_road" or not extendable_ends(state):
        return _("no road to extend")
    return _("no road with two free spaces")


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
    shut = dict.fromkeys(_why_shut(state, me, b) for b in BUILD_ACTIONS if b not in allowed)
    if shut and builds:
        return _("{line}; {refused}.").format(line=line, refused=", ".join(shut))
    if shut:
        return _("{line} ({refused}).").format(line=line, refused=", ".join(shut))
    return _("{line}.").format(line=line)
