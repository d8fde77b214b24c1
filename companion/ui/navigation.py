"""Where the app goes from one screen to the next, in one place.

Like a booth's state machine, read top to bottom: every screen is a place
(:mod:`companion.ui.places`), and :meth:`Navigation.go` says what entering each place
does: which screen shows, what must be true first, and what leaving the table ends.
The evening runs::

    Home ─► NewGame ─► Table ─► Endgame ─► Scoreboard ─► Home
      │                  ▲
      ├─ resume ─────────┘
      ├─► History ─► FinishedGame ─► Replay ─► FinishedGame
      ├─► Stats ─► PlayerStats
      └─► Settings ─► Players, Display

Screens leave by ``app.go(place)``; the game's own start and end (:meth:`start_session`,
:meth:`resume_game`, :meth:`abandon_game`) are here too, since each ends on a screen.
Screens are imported only when first shown: the first frame needs the home screen alone.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from companion.core import i18n
from companion.core.i18n import _
from companion.games.base import Rejected, ScoreResult
from companion.log.store import Store
from companion.ui.moves import MovePath
from companion.ui.overlays import Overlays
from companion.ui.places import (
    Display,
    EditGame,
    Endgame,
    FinishedGame,
    History,
    Home,
    NewGame,
    Place,
    PlayerGame,
    Players,
    PlayerStats,
    Replay,
    Scoreboard,
    Settings,
    Stats,
    Table,
)
from companion.ui.screen_stack import ScreenStack
from companion.ui.turn_time import TurnTime

if TYPE_CHECKING:
    from companion.log.session import GameSession
    from companion.ui.screen import ScreenHost


class Navigation:
    """Shows the screen of each place, and starts and ends the game on the table."""

    def __init__(self, host: ScreenHost, store: Store, screens: ScreenStack,
                 overlays: Overlays, moves: MovePath, turns: TurnTime) -> None:
        self.host = host
        self.store = store
        self.screens = screens
        self.overlays = overlays
        self.moves = moves
        self.turns = turns

    def go(self, place: Place) -> None:
        """Show the screen of ``place``."""
        host, show = self.host, self.screens.show
        match place:
            case Home():
                from companion.ui.screens.home import HomeScreen

                self._leave_table()
                show(HomeScreen(host))
            case NewGame():
                from companion.ui.screens.new_game import NewGameScreen

                show(NewGameScreen(host))
            case Table():
                from companion.ui.screens.table import TableScreen

                if self.moves.session is None:
                    self.go(Home())
                    return
                show(TableScreen(host))
            case Endgame():
                from companion.ui.screens.endgame import EndgameScreen

                if self.moves.session is None:
                    self.go(Home())
                    return
                self._leave_table()
                show(EndgameScreen(host))
            case Scoreboard():
                from companion.ui.screens.scoreboard import ScoreboardScreen

                colours = place.colours
                if colours is None and self.moves.session is not None:
                    colours = {p.name: p.colour for p in self.moves.session.players}
                back = functools.partial(self.go, place.back or Home())
                show(ScoreboardScreen(host, place.result, place.title, back, colours,
                                      times=place.times, extra=place.extra,
                                      tie_break=place.tie_break))
            case History():
                from companion.ui.screens.history import HistoryScreen

                show(HistoryScreen(host))
            case FinishedGame():
                self._finished_game(place.game_id)
            case Replay():
                from companion.log.replay import ReplaySession
                from companion.ui.screens.replay import ReplayScreen

                replay = ReplaySession(self.store, self.store.game(place.game_id))
                replay.position = 0
                show(ReplayScreen(host, replay, functools.partial(
                    self.go, FinishedGame(place.game_id))))
            case Stats():
                from companion.ui.screens.stats import StatsScreen

                show(StatsScreen(host, place.game))
            case PlayerStats():
                from companion.ui.screens.stats import PlayerStatsScreen

                show(PlayerStatsScreen(host, place.name))
            case PlayerGame():
                from companion.ui.screens.player_game import PlayerGameScreen

                show(PlayerGameScreen(host, place.player, place.game))
            case EditGame():
                from companion.ui.screens.edit_game import EditGameScreen

                show(EditGameScreen(host, place.game_id, functools.partial(
                    self.go, FinishedGame(place.game_id))))
            case Players():
                from companion.ui.screens.players import PlayersScreen

                show(PlayersScreen(host))
            case Settings():
                from companion.ui.screens.settings import SettingsScreen

                show(SettingsScreen(host))
            case Display():
                from companion.ui.screens.display import DisplayScreen

                show(DisplayScreen(host))

    def _leave_table(self) -> None:
        """The prompts go and nobody is on turn while the table is not shown."""
        self.overlays.clear_prompts()
        self.turns.leave(self.moves.started_writer)

    def _finished_game(self, game_id: int) -> None:
        """A finished game's scoreboard, with its time on turn and a way to replay it."""
        from companion.ui.screens.history import game_facts, game_title

        record = self.store.game(game_id)
        if record.result is None:
            self.overlays.message(_("This game has no recorded score."))
            return
        times = self.turns.time_on_turn(record.id, record.players, self.moves.started_writer)
        self.go(Scoreboard(ScoreResult.from_json(record.result), game_title(record),
                           back=History(), colours={p.name: p.colour for p in record.players},
                           times=times, extra=None if record.imported else (
                               "replay", _("Replay its moves"),
                               functools.partial(self.go, Replay(game_id)))))
        # a finished game can be corrected; brought in from BG Stats it has no moves to replay
        from companion.ui.screens.scoreboard import ScoreboardScreen

        board = self.screens.top
        if isinstance(board, ScoreboardScreen):  # just shown: its buttons are built next
            board.more = ("edit", _("Correct"), functools.partial(self.go, EditGame(game_id)))
            board.facts = game_facts(record, note=True)

    # -- the start, and the game on the table ---------------------------------------------

    def start(self) -> None:
        """The first screen: home, with the store's notices on it until each is tapped."""
        from companion.ui.screens.home import HomeScreen

        saved = self.store.setting("language")
        if saved and i18n.match_language(saved):
            i18n.set_language(saved)
        self.screens.show(HomeScreen(self.host))
        self.take_store_notices()

    def take_store_notices(self) -> None:
        """The store's notices become the app's (they then stay until tapped)."""
        for text in self.store.notices:
            self.screens.notify(text)
        self.store.notices.clear()

    def start_session(self, session: GameSession) -> None:
        self.moves.session = session
        self.overlays.clear_prompts()
        self.turns.reminder = self.store.table_setting("turn_reminder_minutes") or None
        self.go(Table())
        self.turns.observe(session, self.moves.started_writer)
        if session.replay_notice:
            choice = None
            if session.replay_stopped_at is not None:
                choice = (_("Continue from here"), self.continue_from_replay)
            self.screens.notify(session.replay_notice, choice)

    def resume_game(self) -> None:
        from companion.log.session import GameSession

        try:
            session = GameSession.resume(self.store)
        except Rejected as exc:  # e.g. an older game whose board file has since gone
            self.overlays.message(_("The unfinished game cannot be set up again: {reason}")
                                  .format(reason=exc))
            self.go(Home())
            return
        if session is None:
            self.overlays.message(_("There is no unfinished game to resume."))
            self.go(Home())
            return
        self.start_session(session)

    def continue_from_replay(self) -> None:
        """Play on from where the replay stopped; the rest of the log is kept aside."""
        session = self.moves.session
        if session is not None and self.overlays.guard(session.set_unreplayable_aside):
            self.overlays.message(_("The game goes on from here; the moves that could not be "
                                    "replayed are kept aside in the log."), error=False)
        self.overlays.damage.invalidate()

    def abandon_game(self) -> None:
        self.turns.leave(self.moves.started_writer)
        if self.moves.session is not None:
            self.moves.session.abandon()
            self.moves.session = None
        self.go(Home())
