"""Scoring a finished connection: majority, marker pick, card draws, signpost, game end.

Split from the reducer because it is the one place where a single build ripples into
several players' fortunes; keeping it alone keeps the tie and draw rules easy to check.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.i18n import _, ngettext
from companion.games.base import Rejected
from companion.games.via_romana.scoring import Marker
from companion.games.via_romana.state import (
    Connection,
    Phase,
    ViaRomanaState,
    name_of,
    order_from,
    replace_at,
)
from companion.games.via_romana.words import colour_word


def is_complete(state: ViaRomanaState, road: int) -> bool:
    """An open road whose two cities and every road space are built."""
    r = state.board.roads[road]
    return (not state.closed[road] and state.cities[r.a] is not None
            and state.cities[r.b] is not None and None not in state.roads[road])


def pieces_on(state: ViaRomanaState, road: int) -> tuple[int, ...]:
    """Per player, the pieces on the connection: both city spaces plus the road spaces."""
    r = state.board.roads[road]
    counts = [0] * len(state.players)
    for building in (state.cities[r.a], state.cities[r.b]):
        if building is not None:
            counts[building.player] += 1
    for owner in state.roads[road]:
        if owner is not None:
            counts[owner] += 1
    return tuple(counts)


def settle_connection(pieces: tuple[int, ...], trigger: int, order: list[int]) -> tuple[
        int, tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Who picks the marker and who draws how many cards.

    Most pieces picks; on a tie the trigger if tied, else the tied player next after the
    trigger in turn order (``order`` starts with the trigger). Every other player with
    pieces draws that many cards, in that same order.
    """
    most = max(pieces)
    tied = tuple(p for p in order if pieces[p] == most)
    chooser = tied[0]
    draws = tuple((p, pieces[p]) for p in order if p != chooser and pieces[p] > 0)
    return chooser, tied, draws


def score_completed(state: ViaRomanaState, roads: list[int], trigger: int) -> ViaRomanaState:
    """Score every road in ``roads`` that the last build completed, in board order."""
    for road in sorted(roads):
        if not is_complete(state, road):
            continue
        pieces = pieces_on(state, road)
        chooser, tied, draws = settle_connection(pieces, trigger, order_from(state, trigger))
        signpost = state.signposts_left > 0
        connection = Connection(road=road, trigger=trigger, pieces=pieces, chooser=chooser,
                                tied=tied, draws=draws, signpost=signpost)
        spaces = state.roads[road]
        state = replace(
            state,
            roads=replace_at(state.roads, road, (None,) * len(spaces)),
            closed=replace_at(state.closed, road, True),
            signposts_left=state.signposts_left - (1 if signpost else 0),
            pending=(*state.pending, connection),
        )
        if signpost and state.signposts_left == 0 and state.phase is Phase.PLAY:
            if state.settings.last_turns:
                state = replace(state, eagle=trigger, phase=Phase.LAST_TURNS,
                                last_turns=tuple(order_from(state, trigger)[1:]))
            else:  # the game ends with this build; its scorings are still picked
                state = replace(state, eagle=trigger, phase=Phase.OVER, cards_this_turn=0)
    return settle_markerless(state)


def pick_marker(state: ViaRomanaState, road: int | None, city: int | None,
                player: int | None) -> ViaRomanaState:
    """The majority player takes the top marker of one of the two cities."""
    if not state.pending:
        raise Rejected(_("No road is waiting to be scored, so there is no marker to pick."))
    if road is None:
        index = 0
    else:
        matches = [i for i, c in enumerate(state.pending) if c.road == road]
        if not matches:
            raise Rejected(_("The road {road} is not waiting to be scored.").format(
                road=state.board.road_label(road)))
        index = matches[0]
    connection = state.pending[index]
    if player is not None and not 0 <= player < len(state.players):
        raise Rejected(_("Unknown player {player!r}.").format(player=player))
    if player is not None and player != connection.chooser:
        raise Rejected(_("{chooser} picks the marker for {road} (most pieces), not {player}.")
                       .format(chooser=name_of(state, connection.chooser),
                               road=state.board.road_label(connection.road),
                               player=name_of(state, player)))
    r = state.board.roads[connection.road]
    if city not in (r.a, r.b):
        raise Rejected(_("The marker comes from one of the two cities of the road: {a} or {b}.")
                       .format(a=state.board.cities[r.a].name, b=state.board.cities[r.b].name))
    if not state.stacks[city]:
        raise Rejected(_("{city} has no markers left; take one from {other}.").format(
            city=state.board.cities[city].name,
            other=state.board.cities[r.b if city == r.a else r.a].name))
    stack = state.stacks[city]
    marker = Marker(state.board.cities[city].colour, stack[0])
    done = replace(connection, marker=marker, marker_city=city)
    state = replace(
        state,
        stacks=replace_at(state.stacks, city, stack[1:]),
        collected=replace_at(state.collected, connection.chooser,
                       (*state.collected[connection.chooser], marker)),
        pending=state.pending[:index] + state.pending[index + 1:],
        scored=(*state.scored, done),
    )
    return settle_markerless(state)


