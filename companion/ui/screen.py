"""The screen contract, both ways: what the app calls on a screen, what a screen asks of it.

:class:`Screen`: ``build`` lays out buttons, ``handle`` takes intents, ``draw`` paints.
Screens are small objects switched by the app's navigation. Layout is rebuilt only after
something changed, drawing happens only when the app decides a redraw is due, and taps are
matched against the buttons of the last build.

:class:`ScreenHost`: everything a screen (a dialog, a form, a table) may ask of the app,
and nothing else. Screens are written against it, never against the app's own class, so
a screen can be read (and tested) without the loop, and the loop changed without them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion.ui import theme
from companion.ui.intents import Intent, Key, PointerDown, Press, Tag, Tap
from companion.ui.layout import Metrics
from companion.ui.text import draw_text, size_within
from companion.ui.theme import RGB
from companion.ui.widgets import Button

if TYPE_CHECKING:
    from companion.games.base import PlayerInfo, Rejected
    from companion.log.session import GameSession
    from companion.log.store import Store
    from companion.system.display_settings import DisplaySettings
    from companion.ui.places import Place

    # for the type checker alone: a Protocol class costs start-up time, and screens use
    # it only in annotations
    class ScreenHost(Protocol):
        """What a screen may ask of the app (:class:`companion.ui.app_loop.App` provides it)."""

        # -- the screens --------------------------------------------------------------------------

        @property
        def metrics(self) -> Metrics: ...

        def go(self, place: Place) -> None:
            """Show the screen of ``place`` (see :mod:`companion.ui.navigation`)."""

        def push(self, dialog: Screen) -> None:
            """Show ``dialog`` over the screen."""

        def pop(self, dialog: Screen | None = None) -> None:
            """Close the top dialog (or ``dialog`` wherever it is)."""

        def invalidate(self, rect: pygame.Rect | None = None) -> None:
            """Ask for a redraw of ``rect`` (None: the whole window)."""

        def highlight(self, button: Button, pressed: bool) -> None:
            """Show ``button`` pressed or released, drawing that button alone."""

        def hold_pressed(self, button: Button) -> None:
            """Keep the touched ``button`` shown pressed while the move it handed to the
            disk lands (a moment at most: then it is released and "Saving..." shown)."""

        # -- words over the screen ----------------------------------------------------------------

        #: the last move the rules refused (a form reopens the step it names)
        last_refusal: Rejected | None
        #: answers of questions not asked because they had only one (newest last)
        skipped_answers: list[object]

        def message(self, text: str, error: bool = True) -> None:
            """Words over the screen (errors in red) until tapped or timed out."""

        def prompt(self, text: str) -> None:
            """A physical step the players must now do, big across the middle."""

        def clear_prompts(self) -> None: ...

        def dismiss_notice(self, dialog: Screen) -> None: ...

        def guard(self, action: Callable[..., Any], *args: Any) -> bool:
            """Run ``action``; a failure is logged and said in plain words (False)."""

        def in_background(self, work: Callable[[], Callable[[], None]], name: str) -> None:
            """Run ``work`` on a thread of its own (the loop never waits for it); the
            function it returns runs on the loop, as an event, to show the outcome."""

        # -- the game on the table ----------------------------------------------------------------

        @property
        def session(self) -> GameSession | None:
            """The game on the table, to read; moves go through :meth:`dispatch`."""

        def dispatch(self, action_type: str, payload: dict[str, Any] | None = None,
                     player: int | None = None) -> bool:
            """Check a move and record it; False (and words on the screen) if refused."""

        def undo(self) -> None: ...

        def redo(self) -> None: ...

        def start_session(self, session: GameSession) -> None:
            """Put ``session`` on the table and show it."""

        def resume_game(self) -> None: ...

        def close_session(self) -> None:
            """The game on the table is over and recorded: no game is on the table now."""

        def players_renamed(self) -> None:
            """Players were renamed or merged: the game on the table shows the new names."""

        def abandon_game(self) -> None: ...

        def time_on_turn(self, game_id: int, players: Sequence[PlayerInfo]) -> dict[str, float]:
            """Seconds on turn by player name."""

        def set_turn_reminder(self, minutes: int | None) -> None: ...

        # -- what every screen offers the same way ------------------------------------------------

        def ask_shutdown(self) -> None: ...

        def tag_default(self, tag: Tag) -> None:
            """A tag nobody on this screen uses."""

        def demo_tag_items(self) -> list[tuple[str, str, Callable[[], object]]]: ...

        def pick_demo_tag(self) -> None: ...

        def set_language(self, language: str) -> None: ...

        def change_display_setting(self, key: str, value: int) -> None: ...

        # -- read only ----------------------------------------------------------------------------

        @property
        def store(self) -> Store: ...

        @property
        def display_settings(self) -> DisplaySettings: ...

        @property
        def usb_mounts(self) -> str | None:
            """Where mounted file systems are listed (USB sticks); None: never look."""

        @property
        def vault_reader(self) -> str | None:
            """The reader whose material tags are vaulted (None: any reader)."""

        @property
        def simulated_reader(self) -> object | None:
            """The stand-in NFC reader (None: real readers or none)."""

        @property
        def power_off(self) -> Callable[[], bool] | None:
            """Switches the Pi off (None: not offered here)."""



class Screen:
    """Base screen. Subclasses fill :attr:`buttons` in :meth:`build` and paint in :meth:`paint`."""

    #: a dialog drawn over the screen below it
    modal = False
    #: offered desktop keys as text (names on the on-screen keyboard)
    wants_text = False
    name = "screen"

    def __init__(self, app: ScreenHost) -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.pressed: str | None = None

    @property
    def metrics(self) -> Metrics:
        return self.app.metrics

    # -- the contract the app uses --------------------------------------------------------

    def build(self) -> None:
        """Compute :attr:`buttons` from the current state and window size."""
        self.buttons = []

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, PointerDown):
            button = self.button_at(intent.pos)
            previous = self._pressed_button()
            self.pressed = button.key if button and button.enabled else None
            if previous is not None and previous is not button:
                self.app.highlight(previous, pressed=False)
            if button is not None and button.enabled:
                self.app.highlight(button, pressed=True)
        elif isinstance(intent, Tap):
            was_pressed = self._pressed_button()
            self.pressed = None
            button = self.button_at(intent.pos)
            if button is not None and button.enabled:
                self._tap(button)
            elif was_pressed is not None:
                self.app.highlight(was_pressed, pressed=False)
        elif isinstance(intent, Press):
            self.on_press(intent)
        elif isinstance(intent, Tag):
            self.on_tag(intent)
        elif isinstance(intent, Key):
            self.on_key(intent)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.modal:
            self.paint_ground(surface)
        self.paint(surface)
        size = self.metrics.body
        for button in self.buttons:
            button.draw(surface, size, pressed=button.key == self.pressed)

    def wake_at(self) -> float | None:
        """Monotonic time at which this screen needs a redraw by itself (a timer), or None."""
        return None

    def tick(self, now: float) -> None:
        """Called by the loop every step (``now``: monotonic): a timer of the screen's own,
        such as a touch held into a long press (:mod:`companion.ui.touch_hold`), fires here."""

    def committed(self) -> None:
        """A move of the session is now on disk (before the frame showing it is presented).

        What a move on disk must set off (a prompt the table must not miss) goes here, not
        in ``paint``: the frame may have been drawn while the move was still in flight.
        """

    # -- hooks for subclasses -------------------------------------------------------------

    def paint_ground(self, surface: pygame.Surface) -> None:
        """What lies under everything (not for a dialog: the screen below shows)."""
        surface.fill(theme.BACKGROUND)

    def paint(self, surface: pygame.Surface) -> None:
        """Everything but the ground and the buttons."""

    def on_press(self, press: Press) -> None:
        if press.button == "menu" and press.long:
            self.app.ask_shutdown()

    def on_tag(self, tag: Tag) -> None:
        self.app.tag_default(tag)

    def on_key(self, key: Key) -> None:
        if key.name == "escape":
            self.on_back()

    def on_back(self) -> None:
        """Escape on a desktop keyboard."""

    # -- helpers --------------------------------------------------------------------------

    def _tap(self, button: Button) -> None:
        """Run ``button``'s action and redraw what it changed.

        A tap that hands a move to the disk changes nothing on screen until the move has
        landed (the table is then drawn anew, the button released): the button stays
        pressed meanwhile, and if the disk is slow it is released alone and "Saving..." put
        over the frame, so neither the unchanged table nor the button is drawn before the
        move. Any other tap may have changed anything on this screen: all of it is drawn
        again.
        """
        session = self.app.session
        in_flight = session.pending_count if session is not None else 0
        button.on_tap()
        if (session is not None and self.app.session is session
                and session.pending_count > in_flight):
            self.app.hold_pressed(button)
        else:
            self.app.invalidate()

    def _pressed_button(self) -> Button | None:
        return next((b for b in self.buttons if b.key == self.pressed), None)

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The button a finger at ``pos`` means: the last drawn of those it is on, or of
        drawn targets (a road, a city) the one it is nearest."""
        best: Button | None = None
        best_reach = math.inf
        for button in reversed(self.buttons):
            reach = button.reach(pos)
            if reach is not None and reach < best_reach:
                best, best_reach = button, reach
        return best

    def button(self, key: str) -> Button:
        """The button with ``key`` (tests and key bindings find buttons by key)."""
        for candidate in self.buttons:
            if candidate.key == key:
                return candidate
        raise KeyError(key)

    def goes_to(self, place: Place) -> Callable[[], None]:
        """What a button that leads to ``place`` does."""
        return lambda: self.app.go(place)

    def has_button(self, key: str) -> bool:
        return any(b.key == key for b in self.buttons)

    def add(self, key: str, rect: pygame.Rect, label: str, on_tap: Callable[[], object], *,
            enabled: bool = True, fill: RGB | None = None, selected: bool = False,
            sublabel: str = "", size: int = 0) -> Button:
        button = Button(key, pygame.Rect(rect), label, on_tap, enabled=enabled, fill=fill,
                        selected=selected, sublabel=sublabel, size=size)
        self.buttons.append(button)
        return button

    def header(self, surface: pygame.Surface, title: str, rect: pygame.Rect | None = None) -> None:
        m = self.metrics
        area = rect or pygame.Rect(m.gap * 2, 0, m.width - 4 * m.gap, m.unit)
        # a script whose ink reaches past the line (Arabic, CJK) gives up size rather than
        # reach into the buttons below the header
        draw_text(surface, title, area, size_within(title, m.large, area, m.body), theme.TEXT,
                  align="left")

    def header_rect(self) -> pygame.Rect:
        m = self.metrics
        return pygame.Rect(0, 0, m.width, m.unit + m.gap)

    def body_rect(self) -> pygame.Rect:
        """Below the header, inset by the gap."""
        m = self.metrics
        top = m.unit + m.gap
        return pygame.Rect(m.gap * 2, top, m.width - 4 * m.gap, m.height - top - m.gap * 2)
