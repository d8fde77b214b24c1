"""The values of a BG Stats file, read one at a time: each refused in one sentence that
names the play, the field and the value (a date, a name, a score, an id, a text)."""

from __future__ import annotations

import math
import time

from companion.core.i18n import _
from companion.log.limits import (
    EARLIEST,
    FIRST_YEAR,
    LAST_YEAR,
    LATEST,
    MAX_SCORE,
    normal_text,
    readable,
    shortened,
    shown,
)

#: the longest name BG Stats takes; a longer one is not from BG Stats and is refused. One
#: longer than ours (:data:`~companion.log.limits.MAX_NAME`) is shortened, the same way
#: each time, and the summary says so: the plays come in, and come in again as the same.
BGSTATS_NAME = 60
#: a BoardGameGeek id has at most 7 digits today; 10 leaves room and stays an id
MAX_BGG_ID = 10**10 - 1
MAX_SOURCE_ID = 100
DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d")

class BgStatsError(Exception):
    """A file that is not a readable BG Stats export, in one line."""


def _when(value: object, where: str) -> float:
    if isinstance(value, str):
        for pattern in DATE_FORMATS:
            try:
                moment = time.mktime(time.strptime(value.strip(), pattern))
            except (ValueError, OverflowError):
                continue
            if not EARLIEST <= moment <= LATEST:
                raise BgStatsError(_("{where}: the date {value} is not a date from {first} to "
                                     "{last}.").format(where=where, value=_shown(value),
                                                       first=FIRST_YEAR, last=LAST_YEAR))
            return moment
    raise BgStatsError(_("{where}: the date {value!r} is not a date.").format(where=where,
                                                                              value=value))


_shown = shown


def _name(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BgStatsError(_("{where}: a player without a name.").format(where=where))
    name = normal_text(value)
    if len(name) > BGSTATS_NAME:
        raise BgStatsError(_("{where}: a player name longer than {n} characters.").format(
            where=where, n=BGSTATS_NAME))
    if not readable(name):
        raise _not_text(name, where, "name")
    return name


def _not_text(value: str, where: str, key: str) -> BgStatsError:
    return BgStatsError(_("{where}: the {key} {value} holds a character that is not text."
                          ).format(where=where, key=key, value=_shown(value)))


def _score(value: object, where: str, name: str) -> int | None:
    """BG Stats keeps a score as text: none, or text that is no number, is no score; a
    number no game scores (infinite, or beyond ``MAX_SCORE``) is refused by name."""
    if isinstance(value, bool) or value in (None, ""):
        return None
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    if not math.isfinite(number) or abs(number) > MAX_SCORE:
        raise BgStatsError(_("{where}: {name}'s score {value} is not a score (at most {n})."
                             ).format(where=where, name=name, value=_shown(value),
                                      n=MAX_SCORE))
    return round(number)


def _seat_order(value: object, where: str) -> int:
    """Where a player sat (BG Stats numbers the seats); none is before the first."""
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool):
        raise BgStatsError(_("{where}: the {key} {value} is not a number.").format(
            where=where, key="seatOrder", value=_shown(value)))
    return value


def _ref(value: object, where: str, key: str) -> object:
    """A backup's reference to one of its games, players or locations: a number or text."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, str))):
        raise BgStatsError(_("{where}: the {key} {value} is not an id.").format(
            where=where, key=key, value=_shown(value)))
    return value


def _bgg_id(value: object, where: str) -> int | None:
    """A game's BoardGameGeek id (a number, or digits as text); none or 0 is no id."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= 10:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_BGG_ID:
        raise BgStatsError(_("{where}: the {key} {value} is not a BoardGameGeek id.").format(
            where=where, key="bggId", value=_shown(value)))
    return value or None


def _source_id(value: object, number: int, where: str, key: str) -> str:
    """The play's own id in the file (its uuid), kept to know it again; none: its place."""
    if value is None or value == "":
        return f"{number}"
    text = str(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
    if not text.strip() or len(text) > MAX_SOURCE_ID or not readable(text):
        raise BgStatsError(_("{where}: the {key} {value} is not an id.").format(
            where=where, key=key, value=_shown(value)))
    return text


def _minutes(value: object) -> int | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 10000:
        return int(value)
    return None


def _text(value: object, where: str, key: str, limit: int = 200) -> str | None:
    """Optional text (a colour, place, comment or title), white space made single spaces,
    shortened beyond ``limit`` (a place or comment to what the history keeps); a character
    that is not text (a lone surrogate, a control) is refused by name."""
    if not isinstance(value, str):
        return None
    text = shortened(normal_text(value), limit)
    if not readable(text):
        raise _not_text(text, where, key)
    return text or None