def settle_markerless(state: ViaRomanaState) -> ViaRomanaState:
    """Close pending scorings whose two cities have no marker left: there is nothing to pick."""
    keep = []
    done = []
    for connection in state.pending:
        r = state.board.roads[connection.road]
        if state.stacks[r.a] or state.stacks[r.b]:
            keep.append(connection)
        else:
            done.append(connection)
    if not done:
        return state
    return replace(state, pending=tuple(keep), scored=(*state.scored, *done))


def describe(state: ViaRomanaState, connection: Connection) -> list[str]:
    """The scoring of one road as lines for the table, pending or done."""
    board = state.board
    r = board.roads[connection.road]
    lines = [_("{road} is complete: {trigger} triggered the scoring.").format(
        road=board.road_label(connection.road), trigger=name_of(state, connection.trigger))]
    counts = ", ".join(f"{name_of(state, p)} {connection.pieces[p]}"
                       for p in order_from(state, connection.trigger) if connection.pieces[p])
    lines.append(_("Pieces on the connection: {counts}.").format(counts=counts))
    chooser = name_of(state, connection.chooser)
    if len(connection.tied) == 1:
        lines.append(_("{chooser} has the most pieces.").format(chooser=chooser))
    else:
        tied = _(" and ").join(name_of(state, p) for p in connection.tied)
        if connection.chooser == connection.trigger:
            lines.append(_("{tied} are tied; {chooser} triggered the scoring and wins the tie.")
                         .format(tied=tied, chooser=chooser))
        else:
            lines.append(_("{tied} are tied; {chooser} is the tied player next after {trigger} "
                           "in turn order and wins the tie.").format(
                tied=tied, chooser=chooser, trigger=name_of(state, connection.trigger)))
    a, b = board.cities[r.a], board.cities[r.b]
    if connection.marker is not None and connection.marker_city is not None:
        lines.append(_("{chooser} took the marker {value} ({colour}) from {city}.").format(
            chooser=chooser, colour=colour_word(connection.marker.colour),
            value=connection.marker.value,
            city=board.cities[connection.marker_city].name))
    elif connection in state.pending:
        offers = [_("{city} (top marker {value})").format(city=c.name, value=state.stacks[i][0])
                  if state.stacks[i] else _("{city} (no markers left)").format(city=c.name)
                  for i, c in ((r.a, a), (r.b, b))]
        lines.append(_("{chooser} picks a city marker from {a} or {b}.")
                     .format(chooser=chooser, a=offers[0], b=offers[1]))
    else:
        lines.append(_("Neither {a} nor {b} has a marker left: no marker is taken.").format(
            a=a.name, b=b.name))
    for player, cards in connection.draws:
        lines.append(ngettext("{name} draws {n} card: from the open display, then from the "
                              "face-down pile when the display is empty.",
                              "{name} draws {n} cards: from the open display, then from the "
                              "face-down pile when the display is empty.", cards).format(
            name=name_of(state, player), n=cards))
    if connection.signpost:
        lines.append(_("Remove the milestones from the road spaces and close the road with a "
                       "Roma signpost; the city pieces stay."))
    else:
        lines.append(_("Remove the milestones from the road spaces; the road is closed (no "
                       "signpost is left); the city pieces stay."))
    return lines

