"""Where the app can go: one small value per screen, with what that screen needs to open.

A screen asks for another by handing one of these to ``app.go`` (for instance
``app.go(Stats(game="via-romana"))``); what happens then is written in one place,
:mod:`companion.ui.navigation`. This module imports no screen, so every screen can name
every place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.records import frozen

if TYPE_CHECKING:
    from companion.games.base import ScoreResult


@frozen
class Home:
    """The start: new game, resume, history, statistics, settings."""


@frozen
class NewGame:
    """Choose a game and seat the players."""


@frozen
class Table:
    """The game in progress (home, if there is none)."""


@frozen
class Endgame:
    """Final scoring of the game in progress: the numbers the table counts."""


@frozen
class Scoreboard:
    """A result; ``back`` is where Done goes (home if None), ``extra`` one more button
    (key, label, action), ``tie_break`` lets the table settle a shared victory there."""

    result: ScoreResult
    title: str
    back: Place | None = None
    colours: dict[str, str] | None = None
    times: dict[str, float] | None = None
    extra: tuple[str, str, Callable[[], None]] | None = None
    tie_break: Callable[[str | None], ScoreResult] | None = None


@frozen
class History:
    """The finished games."""


@frozen
class FinishedGame:
    """One finished game's scoreboard, with its time on turn and a way to replay it."""

    game_id: int


@frozen
class Replay:
    """A finished game's moves, one at a time."""

    game_id: int


@frozen
class Stats:
    """Statistics of every game, or of ``game`` alone."""

    game: str | None = None


@frozen
class PlayerStats:
    """One player's statistics."""

    name: str


@frozen
class Players:
    """The players' profiles and their tags."""


@frozen
class Settings:
    """Language, turn reminder, display, shut down."""


@frozen
class Display:
    """Brightness, dimming, rotation."""


Place = (Home | NewGame | Table | Endgame | Scoreboard | History | FinishedGame | Replay
         | Stats | PlayerStats | Players | Settings | Display)
