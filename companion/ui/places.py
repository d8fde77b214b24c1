"""Where the app can go: one small value per screen, with what that screen needs to open.

A screen asks for another by handing one of these to ``app.go`` (for instance
``app.go(Stats(game="via-romana"))``); what happens then is written in one place,
:mod:`companion.ui.navigation`. This module imports no screen, so every screen can name
every place. They are plain classes: made at start-up (the home screen names three), a
plain class costs a quarter of a ``@frozen`` record, and nothing compares places.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.games.base import ScoreResult


class Home:
    """The start: new game, resume, history, statistics, settings."""


class NewGame:
    """Choose a game and seat the players."""


class Table:
    """The game in progress (home, if there is none)."""


class Endgame:
    """Final scoring of the game in progress: the numbers the table counts."""


class Scoreboard:
    """A result; ``back`` is where Done goes (home if None), ``extra`` one more button
    (key, label, action), ``tie_break`` lets the table settle a shared victory there."""

    def __init__(self, result: ScoreResult, title: str, back: Place | None = None,
                 colours: dict[str, str] | None = None, times: dict[str, float] | None = None,
                 extra: tuple[str, str, Callable[[], None]] | None = None,
                 tie_break: Callable[[str | None], ScoreResult] | None = None) -> None:
        self.result = result
        self.title = title
        self.back = back
        self.colours = colours
        self.times = times
        self.extra = extra
        self.tie_break = tie_break


class History:
    """The finished games."""


class FinishedGame:
    """One finished game's scoreboard, with its time on turn and a way to replay it."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id


class Replay:
    """A finished game's moves, one at a time."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id


class Stats:
    """Statistics of every game, or of ``game`` alone."""

    def __init__(self, game: str | None = None) -> None:
        self.game = game


class PlayerStats:
    """One player's statistics."""

    def __init__(self, name: str) -> None:
        self.name = name


class PlayerGame:
    """One player's record at one game: wins by seat, scores, streaks, opponents."""

    def __init__(self, player: str, game: str) -> None:
        self.player = player
        self.game = game


class EditGame:
    """Correct a finished game (its numbers, tie, date, seats, place and note)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id


class Players:
    """The players' profiles and their tags."""


class Settings:
    """Language, turn reminder, display, shut down."""


class Display:
    """Brightness, dimming, rotation."""


Place = (Home | NewGame | Table | Endgame | Scoreboard | History | FinishedGame | Replay
         | Stats | PlayerStats | PlayerGame | EditGame | Players | Settings | Display)
