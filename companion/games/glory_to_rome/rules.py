"""Glory to Rome turn flow: lead, follow or Think, the action phase, building actions
and the end of the game. The moves themselves live in ``moves``; the API is described in
the package docstring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.i18n import _, ngettext
from companion.games.base import Action, EntryField, PlayerInfo, Rejected, ScoreResult
from companion.games.glory_to_rome import grants as bonus
from companion.games.glory_to_rome import payload as read
from companion.games.glory_to_rome.data import (
    CARD_SETS,
    MATERIALS,
    ROLES,
    building_label,
    role_label,
    sites_per_material,
)
from companion.games.glory_to_rome.endgame import endgame_fields, final_score, scoring_records
from companion.games.glory_to_rome.grants import THINKER
from companion.games.glory_to_rome.moves import ROLE_MOVES, Acting, prison_exchange, with_player
from companion.games.glory_to_rome.rescore import correctable, entries_of, rescore
from companion.games.glory_to_rome.scoring import score_input
from companion.games.glory_to_rome.state import (
    GloryState,
    PlayerState,
    actions_due,
    forum_clients,
    has_function,
    think_options,
)


def _options(options: Mapping[str, Any], players: int) -> tuple[str, int, int]:
    card_set = options.get("card_set", "imperium")
    if card_set not in CARD_SETS:
        raise Rejected(_("The card set must be Imperium or Republic, not {value!r}.").format(
            value=card_set))
    jacks = options.get("jacks", 6)
    if jacks not in (5, 6) or isinstance(jacks, bool):
        raise Rejected(_("The supply holds 5 or 6 Jacks, not {value!r}.").format(value=jacks))
    leader = options.get("leader", 0)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < players:
        raise Rejected(_("The first Leader must be one of the players (seat 0 to {last}).")
                       .format(last=players - 1))
    return str(card_set), int(jacks), leader


def _next_undecided(state: GloryState) -> int | None:
    count = len(state.players)
    for step in range(1, count):
        seat = (state.leader + step) % count
        if state.choices[seat] is None:
            return seat
    return None


def _next_actor(state: GloryState, after: int | None) -> GloryState:
    """The next player in turn order with actions begins them; none left ends the turn.

    Their count is worked out now, so what changed earlier in the turn counts.
    """
    count = len(state.players)
    order = [(state.leader + step) % count for step in range(count)]
    start = 0 if after is None else order.index(after) + 1
    for seat in order[start:]:
        due = actions_due(state, seat)
        if due > 0:
            left = list(state.actions_left)
            left[seat] = due
            return replace(state, actions_left=tuple(left), acting=seat)
    if state.bonus:  # "upon completion" is before the turn ends: the grants wait for no one
        return replace(state, acting=None)
    return _end_turn(state)


def _recount(before: GloryState, after: GloryState, used: int = 0) -> GloryState:
    """The acting player's actions after any move of the action phase, theirs or not.

    The one place the count changes once actions have begun: ``used`` comes off, and a
    function gained or lost by the move (a completion, a granted action's completion, a
    Prison exchange, a Stairway) counts for the rest of the turn, whatever move brought
    it. A client hired now acts from the next turn; a client lost acts no more.
    """
    seat = after.acting
    if after.phase != "actions" or seat is None or before.acting != seat:
        return after
    was, now = before.players[seat], after.players[seat]
    kept = tuple(min(old, new) for old, new in zip(was.clients, now.clients, strict=True))
    counted = with_player(after, seat, replace(now, clients=kept))
    change = actions_due(counted, seat) - actions_due(before, seat)
    left = list(after.actions_left)
    left[seat] = max(0, left[seat] - used + change)
    return replace(after, actions_left=tuple(left))


def _settle(state: GloryState) -> GloryState:
    """After a move: an acting player out of actions hands on; once no one acts and no
    granted action waits, the turn ends."""
    if state.phase != "actions":
        return state
    if state.acting is not None and state.actions_left[state.acting] == 0:
        return _next_actor(state, state.acting)
    if state.acting is None and not state.bonus:
        return _end_turn(state)
    return state


def _new_turn(state: GloryState, leader: int, turn: int) -> GloryState:
    count = len(state.players)
    return replace(state, leader=leader, turn=turn, phase="lead", led_role=None,
                   choices=(None,) * count, cards_played=(0,) * count,
                   jacks_played=(0,) * count, actions_left=(0,) * count, acting=None,
                   crafted=())


def _return_jacks(state: GloryState) -> GloryState:
    """At the end of the turn the Jacks led or followed with go back to the supply, except
    those a Senate takes: each Senate holder, in turn order, takes the opponents' Jacks."""
    count = len(state.players)
    played = list(state.jacks_played)
    for step in range(count):
        seat = (state.leader + step) % count
        if not has_function(state, seat, "Senate"):
            continue
        taken = sum(n for other, n in enumerate(played) if other != seat)
        if taken:
            played = [n if other == seat else 0 for other, n in enumerate(played)]
            holder = state.players[seat]
            state = with_player(state, seat, replace(holder, jacks=holder.jacks + taken))
    return replace(state, jacks_supply=state.jacks_supply + sum(played),
                   jacks_played=(0,) * count)


