"""Action forms: a move's payload asked for one touch-sized question at a time.

A table screen describes a move as a few steps (pick one of these, a number, some
amounts); :func:`run_form` asks them in dialogs and hands the answers to a callback,
which dispatches the action. Cancelling at any step records nothing. A question with one
possible answer is not asked. When the rules refuse the move, the form opens again at
the step that was wrong (the one :class:`Rejected` names in ``field``, else the last one
asked) with every answer kept and the reason shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.i18n import _
from companion.core.records import mutable
from companion.ui import theme
from companion.ui.layout import grid, inset, split_cols, split_rows
from companion.ui.numpad import NumberDialog
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text
from companion.ui.text_shaping import measure
from companion.ui.widgets import Button, panel

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

Values = dict[str, Any]
Options = Sequence[tuple[Any, str]]


@mutable
class Pick:
    """Choose one of ``options`` (value, label); a callable computes them from earlier answers."""

    key: str
    title: str
    options: Options | Callable[[Values], Options]
    when: Callable[[Values], bool] | None = None


@mutable
class Number:
    """A whole number; ``maximum`` may be worked out from earlier answers (what the rules
    allow), so the pad refuses what the move would be refused for."""

    key: str
    title: str
    minimum: int = 0
    maximum: int | Callable[[Values], int] = 99
    default: int | None = None
    when: Callable[[Values], bool] | None = None


@mutable
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
    #: per-name upper bounds (e.g. what the player has), fixed or from earlier answers;
    #: the + stops there
    limits: dict[str, int] | Callable[[Values], dict[str, int]] | None = None
    complete: Callable[[Values, dict[str, int]], bool] | None = None


@mutable
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


def run_form(app: ScreenHost, title: str, steps: Sequence[Step],
             on_done: Callable[[Values], object], values: Values | None = None) -> None:
    """Ask ``steps`` in order (skipping those whose ``when`` is false), then ``on_done``."""
    _FormRun(app, title, list(steps), on_done, dict(values or {})).next(0)


def _options(step: Pick | Several, values: Values) -> list[tuple[Any, str]]:
    return list(step.options(values) if callable(step.options) else step.options)


class _FormRun:
    def __init__(self, app: ScreenHost, title: str, steps: list[Step],
                 on_done: Callable[[Values], object], values: Values) -> None:
        self.app = app
        self.title = title
        self.steps = steps
        self.on_done = on_done
        self.values = values
        self.asked: list[int] = []  # the steps shown, in order (a refusal goes back to one)

    def next(self, index: int) -> None:
        while index < len(self.steps):
            step = self.steps[index]
            if step.when is not None and not step.when(self.values):
                index += 1
                continue
            if isinstance(step, Pick):
                options = _options(step, self.values)
                if len(options) == 1:  # one possible answer: no question
                    self.values[step.key] = options[0][0]
                    self.app.skipped_answers.append(options[0][0])
                    index += 1
                    continue
            break
        else:
            self._finish()
            return
        self.ask(index)

    def _finish(self) -> None:
        self.app.last_refusal = None
        self.on_done(self.values)
        refusal = self.app.last_refusal
        if refusal is None or not self.asked:
            return
        keys = [self.steps[i].key for i in self.asked]
        field_name = refusal.field
        index = self.asked[keys.index(field_name)] if field_name in keys else self.asked[-1]
        del self.asked[self.asked.index(index):]
        self.ask(index)

    def ask(self, index: int) -> None:
        step = self.steps[index]
        self.asked.append(index)
        after = self._answer(step.key, index + 1)
        title = f"{self.title}: {step.title}"
        earlier = self.values.get(step.key)
        if isinstance(step, Pick | Several):
            options = _options(step, self.values)
            if not options:
                self.asked.pop()
                self.app.message(_("There is nothing to choose for: {what}.").format(
                    what=step.title))
                return
            if isinstance(step, Pick):
                self.app.push(PickDialog(self.app, title, options, after, chosen=earlier))
            else:
                self.app.push(SeveralDialog(self.app, title, options, step.minimum, after,
                                            ticked=earlier if isinstance(earlier, list)
                                            else None))
        elif isinstance(step, Number):
            maximum = step.maximum(self.values) if callable(step.maximum) else step.maximum
            initial = earlier if isinstance(earlier, int) else step.default
            self.app.push(NumberDialog(self.app, title, initial, step.minimum, maximum, after))
        else:
            limits = step.limits(self.values) if callable(step.limits) else step.limits
            start = earlier if isinstance(earlier, dict) else dict(step.start)
            rule = step.complete
            values = self.values
            complete = None if rule is None else (lambda amounts: rule(values, amounts))
            self.app.push(CountsDialog(self.app, title, step.names, step.maximum, start, after,
                                       limits=limits, complete=complete))

    def _answer(self, key: str, following: int) -> Callable[[Any], None]:
        def answered(value: Any) -> None:
            self.values[key] = value
            self.next(following)
        return answered


def shared_prefix(labels: Sequence[str]) -> str:
    """The words every label starts with (and that leave something after them)."""
    if len(labels) < 2:
        return ""
    split = [label.split(" ") for label in labels]
    words: list[str] = []
    for group in zip(*split, strict=False):
        if len(set(group)) != 1:
            break
        words.append(group[0])
    if any(len(parts) <= len(words) for parts in split):
        words = words[:-1]
    return " ".join(words)


class PickDialog(Screen):
    """One question, its answers as big buttons laid out by what they say.

    As many columns as the longest answer allows (on up to two lines), pages only when
    they still do not fit, and when answers must be cut the words they all share go into
    the title so the part that tells them apart stays whole.
    """

    modal = True
    name = "pick"

    def __init__(self, app: ScreenHost, title: str, options: list[tuple[Any, str]],
                 on_pick: Callable[[Any], None], chosen: Any = None) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.on_pick = on_pick
        self.chosen = chosen
        self.page = 0

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        box = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        title, body, bottom = split_rows(inset(box, m.gap), [-m.unit * 1.4, 1, -m.unit], m.gap)
        return title, body, bottom

    def layout(self) -> tuple[int, int, list[str], str, int]:
        """(columns, row height, the labels shown, the words moved into the title, lines)."""
        m = self.metrics
        _title, body, _bottom = self._areas()
        labels = [label for _value, label in self.options]
        most = 4 if not m.portrait else max(1, min(3, -(-len(labels) // 4)))
        prefix = ""
        for prefix in dict.fromkeys(("", shared_prefix(labels))):
            shown = [label[len(prefix):].lstrip(" ,:–-") if prefix else label
                     for label in labels]
            for columns in range(min(most, max(1, len(shown))), 0, -1):
                width = (body.width - m.gap * (columns - 1)) // columns
                if all(_fits(label, m.body, width, int(m.unit * 1.5)) for label in shown):
                    two_lines = not all(_fits(label, m.body, width, int(m.unit * 1.0))
                                        for label in shown)
                    return (columns, int(m.unit * (1.5 if two_lines else 1.1)), shown, prefix,
                            2)
        # still too long: one column, three lines a button, rather than cut anything
        return 1, m.unit * 2, shown, prefix, 3

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, body, bottom = self._areas()
        columns, row_height, labels, _prefix, lines = self.layout()
        rows = max(1, (body.height + m.gap) // (row_height + m.gap))
        per_page = rows * columns
        pages = max(1, -(-len(self.options) // per_page))
        self.page %= pages
        start = self.page * per_page
        shown = list(zip(self.options, labels, strict=True))[start:start + per_page]
        used_rows = max(1, -(-len(shown) // columns)) if pages == 1 else rows
        row_height = max(row_height, min(int(m.unit * 2.5),
                                         (body.height - m.gap * (used_rows - 1)) // used_rows))
        for ((value, _label), label), cell in zip(shown, grid(body, len(shown), columns, m.gap,
                                                             row_height=row_height),
                                                 strict=True):
            button = self.add(f"pick-{value}", cell, label, self._picker(value),
                              selected=self.chosen is not None and value == self.chosen)
            button.max_lines = lines
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

    def shown_title(self) -> str:
        prefix = self.layout()[3]
        if not prefix:
            return self.title
        return _("{question} ({shared} ...)").format(question=self.title, shared=prefix)

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        title, _body, _bottom = self._areas()
        draw_paragraph(surface, self.shown_title(), title, m.body, theme.TEXT)


def _fits(label: str, size: int, width: int, height: int) -> bool:
    """Whether a label fits a button of ``width`` x ``height`` without being cut."""
    probe = Button("probe", pygame.Rect(0, 0, width, height), label, lambda: None)
    _size, lines, _sub_size, _sub_lines = probe.label_layout(size)
    return " ".join(lines) == " ".join(label.split())


class CountsDialog(Screen):
    """A +/- row per name; OK gives the non-zero amounts."""

    modal = True
    name = "counts"

    def __init__(self, app: ScreenHost, title: str, names: Sequence[tuple[str, str]], maximum: int,
                 start: dict[str, int], on_done: Callable[[dict[str, int]], None],
                 limits: dict[str, int] | None = None,
                 complete: Callable[[dict[str, int]], bool] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.names = list(names)
        self.maximum = maximum
        self.limits = {name: min(maximum, (limits or {}).get(name, maximum))
                       for name, _label in names}
        self.amounts = {name: start.get(name, 0) for name, _label in names}
        self.on_done = on_done
        self.complete = complete

    def _areas(self) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
        m = self.metrics
        box = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        title, body, bottom = split_rows(inset(box, m.gap), [-m.unit, 1, -m.unit], m.gap)
        columns = 1 if m.portrait or len(self.names) <= 3 else 2
        rows = -(-len(self.names) // columns)
        # another column rather than rows whose - and + fall under a finger's width
        while rows * m.unit + (rows - 1) * m.gap > body.height and columns < len(self.names):
            columns += 1
            rows = -(-len(self.names) // columns)
        height = min(int(m.unit * 1.3), (body.height - m.gap * (rows - 1)) // max(1, rows))
        return title, grid(body, len(self.names), columns, m.gap, row_height=height), bottom

    def _row_parts(self, cell: pygame.Rect) -> list[float]:
        """A row's name, -, amount, +: the keys a finger wide (square while one column
        leaves the name room), the rest the name's."""
        m = self.metrics
        key = cell.height if cell.width >= 5 * cell.height else m.unit
        # the amount (one digit, not a target) as narrow as it reads: the rest is the name's
        return [3, -key, -(m.unit * 3 // 4), -key]

    def build(self) -> None:
        super().build()
        m = self.metrics
        _title, cells, bottom = self._areas()
        for (name, _label), cell in zip(self.names, cells, strict=True):
            _text, minus, _value, plus = split_cols(cell, self._row_parts(cell), m.gap)
            self.add(f"dec-{name}", minus, "-", self._change(name, -1),
                     enabled=self.amounts[name] > 0)
            self.add(f"inc-{name}", plus, "+", self._change(name, 1),
                     enabled=self.amounts[name] < self.limits[name])
        cancel, done = split_cols(bottom, [1, 1], m.gap)
        self.add("cancel", cancel, _("Cancel"), lambda: self.app.pop(self), fill=theme.PANEL)
        self.add("done", done, _("OK"), self._done, selected=True)

    def _change(self, name: str, by: int) -> Callable[[], None]:
        def change() -> None:
            self.amounts[name] = max(0, min(self.limits[name], self.amounts[name] + by))
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
        rows = [(name, label, cell, split_cols(cell.inflate(-m.gap, 0), self._row_parts(cell),
                                               m.gap)) for (name, label), cell
                in zip(self.names, cells, strict=True)]
        # the names at one size: the body's where each holds its line, else the small size,
        # at which a long one ("cumpărat: grâu") takes two lines in its row
        size = m.body if all(measure(label, m.body)[0] <= parts[0].width
                             for _name, label, _cell, parts in rows) else m.small
        for name, label, cell, (text, _minus, value, _plus) in rows:
            panel(surface, cell, theme.PANEL)
            draw_text(surface, label, text, size, theme.TEXT, align="left")
            draw_text(surface, str(self.amounts[name]), value, m.large, theme.ACCENT)


class SeveralDialog(Screen):
    """Toggle buttons for the options; OK gives the ticked values (at least ``minimum``)."""

    modal = True
    name = "several"

    def __init__(self, app: ScreenHost, title: str, options: list[tuple[Any, str]], minimum: int,
                 on_done: Callable[[list[Any]], None], ticked: list[Any] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.minimum = minimum
        self.ticked: set[Any] = set(ticked or [])
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
