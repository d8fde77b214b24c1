"""What a game in the history may hold: one set of rules for every way in and out.

New game, a correction, a rename or merge, ``companion import`` and ``import-bgstats`` all
check a game's names, scores, dates, place and note here, and the JSON export checks what
it writes by the same rules, so a backup of anything the companion accepted always
imports back into an empty folder as the same history.

* A name is 1 to :data:`MAX_NAME` characters (what the new-game keyboard takes), with no
  space at either end, and only text: no control character (NUL, ESC, BEL, a tab or a
  line break), lone surrogate, private-use character or line separator, which no screen
  can draw. A name may begin with "=" or another character a spreadsheet reads as a
  formula: it is shown as text everywhere, and the CSV export escapes such a cell.
* A score is a whole number of at most :data:`MAX_SCORE` either way (no game comes near).
* A date lies in the years :data:`FIRST_YEAR` to :data:`LAST_YEAR`, in any time zone:
  the History screen and the exports show every date of those years; a game lasts at
  most :data:`LONGEST_GAME` and does not end before it began.
* A place and a note are one line of text, at most :data:`MAX_PLACE` and :data:`MAX_NOTE`
  characters.

Text from BG Stats that is longer (it allows 60-character names) is shortened by
:func:`shortened`, the same way every time, so a play imported twice is known again.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.i18n import _

#: finished games a folder's history holds (a game a night for 27 years): ``companion
#: import``, ``import-bgstats``, the in-app BG Stats import and New game all stop there,
#: and every screen and the export are measured at it (``bench.history_limit``)
MAX_HISTORY = 10_000
MAX_NAME = 24  # as typed on the new-game screen
MAX_PLACE = 40  # as typed at New game and in a correction
MAX_NOTE = 200
MAX_SCORE = 1_000_000
FIRST_YEAR = 1900
LAST_YEAR = 2099
#: 1899-12-31 00:00 UTC: midnight of 1900-01-01 in every time zone falls after it
EARLIEST = -2_209_075_200.0
#: 2100-01-02 00:00 UTC: the end of 2099-12-31 in every time zone falls before it
LATEST = 4_102_531_200.0
LONGEST_GAME = 366 * 86_400.0
#: what ends a shortened text (one character, so the limit still holds)
ELLIPSIS = "\u2026"


class LimitError(ValueError):
    """A value a game may not hold; the text names the field and the value's problem."""

    def sentence(self) -> str:
        """The sentence on its own (its first letter a capital)."""
        text = str(self)
        return text[:1].upper() + text[1:]

    def at(self, where: str) -> str:
        """The sentence, said of one game or play of a file (``game 3: ...``)."""
        return _("{where}: {problem}").format(where=where, problem=str(self))


def history_full(finished: int) -> str | None:
    """Why a new game cannot start with ``finished`` games in the history (None: it can).

    The game is refused before it starts, so nothing played is lost."""
    if finished < MAX_HISTORY:
        return None
    return _("The history holds {n} finished games, as many as it keeps. Export it to a USB "
             "stick and delete old games in the History before starting a new one.").format(
        n=MAX_HISTORY)


def history_overflow(finished: int, adding: int) -> str | None:
    """Why an import of ``adding`` new games is refused (None: it fits): one sentence.
    An import that does not fit adds nothing, so a file is never half in."""
    if finished + adding <= MAX_HISTORY:
        return None
    return _("The history would hold {total} finished games; it keeps at most {n}. Delete "
             "old games in the History or import a smaller file.").format(
        total=finished + adding, n=MAX_HISTORY)


def readable(text: str, newlines: bool = False) -> bool:
    """No control character, lone surrogate, line separator or private-use character."""
    for char in text:
        if newlines and char == "\n":
            continue
        if unicodedata.category(char) in ("Cc", "Cs", "Co", "Zl", "Zp"):
            return False
    return True