def _end_turn(state: GloryState) -> GloryState:
    if state.phase == "over":
        return state
    state = _return_jacks(state)
    state = bonus.grant_academy(state)  # Thinker actions "after the turn", before the next
    return _new_turn(state, (state.leader + 1) % len(state.players), state.turn + 1)


def _start_actions(state: GloryState) -> GloryState:
    state = replace(state, phase="actions", actions_left=(0,) * len(state.players))
    return _next_actor(state, None)


def _forum_check(state: GloryState, mover: int) -> GloryState:
    """The Imperium Forum wins at once for a holder whose clients cover every role.

    Checked after every move (a hire, a completion, a Stairway or Gate opening one); the
    mover first, then the others in turn order. The Republic's Forum Romanum also needs
    a material of each type in the stockpile, which the companion does not track: the
    table confirms that win with ``end_game``.
    """
    if state.phase == "over" or state.card_set != "imperium":
        return state
    count = len(state.players)
    for seat in [mover, *((state.leader + step) % count for step in range(count))]:
        if has_function(state, seat, "Forum") and forum_clients(state, seat):
            return replace(state, phase="over", end_reason="forum", forum_winner=seat,
                           acting=None)
    return state


def _site_end(state: GloryState) -> GloryState:
    """The last in-town site taken ends the game (after a Forum win had its chance)."""
    if state.phase != "over" and sum(state.in_town) == 0:
        return replace(state, phase="over", end_reason="in_town_sites", acting=None)
    return state


def _play_cards(state: GloryState, me: int, payload: Mapping[str, Any]) -> GloryState:
    """Record the role cards a player leads or follows with; Jacks go back at the end of
    the turn (a Thinker later this turn cannot take one just played)."""
    cards = read.whole(payload, "cards", 1, minimum=1)
    if cards > 1 and not has_function(state, me, "Palace"):
        raise Rejected(_("Only a Palace lets you play several cards of a role for extra "
                         "actions; play one card."))
    jacks = read.whole(payload, "jacks", 0)
    player = state.players[me]
    if jacks > player.jacks:
        raise Rejected(ngettext("{name} has {held} Jack in hand, so cannot play {jacks}.",
                                "{name} has {held} Jacks in hand, so cannot play {jacks}.",
                                player.jacks).format(name=player.name, held=player.jacks,
                                                     jacks=jacks))
    if jacks > cards:
        raise Rejected(ngettext("{name} plays {cards} role card; it cannot be {jacks} Jacks.",
                                "{name} plays {cards} role cards; they cannot be {jacks} Jacks.",
                                cards).format(name=player.name, cards=cards, jacks=jacks))
    state = with_player(state, me, replace(player, jacks=player.jacks - jacks))
    played = list(state.cards_played)
    played[me] = cards
    jacks_played = list(state.jacks_played)
    jacks_played[me] = jacks
    return replace(state, cards_played=tuple(played), jacks_played=tuple(jacks_played))


