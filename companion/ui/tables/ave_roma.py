"""Ave Roma at the table: a move is a tap on a space, then only the questions that matter.

The player on turn's workers lie in a tray under the board, one chosen (their last choice
while in hand, else the lowest number): placing it is one tap on the space; another
worker is one tap on the tray first. Asked only where the choice is still open: the
worker when the chosen one cannot go there; for the trained worker one of −1 / as it is
/ +1; on a numbered card row the space's printed number, when more than one fits; the
Propraetor's one choice (one region's influence, or several regions counted in one
dialog) once the player holds a building or military card to give influence; with full
tracking the amounts follow, one dialog each. Taking back is a tap on an area; the turn
order is worked out and confirmed with one tap. The picture (``ave_roma_board``) shows
what the rules did, and the prompt on top says what the players must do on the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

import pygame

from companion.core.i18n import _
from companion.games.ave_roma import (
    ACTION,
    BOARD_SPACES,
    CARD_ROWS,
    EMPTY,
    FINAL,
    OVER,
    REFILL,
    REGION_COUNT,
    RESOURCES,
    SETUP,
    TRAINING,
    TURN_ORDER,
    WORKERS_PER_PLAYER,
    AveRomaState,
    actions_for,
    card_row_spaces,
    now,
    pending_overflow,
    refill_reminders,
    resource_label,
    space_label,
    turn_order_explanation,
)
from companion.games.base import Action
from companion.ui import board, theme
from companion.ui.form import Counts, Number, Pick, Step, Values, run_form
from companion.ui.rules_cards import CardDialog
from companion.ui.screens.dialogs import ConfirmDialog
from companion.ui.tables.ave_roma_board import (
    board_parts,
    covered_rects,
    paint_table,
    take_back_cells,
)
from companion.ui.tables.ave_roma_forms import effect_form, full_payload, full_steps
from companion.ui.tables.ave_roma_tray import (
    TRAINED,
    Worker,
    chosen_worker,
    tray_cells,
    tray_place,
    tray_workers,
    worker_label,
)
from companion.ui.tables.base import GameView, MenuItem, Move, TableHost
from companion.ui.widgets import Button

#: spaces whose worker number picks a region position, so it matters in the final actions
NUMBER_MATTERS = frozenset({"quaestor", "aedilis", "mercator", "propraetor", "rome"})


def bonus_options(full: bool, influence: bool = True) -> list[tuple[object, str]]:
    """The Propraetor's one choice: one more resource (which one, with full tracking), or,
    when the engine says it is open (``influence``), influence in one region."""
    options: list[tuple[object, str]] = [("resource", _("1 more resource"))]
    if full:
        options = [(f"resource:{r}", _("1 more {resource}").format(resource=resource_label(r)))
                   for r in RESOURCES]
    if not influence:
        return options  # essentials: one answer, not asked
    for region in range(1, REGION_COUNT + 1):
        for amount in (1, 2, 3):
            options.append((f"{region}:{amount}", _("Region {n}: +{amount} influence").format(
                n=region, amount=amount)))
    options.append((SEVERAL, _("Influence in several regions")))
    return options


#: the Propraetor's influence through cards in more than one region, asked per region
SEVERAL = "several"


def several_regions() -> Counts:
    """How much influence the cards give in each region, for the one placement."""
    regions = [(str(n), _("Region {n}").format(n=n)) for n in range(1, REGION_COUNT + 1)]
    return Counts("regions", _("Influence gained per region"), regions, 9,
                  when=lambda v: v.get("bonus") == SEVERAL)


class AveRomaView(GameView):
    def __init__(self, table: TableHost) -> None:
        super().__init__(table)
        self._seen_actions = self.session.action_count
        #: each player's last choice on the worker tray
        self._last_worker: dict[int, Worker] = {}
        self._found: tuple[AveRomaState, now.Options] | None = None

    @property
    def ave(self) -> AveRomaState:
        state: AveRomaState = self.state
        return state

    # -- moves ----------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        me = self.current
        state = self.ave
        overflowing = [i for i in range(len(state.seats)) if pending_overflow(state, i)]
        if overflowing:
            return [(f"overflow-{i}", _("{name}: over the cap").format(name=state.name(i)),
                     self._overflow(i), True) for i in overflowing]
        if state.phase == SETUP and me is not None:
            return [("choose_start", _("Starting resources"), self._choose_start, True)]
        if state.phase in (ACTION, FINAL) and me is not None:
            moves: list[Move] = [(f"space-{space}", space_label(space), self._place(space),
                                  bool(self._workers_for(space))) for space in BOARD_SPACES]
            if self.table.metrics.portrait:  # a ninth button fits the 3 x 3 grid there
                moves.append(("pass", _("Pass"), self._pass, True))
            return moves
        # a row that cannot be refilled ends the game: in the menu, confirmed, never
        # beside the step that goes on with it
        if state.phase == REFILL:
            if me is None:
                return [("rows_refilled", _("Rows refilled"),
                         lambda: self.dispatch("rows_refilled", {}, None), True)]
            return []  # the areas are buttons on the panel (see hotspots)
        if state.phase == TURN_ORDER:
            return [("confirm_order", _("Start round {n}").format(n=state.round + 1),
                     lambda: self.dispatch("confirm_order", {}, None), True)]
        return []

    def menu_items(self) -> list[MenuItem]:
        items: list[MenuItem] = []
        state = self.ave
        me = self.current
        if state.phase in (ACTION, FINAL) and me is not None:
            items.append(("pass", _("Pass: {name} is done").format(name=self.name(me)),
                          self._pass))
        if state.phase == ACTION and me is not None and state.seat(me).trained is None \
                and state.seat(me).hand:
            items.append(("space-training", _("Training (player board)"),
                          self._place(TRAINING)))
        items.append(("effect", _("Card effect"), self._effect))
        if state.phase in (REFILL, TURN_ORDER):
            items.append(("row", _("A row ran out: the game ends..."), self._row))
        if state.phase not in (SETUP, OVER):
            items.append(("end-here", _("End here and score"), self._ask_end_here))
        return items

    def _pass(self) -> None:
        self.dispatch("pass", {}, self.current)

    def _ask_end_here(self) -> None:
        self.app.push(ConfirmDialog(
            self.app, _("End the game here and score it?"),
            _("The final scoring comes next, with what is on the board now. Abandon the "
              "game instead if nobody wants it scored."),
            _("End and score"), self._end_here))

    def _end_here(self) -> None:
        self.dispatch("end_here", {}, None)

    def _choose_start(self) -> None:
        me = self.current
        options = [(r, resource_label(r)) for r in RESOURCES]
        self.form(_("Starting resources"), [
            Pick("first", _("First resource at 2"), options),
            Pick("second", _("Second resource at 2"),
                 lambda v: [o for o in options if o[0] != v["first"]])],
            lambda v: self.dispatch("choose_start", {"resources": [v["first"], v["second"]]}, me))

    def _workers_for(self, space: str) -> list[tuple[object, str]]:
        """The workers that may go to ``space`` now: numbers (and the trained one)."""
        me = self.current
        if me is None:
            return []
        state = self.ave
        seat = state.seat(me)
        found = self._options()
        numbers = list(found.numbers(space))
        if state.phase == FINAL and space not in NUMBER_MATTERS:
            numbers = numbers[-1:]  # any number does: one is asked for
        options: list[tuple[object, str]] = [(n, str(n)) for n in numbers]
        if found.trained_numbers(space):
            options.append((TRAINED, _("Trained worker ({n})").format(n=seat.trained)))
        return options

    def _options(self) -> now.Options:
        """The engine's own answer, as "What now?" says it (worked out once a state)."""
        if self._found is None or self._found[0] is not self.ave:
            self._found = (self.ave, now.options(self.ave))
        return self._found[1]

    def tray(self) -> list[Worker]:
        """The workers on the tray of the player on turn: those the engine takes on some
        area now."""
        if self.current is None or self.ave.phase not in (ACTION, FINAL):
            return []
        found = self._options()
        numbers = {n for _space, allowed in found.spaces for n in allowed}
        trained = self.ave.seat(self.current).trained
        fits = any(allowed for _space, allowed in found.trained)
        return tray_workers(sorted(numbers), trained if fits else None)

    def chosen(self) -> Worker | None:
        """The worker a tap on an area places: highlighted on the tray."""
        me = self.current
        return None if me is None else chosen_worker(self.tray(), self._last_worker.get(me))

    def _choose(self, worker: Worker) -> Callable[[], None]:
        def choose() -> None:
            if self.current is not None:
                self._last_worker[self.current] = worker
        return choose

    def _place(self, space: str) -> Callable[[], None]:
        """The worker (asked only when more than one fits), then what the space needs."""
        def ask() -> None:
            me = self.current
            if me is None:
                return
            self.app.clear_prompts()  # the next player is on the move: the step was seen
            options = self._workers_for(space)
            values: Values = {"space": space}
            steps: list[Step] = []
            chosen = self.chosen()
            if chosen in [worker for worker, _label in options]:
                values["worker"] = chosen
            elif len(options) == 1:
                values["worker"] = options[0][0]
            else:
                steps.append(Pick("worker", _("Which worker?"), options))
            steps.append(Pick("acts_as", _("The trained worker counts"),
                              lambda v: self._trained_options(space),
                              when=lambda v: v["worker"] == TRAINED))
            steps.append(Pick("slot", _("Which space? (the number printed on it)"),
                              lambda v: self._slot_options(v),
                              when=lambda v: space in CARD_ROWS and self.ave.phase == ACTION))
            run_form(self.app, space_label(space), steps, lambda v: self._then(me, v), values)
        return ask

    def _trained_options(self, space: str) -> list[tuple[object, str]]:
        """The trained worker's three ways: one less, as it is, one more, those the engine
        accepts at ``space`` now (within 1..5, a region card where the area needs one)."""
        me = self.current
        trained = self.ave.seat(me).trained if me is not None else None
        if trained is None:
            return []
        words = {-1: _("−1: counts {n}"), 0: _("As it is: {n}"), 1: _("+1: counts {n}")}
        return [(n, words[n - trained].format(n=n))
                for n in now.options(self.ave).trained_numbers(space)]

    @staticmethod
    def _slot_options(values: Values) -> list[tuple[object, str]]:
        """The numbered card-row spaces the worker fits: asked only when more than one."""
        number = int(values["acts_as"] if values["worker"] == TRAINED else values["worker"])
        return [(n, _("Space {n}").format(n=n)) for n in card_row_spaces(number)]

    def _then(self, me: int, values: Values) -> None:
        """Second part of a placement, now that the worker's number is known."""
        space = str(values["space"])
        number = int(values["acts_as"] if values["worker"] == TRAINED else values["worker"])
        steps: list[Step] = []
        if space == "propraetor":
            steps += [Pick("bonus", _("Then?"), bonus_options(
                self.ave.tracks_supplies, self._options().influence)),
                      several_regions()]
        if self.ave.tracks_supplies:
            card = self.ave.regions[number - 1].card != EMPTY
            steps += full_steps(space, number, card=card)
        if not steps:
            self._placed(me, values)
            return
        run_form(self.app, space_label(space), steps, lambda v: self._placed(me, v), values)

    def _placed(self, me: int, values: Values) -> None:
        payload: dict[str, object] = {"space": values["space"]}
        if "slot" in values:
            payload["slot"] = values["slot"]
        if values["worker"] == TRAINED:
            payload["trained"] = True
            payload["acts_as"] = values["acts_as"]
        else:
            payload["worker"] = values["worker"]
        bonus = values.get("bonus")
        if isinstance(bonus, str):
            if bonus.startswith("resource"):
                payload["bonus"] = "resource"
            elif bonus == SEVERAL:
                payload["bonus"] = "influence"
                payload["influence"] = {region: amount for region, amount
                                        in dict(values.get("regions") or {}).items() if amount}
            else:
                region, amount = bonus.split(":")
                payload["bonus"] = "influence"
                payload["influence"] = {region: int(amount)}
        if self.ave.tracks_supplies:
            payload.update(full_payload(values))
        self.dispatch("place", payload, me)

    def _take_back(self, area: str) -> Callable[[], None]:
        """All workers of an area; when they do not all fit, one pick of the ones taken."""
        def ask() -> None:
            me = self.current
            if me is None:
                return
            self.app.clear_prompts()
            lying = self.ave.area(area)
            room = WORKERS_PER_PLAYER - len(self.ave.seat(me).hand)
            if len(lying) <= room:
                self.dispatch("take_back", {"area": area}, me)
                return
            choices = sorted(set(combinations(sorted(lying), room)))
            options = [(",".join(map(str, c)), " + ".join(map(str, c))) for c in choices]
            self.form(_("Take back workers"), [Pick("workers", _("Room for {room}: which?").format(
                room=room), options)], lambda v: self.dispatch("take_back", {
                    "area": area, "workers": [int(n) for n in str(v["workers"]).split(",")]},
                    me))
        return ask

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
        players = [(i, seat.name) for i, seat in enumerate(self.ave.seats)]
        steps, payload_of = effect_form(self.ave.tracks_supplies)

        def done(values: Values) -> None:
            payload = payload_of(values)
            if not payload:
                self.app.message(_("Nothing was entered, so nothing was recorded."),
                                 error=False)
                return
            self.dispatch("effect", payload, values["player"])

        self.form(_("Card effect"), [Pick("player", _("For whom?"), players), *steps], done)

    def _row(self) -> None:
        """Which row, then a confirmation: the game ends with it."""
        def confirm(values: Values) -> None:
            row = str(values["row"])
            self.app.push(ConfirmDialog(
                self.app, _("{row} cannot be refilled?").format(row=space_label(row)),
                _("The game ends: everyone takes one last action, then the final scoring."),
                _("End the game"), lambda: self._row_ran_out(row)))

        self.form(_("A row cannot be refilled"), [
            Pick("row", _("Which row?"), [(r, space_label(r)) for r in CARD_ROWS])], confirm)

    def _row_ran_out(self, row: str) -> None:
        self.dispatch("row_not_refilled", {"row": row}, None)

    # -- hardware buttons -----------------------------------------------------------------

    def on_next(self) -> None:
        if self.current is not None and "pass" in actions_for(self.ave, self.current):
            self.dispatch("pass", {}, self.current)
        else:
            super().on_next()

    def on_player(self, index: int) -> None:
        """The current player's button passes; anyone else hears what it would do."""
        state = self.ave
        current = self.current
        if index == current and "pass" in actions_for(state, index):
            self.dispatch("pass", {}, index)
            return
        name = self.name(index)
        if state.phase in (ACTION, FINAL) and current is not None:
            text = _("{name}: it is {other}'s turn. On your turn this button passes.").format(
                name=name, other=self.name(current))
        elif state.phase == REFILL and current is not None:
            text = _("{name}: {other} takes back workers now; your button does nothing in the "
                     "refill. Tap an area on the screen when you are called.").format(
                name=name, other=self.name(current))
        else:
            text = _("{name}: your button passes during the action phase; now use the buttons "
                     "on the screen.").format(name=name)
        self.app.message(text, error=False)

    # -- the panel ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        space = action.payload.get("space")
        if action.type == "place" and isinstance(space, str):
            worker = action.payload.get("worker", action.payload.get("acts_as", ""))
            who = self.name(action.player) if action.player is not None else _("table")
            return _("{name}: {space} {worker}").format(name=who, space=space_label(space),
                                                        worker=worker)
        if action.type == "take_back":
            area = space_label(str(action.payload.get("area", "")))
            if action.player is None:
                return self.sentence(action, area)
            # short enough for the undo button's two lines at the reading size
            return _("{name}: {space} back").format(name=self.name(action.player), space=area)
        return super().describe(action)

    def move_names(self) -> dict[str, str]:
        return {"choose_start": _("Starting resources"), "place": _("Place a worker"),
                "pass": _("Pass"), "take_back": _("Take back workers"),
                "workers": _("Workers in hand"), "overflow": _("Over the cap"),
                "effect": _("Card effect"), "row_not_refilled": _("A row cannot be refilled"),
                "rows_refilled": _("Rows refilled"), "confirm_order": _("New turn order"),
                "end_here": _("End here and score")}

    def table_prompt(self) -> str:
        state = self.ave
        if state.phase == REFILL:
            return _("Refill the rows")
        if state.phase == TURN_ORDER:
            return _("New order")
        return ""

    def player_note(self, index: int) -> str:
        """"passed" in the turn order beside the board; on the portrait screen the order's
        cells are a fifth of the width, so the player's board says it there."""
        return "" if self.table.metrics.portrait else self.passed_note(index)

    def passed_note(self, index: int) -> str:
        seat = self.ave.seats[index]
        if self.ave.phase in (ACTION, FINAL) and seat.passed:
            return _("passed")
        return ""

    def prompt(self) -> str:
        """The physical step the players must do now, for the banner on top."""
        state = self.ave
        if state.phase == REFILL and refill_reminders(state):
            return " ".join(refill_reminders(state))
        if state.phase == TURN_ORDER:
            return " ".join(part for part in (state.notice, turn_order_explanation(state))
                            if part)
        return state.notice

    def pending_steps(self) -> list[str]:
        return [self.ave.alert] if self.ave.alert else []

    def committed(self) -> None:
        """A payment or event that must not be missed comes up as the big prompt, once,
        when the move that caused it is on disk (not again after an undo)."""
        seen = self.session.action_count
        if seen > self._seen_actions and self.ave.alert:
            self.app.prompt(self.ave.alert)
        self._seen_actions = seen

    def taking_back(self) -> bool:
        """Whether a player takes back workers now: the areas replace the board."""
        return self.ave.phase == REFILL and self.current is not None

    def hotspots(self, rect: pygame.Rect) -> list[Button]:
        """The band of the steps on the table; during the refill, every area as a button
        (its name, and the numbers of the workers lying there), disabled once empty:
        placed from the panel alone, so taking back one area's workers moves no other
        button from under the next finger; else the worker tray."""
        band = self._steps_button(rect)
        if not self.taking_back():
            return [*band, *self._tray_buttons(rect)]
        m = self.table.metrics
        state = self.ave
        return [*band, *(Button(f"move-area-{space}", cell, space_label(space),
                                self._take_back(space), enabled=bool(state.area(space)),
                                size=m.small, sublabel=" ".join(map(str, state.area(space)))
                                or "–")
                         for space, cell in zip(BOARD_SPACES, take_back_cells(rect, m),
                                                strict=True))]

    def _steps_button(self, rect: pygame.Rect) -> list[Button]:
        """The steps on the table as one gold line over the board: the step itself when
        it fits the line at the reading size, else a short call; a tap shows them whole
        in "What now?" (a long sentence is no part of the picture)."""
        prompt = self.prompt()
        band = board_parts(rect, self.ave, prompt, self.table.metrics,
                           self.taking_back()).prompt
        if band is None:
            return []
        size = board.reading_size(self.table.metrics)
        button = Button("table-steps", band, prompt, self._show_steps, fill=theme.ACCENT,
                        size=size, max_lines=1)
        fitted, lines, _sub, _sub_lines = button.label_layout(size)
        if fitted < size or len(lines) != 1 or lines[0] != prompt:
            button = replace(button, label=_("Steps on the table: tap here"))
        return [button]

    def _show_steps(self) -> None:
        """"What now?" with the steps on the table first."""
        sections = [("", part) for part in (self.prompt(), now.sentence(self.ave)) if part]
        self.app.push(CardDialog(self.app, _("What now?"), sections, theme.ACCENT))

    def _tray_buttons(self, rect: pygame.Rect) -> list[Button]:
        """The worker tray: a button per worker of the player on turn, the chosen one
        highlighted (a tap on an area places it)."""
        tray = board_parts(rect, self.ave, self.prompt(), self.table.metrics).tray
        me = self.current
        if tray is None or me is None:
            return []
        m = self.table.metrics
        chosen, trained = self.chosen(), self.ave.seat(me).trained
        buttons = []
        cells = tray_cells(tray, m)
        for worker in self.tray():
            cell = cells[tray_place(worker)]  # each worker keeps its place on the tray
            label = worker_label(worker, trained)
            buttons.append(Button(f"worker-{worker}", cell, label, self._choose(worker),
                                  selected=worker == chosen, size=m.small, max_lines=1))
        return buttons

    def covered(self, rect: pygame.Rect) -> list[pygame.Rect]:
        return covered_rects(rect, self.ave, self.prompt(), self.table.metrics,
                             self.taking_back())

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        colours = [self.table.session.players[i].colour for i in range(len(self.ave.seats))]
        m = self.table.metrics
        notes = tuple(self.passed_note(i) if m.portrait else ""
                      for i in range(len(self.ave.seats)))
        paint_table(surface, rect, self.ave, colours, self.prompt(), m, self.layers,
                    self.taking_back(), notes)
