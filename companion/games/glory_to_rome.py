"""Glory to Rome: turn tracker, clients, buildings, vault and automatic endgame scoring.

The cards stay on the table; the companion follows who leads, follows or Thinks, how many
actions everyone gets, the sites, influence, clients and vaults, refuses what the rules
refuse, notices the end of the game and scores it. Hands, stockpiles and the deck are not
tracked: what the score needs from them is typed in at the end.

Options (``default_options``): ``card_set`` "imperium" | "republic"; ``jacks`` 5 or 6
(Jacks in the supply at the start); ``leader`` seat index of the first Leader.

Actions
-------
``player`` is the seat index of whoever acts (``None`` allowed only for ``end_game``).

Choosing (phase "lead" for the Leader, then "follow" for each other player clockwise):

- ``lead`` {"role": ROLE, "cards": int = 1, "jacks": int = 0} — the Leader leads ROLE
  (laborer, craftsman, legionary, architect, merchant, patron). ``cards``: role cards played
  (more than 1 only with a Palace, each gives an action); ``jacks``: how many of them are
  Jacks (they return to the supply).
- ``follow`` {"cards": int = 1, "jacks": int = 0} — follow the led role.
- ``think`` {"option": "jack" | "refill" | "draw_one", "hand": int} — Think instead. "jack"
  takes a Jack from the supply; "refill" draws up to the hand limit (only below it);
  "draw_one" draws a card (only at or above it). ``hand`` (cards in hand before drawing) is
  required for "refill" and "draw_one". If the Leader Thinks the turn ends at once.

Role actions (phase "actions"; the acting player, each uses one action unless noted):

- ``lay_foundation`` {"building": NAME, "out_of_town": bool = false, "material": MATERIAL}
  — Architect/Craftsman. ``material`` only for buildings the data gives no material
  (Crane, Domus Aurea, Tribunal). Out of town uses two actions unless the player has a
  client of the site's role (or a Tower).
- ``add_material`` {"building": NAME, "complete": bool = false} — Architect/Craftsman: one
  material onto an own foundation; ``complete`` for a Scriptorium's marble. A Villa completes
  with one Architect material. Completion grants the site's influence at once.
- ``stairway`` {"owner": SEAT, "building": NAME} — Architect with a Stairway.
- ``hire_client`` {"role": ROLE} — Patron.
- ``vault`` {"material": MATERIAL, "source": "stockpile" | "hand" | "deck"} — Merchant.
  "hand" needs a Basilica, "deck" an Atrium (leave ``material`` out: it stays unknown).
- ``colosseum`` {"from": SEAT, "role": ROLE} — Legionary with a Colosseum. Refused against
  an opponent with an active Wall, or an active Palisade unless the taker has a Bridge
  (which ignores Palisades; a Wall holds even then).
- ``act`` {} — any other action of the role (Laborer, Legionary demands, ...).
- ``done`` {} — give up the rest of your actions this turn.
- ``prison_exchange`` {"from": SEAT, "building": NAME} — uses no action, by the player who
  just completed a Prison (even out of turn) until their next move: gives the Prison's
  3 influence to the opponent for that completed structure.

Building actions (granted by a structure's function; ``payload["bonus"]`` names it):

- Completing an Amphitheatre / Foundry / Garden / School grants one Craftsman / Laborer /
  Patron / Thinker action per influence the player then has (the new site included).
  With a Bath, each client hired by a Patron action (regular or granted) performs its role
  once: one action of the client's role. With an Academy, a player who performed a Craftsman
  action in a turn gets one Thinker action when that turn ends.
- The holder enters them, even out of turn, as the usual move plus ``"bonus": NAME``:
  ``lay_foundation`` / ``add_material`` (Craftsman, Architect; Architect also ``stairway``),
  ``hire_client`` (Patron), ``vault`` (Merchant), ``colosseum`` (Legionary), ``think``
  {"option", "hand"} (Thinker: takes no lead/follow choice); ``act`` {"bonus": NAME} for
  any role's action the companion does not track (a Laborer's, a Legionary's demand).
  The player must still have the structure's function; an out-of-town foundation uses two
  of the granted actions (unless a matching client or Tower). Granted Craftsman actions
  count for the Academy.
- ``done`` {"bonus": NAME} skips the rest of that structure's actions. A regular move by
  the holder also declines what they left pending (the rules have them taken at once).
- Pending grants: ``state.bonus`` (``Bonus``: player, building, role, left), newest last;
  ``pending(state, player)``; ``action_label(role)`` names a role or "Thinker".

Table:

- ``end_game`` {"reason": "deck" | "forum" | "concede", "player": SEAT} — the players confirm
  the deck ran out, a Forum (Imperium) / Forum Romanum (Republic) win (``player`` required,
  their Forum and a client of every role are checked) or a concession. The last in-town site
  being taken and a Catacomb completed end the game by themselves.

What the table screen shows
---------------------------
- ``status_line(state)``, ``current_player(state)``, ``turn_order(state)``.
- ``state.leader``, ``state.turn``, ``state.phase``, ``state.led_role``,
  ``state.choices`` (per player "lead" / "follow" / "think" / None), ``state.acting``,
  ``state.actions_left`` and ``actions_this_turn(state)`` (per player, None until chosen).
- ``think_options(state, player, hand)`` for the Think buttons; ``state.jacks_supply``.
- Per player (``state.players[i]``): ``influence``, ``clients`` (per role, ``ROLES``
  order), ``buildings`` (name, material, out_of_town, materials, completed), ``jacks``;
  ``len(vault)`` always, and ``vault_view(state, i)`` (a material only during the turn it
  was placed, else None); ``vault_limit``, ``clientele_limit``, ``hand_limit``.
- ``sites_left(state)``: material -> (in town, out of town).
- Labels and pickers: ``role_label``, ``material_label``, ``buildings_in_set(card_set)``.
- All of these helpers can be imported from this module.
- At the end: ``state.end_reason`` ("deck", "forum", "concede", "in_town_sites",
  "catacomb"), ``endgame_fields`` and ``final_score``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.games import glory_to_rome_bonus as bonus
from companion.games import glory_to_rome_payload as read
from companion.games.base import Action, EntryField, PlayerInfo, Rejected, ScoreResult
from companion.games.glory_to_rome_bonus import THINKER, action_label, pending
from companion.games.glory_to_rome_data import (
    CARD_SETS,
    MATERIALS,
    ROLES,
    buildings_in_set,
    material_label,
    role_label,
    sites_per_material,
)
from companion.games.glory_to_rome_endgame import endgame_fields, final_score
from companion.games.glory_to_rome_moves import ROLE_MOVES, Acting, prison_exchange, with_player
from companion.games.glory_to_rome_scoring import score_input
from companion.games.glory_to_rome_state import (
    GloryState,
    PlayerState,
    actions_this_turn,
    clientele_limit,
    hand_limit,
    has_function,
    sites_left,
    think_options,
    vault_limit,
    vault_view,
)
from companion.i18n import _, ngettext

#: What the touchscreen UI imports from here (see "What the table screen shows").
__all__ = ["MATERIALS", "ROLES", "RULES", "GloryRules", "GloryState", "action_label",
           "actions_this_turn", "buildings_in_set", "clientele_limit", "hand_limit",
           "has_function", "material_label", "pending", "role_label", "sites_left",
           "think_options", "vault_limit", "vault_view"]


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


def _next_actor(state: GloryState, after: int | None) -> int | None:
    count = len(state.players)
    order = [(state.leader + step) % count for step in range(count)]
    start = 0 if after is None else order.index(after) + 1
    return next((seat for seat in order[start:] if state.actions_left[seat] > 0), None)


def _new_turn(state: GloryState, leader: int, turn: int) -> GloryState:
    count = len(state.players)
    return replace(state, leader=leader, turn=turn, phase="lead", led_role=None,
                   choices=(None,) * count, cards_played=(0,) * count,
                   actions_left=(0,) * count, acting=None, crafted=())


def _end_turn(state: GloryState) -> GloryState:
    if state.phase == "over":
        return state
    state = bonus.grant_academy(state)  # Thinker actions "after the turn", before the next
    return _new_turn(state, (state.leader + 1) % len(state.players), state.turn + 1)


def _start_actions(state: GloryState) -> GloryState:
    counts = tuple(count or 0 for count in actions_this_turn(state))
    state = replace(state, phase="actions", actions_left=counts)
    acting = _next_actor(state, None)
    return _end_turn(state) if acting is None else replace(state, acting=acting)


def _play_cards(state: GloryState, me: int, payload: Mapping[str, Any]) -> GloryState:
    """Record the role cards a player leads or follows with; used Jacks go back."""
    cards = read.whole(payload, "cards", 1, minimum=1)
    if cards > 1 and not has_function(state, me, "Palace"):
        raise Rejected(_("Only a Palace lets you play several cards of a role for extra "
                         "actions; play one card."))
    jacks = read.whole(payload, "jacks", 0)
    player = state.players[me]
    if jacks > cards or jacks > player.jacks:
        raise Rejected(ngettext("{name} has {held} Jack in hand, so cannot play {jacks}.",
                                "{name} has {held} Jacks in hand, so cannot play {jacks}.",
                                player.jacks).format(
            name=player.name, held=player.jacks, jacks=jacks))
    state = with_player(state, me, replace(player, jacks=player.jacks - jacks))
    played = list(state.cards_played)
    played[me] = cards
    return replace(state, cards_played=tuple(played), jacks_supply=state.jacks_supply + jacks)


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
        state = GloryState(
            players=tuple(PlayerState(name) for name in names), card_set=card_set,
            jacks_total=jacks, jacks_supply=jacks, in_town=(in_town,) * len(MATERIALS),
            out_of_town=(out_of_town,) * len(MATERIALS), leader=leader)
        return _new_turn(state, leader, 1)

    def apply(self, state: GloryState, action: Action) -> GloryState:
        if state.phase == "over":
            raise Rejected(_("The game is over; enter the final numbers to score it."))
        payload = action.payload
        if action.type == "end_game":
            return self._end_game(state, payload)
        me = action.player
        if action.type == "prison_exchange" and me is not None:
            return prison_exchange(state, me, payload)  # any time until their next move
        if "bonus" in payload:
            return self._building_action(state, me, action.type, payload)
        expected = self.current_player(state)
        if me is None or expected is None or me != expected:
            who = state.players[expected].name if expected is not None else "?"
            raise Rejected(_("It is {name}'s move now.").format(name=who))
        if me in state.prison_due:  # moving on declines the Prison's exchange
            state = replace(state, prison_due=tuple(p for p in state.prison_due if p != me))
        state = bonus.lapse(state, me)  # ... and building actions left pending
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
            state, used = move(state, me, payload, Acting(role, state.actions_left[me]))
            if state.phase == "over":
                return state
            if role == "craftsman":
                state = bonus.mark_crafted(state, me)
            left = list(state.actions_left)
            left[me] -= used
            state = replace(state, actions_left=tuple(left))
        if state.actions_left[me] > 0:
            return state
        acting = _next_actor(state, me)
        return _end_turn(state) if acting is None else replace(state, acting=acting)

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
        missing = [role_label(r) for r in ROLES if player.client_count(r) == 0]
        if missing:
            raise Rejected(_("A {forum} win needs a client of every role; {name} has none of: "
                             "{missing}.").format(forum=forum, name=player.name,
                                                  missing=", ".join(missing)))
        return replace(state, phase="over", end_reason="forum", forum_winner=winner,
                       acting=None)

    def current_player(self, state: GloryState) -> int | None:
        if state.phase == "lead":
            return state.leader
        if state.phase == "follow":
            return _next_undecided(state)
        if state.phase == "actions":
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


def _pending_note(state: GloryState) -> str:
    """Building actions waiting to be taken, e.g. " · Livia: Amphitheatre 4 Craftsman"."""
    return "".join(_(" · {name}: {building} {left} {role}").format(
        name=state.players[g.player].name, building=g.building, left=g.left,
        role=action_label(g.role)) for g in state.bonus)


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