def _thinker_draw(state: GloryState, me: int, payload: Mapping[str, Any]) -> GloryState:
    """One Thinker action: a Jack from the supply, a refill, or one card."""
    option = payload.get("option")
    if option not in ("jack", "refill", "draw_one"):
        raise Rejected(_("Thinking offers: take a Jack, refill your hand, or draw one card."))
    hand = None if option == "jack" else read.whole(payload, "hand")
    allowed = think_options(state, me, hand)
    if option not in allowed:
        reasons = {
            "jack": _("No Jack is left in the supply; refill your hand or draw one card."),
            "refill": _("You hold {hand} cards, at or above your hand limit; draw one card "
                        "instead."),
            "draw_one": _("You hold {hand} cards, below your hand limit; refill your hand "
                          "to it instead (never partially)."),
        }
        raise Rejected(reasons[str(option)].format(hand=hand))
    if option == "jack":
        player = state.players[me]
        state = with_player(state, me, replace(player, jacks=player.jacks + 1))
        state = replace(state, jacks_supply=state.jacks_supply - 1)
    return state


def _think(state: GloryState, me: int, payload: Mapping[str, Any]) -> GloryState:
    """Think instead of leading or following."""
    state = _thinker_draw(state, me, payload)
    choices = list(state.choices)
    choices[me] = "think"
    return replace(state, choices=tuple(choices))


