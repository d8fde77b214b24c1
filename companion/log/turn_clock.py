"""Time on turn: each player's stretches on turn, from the changes of whose turn it is.

The app tells the clock whose turn it is after every move it shows; a change closes the
running stretch. Leaving the table (home, the end, a shutdown) closes it too, so a pause
is nobody's time. Pure bookkeeping: the app writes the stretches to the store.
"""

from __future__ import annotations

from companion.core.records import frozen

#: a stretch shorter than this is a correction, not a turn (a quick undo/redo)
SHORTEST_STRETCH = 0.5


@frozen
class Stretch:
    game_id: int
    player: int
    started: float
    ended: float

    @property
    def seconds(self) -> float:
        return self.ended - self.started


class TurnClock:
    """Whose turn it is since when, for the game on the table."""

    def __init__(self) -> None:
        self.game_id: int | None = None
        self.player: int | None = None
        self.since = 0.0
        self.reminded = False

    def observe(self, game_id: int, player: int | None, now: float) -> Stretch | None:
        """Whose turn it is now; returns the stretch that just ended, if any."""
        if game_id == self.game_id and player == self.player:
            return None
        ended = self.stop(now)
        self.game_id, self.player, self.since, self.reminded = game_id, player, now, False
        return ended

    def stop(self, now: float) -> Stretch | None:
        """Nobody is on turn any more (the table was left); the running stretch, if any."""
        stretch = None
        if (self.game_id is not None and self.player is not None
                and now - self.since >= SHORTEST_STRETCH):
            stretch = Stretch(self.game_id, self.player, self.since, now)
        self.game_id, self.player = None, None
        return stretch

    def on_turn_for(self, now: float) -> float:
        """Seconds the current player has been on turn (0 when nobody is)."""
        return now - self.since if self.player is not None else 0.0


def format_duration(seconds: float) -> str:
    """``1:05:09`` or ``4:09`` (minutes:seconds under an hour)."""
    total = max(0, int(round(seconds)))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_length(seconds: float) -> str:
    """A game's length in words: ``58 min``, ``1 h 05 min``."""
    from companion.core.i18n import _

    minutes = max(0, int(round(seconds / 60)))
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("{hours} h {minutes:02d} min").format(hours=hours, minutes=minutes)
    return _("{minutes} min").format(minutes=minutes)
