"""Ave Roma at the table: regions and their cards, players' boards, workers and turn order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from companion.games.ave_roma import (
    actions_for,
    pending_overflow,
    refill_reminders,
    turn_order_explanation,
    usable_workers,
)
from companion.games.ave_roma_model import (
    ACTION,
    BOARD_SPACES,
    CARD_ROWS,
    REFILL,
    REGION_COUNT,
    REGION_SPACES,
    RESOURCES,
    SPACES,
    TRAINING,
    WORKER_VALUES,
    WORKERS_PER_PLAYER,
    AveRomaState,
    resource_label,
    space_label,
)
from companion.games.base import Action
from companion.i18n import _, ngettext
from companion.ui import theme
from companion.ui.form import Counts, Number, Pick, Several, Step, Values
from companion.ui.layout import grid, split_cols, split_rows
from companion.ui.tables.base import GameView, Move
from companion.ui.text import draw_text
from companion.ui.widgets import panel


def card_words() -> dict[str, str]:
    return {"fresh": _("fresh"), "slid": _("slid"), "empty": _("empty")}


class AveRomaView(GameView):
    @property
    def ave(self) -> AveRomaState:
        state: AveRomaState = self.state
        return state

    # -- moves ----------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        me = self.current
        state = self.ave
        moves: list[Move] = []
        overflowing = [i for i in range(len(state.seats)) if pending_overflow(state, i)]
        if overflowing:
            return [(f"overflow-{i}", _("{name}: over the cap").format(name=state.name(i)),
                     self._overflow(i), True) for i in overflowing]
        if me is not None:
            kinds = actions_for(state, me)
            labels = {"choose_start": _("Starting resources"), "place": _("Place a worker"),
                      "pass": _("Pass"), "take_back": _("Take back workers"),
                      "workers": _("Workers in hand")}
            handlers = {"choose_start": self._choose_start, "place": self._place,
                        "pass": lambda: self.dispatch("pass", {}, self.current),
                        "take_back": self._take_back, "workers": self._workers}
            moves += [(kind, labels[kind], handlers[kind], True) for kind in kinds
                      if kind in labels]
            moves.append(("effect", _("Card effect"), self._effect, True))
        if state.phase == REFILL:
            moves.append(("row", _("A row cannot be refilled"), self._row, True))
        return moves

    def _choose_start(self) -> None:
        me = self.current
        options = [(r, resource_label(r)) for r in RESOURCES]
        self.form(_("Starting resources"), [
            Pick("first", _("First resource at 2"), options),
            Pick("second", _("Second resource at 2"),
                 lambda v: [o for o in options if o[0] != v["first"]])],
            lambda v: self.dispatch("choose_start", {"resources": [v["first"], v["second"]]}, me))

    def _place(self) -> None:
        me = self.current
        if me is None:
            return
        state = self.ave
        workers = usable_workers(state, me)
        trained = state.seat(me).trained if state.phase == ACTION else None
        resources = [(r, resource_label(r)) for r in RESOURCES]
        paying = ("aedificator", "legatus", "senatus", "rome")

        def worker_options(values: Values) -> list[tuple[object, str]]:
            options: list[tuple[object, str]] = [(n, str(n)) for n in workers]
            if trained is not None and values["space"] != TRAINING:
                options.append(("trained", _("Trained worker ({n})").format(n=trained)))
            return options

        def done(values: Values) -> None:
            payload: dict[str, object] = {"space": values["space"]}
            if values["worker"] == "trained":
                payload["trained"] = True
                payload["acts_as"] = values["acts_as"]
            else:
                payload["worker"] = values["worker"]
            if values["space"] in CARD_ROWS:
                payload["slot"] = values["slot"]
            if values.get("gain"):
                payload["gain"] = values["gain"]
            if values.get("pay"):
                payload["pay"] = values["pay"]
            if values.get("coins"):
                payload["coins"] = -int(values["coins"])
            if values.get("vp"):
                payload["vp"] = values["vp"]
            self.dispatch("place", payload, me)

        self.form(_("Place a worker"), [
            Pick("space", _("Which space?"), [(s, space_label(s)) for s in SPACES]),
            Pick("worker", _("Which worker?"), worker_options),
            Number("acts_as", _("Number the trained worker counts as"), 1, 5, trained,
                   when=lambda v: v["worker"] == "trained"),
            Number("slot", _("Number printed on the space"), 1, 5,
                   when=lambda v: v["space"] in CARD_ROWS),
            Counts("gain", _("Resources taken"), resources, 4,
                   when=lambda v: v["space"] in REGION_SPACES),
            Counts("pay", _("Resources paid"), resources, 3,
                   when=lambda v: v["space"] in paying),
            Number("coins", _("Coins paid"), 0, 99, 0,
                   when=lambda v: v["space"] in ("mercator", "training", "rome", *CARD_ROWS)),
            Number("vp", _("Victory points gained"), 0, 99, 0,
                   when=lambda v: v["space"] in CARD_ROWS)], done)

    def _take_back(self) -> None:
        """All workers of an area; when they do not all fit, the player names the ones taken."""
        me = self.current
        if me is None:
            return
        state = self.ave
        room = WORKERS_PER_PLAYER - len(state.seat(me).hand)
        areas = [(s, _("{space} ({n})").format(space=space_label(s), n=len(state.area(s))))
                 for s in BOARD_SPACES if state.area(s)]

        def too_many(values: Values) -> bool:
            return len(state.area(str(values["area"]))) > room

        def remaining(taken: int) -> Callable[[Values], list[tuple[int, str]]]:
            def options(values: Values) -> list[tuple[int, str]]:
                left = Counter(state.area(str(values["area"])))
                left.subtract(values[f"w{k}"] for k in range(taken))
                return [(n, str(n)) for n in sorted(left) if left[n] > 0]
            return options

        def done(values: Values) -> None:
            payload: dict[str, object] = {"area": values["area"]}
            if too_many(values):
                payload["workers"] = [values[f"w{k}"] for k in range(room)]
            self.dispatch("take_back", payload, me)

        steps: list[Step] = [Pick("area", _("From which area?"), areas)]
        steps += [Pick(f"w{k}", _("Room for {room}: worker {n} of {room}").format(
            room=room, n=k + 1), remaining(k), when=too_many) for k in range(room)]
        self.form(_("Take back workers"), steps, done)

    def _workers(self) -> None:
        me = self.current
        if me is None:
            return
        held = Counter(self.ave.seat(me).hand)

        def done(values: Values) -> None:
            if values["how"] == "sum":
                self.dispatch("workers", {"sum": values["sum"]}, me)
                return
            counts: dict[str, int] = values.get("numbers", {})
            numbers = [int(n) for n, count in sorted(counts.items()) for _i in range(count)]
            self.dispatch("workers", {"numbers": numbers}, me)

        self.form(_("Workers in hand: {name}").format(name=self.name(me)), [
            Pick("how", _("What do you enter?"), [("numbers", _("The five numbers")),
                                                  ("sum", _("Only their sum"))]),
            Counts("numbers", _("How many workers of each number?"),
                   [(str(n), _("Number {n}").format(n=n)) for n in WORKER_VALUES],
                   WORKERS_PER_PLAYER, when=lambda v: v["how"] == "numbers",
                   start={str(n): held[n] for n in WORKER_VALUES if held[n]}),
            Number("sum", _("Sum of the numbers"), 5, 25,
                   when=lambda v: v["how"] == "sum")], done)

    def _overflow(self, player: int) -> Callable[[], None]:
        def ask() -> None:
            over = pending_overflow(self.ave, player)
            resource = next(iter(over))
            amount = over[resource]
            self.form(_("{name}: {n} {resource} over the cap").format(
                name=self.name(player), n=amount, resource=resource_label(resource)),
                [Number("surplus", _("How many into surplus?"), 0, amount, amount)],
                lambda v: self.dispatch("overflow", {
                    "resource": resource, "surplus": v["surplus"],
                    "sell": amount - int(v["surplus"])}, player))
        return ask

    def _effect(self) -> None:
        """A card's effect outside an action: only the parts the table ticks are asked."""
        players = [(i, seat.name) for i, seat in enumerate(self.ave.seats)]
        resources = [(r, resource_label(r)) for r in RESOURCES]
        parts = [("gain", _("Resources gained")), ("pay", _("Resources paid")),
                 ("sell", _("Resources sold")), ("coins", _("Coins gained")),
                 ("coins_paid", _("Coins paid")), ("vp", _("Victory points")),
                 ("political", _("Political influence")),
                 ("influence", _("Region influence"))]
        regions = [(str(n), _("Region {n}").format(n=n)) for n in range(1, REGION_COUNT + 1)]

        def ticked(part: str) -> Callable[[Values], bool]:
            return lambda values: part in values["parts"]

        def done(values: Values) -> None:
            payload: dict[str, object] = {k: values[k] for k in ("gain", "pay", "sell", "vp",
                                                                 "political", "influence")
                                          if values.get(k)}
            coins = int(values.get("coins", 0)) - int(values.get("coins_paid", 0))
            if coins:
                payload["coins"] = coins
            if not payload:
                self.app.message(_("Nothing was entered, so nothing was recorded."),
                                 error=False)
                return
            self.dispatch("effect", payload, values["player"])

        self.form(_("Card effect"), [
            Pick("player", _("For whom?"), players),
            Several("parts", _("What does it change?"), parts),
            Counts("gain", _("Resources gained"), resources, 3, when=ticked("gain")),
            Counts("pay", _("Resources paid"), resources, 3, when=ticked("pay")),
            Counts("sell", _("Resources sold"), resources, 3, when=ticked("sell")),
            Number("coins", _("Coins gained"), 0, 99, 0, when=ticked("coins")),
            Number("coins_paid", _("Coins paid"), 0, 99, 0, when=ticked("coins_paid")),
            Number("vp", _("Victory points gained"), 0, 99, 0, when=ticked("vp")),
            Number("political", _("Political influence gained"), 0, 30, 0,
                   when=ticked("political")),
            Counts("influence", _("Influence gained per region"), regions, 9,
                   when=ticked("influence"))], done)

    def _row(self) -> None:
        self.form(_("A row cannot be refilled"), [
            Pick("row", _("Which row?"), [(r, space_label(r)) for r in CARD_ROWS])],
            lambda v: self.dispatch("row_not_refilled", {"row": v["row"]}, None))

    def on_next(self) -> None:
        if self.current is not None and "pass" in actions_for(self.ave, self.current):
            self.dispatch("pass", {}, self.current)
        else:
            super().on_next()

    def on_player(self, index: int) -> None:
        if index == self.current and "pass" in actions_for(self.ave, index):
            self.dispatch("pass", {}, index)
        else:
            super().on_player(index)

    # -- the panel ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        space = action.payload.get("space")
        if action.type == "place" and isinstance(space, str):
            return self.sentence(action, f"{space_label(space)} {action.payload.get('worker', '')}")
        return super().describe(action)

    def move_names(self) -> dict[str, str]:
        return {"choose_start": _("Starting resources"), "place": _("Place a worker"),
                "pass": _("Pass"), "take_back": _("Take back workers"),
                "workers": _("Workers in hand"), "overflow": _("Over the cap"),
                "effect": _("Card effect"), "row_not_refilled": _("A row cannot be refilled")}

    def player_note(self, index: int) -> str:
        seat = self.ave.seats[index]
        if seat.passed:
            return _("passed")
        if seat.entered_numbers is not None:
            return _("workers {numbers} (sum {n})").format(
                numbers=" ".join(map(str, seat.entered_numbers)), n=sum(seat.entered_numbers))
        if seat.entered_sum is not None:
            return _("sum {n}").format(n=seat.entered_sum)
        return ""

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.table.metrics
        state = self.ave
        regions, rest = split_rows(rect, [-int(m.unit * 1.6), 1], m.gap)
        words = card_words()
        for position, (region, cell) in enumerate(zip(state.regions, grid(regions, 5, 5, m.gap),
                                                      strict=True), start=1):
            panel(surface, cell, theme.PANEL_LIGHT,
                  theme.ACCENT if region.card == "fresh" else None, width=2)
            head, card, cubes = split_rows(cell.inflate(-m.gap, -m.gap // 2), [1, 1, 1])
            draw_text(surface, _("Region {n}").format(n=position), head, m.small, theme.MUTED)
            draw_text(surface, _("{card}, marker {level}").format(
                card=words.get(region.card, region.card), level=region.marker), card,
                int(m.small * 0.85), theme.TEXT)
            held = " ".join(f"{state.name(i)[:3]}{level}" for i, level in
                            enumerate(region.cubes) if level)
            draw_text(surface, held or "-", cubes, m.small, theme.TEXT)
        rows = [ngettext("Region deck: {n} card · {order}", "Region deck: {n} cards · {order}",
                         state.deck).format(n=state.deck, order=turn_order_explanation(state))]
        for index, seat in enumerate(state.seats):
            goods = " ".join(f"{resource_label(r)} {seat.amount(r)}" for r in RESOURCES
                             if seat.amount(r))
            rows.append(_("{name}: {coins} coins · {vp} VP · surplus {surplus} · political "
                          "{political} · {goods} · workers {hand}").format(
                name=seat.name, coins=seat.coins, vp=seat.track_vp, surplus=seat.surplus,
                political=seat.political, goods=goods or "-",
                hand=" ".join(map(str, seat.hand)) or "-"))
            del index
        rows += refill_reminders(state)
        if state.notice:
            rows.append(state.notice)
        info, _spare = split_cols(rest, [1, 0])
        self.lines(surface, info, rows)
