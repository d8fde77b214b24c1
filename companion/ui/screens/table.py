"""The table: whose turn (in their colour), turn order, round/phase, a large undo, and the
game's own panel and move buttons (from :mod:`companion.ui.tables`)."""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.i18n import _, ngettext, pgettext
from companion.games.base import Action
from companion.log.session import GameSession
from companion.log.skip_damaged import SkipPlan, plan_skip, skip_damaged
from companion.ui import places, theme
from companion.ui.board import abbreviate, reading_size
from companion.ui.intents import Intent, PointerDown, Press, Tag, Tap
from companion.ui.layers import Layers
from companion.ui.layout import (
    Metrics,
    grid,
    mirrored,
    rect_difference,
    split_cols,
    split_rows,
)
from companion.ui.rules_cards import open_rules_card, open_what_now
from companion.ui.screen import Screen
from companion.ui.screens.dialogs import ChoiceDialog, ConfirmDialog
from companion.ui.tables import view_for
from companion.ui.tables.rules_spots import topic_at
from companion.ui.text import draw_text, size_within
from companion.ui.text_fit import fit_size, parts_that_fit
from companion.ui.theme import RGB
from companion.ui.touch_hold import TouchHold
from companion.ui.widgets import Button, ground_panel, panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


#: the border of the seat whose turn it is, in px: no seat's ink reaches onto it
SEAT_BORDER = 4


@lru_cache(maxsize=16)
def _table_areas(m: Metrics, actions_height: int, rtl: bool
                 ) -> tuple[tuple[str, tuple[int, int, int, int]], ...]:
    """The table's areas for a size, the move buttons' height and the direction: the same
    few layouts over an evening, worked out once each."""
    area = m.rect().inflate(-2 * m.gap, -2 * m.gap)
    if m.portrait:
        top, turn_row, order, info, actions, bottom = split_rows(
            area, [-m.unit * 0.85, -m.unit * 1.1, -m.unit * 0.8, 1, -actions_height,
                   -m.unit * 1.5], m.gap)  # Undo: its word and what it takes back, both read
        status, menu = split_cols(top, [1, -m.unit * 2.2], m.gap)
        turn, what_now = split_cols(turn_row, [1, -m.unit * 2.6], m.gap)
        undo = bottom
    else:
        top, rest = split_rows(area, [-m.unit, 1], m.gap)  # the menu: a whole finger
        status, menu = split_cols(top, [1, -m.unit * 2.2], m.gap)
        side, main = split_cols(rest, [-m.unit * 4.2, 1], m.gap * 2)
        turn, what_now, order, undo = split_rows(
            side, [-m.unit * 1.4, -m.unit, 1, -m.unit * 1.5], m.gap)
        info, actions = split_rows(main, [1, -actions_height], m.gap)
    parts = {"status": status, "menu": menu, "turn": turn, "what_now": what_now,
             "order": order, "info": info, "actions": actions, "undo": undo}
    return tuple((name, (rect.x, rect.y, rect.width, rect.height))
                 for name, rect in parts.items())


