"""Action forms: a move's payload asked for one touch-sized question at a time.

A table screen describes a move as a few steps (pick one of these, a number, some
amounts); :func:`run_form` asks them in dialogs and hands the answers to a callback,
which dispatches the action. Cancelling at any step records nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from companion.i18n import _
from companion.ui import theme
from companion.ui.layout import grid, inset, split_cols, split_rows
from companion.ui.numpad import NumberDialog
from companion.ui.screen import Screen
from companion.ui.text import draw_text
from companion.ui.widgets import panel

if TYPE_CHECKING:
    from companion.ui.app_loop import App

Values = dict[str, Any]
Options = Sequence[tuple[Any, str]]


@dataclass
class Pick:
    """Choose one of ``options`` (value, label); a callable computes them from earlier answers."""

    key: str
    title: str
    options: Options | Callable[[Values], Options]
    when: Callable[[Values], bool] | None = None


@dataclass
class Number:
    key: str
    title: str
    minimum: int = 0
    maximum: int = 99
    default: int | None = None
    when: Callable[[Values], bool] | None = None


@dataclass
class Counts:
    """Amounts per name (resources gained, paid ...); the answer is ``{name: amount}`` > 0.

    ``complete`` (given the earlier answers and the amounts so far) says when no other
    answer is possible, e.g. exactly four resources taken: the dialog then closes by itself
    instead of waiting for OK.
    """

    key: str
    title: str
    names: Sequence[tuple[str, str]]
    maximum: int = 9
    when: Callable[[Values], bool] | None = None
    start: dict[str, int] = field(default_factory=dict)
    complete: Callable[[Values, dict[str, int]], bool] | None = None


@dataclass
class Several:
    """Tick any of ``options`` (value, label); the answer lists the ticked values in order.

    Lets a form ask only the questions that apply ("what does the card change?").
    """

    key: str
    title: str
    options: Options | Callable[[Values], Options]
    when: Callable[[Values], bool] | None = None
    minimum: int = 1


Step = Pick | Number | Counts | Several


def run_form(app: App, title: str, steps: Sequence[Step], on_done: Callable[[Values], object],
             values: Values | None = None) -> None:
    """Ask ``steps`` in order (skipping those whose ``when`` is false), then ``on_done``."""
    _FormRun(app, title, list(steps), on_done, dict(values or {})).next(0)


class _FormRun:
    def __init__(self, app: App, title: str, steps: list[Step],
                 on_done: Callable[[Values], object], values: Values) -> None:
        self.app = app
        self.title = title
        self.steps = steps
        self.on_done = on_done
        self.values = values

    def next(self, index: int) -> None:
        while index < len(self.steps):
            step = self.steps[index]
            if step.when is None or step.when(self.values):
                break
            index += 1
        else:
            self.on_done(self.values)
            return
        after = self._answer(step.key, index + 1)
        if isinstance(step, Pick):
            options = step.options(self.values) if callable(step.options) else step.options
            if not options:
                self.app.message(_("There is nothing to choose for: {what}.").format(
                    what=step.title))
                return
            self.app.push(PickDialog(self.app, f"{self.title}: {step.title}", list(options),
                                     after))
        elif isinstance(step, Several):
            options = step.options(self.values) if callable(step.options) else step.options
            if not options:
                self.app.message(_("There is nothing to choose for: {what}.").format(
                    what=step.title))
                return
            self.app.push(SeveralDialog(self.app, f"{self.title}: {step.title}", list(options),
                                        step.minimum, after))
        elif isinstance(step, Number):
            self.app.push(NumberDialog(self.app, f"{self.title}: {step.title}", step.default,
                                       step.minimum, step.maximum, after))
        else:
            rule = step.complete
            values = self.values
            complete = None if rule is None else (lambda amounts: rule(values, amounts))
            self.app.push(CountsDialog(self.app, f"{self.title}: {step.title}", step.names,
                                       step.maximum, dict(step.start), after, complete))

    def _answer(self, key: str, following: int) -> Callable[[Any], None]:
        def answered(value: Any) -> None:
            self.values[key] = value
            self.next(following)
        return answered


class PickDialog(Screen):
    """One question, its answers as big buttons; pages when they do not all fit."""

    modal = True
    name = "pick"

    def __init__(self, app: App, title: str, options: list[tuple[Any, str]],
                 on_pick: Callable[[Any], None]) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.on_pick = on_pick
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        box = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        title, body, bottom = split_rows(inset(box, m.gap), [-m.unit, 1, -m.unit], m.gap)
        return title, body, bottom

    def _columns(self) -> int:
        return 2 if self.metrics.portrait else 3

    def _per_page(self, body: pygame.Rect) -> int:
        m = self.metrics
        rows = max(1, (body.height + m.gap) // (int(m.unit * 1.1) + m.gap))
        return rows * self._columns()

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, body, bottom = self._areas()
        per_page = self._per_page(body)
        pages = max(1, -(-len(self.options) // per_page))
        self.page %= pages
        shown = self.options[self.page * per_page:(self.page + 1) * per_page]
        rows = -(-per_page // self._columns())
        row_height = min(int(m.unit * 1.6), (body.height - m.gap * (rows - 1)) // rows)
        for (value, label), cell in zip(shown, grid(body, len(shown), self._columns(), m.gap,
                                                    row_height=row_height), strict=True):
            self.add(f"pick-{value}", cell, label, self._picker(value))
        cancel, more = split_cols(bottom, [1, 1], m.gap)
        self.add("cancel", cancel, _("Cancel"), self._cancel, fill=theme.PANEL)
        if pages > 1:
            self.add("more", more, _("More ({page}/{pages})").format(page=self.page + 1,
                                                                    pages=pages), self._more)

    def _picker(self, value: Any) -> Callable[[], None]:
        def picked() -> None:
            self.app.pop(self)
            self.on_pick(value)
        return picked

    def _more(self) -> None:
        self.page += 1
        self.app.invalidate()

    def _cancel(self) -> None:
        self.app.pop(self)

    def on_back(self) -> None:
        self._cancel()

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        title, _body, _bottom = self._areas()
        draw_text(surface, self.title, title, m.body, theme.TEXT, align="left")


class CountsDialog(Screen):
    """A +/- row per name; OK gives the non-zero amounts."""

    modal = True
    name = "counts"

    def __init__(self, app: App, title: str, names: Sequence[tuple[str, str]], maximum: int,
                 start: dict[str, int], on_done: Callable[[dict[str, int]], None],
                 complete: Callable[[dict[str, int]], bool] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.names = list(names)
        self.maximum = maximum
        self.amounts = {name: start.get(name, 0) for name, _label in names}
        self.on_done = on_done
        self.complete = complete

    def _areas(self) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
        m = self.metrics
        box = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        title, body, bottom = split_rows(inset(box, m.gap), [-m.unit, 1, -m.unit], m.gap)
        columns = 1 if m.portrait or len(self.names) <= 3 else 2
        rows = -(-len(self.names) // columns)
        height = min(int(m.unit * 1.3), (body.height - m.gap * (rows - 1)) // max(1, rows))
        return title, grid(body, len(self.names), columns, m.gap, row_height=height), bottom

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, cells, bottom = self._areas()
        for (name, _label), cell in zip(self.names, cells, strict=True):
            _text, minus, _value, plus = split_cols(cell, [3, -cell.height, -m.unit,
                                                           -cell.height], m.gap)
            self.add(f"dec-{name}", minus, "-", self._change(name, -1),
                     enabled=self.amounts[name] > 0)
            self.add(f"inc-{name}", plus, "+", self._change(name, 1),
                     enabled=self.amounts[name] < self.maximum)
        cancel, done = split_cols(bottom, [1, 1], m.gap)
        self.add("cancel", cancel, _("Cancel"), lambda: self.app.pop(self), fill=theme.PANEL)
        self.add("done", done, _("OK"), self._done, selected=True)

    def _change(self, name: str, by: int) -> Callable[[], None]:
        def change() -> None:
            self.amounts[name] = max(0, min(self.maximum, self.amounts[name] + by))
            self.app.invalidate()
            if by > 0 and self.complete is not None and self.complete(dict(self.amounts)):
                self._done()
        return change

    def _done(self) -> None:
        self.app.pop(self)
        self.on_done({name: amount for name, amount in self.amounts.items() if amount})

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        title, cells, _bottom = self._areas()
        draw_text(surface, self.title, title, m.body, theme.TEXT, align="left")
        for (name, label), cell in zip(self.names, cells, strict=True):
            panel(surface, cell, theme.PANEL)
            text, _minus, value, _plus = split_cols(cell.inflate(-m.gap, 0),
                                                    [3, -cell.height, -m.unit, -cell.height],
                                                    m.gap)
            draw_text(surface, label, text, m.body, theme.TEXT, align="left")
            draw_text(surface, str(self.amounts[name]), value, m.large, theme.ACCENT)


class SeveralDialog(Screen):
    """Toggle buttons for the options; OK gives the ticked values (at least ``minimum``)."""

    modal = True
    name = "several"

    def __init__(self, app: App, title: str, options: list[tuple[Any, str]], minimum: int,
                 on_done: Callable[[list[Any]], None]) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.minimum = minimum
        self.ticked: set[Any] = set()
        self.on_done = on_done

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        box = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        title, body, bottom = split_rows(inset(box, m.gap), [-m.unit, 1, -m.unit], m.gap)
        return title, body, bottom

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, body, bottom = self._areas()
        columns = 2 if m.portrait else 3
        rows = max(1, -(-len(self.options) // columns))
        row_height = max(m.unit, min(int(m.unit * 1.6), (body.height - m.gap * (rows - 1))
                                     // rows))
        for (value, label), cell in zip(self.options, grid(body, len(self.options), columns,
                                                           m.gap, row_height=row_height),
                                        strict=True):
            ticked = value in self.ticked
            self.add(f"toggle-{value}", cell, label, self._toggle(value), selected=ticked)
        cancel, done = split_cols(bottom, [1, 1], m.gap)
        self.add("cancel", cancel, _("Cancel"), lambda: self.app.pop(self), fill=theme.PANEL)
        ready = len(self.ticked) >= self.minimum
        self.add("done", done, _("OK"), self._done, enabled=ready, selected=ready)

    def _toggle(self, value: Any) -> Callable[[], None]:
        def toggle() -> None:
            self.ticked ^= {value}
            self.app.invalidate()
        return toggle

    def _done(self) -> None:
        self.app.pop(self)
        self.on_done([value for value, _label in self.options if value in self.ticked])

    def on_back(self) -> None:
        self.app.pop(self)

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        title, _body, _bottom = self._areas()
        draw_text(surface, self.title, title, m.body, theme.TEXT, align="left")
