"""Via Romana at the table: builds, roads (open, closed, scored), the scoring prompt."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.games.base import Action
from companion.games.via_romana import (
    Phase,
    ViaRomanaState,
    allowed_actions,
    cards_left,
    extendable_ends,
    free_cities,
    road_colours,
    scoring_prompt,
)
from companion.i18n import _, ngettext
from companion.store import TagMeaning
from companion.ui import theme
from companion.ui.form import Pick, Step, Values
from companion.ui.intents import Tag
from companion.ui.layout import split_cols, split_rows
from companion.ui.tables.base import GameView, MenuItem, Move
from companion.ui.text import draw_paragraph


class ViaRomanaView(GameView):
    @property
    def via(self) -> ViaRomanaState:
        state: ViaRomanaState = self.state
        return state

    def city(self, index: int) -> str:
        return self.via.board.cities[index].name

    # -- moves ----------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        state = self.via
        labels = {"start_castle": _("Starting castle"), "castle": _("Castle"),
                  "milestone_city": _("Milestone in a city"),
                  "milestone_road": _("Milestone on a road"),
                  "two_milestones": _("Two milestones"), "end_turn": _("End turn")}
        moves: list[Move] = []
        for chooser in sorted({c.chooser for c in state.pending}):
            moves.append((f"pick-{chooser}", _("{name} picks a marker").format(
                name=self.name(chooser)), self._pick_marker(chooser), True))
        if state.pending or state.phase is Phase.OVER:
            return moves
        me = state.current
        allowed = allowed_actions(state, me)
        handlers: dict[str, Callable[[], object]] = {
            "start_castle": self._start_castle, "castle": self._castle,
            "milestone_city": self._milestone_city, "milestone_road": self._milestone_road,
            "two_milestones": self._two_milestones,
            "end_turn": lambda: self.dispatch("end_turn", {}, self.via.current)}
        moves += [(kind, labels[kind], handlers[kind], True) for kind in labels
                  if kind in allowed]
        return moves

    def menu_items(self) -> list[MenuItem]:
        missing = [i for i, board in enumerate(self.via.order_boards) if board is None]
        return [(f"order-board-{i}", _("Order board of {name}").format(name=self.name(i)),
                 self._order_board(i)) for i in missing]

    def _cities(self, indices: list[int]) -> list[tuple[str, str]]:
        return [(self.city(i), self.city(i)) for i in indices]

    def _colour_options(self, exclude: object = None) -> list[tuple[str, str]]:
        board = self.via.board
        names = dict(zip(board.colours, board.province_names, strict=False))
        return [(c, f"{c} ({names.get(c, '')})".replace(" ()", "")) for c in board.colours
                if c != exclude]

    def _card_steps(self) -> list[Step]:
        return [
            Pick("how", _("Cards played"), [("one", _("1 card of that colour")),
                                            ("joker", _("2 cards of different colours"))]),
            Pick("first", _("First card's colour"), self._colour_options(),
                 when=lambda v: v.get("how") == "joker"),
            Pick("second", _("Second card's colour"),
                 lambda v: self._colour_options(exclude=v.get("first")),
                 when=lambda v: v.get("how") == "joker")]

    @staticmethod
    def _cards(values: Values, colour: str) -> list[dict[str, str]]:
        if values.get("how") == "joker":
            return [{"colour": str(values["first"])}, {"colour": str(values["second"])}]
        return [{"colour": colour}]

    def _start_castle(self) -> None:
        me = self.via.current
        self.form(_("Starting castle"), [Pick("city", _("In which city?"),
                                              self._cities(free_cities(self.via)))],
                  lambda v: self.dispatch("start_castle", {"city": v["city"]}, me))

    def _castle(self) -> None:
        me = self.via.current
        board = self.via.board

        def done(values: Values) -> None:
            index = board.city_index(str(values["city"]))
            colour = board.cities[index].colour if index is not None else ""
            self.dispatch("castle", {"city": values["city"],
                                     "cards": [{"colour": colour}, {"colour": colour}]}, me)

        self.form(_("Castle (2 cards of the city's colour)"),
                  [Pick("city", _("In which city?"), self._cities(free_cities(self.via)))], done)

    def _milestone_city(self) -> None:
        me = self.via.current
        board = self.via.board

        def done(values: Values) -> None:
            index = board.city_index(str(values["city"]))
            colour = board.cities[index].colour if index is not None else ""
            self.dispatch("milestone_city", {"city": values["city"],
                                             "cards": self._cards(values, colour)}, me)

        self.form(_("Milestone in a city"), [
            Pick("city", _("In which city?"), self._cities(free_cities(self.via))),
            *self._card_steps()], done)

    def _ends(self) -> list[tuple[tuple[int, int], str]]:
        board = self.via.board
        return [((road, city), _("{road}, from {city}").format(road=board.road_label(road),
                                                              city=self.city(city)))
                for road, city in extendable_ends(self.via)]

    def _milestone_road(self) -> None:
        me = self.via.current

        def done(values: Values) -> None:
            road, city = values["end"]
            colour = road_colours(self.via, road, city)[0]
            self.dispatch("milestone_road", {"road": road, "from": self.city(city),
                                             "cards": self._cards(values, colour)}, me)

        self.form(_("Milestone on a road"), [Pick("end", _("Which road, from where?"),
                                                  self._ends()), *self._card_steps()], done)

    def _two_milestones(self) -> None:
        me = self.via.current
        board = self.via.board

        def done(values: Values) -> None:
            road, city = values["end"]
            card = {"colour": board.cities[city].colour, "symbol": str(values["symbol"])}
            self.dispatch("two_milestones", {"road": road, "from": self.city(city),
                                             "cards": [card]}, me)

        self.form(_("Two milestones (1 card: colour and symbol of the city)"), [
            Pick("end", _("Which road, from where?"), self._ends()),
            Pick("symbol", _("The card's symbol"), [(s, s) for s in board.symbols])], done)

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
                      lambda v: self.dispatch("pick_marker", {"city": v["city"],
                                                              "road": connection.road}, chooser))
        return ask

    def _order_board(self, player: int) -> Callable[[], None]:
        def ask() -> None:
            steps: list[Step] = []
            for n in range(4):
                steps.append(Pick(f"c{n}", _("Colour {n} of 4").format(n=n + 1),
                                  self._remaining_colours(n)))
            self.form(_("Order board of {name}").format(name=self.name(player)), steps,
                      lambda v: self.dispatch("order_board", {
                          "colours": [v[f"c{n}"] for n in range(4)]}, player))
        return ask

    def _remaining_colours(self, n: int) -> Callable[[Values], list[tuple[str, str]]]:
        def options(values: Values) -> list[tuple[str, str]]:
            taken = {values.get(f"c{k}") for k in range(n)}
            return [o for o in self._colour_options() if o[0] not in taken]
        return options

    # -- buttons and tags -----------------------------------------------------------------

    def on_next(self) -> None:
        if "end_turn" in allowed_actions(self.via, self.via.current):
            self.dispatch("end_turn", {}, self.via.current)
        else:
            super().on_next()

    def on_player(self, index: int) -> None:
        if index == self.via.current and "end_turn" in allowed_actions(self.via, index):
            self.dispatch("end_turn", {}, index)
        else:
            super().on_player(index)

    def on_tag(self, tag: Tag, meaning: TagMeaning) -> bool:
        if meaning.kind != "vr-city-marker":
            return False
        if not self.via.pending:
            self.app.message(_("No road is waiting for its marker pick."))
            return True
        colour, _sep, number = meaning.value.partition(":")
        connection = self.via.pending[0]
        road = self.via.board.roads[connection.road]
        for city in (road.a, road.b):
            stack = self.via.stacks[city]
            if self.via.board.cities[city].colour == colour and stack and str(stack[0]) == number:
                self.dispatch("pick_marker", {"city": self.city(city), "road": connection.road},
                              connection.chooser)
                return True
        self.app.message(_("That marker ({label}) is not on top of either city of this "
                           "road.").format(label=meaning.label))
        return True

    # -- the panel ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        where = action.payload.get("city") or action.payload.get("from") or ""
        return self.sentence(action, str(where))

    def move_names(self) -> dict[str, str]:
        return {"start_castle": _("Starting castle"), "order_board": _("Order board"),
                "castle": _("Castle"), "milestone_city": _("Milestone in a city"),
                "milestone_road": _("Milestone on a road"), "two_milestones": _("Two milestones"),
                "pick_marker": _("City marker"), "end_turn": _("End turn")}

    def player_note(self, index: int) -> str:
        count = len(self.via.collected[index])
        return ngettext("{n} marker", "{n} markers", count).format(n=count)

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.table.metrics
        state = self.via
        board = state.board
        prompt = scoring_prompt(state)
        top, roads = split_rows(rect, [-m.unit * (2 if prompt else 1), 1], m.gap)
        if prompt:
            draw_paragraph(surface, " ".join(prompt), top, m.small, theme.ACCENT)
        else:
            cards = cards_left(state)
            draw_paragraph(surface, _("Signposts left: {n} · Cards this round: {used} of 3 "
                                      "(at most 3 hand cards per round)").format(
                n=state.signposts_left, used=3 - cards), top, m.small, theme.ACCENT)
        scored = {c.road for c in state.scored}
        words = {"open": _("open"), "closed": _("closed"), "scored": _("scored")}
        rows = []
        for index, road in enumerate(board.roads):
            status = "scored" if index in scored else ("closed" if state.closed[index]
                                                       else "open")
            built = sum(1 for owner in state.roads[index] if owner is not None)
            rows.append(f"{board.road_label(index)}: {words[status]} {built}/{road.spaces}")
        columns = 1 if m.portrait and len(rows) <= 12 else 2
        per = -(-len(rows) // columns)
        for column, cell in enumerate(split_cols(roads, [1] * columns, m.gap)):
            self.lines(surface, cell, rows[column * per:(column + 1) * per])