def paint_not_saved(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    """The band a table shows while its moves are kept in memory only (lost at the next
    start): the data folder cannot be written, or the log is a newer version's."""
    panel(surface, rect, theme.DANGER, theme.TEXT, width=2)
    draw_text(surface, _("NOT SAVED"), rect.inflate(-m.gap * 2, 0), m.body,
              theme.text_on(theme.DANGER))


def status_words(status: str, size: int, width: int, smallest: int) -> str:
    """The leading parts of a status line ("Turn 2 · Merchant actions · Julia (1 left)")
    that fit ``width`` at ``smallest`` or more: the turn or round first. The game's name
    is known at the table, the player on turn has the panel below, and what is going on
    is one tap away in "What now?"."""
    return parts_that_fit(status.split(" · "), size, width, smallest)


class TableScreen(Screen):
    name = "table"

    def __init__(self, app: ScreenHost) -> None:
        super().__init__(app)
        self.view = view_for(self)
        self.hold = TouchHold()  # a touch held on a role, building, area...: its rules card
        self.layers = Layers()  # the header's parts, kept while what they say holds
        #: (state, metrics, areas) of the last build: painting that state lays out the same
        self._built: tuple[object, object, dict[str, pygame.Rect]] | None = None
        self._restore_steps()

    def _restore_steps(self) -> None:
        """A resumed game puts back what its last move left the table to do ("put the
        Jack back"): derived from the log, since the prompt on screen went with the power."""
        session = self.session
        if session.steps_restored or not session.loaded_moves \
                or session.action_count != session.loaded_moves:
            return
        session.steps_restored = True
        for text in self.view.pending_steps():
            self.app.prompt(text)

    @property
    def session(self) -> GameSession:
        session = self.app.session
        assert session is not None
        return session

    @property
    def state(self) -> Any:
        return self.session.state

    def committed(self) -> None:
        self.view.committed()

    def player_name(self, index: int | None) -> str:
        if index is None:
            return _("the table")
        return self.session.players[index].name

    # -- layout ---------------------------------------------------------------------------

    def areas(self, moves: int | None = None) -> dict[str, pygame.Rect]:
        """Where each part of the table goes; ``moves``: how many move buttons (asked of
        the view when not given)."""
        boxes = _table_areas(self.metrics, self._actions_height(moves), mirrored())
        return {name: pygame.Rect(box) for name, box in boxes}

    def _columns(self) -> int:
        return 3 if self.metrics.portrait else 4

    def _actions_height(self, moves: int | None = None) -> int:
        m = self.metrics
        count = max(1, len(self._moves()) if moves is None else moves)
        rows = min(3, -(-count // self._columns()))
        return rows * m.unit + (rows - 1) * m.gap

    def _moves(self) -> list[tuple[str, str, Any, bool]]:
        if self.session.rules.is_over(self.state):
            return [("final-scoring", _("Final scoring"), self.goes_to(places.Endgame()), True)]
        return self.view.moves()

    def build(self) -> None:
        super().build()
        m = self.metrics
        moves = self._moves()
        areas = self.areas(len(moves))
        self._built = (self.state, m, areas)
        self.add("menu", areas["menu"], _("Menu"), self.open_menu, fill=theme.PANEL_LIGHT)
        undo_rect, undo_size = areas["undo"], m.large
        if m.portrait:
            undo_rect, redo = split_cols(areas["undo"], [3, 1], m.gap)
        elif self.session.can_redo:
            # the left column is narrow: Redo shows only when there is something to redo
            # (Undo keeps its place and its start), taking a third to say its word whole
            undo_rect, redo = split_cols(areas["undo"], [2, 1], m.gap)
            undo_size = m.body
        last = self.session.next_undo()
        self.add("undo", undo_rect, _("Undo"), self.app.undo, enabled=self.session.can_undo,
                 sublabel=self._undo_words(last, undo_rect, undo_size) if last else "",
                 size=undo_size)
        if m.portrait or self.session.can_redo:
            self.add("redo", redo, _("Redo"), self.app.redo, enabled=self.session.can_redo,
                     fill=theme.PANEL_LIGHT, size=m.small)
        self.add("what-now", areas["what_now"], _("What now?"), self._what_now,
                 fill=theme.PANEL_LIGHT, size=m.small)
        inner = areas["info"].inflate(-m.gap * 2, -m.gap * 2)
        self.buttons.extend(self.view.hotspots(inner))
        if moves:
            limit = 3 * self._columns()
            cells = grid(areas["actions"], min(len(moves), limit), self._columns(), m.gap,
                         row_height=m.unit)
            for (key, label, action, enabled), cell in zip(moves, cells, strict=False):
                if not key:
                    continue  # the empty place of a button gone in the middle of a task
                label = self.view.move_words(key, label, partial(self._move_fits, cell))
                self.add(f"move-{key}", cell, label, action, enabled=enabled,
                         selected=key == "final-scoring", size=m.small)

    def _move_fits(self, cell: pygame.Rect, words: str) -> bool:
        """Whether ``words`` on a move button at ``cell`` keep the reading size: a name or
        a number on a button reads from across the table."""
        m = self.metrics
        size = Button("", cell, words, lambda: None, size=m.small).label_layout(m.small)[0]
        return size >= reading_size(m)

    # -- menu -----------------------------------------------------------------------------

    def open_menu(self) -> None:
        choices = list(self.view.menu_items())
        if self.session.rules.is_over(self.state):
            choices.insert(0, ("final-scoring", _("Final scoring"), self.goes_to(places.Endgame())))
        choices += self.app.demo_tag_items()
        if self.session.replay_stopped_at is not None:
            choices.insert(0, ("skip-damaged", _("Skip the damaged move"), self._ask_skip))
        choices.append(("home", _("Pause: back to home"), self.goes_to(places.Home())))
        choices.append(("abandon", _("Abandon this game"), self._ask_abandon))
        self.app.push(ChoiceDialog(self.app, _("Menu"), choices))

    def _ask_skip(self) -> None:
        """What skipping the move the replay stopped at would bring back, then do it."""
        plan = plan_skip(self.session)
        if plan is None:
            return
        self.app.push(ConfirmDialog(
            self.app, _("Skip move {seq}?").format(seq=plan.damaged), self._skip_preview(plan),
            _("Skip it, replay {count}").format(count=len(plan.replayed)),
            partial(self._skip, plan), no_label=_("Back")))

    def _skip_preview(self, plan: SkipPlan) -> str:
        moves = [self.view.describe(action) for _seq, action in plan.replayed[:3]]
        if len(plan.replayed) > 3:
            moves.append("…")
        words = (ngettext("{count} later move still applies and is played again: {moves}.",
                          "{count} later moves still apply and are played again: {moves}.",
                          len(plan.replayed)).format(count=len(plan.replayed),
                                                     moves="; ".join(moves))
                 if plan.replayed else _("None of the later moves still applies."))
        if plan.dropped:
            seq, reason = plan.dropped[0]
            words += " " + ngettext("{count} no longer applies and stays aside (move {seq}: "
                                    "{reason}).", "{count} no longer apply and stay aside "
                                    "(move {seq}: {reason}).", len(plan.dropped)).format(
                                        count=len(plan.dropped), seq=seq, reason=reason)
        return words + " " + _("Then: {status}.").format(
            status=self.session.rules.status_line(plan.state))

    def _skip(self, plan: SkipPlan) -> None:
        if self.app.guard(skip_damaged, self.session, plan):
            self.app.message(ngettext(
                "Move {seq} was skipped; {count} later move was played again. The log keeps "
                "them all.", "Move {seq} was skipped; {count} later moves were played again. "
                "The log keeps them all.", len(plan.replayed)).format(
                    seq=plan.damaged, count=len(plan.replayed)), error=False)
        self.app.invalidate()

    def _ask_abandon(self) -> None:
        self.app.push(ConfirmDialog(
            self.app, _("Abandon this game?"),
            _("It will not be scored or shown in the history. This cannot be undone."),
            _("Abandon"), self.app.abandon_game))

    # -- inputs ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        """As any screen; a touch that stays down on something with a rules card (see
        :meth:`tick`) opens that card instead of acting when lifted. What lies under the
        finger is looked up only once it has been held: a tap costs nothing more."""
        if isinstance(intent, PointerDown):
            self.hold.down(intent.pos)
        elif isinstance(intent, Tap):
            self.hold.cancel()
        super().handle(intent)

    def tick(self, now: float) -> None:
        pos = self.hold.take(now)
        key = topic_at(self, pos) if pos is not None else None
        if key is None:
            return
        pressed = self._pressed_button()
        self.pressed = None
        if pressed is not None:
            self.app.highlight(pressed, pressed=False)
        open_rules_card(self.app, self.session.rules.key, key, self.state, held=True)

    def wake_at(self) -> float | None:
        return self.hold.due_at()

    def info_rect(self) -> pygame.Rect:
        """The game's panel inside its frame (where the view paints and its hotspots lie)."""
        m = self.metrics
        return self._painted_areas()["info"].inflate(-m.gap * 2, -m.gap * 2)

    def _undo_words(self, action: Action, rect: pygame.Rect, size: int) -> str:
        """The fullest way of saying ``action`` the undo button holds at the reading size;
        none where not even the player's name fits it (the button says "Undo" alone, not
        a name too small to read)."""
        for words in self.view.undo_labels(action):
            probe = Button("undo", rect, _("Undo"), self.app.undo, sublabel=words, size=size)
            if (probe.label_layout(size)[2] >= reading_size(self.metrics)
                    and probe.label_fits(size)):
                return words
        return ""

    def _what_now(self) -> None:
        open_what_now(self.app, self.session.rules.key, self.state)

    def on_press(self, press: Press) -> None:
        if press.button == "undo":
            self.app.undo()
        elif press.button == "menu" and not press.long:
            self.open_menu()
        elif press.button == "next":
            if self.session.rules.is_over(self.state):
                self.app.go(places.Endgame())
            else:
                self.view.on_next()
        elif press.button.startswith("seat") and press.button[4:].isdigit():
            seat = int(press.button[4:])
            index = next((i for i, p in enumerate(self.session.players) if p.seat == seat), None)
            if index is None:
                self.app.message(_("Nobody sits at seat {n} in this game.").format(n=seat))
            else:
                self.view.on_seat(index, press.long)
        else:
            super().on_press(press)

    def on_tag(self, tag: Tag) -> None:
        meaning = self.app.store.tag_meaning(tag.uid)
        if meaning is None:
            super().on_tag(tag)
            return
        if meaning.kind == "player":
            index = next((i for i, p in enumerate(self.session.players)
                          if p.name.casefold() == meaning.value.casefold()), None)
            if index is None:
                self.app.message(_("{name} is not playing this game.").format(
                    name=meaning.value))
            else:
                self.view.on_player(index)
            return
        if not self.view.on_tag(tag, meaning):
            super().on_tag(tag)

    # -- drawing --------------------------------------------------------------------------

    def _painted_areas(self) -> dict[str, pygame.Rect]:
        """The areas of the last build when it laid out this state at this size (a frame
        builds, then paints), else worked out afresh."""
        built = self._built
        if built is not None and built[0] is self.state and built[1] is self.metrics:
            return built[2]
        return self.areas()

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        areas = self._painted_areas()
        status_rect = areas["status"]
        if self.app.store.unsaved is not None:  # on every frame while nothing is kept
            band, status_rect = split_cols(status_rect, [1, 1], m.gap)
            if mirrored():
                band, status_rect = status_rect, band
            paint_not_saved(surface, band, m)
        status = status_words(self.session.rules.status_line(self.state), m.body,
                              status_rect.width, reading_size(m))
        self.layers.blit(surface, status_rect, "status", (status, m), theme.BACKGROUND,
                         lambda picture, rect: draw_text(
                             picture, status, rect, size_within(status, m.body, rect,
                                                                reading_size(m)),
                             theme.TEXT, align="left"))
        turn = self._turn()
        order = self._order()
        self.layers.blit(surface, areas["turn"], "turn", (turn, m), theme.BACKGROUND,
                         lambda picture, rect: self._paint_turn(picture, rect, *turn))
        # a seat apiece: a move changes the notes or the turn of one or two of them
        cells = self._order_cells(areas["order"], len(order))
        order = self._numbered_if_room(order, cells)
        for index, (seat, cell) in enumerate(zip(order, cells, strict=True)):
            self.layers.blit(surface, cell, f"order-{index}", (seat, m), theme.BACKGROUND,
                             partial(self._paint_seat, seat=seat))
        self.view.paint(surface, areas["info"].inflate(-m.gap * 2, -m.gap * 2))

    def paint_ground(self, surface: pygame.Surface) -> None:
        """The background and the game's panel, the panel filled only where no picture
        of the view covers it: most of the Glory to Rome panel is kept pictures, and
        filling it under them was a tenth of a frame. (A fill of less than the screen's
        width is slower per pixel than the whole screen's: a view that covers nothing
        gets the screen filled and the panel drawn, as before.)"""
        m = self.metrics
        info = self._painted_areas()["info"]
        covered = self.view.covered(info.inflate(-m.gap * 2, -m.gap * 2))
        if not covered:
            super().paint_ground(surface)
            panel(surface, info, theme.PANEL)
            return
        for piece in rect_difference(surface.get_rect(), [info]):
            surface.fill(theme.BACKGROUND, piece)
        ground_panel(surface, info, theme.PANEL, theme.BACKGROUND, covered)

    def _turn(self) -> tuple[str, RGB, bool]:
        """What the turn panel says: (words, fill, whether a player is on turn). The panel
        in the player's colour with their name says whose turn it is without a label: the
        name gets the room, as large as it is read."""
        rules = self.session.rules
        current = rules.current_player(self.state)
        if rules.is_over(self.state):
            return _("Game over"), theme.ACCENT, False
        if current is None:
            return (self.view.table_prompt() or pgettext("up next", "Next"),
                    theme.PANEL_LIGHT, False)
        colour = theme.colour_rgb(self.session.players[current].colour)
        return self.player_name(current), colour, True

    def _paint_turn(self, surface: pygame.Surface, rect: pygame.Rect, words: str, fill: RGB,
                    on_turn: bool) -> None:
        m = self.metrics
        panel(surface, rect, fill, theme.ACCENT if on_turn else None)
        box = rect.inflate(-m.gap * 2, -m.gap)
        # a long prompt ("Neue Reihenfolge") on one line down to the reading size, not cut
        size = fit_size(words, m.large, box.width, reading_size(m) / m.large)
        size = size_within(words, size, box, reading_size(m))
        draw_text(surface, words, box, size, theme.text_on(fill))

    def _order(self) -> tuple[tuple[str, str, RGB, bool], ...]:
        """The turn order strip: each seat's text, its player's note, colour and whether it
        is on turn.

        Once the game is over there is no turn order left to show: the players stand in
        seat order (their index) without numbers, which would read like a ranking.
        """
        rules = self.session.rules
        current = rules.current_player(self.state)
        over = rules.is_over(self.state)
        order = range(len(self.session.players)) if over else rules.turn_order(self.state)
        cells = []
        for position, index in enumerate(order):
            player = self.session.players[index]
            text = player.name if over else f"{position + 1}. {player.name}"
            cells.append((text, self.view.player_note(index), theme.colour_rgb(player.colour),
                          index == current))
        return tuple(cells)

    def _numbered_if_room(self, order: tuple[tuple[str, str, RGB, bool], ...],
                          cells: list[pygame.Rect]) -> tuple[tuple[str, str, RGB, bool], ...]:
        """The strip as numbered where every seat keeps its number and name at the reading
        size; else the names alone (the portrait's five side by side): the strip's order
        says the position."""
        m = self.metrics
        if all(fit_size(text, m.small, cell.width - m.gap * 2) >= reading_size(m)
               for (text, *_rest), cell in zip(order, cells, strict=True)):
            return order
        return tuple((text.split(". ", 1)[-1] if text[:1].isdigit() else text, note, fill,
                      current) for text, note, fill, current in order)

    def _order_cells(self, rect: pygame.Rect, seats: int) -> list[pygame.Rect]:
        """The turn order's panels: side by side on the portrait screen, stacked otherwise."""
        m = self.metrics
        if not seats:
            return []
        horizontal = m.portrait
        return grid(rect, seats, seats if horizontal else 1, m.gap // 2,
                    row_height=None if horizontal else min(int(m.unit * 0.8),
                                                           rect.height // seats))

    def _paint_seat(self, surface: pygame.Surface, rect: pygame.Rect,
                    seat: tuple[str, str, RGB, bool]) -> None:
        m = self.metrics
        text, note, fill, current = seat
        panel(surface, rect, fill, theme.ACCENT if current else None, width=SEAT_BORDER)
        box = rect.inflate(-m.gap * 2, -2 * SEAT_BORDER)  # ink off the turn's border
        reading = reading_size(m)
        text = abbreviate(text, reading, box.width)  # later words to their initial if it must
        with_note = f"{text} · {note}"
        # not where it would shrink the name (the camps say it too), in width or in an
        # Arabic note's ink, which reaches past the line
        if note and size_within(with_note, fit_size(with_note, m.small, box.width), box,
                                reading - 1) >= reading:
            text = with_note
        draw_text(surface, text, box, size_within(text, m.small, box, reading),
                  theme.text_on(fill), align="center" if m.portrait else "left")
