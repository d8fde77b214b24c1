"""The app: the parts of the touchscreen app, wired together, behind the screens' interface.

Each part has one job and its own module:

- :mod:`~companion.ui.loop`: pump the input, step, sleep until needed, the watchdog, stop;
- :mod:`~companion.ui.screen_stack`: the screen, its dialogs and the notices;
- :mod:`~companion.ui.navigation`: where the app goes from one screen to the next;
- :mod:`~companion.ui.moves`: a move to the log writer and back;
- :mod:`~companion.ui.damage` and :mod:`~companion.ui.frame`: what is to be redrawn, and
  drawing and presenting it;
- :mod:`~companion.ui.input_events`: SDL and device events to intents, to the top screen;
- :mod:`~companion.ui.overlays`: message, prompts, status line, "Saving...";
- :mod:`~companion.ui.turn_time`: time on turn and its reminder;
- :mod:`~companion.ui.common_actions`: what every screen offers the same way.

:class:`App` makes them and offers the screens :class:`~companion.ui.screen.ScreenHost`
(no screen imports this module); start-up (:mod:`companion.app`), the screenshots and the
tests also drive the loop through it. See ``docs/architecture.md``.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion.core import i18n
from companion.core.events import InputEvent
from companion.games.base import PlayerInfo, Rejected
from companion.log.store import Store
from companion.system.display_settings import DisplaySettings
from companion.ui.banners import Banner
from companion.ui.common_actions import CommonActions
from companion.ui.damage import Damage
from companion.ui.frame import Frame
from companion.ui.input_events import InputTranslator
from companion.ui.intents import Intent, Tag
from companion.ui.layout import Metrics
from companion.ui.loop import SHUTDOWN_SAVE_SECONDS, Loop
from companion.ui.moves import MovePath
from companion.ui.navigation import Navigation
from companion.ui.overlays import Overlays
from companion.ui.places import Place
from companion.ui.screen import Screen
from companion.ui.screen_stack import ScreenStack
from companion.ui.turn_time import TurnTime

if TYPE_CHECKING:  # annotations only: a game and a saver come later (the home screen's
    # first frame starts without them), the protocols are for the type checker alone
    from companion.log.session import GameSession
    from companion.ui.common_actions import TagTapper
    from companion.ui.input_events import KeyHolds
    from companion.ui.loop import Notifier
    from companion.ui.screen_saver import ScreenSaver
    from companion.ui.widgets import Button


class App:
    """The parts of the app, wired together; screens see it as a ``ScreenHost``."""

    def __init__(self, store: Store, inputs: queue.Queue[InputEvent], surface: pygame.Surface,
                 *, present: Callable[[list[pygame.Rect]], None] | None = None,
                 key_to_button: Callable[[str], str | None] | None = None,
                 power_off: Callable[[], bool] | None = None,
                 notifier: Notifier | None = None, keys: KeyHolds | None = None,
                 simulated_reader: TagTapper | None = None,
                 vault_reader: str | None = None, rotation: int = 0) -> None:
        self.store = store
        self.inputs = inputs
        # what start-up wires in (the parts read it from here when they need it)
        self.key_to_button = key_to_button
        self.keys = keys
        self.power_off = power_off
        self.simulated_reader = simulated_reader
        #: the reader whose material tags are vaulted (None: any reader)
        self.vault_reader = vault_reader
        #: dims and blanks the backlight when idle (None: the backlight is left alone)
        self.saver: ScreenSaver | None = None
        self.display_settings = DisplaySettings()
        #: where changed display settings are saved (None: kept for this run only)
        self.display_settings_path: Path | None = None
        #: where mounted file systems are listed (USB sticks); None: never look
        self.usb_mounts: str | None = "/proc/mounts"
        #: answers of questions not asked because they had only one (newest last)
        self.skipped_answers: list[object] = []
        # the parts, each given the parts it uses
        self.damage = Damage()
        self.overlays = Overlays(self.damage)
        self.screens = ScreenStack(self.damage, self)
        self.frame = Frame(surface, present or pygame.display.update, self.damage,
                           self.screens, self.overlays, rotation)
        self.turns = TurnTime(store, self.overlays)
        self.moves = MovePath(inputs, self.damage, self.screens, self.overlays, self.frame,
                              self.turns)
        self.translator = InputTranslator(self, self.damage, self.screens, self.frame,
                                          self.overlays, self.moves)
        self.loop = Loop(self, inputs, notifier, self.screens, self.frame, self.overlays,
                         self.moves, self.turns, self.translator)
        self.navigation = Navigation(self, store, self.screens, self.overlays, self.moves,
                                     self.turns)
        self.actions = CommonActions(self, store, self.screens, self.overlays, self.frame)

    # -- the loop (start-up and tests) ----------------------------------------------------

    def start(self) -> None:
        self.navigation.start()

    def run(self) -> int:
        return self.loop.run()

    def step(self) -> bool:
        return self.loop.step()

    def settle(self, timeout: float = 5.0) -> None:
        self.loop.settle(timeout)

    def show_first_frame(self) -> None:
        self.loop.show_first_frame()

    def deliver(self, intent: Intent) -> None:
        self.translator.deliver(intent)

    def render(self, force: bool = False) -> None:
        self.frame.render(force)

    def wake_at(self) -> float | None:
        return self.loop.wake_at()

    def request_stop(self) -> None:
        self.loop.request_stop()

    def close(self, timeout: float = SHUTDOWN_SAVE_SECONDS) -> int:
        return self.loop.close(timeout)

    def guard(self, action: Callable[..., Any], *args: Any) -> bool:
        return self.overlays.guard(action, *args)

    def in_background(self, work: Callable[[], Callable[[], None]], name: str) -> None:
        """``work`` on a daemon thread; its outcome comes back as a :class:`WorkDone` on the
        one input queue (as the log writer's commits do), so the loop keeps drawing and
        pinging the watchdog meanwhile. A failure of ``work`` is said in plain words."""
        import threading
        import traceback

        from companion.core.events import WorkDone
        from companion.core.i18n import _

        def run() -> None:
            try:
                deliver = work()
            except Exception:  # noqa: BLE001 - the words go to the table, the trace to the log
                traceback.print_exc()

                def deliver() -> None:
                    self.message(_("Something went wrong; nothing was changed."))
            self.inputs.put(WorkDone(deliver))

        threading.Thread(target=run, name=name, daemon=True).start()

    def notify(self, text: str, choice: tuple[str, Callable[[], None]] | None = None) -> None:
        self.screens.notify(text, choice)

    @property
    def stop_requested(self) -> bool:
        return self.loop.stop_requested

    # -- what is on screen (tests look) ---------------------------------------------------

    @property
    def top(self) -> Screen:
        return self.screens.top

    @property
    def stack(self) -> list[Screen]:
        return self.screens.stack

    @property
    def surface(self) -> pygame.Surface:
        return self.frame.surface

    @property
    def metrics(self) -> Metrics:
        return self.frame.metrics

    @property
    def display_updates(self) -> int:
        return self.frame.display_updates

    @property
    def errors(self) -> int:
        return self.overlays.errors

    @property
    def banner(self) -> Banner | None:
        return self.overlays.banner

    @banner.setter
    def banner(self, banner: Banner | None) -> None:
        self.overlays.banner = banner

    @property
    def status(self) -> Banner | None:
        return self.overlays.status

    @property
    def prompts(self) -> list[str]:
        return self.overlays.prompts

    @prompts.setter
    def prompts(self, prompts: list[str]) -> None:
        self.overlays.prompts = prompts

    @property
    def device_note(self) -> str:
        return self.overlays.device_note

    @property
    def prompt_rect(self) -> pygame.Rect:
        return self.overlays.prompt_rect

    @property
    def saving_shown(self) -> bool:
        return self.overlays.saving_shown

    # -- ScreenHost: the screens ----------------------------------------------------------

    def go(self, place: Place) -> None:
        self.navigation.go(place)

    def push(self, dialog: Screen) -> None:
        self.screens.push(dialog)

    def pop(self, dialog: Screen | None = None) -> None:
        self.screens.pop(dialog)

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        self.damage.invalidate(rect)

    def highlight(self, button: Button, pressed: bool) -> None:
        self.damage.highlight(button, pressed)

    def hold_pressed(self, button: Button) -> None:
        self.overlays.hold(button, time.monotonic())

    # -- ScreenHost: words over the screen ------------------------------------------------

    @property
    def last_refusal(self) -> Rejected | None:
        return self.overlays.last_refusal

    @last_refusal.setter
    def last_refusal(self, refusal: Rejected | None) -> None:
        self.overlays.last_refusal = refusal

    def message(self, text: str, error: bool = True) -> None:
        self.overlays.message(text, error)

    def prompt(self, text: str) -> None:
        self.overlays.prompt(text)

    def clear_prompts(self) -> None:
        self.overlays.clear_prompts()

    def dismiss_notice(self, dialog: Screen) -> None:
        self.screens.dismiss_notice(dialog)

    # -- ScreenHost: the game on the table ------------------------------------------------

    @property
    def session(self) -> GameSession | None:
        return self.moves.session

    @session.setter
    def session(self, session: GameSession | None) -> None:
        self.moves.session = session

    def dispatch(self, action_type: str, payload: dict[str, Any] | None = None,
                 player: int | None = None) -> bool:
        return self.moves.dispatch(action_type, payload, player)

    def undo(self) -> None:
        self.moves.undo()

    def redo(self) -> None:
        self.moves.redo()

    def start_session(self, session: GameSession) -> None:
        self.navigation.start_session(session)

    def resume_game(self) -> None:
        self.navigation.resume_game()

    def close_session(self) -> None:
        self.moves.session = None

    def players_renamed(self) -> None:
        """A rename or merge changed seats on disk: the game on the table, if one of them
        sat at it, is set up again from its log, with the names a resume would show."""
        session = self.moves.session
        if session is None:
            return
        self.loop.await_commit(5.0)
        if self.store.game(session.game_id).players != session.record.players:
            self._game_from_log()

    def _game_from_log(self) -> None:
        """The game on the table set up again from its log (as a resume would)."""
        from companion.log.session import GameSession

        session = self.moves.session
        if session is not None:
            self.moves.session = GameSession(self.store, self.store.game(session.game_id))

    def abandon_game(self) -> None:
        self.navigation.abandon_game()

    def time_on_turn(self, game_id: int, players: Sequence[PlayerInfo]) -> dict[str, float]:
        return self.turns.time_on_turn(game_id, players, self.moves.started_writer)

    def set_turn_reminder(self, minutes: int | None) -> None:
        self.turns.reminder = minutes

    # -- ScreenHost: what every screen offers the same way --------------------------------

    def ask_shutdown(self) -> None:
        self.actions.ask_shutdown()

    def tag_default(self, tag: Tag) -> None:
        self.actions.tag_default(tag)

    def demo_tag_items(self) -> list[tuple[str, str, Callable[[], object]]]:
        return self.actions.demo_tag_items()

    def pick_demo_tag(self) -> None:
        self.actions.pick_demo_tag()

    def set_language(self, language: str) -> None:
        """Every screen in ``language`` at once; the game on the table too: what its last
        moves told the table (a row that cannot be refilled) was said in the language of
        the moment, so it is set up again from its log in the new one."""
        before = i18n.language()
        self.actions.set_language(language)
        if i18n.language() != before and self.moves.session is not None:
            self.loop.await_commit(5.0)
            self._game_from_log()

    def change_display_setting(self, key: str, value: int) -> None:
        self.actions.change_display_setting(key, value)
