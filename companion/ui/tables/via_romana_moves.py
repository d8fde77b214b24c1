"""Via Romana moves asked at the table: what a tap on a city or a road may build there,
the cards paid for it, the city marker picked after a road scoring, an order board; each
move dispatched with the steps it asks of the players on the board.

Kept apart from the view (:mod:`via_romana`: the map, its touch targets, the side panel and
the words) so each move's questions are found in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.i18n import _, ngettext
from companion.games.base import Action, Rejected
from companion.games.via_romana import (
    MAX_CARDS_PER_ROUND,
    Phase,
    ViaRomanaState,
    allowed_actions,
    cards_left,
    extendable_ends,
    milestones_left,
)
from companion.ui import theme
from companion.ui.form import Pick, Step
from companion.ui.tables.base import GameView
from companion.ui.tables.via_romana_cards import (
    CardChoice,
    CardDialog,
    CardPayload,
    castle_choices,
    milestone_choices,
    symbol_choices,
)

#: (build type, road or None, city or None): one answer to "what do you build here?"
Build = tuple[str, int | None, int]


class ViaRomanaMoves(GameView):
    """The moves half of the Via Romana view: taps on the map become questions, then moves."""

    @property
    def via(self) -> ViaRomanaState:
        state: ViaRomanaState = self.state
        return state

    def city(self, index: int) -> str:
        return self.via.board.cities[index].name

    def _city_tapped(self, index: int) -> Callable[[], None]:
        def tapped() -> None:
            state = self.via
            if state.pending:
                self._pick_at(index)
            elif state.phase is Phase.SETUP:
                self.dispatch("start_castle", {"city": self.city(index)}, state.current)
            else:
                self._ask_build(self.city(index), self._city_builds(index))
        return tapped

    def _road_tapped(self, index: int) -> Callable[[], None]:
        def tapped() -> None:
            state = self.via
            label = state.board.road_label(index)
            if state.pending:
                self.app.message(_("First the road scoring: {name} picks a city marker.").format(
                    name=self.name(state.pending[0].chooser)))
            elif state.phase is Phase.SETUP:
                self.app.message(_("Set-up: tap an empty city for the starting castle."))
            elif state.closed[index]:
                self.app.message(_("{road} is closed by a signpost: nothing more is built "
                                   "there.").format(road=label))
            else:
                self._ask_build(label, self._road_builds(index))
        return tapped

    def _city_builds(self, index: int) -> list[tuple[Build, str]]:
        state = self.via
        me = state.current
        if state.cities[index] is None:
            options: list[tuple[Build, str]] = []
            if "castle" in allowed_actions(state, me):
                options.append((("castle", None, index), _("Castle (2 cards)")))
            if "milestone_city" in allowed_actions(state, me):
                options.append((("milestone_city", None, index), _("Milestone (1 card)")))
            return options
        options = []
        for road, city in extendable_ends(state):
            if city == index:
                options += self._road_options(road, city)
        return options

    def _road_builds(self, index: int) -> list[tuple[Build, str]]:
        """What can be built on a road, from each end that can be extended; with one free
        space left both ends fill that same space, so the direction is not asked."""
        options: list[tuple[Build, str]] = []
        for road, city in extendable_ends(self.via):
            if road == index:
                options += self._road_options(road, city)
        if sum(1 for owner in self.via.roads[index] if owner is None) == 1:
            options = options[:1]
        return options

    def _road_options(self, road: int, city: int) -> list[tuple[Build, str]]:
        state = self.via
        me = state.current
        allowed = allowed_actions(state, me)
        r = state.board.roads[road]
        other = self.city(r.b if city == r.a else r.a)
        options: list[tuple[Build, str]] = []
        if "milestone_road" in allowed:
            options.append((("milestone_road", road, city),
                            _("1 milestone from {city} towards {other}").format(
                                city=self.city(city), other=other)))
        free = sum(1 for owner in state.roads[road] if owner is None)
        if "two_milestones" in allowed and free >= 2 and milestones_left(state, me) >= 2:
            options.append((("two_milestones", road, city),
                            _("2 milestones from {city} towards {other}").format(
                                city=self.city(city), other=other)))
        return options

    def _ask_build(self, place: str, options: list[tuple[Build, str]]) -> None:
        """What to build at ``place`` (skipped when only one thing can be built there)."""
        state = self.via
        if not options:
            self.app.message(self._why_nothing(place))
            return
        if len(options) == 1:
            self._ask_cards(options[0][0])
            return
        self.form(_("{name} builds at {place}").format(name=self.name(state.current),
                                                       place=place),
                  [Pick("build", _("What?"), options)],
                  lambda values: self._ask_cards(values["build"]))

    def _why_nothing(self, place: str) -> str:
        state = self.via
        me = state.current
        if state.phase is Phase.OVER:
            return _("The game is over; only the final scoring remains.")
        if cards_left(state) == 0:
            return _("{name} has played all {limit} cards this round: end the turn.").format(
                name=self.name(me), limit=MAX_CARDS_PER_ROUND)
        return _("Nothing can be built at {place} now: a milestone on a road must join a "
                 "built city, and each city space holds one piece.").format(place=place)

    def _ask_cards(self, build: Build) -> None:
        kind, road, city = build
        board = self.via.board
        me = self.via.current
        choices: list[CardChoice]
        if kind == "castle":
            choices, question = castle_choices(board), _("which 2 cards were paid?")
        elif kind == "two_milestones":
            choices, question = symbol_choices(board), _("which card was paid (colour and "
                                                         "symbol)?")
        else:
            choices, question = milestone_choices(board), _("which card(s)? A joker is 2 "
                                                            "different colours")

        def paid(cards: list[CardPayload]) -> None:
            if road is None:
                self.act(kind, {"city": self.city(city), "cards": cards}, me)
            else:
                self.act(kind, {"road": road, "from": self.city(city), "cards": cards}, me)

        what = {"castle": _("Castle in {city}"), "milestone_city": _("Milestone in {city}"),
                "milestone_road": _("Milestone from {city}"),
                "two_milestones": _("2 milestones from {city}")}[kind].format(
            city=self.city(city))
        self.app.push(CardDialog(self.app, _("{what}: {question}").format(
            what=what, question=question), choices, paid))

    def _pick_at(self, index: int) -> None:
        state = self.via
        connection = state.pending[0]
        road = state.board.roads[connection.road]
        if index not in (road.a, road.b):
            self.app.message(_("{name} picks a marker from {a} or {b}, the cities of the "
                               "scored road.").format(name=self.name(connection.chooser),
                                                      a=self.city(road.a), b=self.city(road.b)))
            return
        self.act("pick_marker", {"city": self.city(index), "road": connection.road},
                      connection.chooser)

    # -- moves with physical steps ---------------------------------------------------------

    def act(self, action_type: str, payload: dict[str, Any], player: int | None) -> bool:
        """Dispatch a move; what it asks the players to do on the board becomes a prompt."""
        before = self.via
        try:
            after: ViaRomanaState | None = self.session.rules.apply(
                before, Action(action_type, payload, player))
        except Rejected:
            after = None  # the dispatch says why in words
        done = self.dispatch(action_type, payload, player)
        if done and after is not None:
            for text in self.physical_steps(before, after):
                self.app.prompt(text)
        return done

    def pending_steps(self) -> list[str]:
        last = self.session.last_move()
        return [] if last is None else self.physical_steps(last[0], last[2])

    def physical_steps(self, before: ViaRomanaState, after: ViaRomanaState) -> list[str]:
        """What changed on the board that the players must now do by hand."""
        board = after.board
        steps: list[str] = []
        known = {c.road for c in (*before.pending, *before.scored)}
        for connection in (*after.pending, *after.scored):
            if connection.road in known:
                continue
            road = board.road_label(connection.road)
            if connection.signpost:
                steps.append(_("{road} is complete: take the milestones off its road spaces "
                               "and put up a Roma signpost.").format(road=road))
            else:
                steps.append(_("{road} is complete: take the milestones off its road spaces "
                               "(no signpost is left).").format(road=road))
        if after.eagle is not None and before.eagle is None:
            steps.append(_("{name} placed the last signpost: give {name} the legion eagle.")
                         .format(name=self.name(after.eagle)))
        picked = {c.road for c in before.scored}
        for connection in after.scored:
            if connection.road in picked or connection.marker is None \
                    or connection.marker_city is None:
                continue
            draws = ", ".join(ngettext("{name} draws {n} card", "{name} draws {n} cards", n)
                              .format(name=self.name(p), n=n) for p, n in connection.draws)
            text = _("{name} takes the {value} marker from {city}.").format(
                name=self.name(connection.chooser), value=connection.marker.value,
                city=board.cities[connection.marker_city].name)
            if draws:
                text = _("{taken} Then {draws} (open display first).").format(
                    taken=text, draws=draws)
            steps.append(text)
        return steps

    def _pick_marker(self, chooser: int) -> Callable[[], None]:
        def ask() -> None:
            connection = next(c for c in self.via.pending if c.chooser == chooser)
            road = self.via.board.roads[connection.road]
            options = []
            for city in (road.a, road.b):
                stack = self.via.stacks[city]
                if stack:
                    options.append((self.city(city), _("{city} (marker {n})").format(
                        city=self.city(city), n=stack[0])))
            self.form(_("{name} picks a city marker").format(name=self.name(chooser)),
                      [Pick("city", _("From which city?"), options)],
                      lambda v: self.act("pick_marker", {"city": v["city"],
                                                              "road": connection.road}, chooser))
        return ask

    def _order_board(self, player: int) -> Callable[[], None]:
        def ask() -> None:
            steps: list[Step] = [Pick(f"c{n}", _("Colour {n} of 4").format(n=n + 1),
                                      self._colour_options()) for n in range(4)]
            self.form(_("Order board of {name}").format(name=self.name(player)), steps,
                      lambda v: self.dispatch("order_board", {
                          "colours": [v[f"c{n}"] for n in range(4)]}, player))
        return ask

    def _colour_options(self) -> list[tuple[str, str]]:
        board = self.via.board
        names = dict(zip(board.colours, board.province_names, strict=False))
        return [(c, f"{theme.colour_names().get(c, c)} ({names.get(c, '')})".replace(" ()", ""))
                for c in board.colours]
