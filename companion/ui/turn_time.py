"""Time on turn: who is on turn as the table shows it, the stretches saved, the reminder.

The turn clock (:mod:`companion.log.turn_clock`) sees whose turn the table shows after every
move; each change ends a stretch, which is saved by the log writer after the moves (or
at once, before the first move started it), handed over once the frame showing the move is
presented: on a small CPU the write would otherwise share it with that redraw. A player
on turn longer than the table's reminder gets one gentle message.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.core.i18n import ngettext
from companion.games.base import PlayerInfo
from companion.log.store import Store
from companion.log.turn_clock import Stretch, TurnClock
from companion.ui.overlays import Overlays

if TYPE_CHECKING:
    from companion.log.session import GameSession
    from companion.log.writer import LogWriter


class TurnTime:
    """The turn clock of the game on the table and its reminder."""

    def __init__(self, store: Store, overlays: Overlays) -> None:
        self.store = store
        self.overlays = overlays
        self.clock = TurnClock()
        #: minutes on turn after which a gentle reminder shows (None: never)
        self.reminder: int | None = None
        #: stretches ended since the last frame, for the log writer (see hand_over)
        self._unsaved: list[tuple[LogWriter, Callable[[], object]]] = []

    def observe(self, session: GameSession | None, writer: LogWriter | None) -> None:
        """Tell the turn clock whose turn the table shows; a change records a stretch."""
        if session is None or session.rules.is_over(session.state):
            self.leave(writer)
            return
        player = session.rules.current_player(session.state)
        self._record(self.clock.observe(session.game_id, player, time.time()), writer)

    def leave(self, writer: LogWriter | None) -> None:
        """Nobody is on turn while the table is not shown: the running stretch ends."""
        self._record(self.clock.stop(time.time()), writer)
        self.hand_over()

    def _record(self, stretch: Stretch | None, writer: LogWriter | None) -> None:
        if stretch is None:
            return
        job = functools.partial(self.store.add_turn_time, stretch.game_id, stretch.player,
                                stretch.started, stretch.ended)
        if writer is not None:
            self._unsaved.append((writer, job))
        else:
            self.overlays.guard(job)

    def hand_over(self) -> None:
        """Hand the stretches ended so far to the log writer (the loop calls this after
        each frame; anything that reads them back calls it first)."""
        unsaved, self._unsaved = self._unsaved, []
        for writer, job in unsaved:
            writer.later(job)

    def time_on_turn(self, game_id: int, players: Sequence[PlayerInfo],
                     writer: LogWriter | None) -> dict[str, float]:
        """Seconds on turn by player name, once the stretches handed over are saved."""
        self.hand_over()
        if writer is not None:
            writer.drain()
        totals = self.store.time_on_turn(game_id)
        return {p.name: totals[i] for i, p in enumerate(players) if i in totals}

    def reminder_due(self) -> float | None:
        """Monotonic time of the gentle reminder for the player on turn, if one is set."""
        clock = self.clock
        if not self.reminder or clock.player is None or clock.reminded:
            return None
        return time.monotonic() + clock.since + self.reminder * 60 - time.time()

    def remind(self, now: float, session: GameSession | None) -> None:
        due = self.reminder_due()
        if due is None or now < due or session is None:
            return
        clock = self.clock
        clock.reminded = True
        assert clock.player is not None and self.reminder is not None
        minutes = self.reminder
        self.overlays.message(ngettext("{name} has been on turn for {n} minute.",
                                       "{name} has been on turn for {n} minutes.",
                                       minutes).format(
            name=session.players[clock.player].name, n=minutes), error=False)
