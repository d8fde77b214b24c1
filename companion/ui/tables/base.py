"""What a game's view provides to the table screen, with plain defaults, and what it uses of
that screen (:class:`TableHost`: the views import no screen)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion.core.i18n import _
from companion.games.base import Action
from companion.log.entries import TagMeaning
from companion.log.session import GameSession
from companion.ui import theme
from companion.ui.form import Step, Values, run_form
from companion.ui.intents import Tag
from companion.ui.layers import Layers
from companion.ui.layout import mirror
from companion.ui.text import draw_text
from companion.ui.text_fit import wrap
from companion.ui.widgets import Button

if TYPE_CHECKING:
    from companion.ui.layout import Metrics
    from companion.ui.screen import ScreenHost


class TableHost(Protocol):
    """What a game's view uses of the table screen it is shown on."""

    @property
    def app(self) -> ScreenHost: ...

    @property
    def session(self) -> GameSession: ...

    @property
    def metrics(self) -> Metrics: ...

    def player_name(self, index: int | None) -> str: ...


class Hotspot(Button):
    """A touch target on the drawn board: the board picture shows it, so it draws nothing.

    Its ``rect`` bounds it; ``extra["circle"]`` (centre, radius) or ``extra["segments"]``
    (end point pairs) with ``extra["half_width"]`` make it answer a finger only on the
    shape drawn there, nearest first (a road's spaces, a city's disc).
    """

    def reach(self, pos: tuple[int, int]) -> float | None:
        if not self.rect.collidepoint(pos):
            return None
        circle = self.extra.get("circle")
        if isinstance(circle, tuple):
            (cx, cy), radius = circle
            distance = math.hypot(pos[0] - cx, pos[1] - cy) - radius
            return distance if distance <= 0 else None
        segments = self.extra.get("segments")
        if isinstance(segments, tuple):
            half = float(self.extra.get("half_width", 0))  # type: ignore[arg-type]
            distance = min(_to_segment(pos, a, b) for a, b in segments) - half
            return distance if distance <= 0 else None
        return 0.0

    def draw(self, surface: pygame.Surface, size: int, pressed: bool = False) -> None:
        if pressed:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=3,
                             border_radius=self.rect.height // 2)