class GloryRules:
    """The Glory to Rome module the session, the UI and ``companion score`` use."""

    key = "glory-to-rome"
    title = "Glory to Rome"
    min_players = 2
    max_players = 5

    def default_options(self) -> dict[str, Any]:
        return {"card_set": "imperium", "jacks": 6, "leader": 0}

    def setup(self, players: Sequence[PlayerInfo], options: Mapping[str, Any]) -> GloryState:
        count = len(players)
        if not self.min_players <= count <= self.max_players:
            raise Rejected(_("Glory to Rome is for 2 to 5 players, not {count}.").format(
                count=count))
        names = [p.name for p in players]
        if len(set(names)) != count:
            raise Rejected(_("Two players share a name; give everyone a different one."))
        card_set, jacks, leader = _options(options, count)
        in_town, out_of_town = sites_per_material(count)
        # everyone is dealt one Jack with their four cards; the supply holds the rest
        state = GloryState(
            players=tuple(PlayerState(name, jacks=1) for name in names), card_set=card_set,
            jacks_total=jacks, jacks_supply=jacks - count, in_town=(in_town,) * len(MATERIALS),
            out_of_town=(out_of_town,) * len(MATERIALS), leader=leader)
        return _new_turn(state, leader, 1)

    def apply(self, state: GloryState, action: Action) -> GloryState:
        if state.phase == "over":
            raise Rejected(_("The game is over; enter the final numbers to score it."))
        payload = action.payload
        if action.type == "end_game":
            return self._end_game(state, payload)
        me = action.player
        if action.type == "prison_exchange" and me is not None:  # until their next move
            after = _forum_check(prison_exchange(state, me, payload), me)
            return _settle(_recount(state, after))
        if "bonus" in payload:
            after = self._building_action(state, me, action.type, payload)
            if me is not None:
                after = _site_end(_forum_check(after, me))
            return _settle(_recount(state, after))
        if state.phase == "actions" and state.acting is None:
            raise Rejected(bonus.waiting(state))
        expected = self.current_player(state)
        if me is None or expected is None or me != expected:
            who = state.players[expected].name if expected is not None else "?"
            raise Rejected(_("It is {name}'s move now.").format(name=who))
        bonus.refuse_while_pending(state, me)
        if me in state.prison_due:  # moving on declines the Prison's exchange
            state = replace(state, prison_due=tuple(p for p in state.prison_due if p != me))
        if state.phase == "lead":
            return self._lead_phase(state, me, action.type, payload)
        if state.phase == "follow":
            return self._follow_phase(state, me, action.type, payload)
        return self._action_phase(state, me, action.type, payload)

    def _lead_phase(self, state: GloryState, me: int, kind: str,
                    payload: Mapping[str, Any]) -> GloryState:
        if kind == "think":
            return _end_turn(_think(state, me, payload))
        if kind != "lead":
            raise Rejected(_("The Leader first leads a role or Thinks."))
        role = read.role(payload)
        state = _play_cards(state, me, payload)
        choices = list(state.choices)
        choices[me] = "lead"
        return replace(state, phase="follow", led_role=role, choices=tuple(choices))

    def _follow_phase(self, state: GloryState, me: int, kind: str,
                      payload: Mapping[str, Any]) -> GloryState:
        if kind == "think":
            state = _think(state, me, payload)
        elif kind == "follow":
            state = _play_cards(state, me, payload)
            choices = list(state.choices)
            choices[me] = "follow"
            state = replace(state, choices=tuple(choices))
        else:
            raise Rejected(_("Each player in turn follows {role} or Thinks.").format(
                role=role_label(state.led_role or "")))
        return _start_actions(state) if _next_undecided(state) is None else state

    def _action_phase(self, state: GloryState, me: int, kind: str,
                      payload: Mapping[str, Any]) -> GloryState:
        if kind == "done":
            left = list(state.actions_left)
            left[me] = 0
            state = replace(state, actions_left=tuple(left))
        else:
            move = ROLE_MOVES.get(kind)
            if move is None:
                raise Rejected(_("{kind!r} is not a move here; it is {name}'s {role} action.")
                               .format(kind=kind, name=state.players[me].name,
                                       role=role_label(state.led_role or "")))
            role = state.led_role or ""
            after, used = move(state, me, payload, Acting(role, state.actions_left[me]))
            after = _site_end(_forum_check(after, me))
            if after.phase == "over":
                return after
            if role == "craftsman":
                after = bonus.mark_crafted(after, me)
            state = _recount(state, after, used)
        return _settle(state)

    def _building_action(self, state: GloryState, me: int | None, kind: str,
                         payload: Mapping[str, Any]) -> GloryState:
        """An action a structure granted (``payload["bonus"]`` names it), even out of turn.

        ``done`` skips the rest of that structure's actions.
        """
        if me is None or isinstance(me, bool) or not 0 <= me < len(state.players):
            raise Rejected(_("Say which player takes the building action."))
        name = read.building(payload, state.card_set, key="bonus")
        if kind == "done":
            return bonus.skip_grants(state, me, name)
        index = bonus.find_grant(state, me, name, kind)
        grant = state.bonus[index]
        if grant.role == THINKER:
            state, used = _thinker_draw(state, me, payload), 1
        else:
            acting = Acting(grant.role, grant.left, name)
            state, used = ROLE_MOVES[kind](state, me, payload, acting)
            if state.phase == "over":
                return state
            if grant.role == "craftsman":
                state = bonus.mark_crafted(state, me)
        return bonus.use_grant(state, index, used)

    def _end_game(self, state: GloryState, payload: Mapping[str, Any]) -> GloryState:
        reason = payload.get("reason")
        if reason not in ("deck", "forum", "concede"):
            raise Rejected(_("Say why the game ends: the deck ran out, a Forum win, or the "
                             "players concede."))
        if reason != "forum":
            return replace(state, phase="over", end_reason=str(reason), acting=None)
        winner = read.seat(payload, "player", len(state.players))
        forum = "Forum" if state.card_set == "imperium" else "Forum Romanum"
        player = state.players[winner]
        if not has_function(state, winner, forum):
            raise Rejected(_("{name} has no completed {forum}, so cannot win by it.").format(
                name=player.name, forum=forum))
        if not forum_clients(state, winner):
            missing = [role_label(r) for r in ROLES if player.client_count(r) == 0]
            raise Rejected(_("A {forum} win needs a client of every role; {name} has none of: "
                             "{missing}.").format(forum=forum, name=player.name,
                                                  missing=", ".join(missing)))
        if forum == "Forum Romanum" and payload.get("stockpile") is not True:
            raise Rejected(_("The Forum Romanum also needs a material of each type in {name}'s "
                             "stockpile; check it and confirm.").format(name=player.name))
        return replace(state, phase="over", end_reason="forum", forum_winner=winner,
                       acting=None)

    def current_player(self, state: GloryState) -> int | None:
        if state.phase == "lead":
            return state.leader
        if state.phase == "follow":
            return _next_undecided(state)
        if state.phase == "actions":
            if state.acting is None and state.bonus:
                return state.bonus[0].player  # the turn waits for granted actions
            return state.acting
        return None

    def turn_order(self, state: GloryState) -> list[int]:
        count = len(state.players)
        return [(state.leader + step) % count for step in range(count)]

    def status_line(self, state: GloryState) -> str:
        turn = _("Turn {turn}").format(turn=state.turn)
        if state.phase == "over":
            return _("{turn} · Game over: {reason}").format(turn=turn,
                                                              reason=_end_reason(state))
        if state.phase == "lead":
            return _("{turn} · {name} leads a role or Thinks").format(
                turn=turn, name=state.players[state.leader].name) + _pending_note(state)
        role = role_label(state.led_role or "")
        current = self.current_player(state)
        name = state.players[current].name if current is not None else ""
        if state.phase == "follow":
            return _("{turn} · {role} led · {name} follows or Thinks").format(
                turn=turn, role=role, name=name) + _pending_note(state)
        if state.acting is None:  # the turn ends once they are taken or skipped
            return _("{turn} · building actions first").format(turn=turn) + \
                _pending_note(state)
        left = state.actions_left[current] if current is not None else 0
        line = _("{turn} · {role} actions · {name} ({left} left)").format(
            turn=turn, role=role, name=name, left=left)
        return line + _pending_note(state)

    def is_over(self, state: GloryState) -> bool:
        return state.phase == "over"

    def endgame_fields(self, state: GloryState) -> list[EntryField]:
        return endgame_fields(state)

    def final_score(self, state: GloryState, entries: Mapping[str, int]) -> ScoreResult:
        return final_score(state, entries)

    def score_input(self, data: Mapping[str, Any]) -> ScoreResult:
        return score_input(data)

    def final_entries(self, state: GloryState, entries: Mapping[str, int]) -> dict[str, Any]:
        return entries_of(scoring_records(state, entries), state.forum_winner)

    def rescore(self, entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
        return rescore(entries, names)

    def correctable(self, entries: Mapping[str, Any], player: int) -> list[EntryField]:
        return correctable(entries, player)


def _pending_note(state: GloryState) -> str:
    """Building actions waiting to be taken, e.g. " · Livia: Amphitheatre" (how many is
    in her camp: the whole line kept to what the table's header holds)."""
    return "".join(_(" · {name}: {building}").format(
        name=state.players[player].name, building=building_label(building))
        for player, building in dict.fromkeys((g.player, g.building) for g in state.bonus))


def _end_reason(state: GloryState) -> str:
    if state.end_reason == "forum" and state.forum_winner is not None:
        return _("{name} wins by the Forum").format(name=state.players[state.forum_winner].name)
    reasons = {
        "deck": _("the deck ran out"),
        "concede": _("the players conceded"),
        "in_town_sites": _("the last in-town site was taken"),
        "catacomb": _("a Catacomb was completed"),
    }
    return reasons.get(state.end_reason or "", "")


RULES = GloryRules()
