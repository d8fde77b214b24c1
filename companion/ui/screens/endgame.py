"""Endgame entry: the numbers the table types in for the final score, on a number pad."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.games.base import EntryField, ScoreResult
from companion.ui import places, theme
from companion.ui.intents import Key
from companion.ui.layout import split_cols, split_rows
from companion.ui.numpad import add_numpad, edit_digits
from companion.ui.screen import Screen
from companion.ui.text import draw_text, size_within

if TYPE_CHECKING:
    from companion.log.session import GameSession


def is_yes_no(entry: EntryField) -> bool:
    """A field that can only be 0 or 1 is a yes/no question."""
    return entry.minimum == 0 and entry.maximum == 1


class EndgameScreen(Screen):
    name = "endgame-entry"

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        session = self.app.session
        assert session is not None
        self.fields: list[EntryField] = session.rules.endgame_fields(session.state)
        self.digits = {f.key: str(f.default) for f in self.fields}
        self.current = 0
        self.page = 0
        #: the selected field's number is still the one shown when it was selected: the
        #: first digit typed replaces it instead of being appended
        self.fresh = True

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        m = self.metrics
        # portrait: Score on a row of its own under the steps, each word whole at the
        # reading size; landscape: the pad as wide as its word keys need (Clear, Del)
        bottom_rows = 2 if m.portrait else 1
        body, bottom = split_rows(self.body_rect(),
                                  [1, -(bottom_rows * (m.unit + m.gap) - m.gap)], m.gap)
        if m.portrait:
            fields, pad = split_rows(body, [1, -m.unit * 6], m.gap * 2)
        else:
            fields, pad = split_cols(body, [1, 1], m.gap * 2)
        return fields, pad, bottom

    def _per_page(self, fields: pygame.Rect) -> int:
        m = self.metrics
        return max(1, (fields.height + m.gap) // (m.unit + m.gap))

    def label(self, entry: EntryField) -> str:
        session = self.app.session
        if entry.player is not None and session is not None:
            name = session.players[entry.player].name
            if name not in entry.label:
                return f"{name}: {entry.label}"
        return entry.label

    def build(self) -> None:
        super().build()
        m = self.metrics
        fields, pad, bottom = self._areas()
        per_page = self._per_page(fields)
        self.page = self.current // per_page if self.fields else 0
        shown = self.fields[self.page * per_page:(self.page + 1) * per_page]
        for offset, entry in enumerate(shown):
            index = self.page * per_page + offset
            rect = pygame.Rect(fields.left, fields.top + offset * (m.unit + m.gap), fields.width,
                               m.unit)
            selected = index == self.current
            self.add(f"field-{entry.key}", rect, "", self._selector(index),
                     selected=selected, fill=None if selected else theme.PANEL_LIGHT)
        if self.fields and is_yes_no(self.fields[self.current]):
            self._yes_no(pad, self.fields[self.current])
        elif self.fields:
            add_numpad(self, pad, self._key)
        if m.portrait:
            steps, score = split_rows(bottom, [1, 1], m.gap)
            back, previous, following = split_cols(steps, [1, 1, 1], m.gap)
        else:
            back, previous, following, score = split_cols(bottom, [1, 1, 1, 1.4], m.gap)
        self.add("back", back, _("Table"), self.goes_to(places.Table()), fill=theme.PANEL)
        self.add("previous", previous, _("Previous"), self._step(-1), enabled=self.current > 0)
        self.add("next", following, _("Next"), self._step(1),
                 enabled=self.current < len(self.fields) - 1)
        self.add("score", score, _("Score"), self.score, selected=True)

    def _yes_no(self, area: pygame.Rect, entry: EntryField) -> None:
        """A question answered 1 or 0: two big buttons, not a number pad."""
        m = self.metrics
        no, yes = split_rows(pygame.Rect(area.left, area.top, area.width,
                                         min(area.height, m.unit * 4)), [1, 1], m.gap * 2)
        value = self.digits[entry.key]
        self.add("answer-no", no, _("No"), self._answer(entry, 0), selected=value == "0")
        self.add("answer-yes", yes, _("Yes"), self._answer(entry, 1), selected=value == "1")

    def _answer(self, entry: EntryField, value: int) -> Callable[[], None]:
        def answer() -> None:
            self.digits[entry.key] = str(value)
            if self.current < len(self.fields) - 1:
                self.current += 1
                self.fresh = True
            self.app.invalidate()
        return answer

    def field_value(self, entry: EntryField) -> str:
        text = self.digits[entry.key]
        if is_yes_no(entry) and text in ("0", "1"):
            return _("Yes") if text == "1" else _("No")
        return text or "_"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        for button in self.buttons:
            if button.key.startswith("field-"):
                entry = next(f for f in self.fields if f"field-{f.key}" == button.key)
                text, value = split_cols(button.rect.inflate(-m.gap * 3, 0), [3, 1], m.gap)
                _fill, colour = button.colours()
                label = self.label(entry)
                draw_text(surface, label, text, size_within(label, m.body, text.inflate(0, -4),
                                                            m.small), colour, align="left")
                draw_text(surface, self.field_value(entry), value, m.large, colour,
                          align="right")

    def _selector(self, index: int) -> Callable[[], None]:
        def select() -> None:
            self.current = index
            self.fresh = True
            self.app.invalidate()
        return select

    def _step(self, by: int) -> Callable[[], None]:
        def step() -> None:
            self.current = max(0, min(len(self.fields) - 1, self.current + by))
            self.fresh = True
            self.app.invalidate()
        return step

    def _key(self, key: str) -> None:
        entry = self.fields[self.current]
        current = "" if self.fresh and key.isdigit() else self.digits[entry.key]
        self.fresh = False
        self.digits[entry.key] = edit_digits(current, key, max_digits=len(str(entry.maximum)))
        self.app.invalidate()

    def set_value(self, key: str, value: int) -> None:
        self.digits[key] = str(value)

    def on_key(self, key: Key) -> None:
        if key.name in ("return", "enter", "tab"):
            self._step(1)()
        elif key.name == "escape":
            self.app.go(places.Table())
        elif self.fields:
            self._key(key.text if key.text.isdigit() else key.name)

    def score(self) -> None:
        """Check every entry, score, record the result and show the scoreboard."""
        session = self.app.session
        if session is None:
            return
        entries: dict[str, int] = {}
        for index, entry in enumerate(self.fields):
            text = self.digits[entry.key]
            value = int(text) if text else None
            if value is None or not entry.minimum <= value <= entry.maximum:
                self.current = index
                self.app.message(_("{label}: enter a number from {low} to {high}.").format(
                    label=self.label(entry), low=entry.minimum, high=entry.maximum))
                return
            entries[entry.key] = value
        result = session.rules.final_score(session.state, entries)
        session.finish(result, entries)
        title = session.rules.title
        self.app.close_session()
        self.app.go(places.Scoreboard(result, title, back=places.Home(),
                               colours={p.name: p.colour for p in session.players},
                               times=self.app.time_on_turn(session.game_id, session.players),
                               tie_break=self._tie_break(session, result, entries)))

    def _tie_break(self, session: GameSession, result: ScoreResult,
                   entries: Mapping[str, int]) -> Callable[[str | None], ScoreResult] | None:
        """For a game whose rules let the table break a tie: settle it and record it."""
        settle = getattr(session.rules, "break_tie", None)
        if settle is None or len(result.winners) < 2:
            return None

        def decide(winner: str | None) -> ScoreResult:
            decided: ScoreResult = settle(result, winner)
            session.finish(decided, entries)
            return decided
        return decide

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.header(surface, _("Final scoring: enter the numbers"))
        if not self.fields:
            fields, _pad, _bottom = self._areas()
            draw_text(surface, _("Nothing to enter: tap Score."), fields, m.body, theme.MUTED)
