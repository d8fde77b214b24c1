"""What the store holds, as records: a log entry, a game, a correction, a tag, a profile.

Apart from the store's connection and queries so that the layers above (the session, the
history's import) can name these types without the SQL, and the store's modules share
one definition of each.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from companion.core.i18n import _
from companion.core.records import frozen
from companion.games.base import Action, PlayerInfo


class StoreError(Exception):
    """A store problem, in plain words for the table (disk full, read-only medium...)."""


@frozen
class TagMeaning:
    """What an enrolled NFC tag stands for.

    ``kind`` is ``player`` (value: player name), ``gtr-material`` (value: material) or
    ``vr-city-marker`` (value: ``"<colour>:<number>"``).
    """

    kind: str
    value: str
    label: str


@frozen
class LogEntry:
    """One row of the append-only log: an action, or an undo/redo of the cursor."""

    kind: str  # "do", "undo", "redo"
    action: Action | None = None
    seq: int = 0  # its place in the game's log, once written
    #: why the row could not be read back (then ``action`` is None); None: it was fine
    problem: str | None = None


@frozen
class GameRecord:
    id: int
    game: str
    options: dict[str, Any]
    players: tuple[PlayerInfo, ...]
    created: float
    status: str
    ended: float | None
    result: dict[str, Any] | None
    place: str | None = None
    note: str | None = None
    #: None: played on this companion; "bgstats": imported (no move log)
    source: str | None = None
    source_id: str | None = None

    @property
    def imported(self) -> bool:
        return self.source is not None


@frozen
class Edit:
    """One correction in the edit log: who made it, when, and the values before and after.

    ``kind`` is ``game`` (fields of a finished game), ``rename``/``merge`` (a profile), or
    ``undo`` (of the entry ``before["edit"]``). ``undone_by`` is set once it was undone.
    """

    id: int
    game_id: int | None
    made: float
    who: str
    kind: str
    before: dict[str, Any]
    after: dict[str, Any]
    undone_by: int | None = None


@frozen
class Profile:
    """A player the companion remembers between game nights."""

    name: str
    colour: str
    seat: int
    token: str | None
    last_played: float
    games: int = 0


@frozen
class ImportedGame:
    """A game from a file, every value checked and in the store's own types."""

    game: str
    options: dict[str, Any]
    created: float
    ended: float | None
    result: dict[str, Any]
    players: tuple[PlayerInfo, ...]
    entries: tuple[LogEntry, ...]
    turn_times: tuple[tuple[int, float, float], ...]
    place: str | None = None
    note: str | None = None
    #: the game's edit log, oldest first, numbered as in the file
    edits: tuple[Edit, ...] = ()



def lazy_json() -> ModuleType:
    """``json``, imported at the first row that needs it: a start with no game to resume
    reads none before its first frame, and the import costs 2 ms there."""
    import json

    return json



def decode_entry(seq: int, kind: str, action: str | None) -> LogEntry:
    """A row of the log as a :class:`LogEntry`; a row that cannot be read says why."""
    if kind != "do":
        return LogEntry(kind, None, seq)
    try:
        return LogEntry(kind, Action.from_json(lazy_json().loads(action or "")), seq)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        return LogEntry(kind, None, seq, problem=_("move {seq} cannot be read: {error}").format(
            seq=seq, error=exc))