def shown(value: object) -> str:
    """A value in a message: its repr (every character visible), cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def normal_text(text: str) -> str:
    """White space as one space between words, none at either end (as typed or read)."""
    return " ".join(text.split())


def shortened(text: str, longest: int) -> str:
    """``text`` cut to ``longest`` characters, ending in an ellipsis when it was longer;
    the same text always gives the same result."""
    if len(text) <= longest:
        return text
    return text[:longest - 1].rstrip() + ELLIPSIS


def check_name(value: Any, field: str | None = None) -> str:
    """A player's name as the history keeps it; LimitError says what is wrong."""
    field = field or _("name")
    if not isinstance(value, str) or not value.strip():
        raise LimitError(_("the {field} is empty: every player needs a name.").format(
            field=field))
    if len(value) > MAX_NAME:
        raise LimitError(_("the {field} {value} is longer than {n} characters.").format(
            field=field, value=shown(value), n=MAX_NAME))
    if not readable(value):
        raise LimitError(_("the {field} {value} holds a character that is not text.").format(
            field=field, value=shown(value)))
    if value != value.strip():
        raise LimitError(_("the {field} {value} begins or ends with a space.").format(
            field=field, value=shown(value)))
    return value


def check_text(value: Any, field: str, longest: int) -> str | None:
    """An optional place or note: one line of text (None or blank: none)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise LimitError(_("the {field} {value} is not text.").format(field=field,
                                                                      value=shown(value)))
    if len(value) > longest:
        raise LimitError(_("the {field} {value} is longer than {n} characters.").format(
            field=field, value=shown(value), n=longest))
    if not readable(value):
        raise LimitError(_("the {field} {value} holds a character that is not text.").format(
            field=field, value=shown(value)))
    return value if value.strip() else None


def check_place(value: Any) -> str | None:
    return check_text(value, _("place"), MAX_PLACE)


def check_note(value: Any) -> str | None:
    return check_text(value, _("note"), MAX_NOTE)


def check_score(value: Any, field: str | None = None) -> int:
    """A total or a part of one: a whole number within :data:`MAX_SCORE` either way."""
    field = field or _("score")
    if (not isinstance(value, int) or isinstance(value, bool)
            or not -MAX_SCORE <= value <= MAX_SCORE):
        raise LimitError(_("the {field} {value} is not a whole number from {low} to {high}."
                           ).format(field=field, value=shown(value), low=-MAX_SCORE,
                                    high=MAX_SCORE))
    return value


def check_moment(value: Any, field: str) -> float:
    """A date and time (seconds since 1970, UTC) in the years the screens show."""
    if (not isinstance(value, (int, float)) or isinstance(value, bool)
            or not math.isfinite(value) or not EARLIEST <= value <= LATEST):
        raise LimitError(_("the {field} {value} is not a date from {first} to {last}.").format(
            field=field, value=shown(value), first=FIRST_YEAR, last=LAST_YEAR))
    return float(value)


def check_times(created: Any, ended: Any) -> tuple[float, float | None]:
    """A game's start and (if it has one) end: dates, the end after the start, no longer
    than :data:`LONGEST_GAME`."""
    start = check_moment(created, _("start"))
    if ended is None:
        return start, None
    end = check_moment(ended, _("end"))
    if not start <= end <= start + LONGEST_GAME:
        raise LimitError(_("the end {value} is before the start or more than a year after "
                           "it.").format(value=shown(ended)))
    return start, end


def check_names(names: Iterable[Any]) -> list[str]:
    """The names of one game's players: each a name, no two the same (in any case)."""
    checked = [check_name(name) for name in names]
    if len({name.casefold() for name in checked}) != len(checked):
        raise LimitError(_("two players have the same name; each needs their own."))
    return checked


def check_result(result: Mapping[str, Any] | None) -> None:
    """The names and totals of a scored result (its players' and winners' names)."""
    if result is None:
        return
    for player in result.get("players", []):
        check_name(player.get("name"))
        check_score(player.get("total"), _("total"))
        for part, value in (player.get("breakdown") or {}).items():
            check_score(value, str(part))
    for winner in result.get("winners", []):
        check_name(winner, _("winner"))


def check_game_fields(fields: Mapping[str, Any], created: float,
                      ended: float | None) -> None:
    """Fields of a game as a correction sets them (``players`` as rows whose first item is
    the name), with ``created`` and ``ended`` as they will be after it."""
    check_times(created, ended)
    if "players" in fields:
        check_names(row[0] for row in fields["players"])
    if "result" in fields:
        check_result(fields["result"])
    if "place" in fields:
        check_place(fields["place"])
    if "note" in fields:
        check_note(fields["note"])