def _to_segment(pos: tuple[int, int], a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from ``pos`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((pos[0] - a[0]) * dx
                                                   + (pos[1] - a[1]) * dy) / length))
    return math.hypot(pos[0] - a[0] - t * dx, pos[1] - a[1] - t * dy)


#: a move button: key, label, what it does, enabled
Move = tuple[str, str, Callable[[], object], bool]
#: a menu entry: key, label, what it does
MenuItem = tuple[str, str, Callable[[], object]]


class GameView:
    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.layers = Layers()  # the parts of the picture kept between frames

    @property
    def app(self) -> ScreenHost:
        return self.table.app

    @property
    def session(self) -> GameSession:
        return self.table.session

    @property
    def state(self) -> Any:
        return self.table.session.state

    def name(self, index: int | None) -> str:
        return self.table.player_name(index)

    @property
    def current(self) -> int | None:
        return self.session.rules.current_player(self.state)

    # -- what the table asks --------------------------------------------------------------

    def committed(self) -> None:
        """A move is on disk (see :meth:`Screen.committed`); nothing to do by default."""

    def pending_steps(self) -> list[str]:
        """What the newest move on disk asked the players to do on the board (the prompts
        it raised): put back when a game is resumed. None by default."""
        return []

    def forget_pictures(self) -> None:
        """Paint every part afresh on the next frame (the fonts or the theme changed)."""
        self.layers.clear()

    def moves(self) -> list[Move]:
        return []

    def menu_items(self) -> list[MenuItem]:
        return []

    def move_words(self, key: str, label: str, fits: Callable[[str], bool]) -> str:
        """What the move button ``key`` says: its ``label``, or a shorter way of saying it
        where ``label`` does not ``fit`` the button at the reading size (the label by
        default)."""
        return label

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's information panel inside ``rect``."""

    def covered(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """Rects inside ``rect`` that :meth:`paint` covers whole with opaque pictures: the
        panel's ground need not be filled there (none by default)."""
        return []

    def hotspots(self, rect: pygame.Rect) -> list[Button]:
        """Touch targets on the picture of the board inside ``rect`` (the same ``rect`` as
        :meth:`paint`); the picture draws them, so they are :class:`Hotspot` buttons."""
        return []

    def describe(self, action: Action) -> str:
        """The last move in a few words (the replay's step, the undo button)."""
        return self.sentence(action)

    def undo_labels(self, action: Action) -> list[str]:
        """Ways the undo button may say what it takes back, the fullest first: the button
        shows the first that fits it at the reading size, or none."""
        labels = [self.describe(action), *self.shorter_descriptions(action)]
        if action.player is not None:
            labels.append(self.name(action.player))
        return labels

    def shorter_descriptions(self, action: Action) -> list[str]:
        """Shorter ways than :meth:`describe` of saying ``action`` (fullest first), tried
        before the player's name alone."""
        return []

    def move_names(self) -> dict[str, str]:
        """Each action type's name in the table's language (what the undo button says)."""
        return {}

    def sentence(self, action: Action, detail: str = "", move: str | None = None) -> str:
        """"Livia: Lay foundation Statue": who, the move's translated name, and what.

        A move of the whole table (no player) says only what it was.
        """
        if move is None:
            move = self.move_names().get(action.type, action.type.replace("_", " "))
        if action.player is None:
            return _("{move} {detail}").format(move=move, detail=detail) if detail else move
        who = self.name(action.player)
        if detail:
            return _("{name}: {move} {detail}").format(name=who, move=move, detail=detail)
        return _("{name}: {move}").format(name=who, move=move)

    def table_prompt(self) -> str:
        return ""

    def player_note(self, index: int) -> str:
        return ""

    def on_next(self) -> None:
        self.app.message(_("Use the buttons on the screen for this move."), error=False)

    def on_player(self, index: int) -> None:
        """A player's seat button or token: by default "my turn is done"."""
        self.app.message(_("{name}: use the buttons on the screen for this move.").format(
            name=self.name(index)), error=False)

    def on_seat(self, index: int, long: bool) -> None:
        """A player's seat button, pressed short or long; by default as ``on_player``."""
        self.on_player(index)

    def on_tag(self, tag: Tag, meaning: TagMeaning) -> bool:
        return False

    # -- helpers --------------------------------------------------------------------------

    def dispatch(self, action_type: str, payload: dict[str, Any] | None = None,
                 player: int | None = None) -> bool:
        return self.app.dispatch(action_type, payload, player)

    def form(self, title: str, steps: Sequence[Step], on_done: Callable[[Values], object]) -> None:
        run_form(self.app, title, steps, on_done)

    def lines(self, surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[str],
              size: int | None = None, colour: tuple[int, int, int] = theme.TEXT) -> int:
        """Rows of text from the top of ``rect``; returns the height used.

        A row that starts with spaces is drawn indented (a continuation of the row above).
        A row too long for the width wraps onto indented lines rather than shrinking to
        something unreadable at arm's length; all rows shrink together only when the
        wrapped text does not fit the height, and never below 60% (what is left over is
        cut, not drawn outside the panel).
        """
        m = self.table.metrics
        if not rows:
            return 0
        indent = m.gap * 2
        current = size or m.small
        smallest = max(10, int(current * 0.6))
        while True:
            step = max(1, int(current * 0.8))
            laid: list[tuple[str, int]] = []
            for row in rows:
                text = row.lstrip()
                first = indent if text != row else 0  # a row that starts indented stays so
                for number, part in enumerate(wrap(text, current, rect.width - indent)):
                    laid.append((part, indent if number else first))
            if len(laid) * step <= rect.height or current <= smallest:
                break
            current -= 2
        y = rect.top
        for text, offset in laid:
            if y + step > rect.bottom + step // 4:
                break
            area = mirror(pygame.Rect(rect.left + offset, y, rect.width - offset, step), rect)
            draw_text(surface, text, area, current, colour, align="left")
            y += step
        return y - rect.top
