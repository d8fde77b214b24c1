"""The app: a stack of screens, one input path, and the event-driven main loop.

Under the SDL dummy driver and KMS/DRM ``pygame.event.wait`` degrades to polling every
millisecond, so the loop never uses it. Instead it pumps pygame's events, then blocks on
the devices queue with a timeout: short right after input, about 28 ms when idle. A
frame is drawn only when a screen invalidated something, and only the touched
rectangles go to the display, so an idle table costs well under 1% of a core.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import math
import os
import queue
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion import display_settings, i18n
from companion.display_settings import DisplaySettings
from companion.events import (
    ButtonPress,
    CommitFailed,
    Committed,
    DeviceStatus,
    InputEvent,
    InputQueue,
    StoreNotice,
    TagArrived,
)
from companion.games.base import Action, PlayerInfo, Rejected, ScoreInputError, ScoreResult
from companion.i18n import _, ngettext
from companion.records import mutable
from companion.store import LogEntry, Store, StoreError
from companion.turn_clock import Stretch, TurnClock
from companion.ui import fonts, theme
from companion.ui.banners import Banner, draw_message, draw_prompt
from companion.ui.intents import Intent, Key, PointerDown, Press, Tag, Tap
from companion.ui.layout import Metrics, metrics_for
from companion.ui.screen import Screen
from companion.ui.text import draw_paragraph, draw_text
from companion.ui.waiter import InputWaiter
from companion.ui.widgets import Button

if TYPE_CHECKING:  # these come later (a game, a notice, a turned panel, a saver): the
    # home screen's first frame starts without them
    from companion.session import GameSession
    from companion.ui.rotation import Rotation
    from companion.ui.screen_saver import ScreenSaver
    from companion.ui.screens.dialogs import NoticeDialog
    from companion.writer import LogWriter

#: where SDL cannot wait and we cannot select on the inputs (a desktop window): the wait
#: between pumps while nothing happens; touch is answered within about two frames
IDLE_INTERVAL = 0.028
#: wait between pumps right after input, so a finger's lift follows its press quickly
BUSY_INTERVAL = 0.004
#: how long after the last input the loop stays on the short interval
BUSY_AFTER_INPUT = 0.3
MESSAGE_SECONDS = 12.0
#: how long shutting down waits for moves still on their way to the disk
SHUTDOWN_SAVE_SECONDS = 5.0
STATUS_SECONDS = 10.0


#: how long a step waits for a move's commit before drawing without it
COMMIT_GRACE = 0.008
#: how soon the log writer gets the interpreter back while a frame is drawn ahead (seconds)
AHEAD_SWITCH_INTERVAL = 0.0001
#: the longest the loop sleeps without a reason to wake (a last resort, not a poll)
MAX_SLEEP = 30.0


def _driver_name() -> str:
    try:
        return str(pygame.display.get_driver())
    except pygame.error:
        return "dummy"


class Notifier(Protocol):
    def ready(self) -> None: ...

    def ping_watchdog(self) -> None: ...

    def seconds_until_watchdog(self) -> float | None: ...

    def stopping(self) -> None: ...


class KeyHolds(Protocol):
    """Keyboard stand-ins for the buttons, with their hold times (long presses)."""

    def key_down(self, name: str, now: float) -> None: ...

    def key_up(self, name: str, now: float) -> ButtonPress | None: ...

    def due(self, now: float) -> list[ButtonPress]: ...


class TagTapper(Protocol):
    def tap(self, uid: str, reader: str | None = None) -> None: ...


def _spare_core() -> bool:
    """Whether the app may run on more than one CPU (a Pi has four).

    Drawing a frame while the move is committed pays only with a second core: on one, the
    commit and the drawing take turns and the frame came later than drawing it after the
    commit (``bench --slow 4``, pinned to one CPU: p99 39 ms against 22 ms).
    """
    try:
        return len(os.sched_getaffinity(0)) > 1
    except (AttributeError, OSError):  # no affinity here: the machine's count
        return (os.cpu_count() or 1) > 1


@mutable
class FrameAhead:
    """A frame drawn while moves up to ``last`` were in flight, after ``invalidations``
    invalidations."""

    rects: list[pygame.Rect]
    last: LogEntry
    invalidations: int
    landed: bool = False  # ``last`` is on disk and nothing else changed since


class App:
    """Owns the screens, the session and the loop; screens call back into it."""

    def __init__(self, store: Store, inputs: queue.Queue[InputEvent], surface: pygame.Surface,
                 *, present: Callable[[list[pygame.Rect]], None] | None = None,
                 key_to_button: Callable[[str], str | None] | None = None,
                 power_off: Callable[[], bool] | None = None,
                 notifier: Notifier | None = None, keys: KeyHolds | None = None,
                 simulated_reader: TagTapper | None = None,
                 vault_reader: str | None = None, rotation: int = 0) -> None:
        #: invalidations so far: a frame drawn ahead holds only while no other came since
        self._invalidations = 0
        #: a frame drawn while moves were on their way to the disk, not yet presented
        self._ahead: FrameAhead | None = None
        #: draw the frame showing a move while it is committed (see :meth:`_draw_ahead`)
        self.draw_ahead = _spare_core()
        self.store = store
        self.inputs = inputs
        self.surface = surface
        self.metrics: Metrics = metrics_for(surface.get_size())
        self.present = present or pygame.display.update
        #: the panel's surface and present, under the turned picture of :attr:`rotation`
        self._panel = surface
        self._panel_present = self.present
        self.rotation: Rotation | None = None
        if rotation:
            self.set_rotation(rotation)
        #: dims and blanks the backlight when idle (None: the backlight is left alone)
        self.saver: ScreenSaver | None = None
        self.display_settings = DisplaySettings()
        #: where changed display settings are saved (None: kept for this run only)
        self.display_settings_path: Path | None = None
        self._waking_touch = False
        self.key_to_button = key_to_button
        self.power_off = power_off
        self.notifier = notifier
        self.keys = keys
        self.simulated_reader = simulated_reader
        #: the reader whose material tags are vaulted (None: any reader)
        self.vault_reader = vault_reader
        self.session: GameSession | None = None
        self.stack: list[Screen] = []
        self.banner: Banner | None = None
        self.status: Banner | None = None
        #: physical steps the players must now do on the board (see :meth:`prompt`)
        self.prompts: list[str] = []
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        #: the last move the rules refused (a form reopens the step it names)
        self.last_refusal: Rejected | None = None
        #: answers of questions not asked because they had only one (newest last)
        self.skipped_answers: list[object] = []
        #: time on turn, from the changes of whose turn it is (see :meth:`observe_turn`)
        self.turn_clock = TurnClock()
        #: minutes on turn after which a gentle reminder shows (None: never)
        self.turn_reminder: int | None = None
        #: where mounted file systems are listed (USB sticks); None: never look
        self.usb_mounts: str | None = "/proc/mounts"
        #: notices that stay over every screen, stacked, until each is tapped
        self.notices: list[NoticeDialog] = []
        self.display_updates = 0
        #: unexpected exceptions caught so far (logged to stderr, shown in plain words)
        self.errors = 0
        self.stop_requested = False
        self._ready_sent = False
        self._dirty: list[pygame.Rect] = []
        self._full_redraw = True
        #: buttons to show pressed (True) or released alone, without a layout or a redraw
        self._highlights: list[tuple[Button, bool]] = []
        #: what the pressed button covered: (key, where, the pixels), to put back on release
        self._under: tuple[str, pygame.Rect, pygame.Surface] | None = None
        self._needs_build = True
        self._pending: collections.deque[InputEvent] = collections.deque()
        self._writer: LogWriter | None = None
        self.waiter = (InputWaiter(inputs, _driver_name()) if isinstance(inputs, InputQueue)
                       else None)
        self._fingers: dict[tuple[int, int], tuple[int, int]] = {}
        self._mouse_down: tuple[int, int] | None = None
        self._saving_rect: pygame.Rect | None = None

    # -- screens ------------------------------------------------------------------------

    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def show(self, screen: Screen) -> None:
        """Switch to ``screen``, dropping any dialogs but the notices not yet read."""
        self.stack = [screen, *self.notices]
        self.invalidate()

    def push(self, dialog: Screen) -> None:
        self.stack.append(dialog)
        self.invalidate()

    def pop(self, dialog: Screen | None = None) -> None:
        """Close the top dialog (or ``dialog`` wherever it is)."""
        if dialog is None:
            if len(self.stack) > 1:
                self.stack.pop()
        elif dialog in self.stack and len(self.stack) > 1:
            self.stack.remove(dialog)
        self.invalidate()

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        """Ask for a redraw of ``rect`` (None: the whole window) at the end of this step."""
        self._needs_build = True
        self._invalidations += 1
        if rect is None:
            self._full_redraw = True
        else:
            self._dirty.append(pygame.Rect(rect))

    def highlight(self, button: Button, pressed: bool) -> None:
        """Show ``button`` pressed (or released) by drawing that button alone in this step.

        A press changes nothing but the button, so neither the layout nor the rest of the
        screen is drawn again; where that cannot be done the button's rect is redrawn.
        """
        self._highlights.append((button, pressed))

    def resize(self, size: tuple[int, int]) -> None:
        self._panel = pygame.display.get_surface() or self._panel
        if self.rotation is not None:
            self.set_rotation(self.rotation.degrees)
            return
        self.surface = self._panel
        self.metrics = metrics_for(size)
        self.invalidate()

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture (and touches) by ``degrees`` clockwise; 0 draws straight."""
        from companion.ui.rotation import Rotation

        self.rotation = Rotation(self._panel, degrees, self._panel_present)
        self.surface = self.rotation.logical
        self.present = self.rotation.present
        self.metrics = metrics_for(self.surface.get_size())
        self.invalidate()

    # -- messages -------------------------------------------------------------------------

    def message(self, text: str, error: bool = True) -> None:
        """Show ``text`` in words over the screen (errors in red) until tapped or timed out."""
        self.banner = Banner(text, error, time.monotonic() + MESSAGE_SECONDS)
        self.invalidate()

    def prompt(self, text: str) -> None:
        """Put a physical step in front of the table as a big banner across the middle.

        For what the players must now do on the board ("Pay 2 coins and take the region
        card", "The vault limit is now 5"). Call it *after* the move that causes the step
        was dispatched (``dispatch`` returned True): the banner stays until it is tapped
        (that tap does nothing else) or the next move, undo or redo is submitted, the game
        is left, or the move fails to save. Several prompts before then show together, one
        paragraph each, in the order given. Taps outside the banner reach the screen.
        """
        if text and text not in self.prompts:
            self.prompts.append(text)
            self.invalidate()

    def clear_prompts(self) -> None:
        if self.prompts:
            self.prompts = []
            self.invalidate()
    def notify(self, text: str, choice: tuple[str, Callable[[], None]] | None = None) -> None:
        """A notice that stays, over whatever screen comes next, until it is tapped.

        Notices stack: a config problem, the store's word on the log and a replay
        problem can all arrive at start-up, and none may hide another.
        """
        from companion.ui.screens.dialogs import NoticeDialog

        if any(notice.text == text for notice in self.notices):
            return  # said once is enough
        dialog = NoticeDialog(self, _("Please note"), text, choice)
        self.notices.append(dialog)
        self.push(dialog)

    def dismiss_notice(self, dialog: NoticeDialog) -> None:
        if dialog in self.notices:
            self.notices.remove(dialog)
        self.pop(dialog)

    def device_status(self, event: DeviceStatus) -> None:
        text = event.message or _("{device}: {status}").format(device=event.device,
                                                                status=event.status)
        self.status = Banner(text, event.status == "lost", time.monotonic() + STATUS_SECONDS)
        self.invalidate()

    def guard(self, action: Callable[..., Any], *args: Any) -> bool:
        """Run a screen's handler; anything it raises becomes words on the screen."""
        try:
            action(*args)
        except Rejected as exc:
            self.last_refusal = exc
            self.message(str(exc))
            return False
        except StoreError as exc:
            self.message(str(exc))
            return False
        except ScoreInputError as exc:
            self.message(exc.message)
            return False
        except Exception:  # noqa: BLE001 - the app keeps running whatever a screen does
            self.errors += 1
            traceback.print_exc(file=sys.stderr)
            self.message(_("Something went wrong on this screen; nothing was recorded. "
                           "Try again, or go back and carry on."))
            return False
        return True

    # -- the session ----------------------------------------------------------------------

    def dispatch(self, action_type: str, payload: dict[str, Any] | None = None,
                 player: int | None = None) -> bool:
        """Check an action and hand it to the log writer; it shows once committed.

        A refusal is shown in words and nothing changes.
        """
        if self.session is None:
            self.message(_("There is no game in progress. Start one from the home screen."))
            return False
        self.clear_prompts()
        ok = self.guard(self._submit, LogEntry("do", Action(action_type, dict(payload or {}),
                                                            player)))
        if ok:
            self.banner = None
        self.invalidate()
        return ok

    @property
    def writer(self) -> LogWriter:
        """The log writer thread, started with the first move."""
        if self._writer is None:
            from companion.writer import LogWriter

            self._writer = LogWriter(self.inputs)
        return self._writer

    def _submit(self, entry: LogEntry) -> None:
        assert self.session is not None
        self.writer.write(self.session.submit(entry))

    def undo(self) -> None:
        if self.session is None:
            return
        if not self.session.can_undo:
            self.message(_("Nothing to undo yet."), error=False)
            return
        self.clear_prompts()
        if self.guard(self._submit, LogEntry("undo")):
            self.banner = None
        self.invalidate()

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo:
            self.clear_prompts()
        if (self.session is not None and self.session.can_redo
                and self.guard(self._submit, LogEntry("redo"))):
            self.banner = None
        self.invalidate()

    def settle(self, timeout: float = 5.0) -> None:
        """Wait until every submitted move is committed and shown (tests, shutdown)."""
        self._await_commit(timeout)
        self.render()

    def _committed(self, event: Committed | CommitFailed) -> None:
        session = self.session
        if session is None or event.submitted.session is not session:
            return  # a commit of a game that is no longer on screen
        if isinstance(event, Committed):
            self.writer.save_snapshot(session, session.acknowledge(event.submitted, event.seq))
            self.observe_turn()
            for screen in list(self.stack):
                self.guard(screen.committed)
            ahead = self._ahead
            if (ahead is not None and ahead.invalidations == self._invalidations
                    and ahead.last is event.submitted.entry):
                ahead.landed = True  # the frame drawn ahead shows exactly this: present it
                return
        else:
            session.reject_pending(event.submitted)
            self.clear_prompts()
            if event.message:
                self.message(event.message)
        self.invalidate()

    # -- shared reactions -----------------------------------------------------------------

    def ask_shutdown(self) -> None:
        from companion.ui.screens.dialogs import ConfirmDialog

        if self.power_off is None:
            self.message(_("Shutting down is only offered on the Pi; here, close the window "
                           "(everything is saved)."), error=False)
            return
        self.push(ConfirmDialog(self, _("Shut down the companion?"),
                                _("The game is saved. Wait until the screen goes dark before "
                                  "unplugging."), _("Shut down"), self._shut_down))

    def _shut_down(self) -> None:
        if self.power_off is None:
            self.message(_("Shutting down is not available here."), error=False)
            return
        if self.power_off():
            self.request_stop()

    def demo_tag_items(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Menu entries that tap a demo tag, when the NFC readers are simulated."""
        if self.simulated_reader is None:
            return []
        return [("demo-tag", _("Tap a demo tag..."), self.pick_demo_tag)]

    def pick_demo_tag(self) -> None:
        """A list of the demo tags; the one picked arrives as if put on the reader."""
        from companion.devices.simulated import DEMO_TAG_UIDS
        from companion.ui.form import PickDialog

        reader = self.simulated_reader
        labels = []
        for uid in DEMO_TAG_UIDS:
            meaning = self.store.tag_meaning(uid)
            labels.append((uid, f"{uid} ({meaning.label})" if meaning else uid))
        if reader is None:
            return

        def tap(uid: object) -> None:
            # a material card goes where a real one would: on the vault reader
            meaning = self.store.tag_meaning(str(uid))
            vault = meaning is not None and meaning.kind == "gtr-material"
            assert reader is not None
            reader.tap(str(uid), self.vault_reader if vault else None)

        self.push(PickDialog(self, _("Which tag goes on the reader?"), labels, tap))

    def tag_default(self, tag: Tag) -> None:
        """A tag nobody on this screen uses: enrol it if unknown, else say what it is."""
        meaning = self.store.tag_meaning(tag.uid)
        if meaning is None:
            from companion.ui.screens.tag_enrol import enrol_tag_dialog

            self.push(enrol_tag_dialog(self, tag.uid))
        else:
            self.message(_("That tag is {label}; it has no use on this screen.").format(
                label=meaning.label), error=False)

    # -- navigation -----------------------------------------------------------------------

    def start(self) -> None:
        """The first screen: home, with the store's notices on it until each is tapped."""
        from companion.ui.screens.home import HomeScreen

        saved = self.store.setting("language")
        if saved and i18n.match_language(saved):
            i18n.set_language(saved)
        self.show(HomeScreen(self))
        self.take_store_notices()

    def take_store_notices(self) -> None:
        """The store's notices become the app's (they then stay until tapped)."""
        for text in self.store.notices:
            self.notify(text)
        self.store.notices.clear()

    def set_language(self, language: str) -> None:
        """Switch every screen to ``language`` now and remember it for the next start."""
        i18n.set_language(language)
        try:
            self.store.set_setting("language", i18n.language())
        except StoreError as exc:
            self.message(str(exc))
        self.invalidate()

    def go_home(self) -> None:
        from companion.ui.screens.home import HomeScreen

        self.clear_prompts()
        self.leave_turn()
        self.show(HomeScreen(self))

    def open_new_game(self) -> None:
        from companion.ui.screens.new_game import NewGameScreen

        self.show(NewGameScreen(self))

    def open_history(self) -> None:
        from companion.ui.screens.history import HistoryScreen

        self.show(HistoryScreen(self))

    def open_stats(self, game: str | None = None) -> None:
        from companion.ui.screens.stats import StatsScreen

        self.show(StatsScreen(self, game))

    def open_player_stats(self, name: str) -> None:
        from companion.ui.screens.stats import PlayerStatsScreen

        self.show(PlayerStatsScreen(self, name))

    def open_finished_game(self, game_id: int) -> None:
        """A finished game's scoreboard, with its time on turn and a way to replay it."""
        from companion.ui.screens.history import game_title

        record = self.store.game(game_id)
        if record.result is None:
            self.message(_("This game has no recorded score."))
            return
        self.open_scoreboard(ScoreResult.from_json(record.result), game_title(record),
                             back=self.open_history,
                             colours={p.name: p.colour for p in record.players},
                             times=self.time_on_turn(record.id, record.players),
                             extra=("replay", _("Replay its moves"),
                                    functools.partial(self.open_replay, game_id)))

    def open_replay(self, game_id: int) -> None:
        from companion.replay import ReplaySession
        from companion.ui.screens.replay import ReplayScreen

        replay = ReplaySession(self.store, self.store.game(game_id))
        replay.position = 0
        self.show(ReplayScreen(self, replay, functools.partial(self.open_finished_game,
                                                                game_id)))

    def open_players(self) -> None:
        from companion.ui.screens.players import PlayersScreen

        self.show(PlayersScreen(self))

    def open_settings(self) -> None:
        from companion.ui.screens.settings import SettingsScreen

        self.show(SettingsScreen(self))

    def open_display_settings(self) -> None:
        from companion.ui.screens.display import DisplayScreen

        self.show(DisplayScreen(self))

    def change_display_setting(self, key: str, value: int) -> None:
        """Apply one display setting at once and keep it for the next start."""
        settings = self.display_settings.with_choice(key, value)
        self.display_settings = settings
        if self.display_settings_path is not None:
            try:
                display_settings.save(self.display_settings_path, settings)
            except OSError as error:
                self.message(_("The display settings could not be saved: {reason}").format(
                    reason=error.strerror or error))
        if self.saver is not None:
            self.saver.settings = settings
        if key == "rotation":
            self.set_rotation(value)
        self.invalidate()

    def resume_game(self) -> None:
        from companion.session import GameSession

        try:
            session = GameSession.resume(self.store)
        except Rejected as exc:  # e.g. an older game whose board file has since gone
            self.message(_("The unfinished game cannot be set up again: {reason}").format(
                reason=exc))
            self.go_home()
            return
        if session is None:
            self.message(_("There is no unfinished game to resume."))
            self.go_home()
            return
        self.start_session(session)

    def start_session(self, session: GameSession) -> None:
        self.session = session
        self.clear_prompts()
        self.turn_reminder = self.store.table_setting("turn_reminder_minutes") or None
        self.open_table()
        self.observe_turn()
        if session.replay_notice:
            choice = None
            if session.replay_stopped_at is not None:
                choice = (_("Continue from here"), self.continue_from_replay)
            self.notify(session.replay_notice, choice)

    def continue_from_replay(self) -> None:
        """Play on from where the replay stopped; the rest of the log is kept aside."""
        if self.session is not None and self.guard(self.session.set_unreplayable_aside):
            self.message(_("The game goes on from here; the moves that could not be replayed "
                           "are kept aside in the log."), error=False)
        self.invalidate()

    def open_table(self) -> None:
        from companion.ui.screens.table import TableScreen

        if self.session is None:
            self.go_home()
            return
        self.show(TableScreen(self))

    def open_endgame(self) -> None:
        from companion.ui.screens.endgame import EndgameScreen

        if self.session is None:
            self.go_home()
            return
        self.clear_prompts()
        self.leave_turn()
        self.show(EndgameScreen(self))

    def open_scoreboard(self, result: ScoreResult, title: str,
                        back: Callable[[], None] | None = None,
                        colours: dict[str, str] | None = None,
                        times: dict[str, float] | None = None,
                        extra: tuple[str, str, Callable[[], None]] | None = None,
                        tie_break: Callable[[str | None], ScoreResult] | None = None) -> None:
        """The scoreboard; bars in the players' colours (those of the game on screen), and
        each player's time on turn when it was recorded.

        ``tie_break`` lets the table settle a shared victory there (it records the choice);
        ``extra`` is one more button beside Done (key, label, action).
        """
        from companion.ui.screens.scoreboard import ScoreboardScreen

        if colours is None and self.session is not None:
            colours = {player.name: player.colour for player in self.session.players}
        self.show(ScoreboardScreen(self, result, title, back or self.go_home, colours,
                                   times=times, extra=extra, tie_break=tie_break))

    def abandon_game(self) -> None:
        self.leave_turn()
        if self.session is not None:
            self.session.abandon()
            self.session = None
        self.go_home()

    # -- time on turn ---------------------------------------------------------------------

    def observe_turn(self) -> None:
        """Tell the turn clock whose turn the table shows; a change records a stretch."""
        session = self.session
        if session is None or session.rules.is_over(session.state):
            self.leave_turn()
            return
        player = session.rules.current_player(session.state)
        self._record(self.turn_clock.observe(session.game_id, player, time.time()))

    def leave_turn(self) -> None:
        """Nobody is on turn while the table is not shown: the running stretch ends."""
        self._record(self.turn_clock.stop(time.time()))

    def _record(self, stretch: Stretch | None) -> None:
        if stretch is None:
            return
        store = self.store
        job = functools.partial(store.add_turn_time, stretch.game_id, stretch.player,
                                stretch.started, stretch.ended)
        if self._writer is not None:
            self._writer.later(job)
        else:
            self.guard(job)

    def time_on_turn(self, game_id: int, players: Sequence[PlayerInfo]) -> dict[str, float]:
        """Seconds on turn by player name, once the stretches handed over are saved."""
        if self._writer is not None:
            self._writer.drain()
        totals = self.store.time_on_turn(game_id)
        return {p.name: totals[i] for i, p in enumerate(players) if i in totals}

    def _reminder_due(self) -> float | None:
        """Monotonic time of the gentle reminder for the player on turn, if one is set."""
        clock = self.turn_clock
        if not self.turn_reminder or clock.player is None or clock.reminded:
            return None
        return time.monotonic() + clock.since + self.turn_reminder * 60 - time.time()

    def _remind(self, now: float) -> None:
        due = self._reminder_due()
        if due is None or now < due or self.session is None:
            return
        clock = self.turn_clock
        clock.reminded = True
        assert clock.player is not None and self.turn_reminder is not None
        minutes = self.turn_reminder
        self.message(ngettext("{name} has been on turn for {n} minute.",
                              "{name} has been on turn for {n} minutes.", minutes).format(
            name=self.session.players[clock.player].name, n=minutes), error=False)

    # -- input ----------------------------------------------------------------------------

    def _translate(self, event: pygame.event.Event) -> Intent | None:
        kind = event.type
        if kind == pygame.QUIT:
            self.request_stop()
        elif kind in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.invalidate()
        elif kind in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            display = pygame.display.get_surface()
            size = display.get_size() if display is not None else self.surface.get_size()
            shown = (self.rotation.physical if self.rotation is not None
                     else (self.metrics.width, self.metrics.height))
            if size != shown:
                self.resize(size)
        elif kind == pygame.FINGERDOWN:
            pos = self._finger_pos(event)
            self._fingers[(event.touch_id, event.finger_id)] = pos
            return PointerDown(pos)
        elif kind == pygame.FINGERUP:
            if self._fingers.pop((event.touch_id, event.finger_id), None) is not None:
                return Tap(self._finger_pos(event))
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if getattr(event, "touch", False) or event.button != 1:
                return None  # SDL's copy of a touch: the FINGER event already counted
            pos = event.pos if self.rotation is None else self.rotation.to_logical(event.pos)
            if kind == pygame.MOUSEBUTTONDOWN:
                self._mouse_down = pos
                return PointerDown(pos)
            if self._mouse_down is not None:
                self._mouse_down = None
                return Tap(pos)
        elif kind == pygame.KEYDOWN:
            return self._key_intent(event)
        elif kind == pygame.KEYUP and self.keys is not None:
            press = self.keys.key_up(pygame.key.name(event.key), time.monotonic())
            if press is not None:
                return Press(press.button, press.long)
        return None

    def _finger_pos(self, event: pygame.event.Event) -> tuple[int, int]:
        if self.rotation is not None:
            return self.rotation.finger_to_logical(event.x, event.y)
        x = min(self.metrics.width - 1, max(0, int(event.x * self.metrics.width)))
        y = min(self.metrics.height - 1, max(0, int(event.y * self.metrics.height)))
        return x, y

    def _key_intent(self, event: pygame.event.Event) -> Intent | None:
        name = pygame.key.name(event.key)
        text = getattr(event, "unicode", "") or ""
        if self.stack and self.top.wants_text:
            return Key(name, text)
        if self.keys is not None:
            self.keys.key_down(name, time.monotonic())
            if self.key_to_button is not None and self.key_to_button(name) is not None:
                return None  # the press is reported when the key goes up (or is held)
        button = self.key_to_button(name) if self.key_to_button else None
        if button is not None:
            return Press(button, long=bool(event.mod & pygame.KMOD_SHIFT))
        return Key(name, text)

    def _device_intent(self, event: InputEvent) -> Intent | None:
        if isinstance(event, Committed | CommitFailed):
            self._committed(event)
            return None
        if isinstance(event, ButtonPress):
            return Press(event.button, event.long)
        if isinstance(event, TagArrived):
            return Tag(event.reader, event.uid.upper())
        if isinstance(event, DeviceStatus):
            self.device_status(event)
        if isinstance(event, StoreNotice):
            self.notify(event.message)
        return None

    def deliver(self, intent: Intent) -> None:
        """Hand one intent to the top screen, laid out for what it shows now.

        The layout is brought up to date before the intent, not after it: after a move
        the next thing is most often the frame drawn ahead, which lays the screen out for
        the move in flight itself (a layout for the disk's state meanwhile was a tenth of
        a millisecond between the touch and that frame, for nothing).
        """
        if self._needs_build:
            self._build()
        if self.saver is not None and self._wakes_only(intent):
            return
        if isinstance(intent, Tap) and self.banner is not None:
            self.banner = None  # a tap anywhere dismisses it, and goes on to the screen
            self.invalidate()
        if (isinstance(intent, PointerDown | Tap) and self.prompts
                and self.prompt_rect.collidepoint(intent.pos)):
            if isinstance(intent, Tap):
                self.prompts = []
                self.top.pressed = None
                self.invalidate()
            return
        if isinstance(intent, Press) and intent.button == "menu" and intent.long:
            self.guard(self.ask_shutdown)
        else:
            self.guard(self.top.handle, intent)

    # -- the loop -------------------------------------------------------------------------

    def step(self) -> bool:
        """Process everything pending (pygame events, devices queue), then draw if needed.

        Never sleeps: tests call it after posting events. Returns True if there was input.
        """
        had_input = False
        for event in pygame.event.get():
            intent = self._translate(event)
            if intent is not None:
                had_input = True
                self.deliver(intent)
        had_input = self._handle_pending() or had_input
        if self.keys is not None:
            for press in self.keys.due(time.monotonic()):
                had_input = True
                self.deliver(Press(press.button, press.long))
        if self.stack:  # the top screen's own timers (a touch held into a long press)
            self.guard(self.top.tick, time.monotonic())
        drawing = time.monotonic()
        self._draw_ahead()
        # the grace counts from before the drawing: a slow disk costs a step no more
        self._await_commit(max(0.0, COMMIT_GRACE - (time.monotonic() - drawing)))
        self._expire(time.monotonic())
        self._show_saving()
        self.render()
        if self.session is not None:
            self.guard(self.session.prepare_undo)  # after the frame: the next undo is ready
        if self.saver is not None:
            self.saver.update(time.monotonic(), self.on_home)
        return had_input

    @property
    def saving_shown(self) -> bool:
        """True while "Saving..." is on screen (moves wait for a slow disk)."""
        return self._saving_rect is not None

    def _show_saving(self) -> None:
        """Say "Saving..." while moves wait for the disk beyond one step's grace."""
        saving = self.session is not None and self.session.saving
        if saving and self._saving_rect is None:
            m = self.metrics
            width = m.unit * 3
            self._saving_rect = pygame.Rect(m.width - width - m.gap, m.gap, width,
                                            max(m.unit // 2, m.small + m.gap))
            self.invalidate(self._saving_rect)
        elif not saving and self._saving_rect is not None:
            self.invalidate(self._saving_rect)
            self._saving_rect = None

    @property
    def on_home(self) -> bool:
        return len(self.stack) == 1 and self.top.name == "home"

    def _wakes_only(self, intent: Intent) -> bool:
        """Input on a dimmed or dark screen wakes it; that touch or press does nothing else."""
        assert self.saver is not None
        if isinstance(intent, Tap) and self._waking_touch:
            self._waking_touch = False
            return True
        woke = self.saver.input(time.monotonic())
        if woke and isinstance(intent, PointerDown | Tap | Press):
            self._waking_touch = isinstance(intent, PointerDown)
            return True
        return False

    def _await_commit(self, grace: float) -> None:
        """Give a move in flight ``grace`` seconds to commit, so one frame shows it.

        A commit usually takes about a millisecond; drawing the screen first and then
        again with the move would double the time to the frame that matters. A slow disk
        gets no more than ``grace``: then the loop draws and goes on answering touches.
        """
        deadline = time.monotonic() + grace
        while self.session is not None and self.session.saving:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            try:
                item = self.inputs.get(timeout=remaining)
            except queue.Empty:
                return
            self._pending.append(item)
            self._handle_pending()

    def _handle_pending(self) -> bool:
        """Handle what the devices and the log writer queued; True if any was input."""
        had_input = False
        while True:
            if self._pending:
                item = self._pending.popleft()
            else:
                try:
                    item = self.inputs.get_nowait()
                except queue.Empty:
                    return had_input
            if item is None:  # a wake-up from request_stop
                continue
            if not isinstance(item, Committed | CommitFailed | DeviceStatus | StoreNotice):
                had_input = True
            intent = self._device_intent(item)
            if intent is not None:
                self.deliver(intent)

    def show_first_frame(self) -> None:
        """Draw the screen and tell systemd the app is up (once)."""
        self.render()
        if self.notifier is not None and not self._ready_sent:
            self.notifier.ready()
        self._ready_sent = True

    def run(self) -> int:
        """The main loop until a stop is requested (signal, window close, shutdown)."""
        self.show_first_frame()
        last_input = time.monotonic()
        while not self.stop_requested:
            if self.step():
                last_input = time.monotonic()
            if self.stop_requested:
                break
            now = time.monotonic()
            busy = now - last_input < BUSY_AFTER_INPUT
            if busy:
                interval = BUSY_INTERVAL
            elif self.waiter is not None and self.waiter.native:
                interval = math.inf  # woken by input, a commit, a signal or a timer
            else:
                interval = IDLE_INTERVAL
            wake = self.wake_at()
            if wake is not None:
                interval = min(interval, max(0.0, wake - now))
            interval = min(interval, self._watchdog_due(), MAX_SLEEP)
            self._wait(interval)
        return 0

    def _watchdog_due(self) -> float:
        if self.notifier is None:
            return math.inf
        due = self.notifier.seconds_until_watchdog()
        if due is None:
            return math.inf
        if due <= 0:
            self.notifier.ping_watchdog()
            due = self.notifier.seconds_until_watchdog()
            if due is None:
                return math.inf
        return max(0.0, due)  # a failed ping stays due: retried on the next pass

    def _wait(self, seconds: float) -> None:
        """Sleep until input or ``seconds`` (never in pygame: it has no real wait here)."""
        if self.waiter is not None:
            self.waiter.wait(seconds)
            return
        try:
            item = self.inputs.get(timeout=seconds) if seconds > 0 else self.inputs.get_nowait()
        except queue.Empty:
            return
        if item is not None:
            self._pending.append(item)

    def close(self, timeout: float = SHUTDOWN_SAVE_SECONDS) -> int:
        """Finish the commits in flight (for up to ``timeout`` s) and release the waiter.

        Returns how many moves were abandoned unsaved (never shown, so nothing shown is
        lost); they are reported on stderr for the journal.
        """
        abandoned = 0
        self.leave_turn()
        if self._writer is not None:
            abandoned = self._writer.close(timeout)
            if abandoned:
                print(_("companion: {count} moves were still waiting for the disk at "
                        "shutdown and were not saved (none of them had been shown).").format(
                            count=abandoned), file=sys.stderr)
        if self.waiter is not None:
            self.waiter.close()
        return abandoned

    def request_stop(self) -> None:
        """Safe from signal handlers and other threads: the loop ends within one wait."""
        self.stop_requested = True
        if isinstance(self.inputs, InputQueue):
            self.inputs.wake()  # takes no lock: a signal may arrive while the queue is held
        else:
            with contextlib.suppress(queue.Full):
                self.inputs.put_nowait(None)  # type: ignore[arg-type]

    def wake_at(self) -> float | None:
        times = [b.until for b in (self.banner, self.status) if b is not None]
        reminder = self._reminder_due()
        if reminder is not None:
            times.append(reminder)
        if self.saver is not None:
            dark_at = self.saver.next_change(time.monotonic(), self.on_home)
            if dark_at is not None:
                times.append(dark_at)
        if self.session is not None and not self.session.undo_ready:
            times.append(time.monotonic())  # the next step folds on toward it
        if self.stack:
            screen_wake = self.top.wake_at()
            if screen_wake is not None:
                times.append(screen_wake)
        return min(times) if times else None

    def _expire(self, now: float) -> None:
        self._remind(now)
        if self.banner is not None and now >= self.banner.until:
            self.banner = None
            self.invalidate()
        if self.status is not None and now >= self.status.until:
            self.invalidate(self.status.rect)
            self.status = None

    # -- drawing --------------------------------------------------------------------------

    def _build(self) -> None:
        self._needs_build = False
        for screen in self._visible():
            if not self.guard(screen.build):
                screen.buttons = []

    def _visible(self) -> list[Screen]:
        start = 0
        for index, screen in enumerate(self.stack):
            if not screen.modal:
                start = index
        return self.stack[start:]

    def render(self, force: bool = False) -> None:
        """Draw and present what was invalidated; nothing at all when nothing was."""
        if force:
            self._full_redraw = True
        ahead, self._ahead = self._ahead, None
        if not self._full_redraw and not self._dirty:
            if self._highlights:
                self._render_highlights()
            return
        self._highlights = []
        self._under = None
        if (ahead is not None and ahead.landed and not force
                and ahead.invalidations == self._invalidations):
            rects = ahead.rects  # drawn while the move was in flight; it is on disk now
        else:
            if ahead is not None:
                self._needs_build = True  # its buttons were built for the moves in flight
            rects = self._draw_frame()
        self._full_redraw = False
        self._dirty = []
        self.present(rects)
        self.display_updates += 1
        missing_fonts = fonts.new_notices()
        if missing_fonts:  # found while drawing: said once, with the package to install
            self.message(" ".join(missing_fonts), error=False)

    def _draw_frame(self) -> list[pygame.Rect]:
        """Draw what was invalidated into the surface (not presented); the rects drawn."""
        if self._needs_build:
            self._build()
        rects = [self.metrics.rect()] if self._full_redraw else list(self._dirty)
        self.surface.set_clip(rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0])
        if not self.guard(self._draw_screens):
            self.surface.fill(theme.BACKGROUND)
        self._draw_banners()
        self.surface.set_clip(None)
        return rects

    def _draw_ahead(self) -> None:
        """Draw the frame showing the moves in flight while the writer commits them.

        The frame is presented only when the last of them is on disk and nothing else
        asked for a redraw meanwhile (see :meth:`_committed`); otherwise the invalidated
        rects stay invalidated and are drawn again from the disk's state before anything
        is presented. So the screen still shows only moves on disk, and the drawing
        overlaps the commit instead of following it.
        """
        session = self.session
        last = session.last_in_flight if session is not None else None
        if (not self.draw_ahead or session is None or last is None
                or self._ahead is not None or not (self._full_redraw or self._dirty)):
            return
        # the writer needs the interpreter between its calls into SQLite: let it have it
        # within a tenth of a millisecond instead of the default 5 ms, so the commit goes
        # on while the frame is drawn rather than after it
        interval = sys.getswitchinterval()
        sys.setswitchinterval(AHEAD_SWITCH_INTERVAL)
        time.sleep(0)  # and let it start now: it has waited for the interpreter since write
        try:
            with session.as_if_saved():
                self._needs_build = True  # the buttons too are those of the moves in flight
                rects = self._draw_frame()
        finally:
            sys.setswitchinterval(interval)
        self._ahead = FrameAhead(rects, last, self._invalidations)

    def _render_highlights(self) -> None:
        """Draw the pressed button over the frame (or put back what it covered) and present
        that rect alone; anything that cannot be done so becomes a redraw of its rect."""
        shown: list[pygame.Rect] = []
        highlights, self._highlights = self._highlights, []
        for button, pressed in highlights:
            rect = button.rect.clip(self.surface.get_rect())
            under = self._under
            if not self._drawn_alone(button, rect):
                self.invalidate(button.rect)
            elif pressed:
                self._under = (button.key, rect, self.surface.subsurface(rect).copy())
                self.surface.set_clip(rect)
                if not self.guard(button.draw, self.surface, self.metrics.body, True):
                    self.invalidate(button.rect)
                self.surface.set_clip(None)
                shown.append(rect)
            elif under is not None and under[0] == button.key and under[1] == rect:
                self.surface.blit(under[2], rect)
                self._under = None
                shown.append(rect)
            else:
                self.invalidate(button.rect)
        if shown:
            self.present(shown)
            self.display_updates += 1
        if self._dirty or self._full_redraw:
            self.render()

    def _drawn_alone(self, button: Button, rect: pygame.Rect) -> bool:
        """Whether ``button`` can be drawn by itself: on the top screen, drawn the plain way
        (no screen drawing over its buttons), under no banner."""
        screen = self.top if self.stack else None
        if (screen is None or rect.width <= 0 or rect.height <= 0
                or all(b is not button for b in screen.buttons)
                or type(screen).draw is not Screen.draw):
            return False
        covers = [self._saving_rect, self.status.rect if self.status else None,
                  self.prompt_rect if self.prompts else None,
                  self.banner.rect if self.banner else None]
        return not any(cover is not None and cover.colliderect(rect) for cover in covers)

    def _draw_screens(self) -> None:
        for screen in self._visible():
            if screen.modal:
                shade = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
                shade.fill(theme.SHADE)
                self.surface.blit(shade, (0, 0))
            screen.draw(self.surface)

    def _draw_banners(self) -> None:
        m = self.metrics
        if self._saving_rect is not None:
            pygame.draw.rect(self.surface, theme.INFO_BANNER, self._saving_rect,
                             border_radius=m.gap)
            draw_text(self.surface, _("Saving..."), self._saving_rect, m.small, theme.TEXT)
        if self.status is not None:
            height = max(m.unit // 2, m.small)
            rect = pygame.Rect(0, 0, m.width, height)
            self.status.rect = rect
            pygame.draw.rect(self.surface, theme.DANGER if self.status.error else theme.PANEL,
                             rect)
            draw_paragraph(self.surface, self.status.text, rect.inflate(-m.gap * 2, 0),
                           m.small, theme.TEXT, align="center")
        if self.prompts:
            self.prompt_rect = draw_prompt(self.surface, m, self.prompts)
        if self.banner is not None:
            draw_message(self.surface, m, self.banner)
