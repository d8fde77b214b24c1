"""Numbers and dates the way the table's language writes them (Babel's CLDR data).

German writes 1.234,5 and "1. Dez. 2026", Romanian 1.234,5, Chinese "2026年12月1日"; Arabic
keeps the Western digits the rest of the screens use, with its own month names.
"""

from __future__ import annotations

import time
from functools import cache
from typing import TYPE_CHECKING

from companion.core import i18n

if TYPE_CHECKING:
    from babel import Locale


RIGHT_TO_LEFT_MARK = "\u200f"


@cache
def _locale(code: str) -> Locale:
    from babel import Locale  # imported on first use: start-up stays light

    try:
        return Locale.parse(code)
    except (ValueError, LookupError):
        return Locale.parse("en")


def current_locale() -> Locale:
    """The Babel locale of the screens' language (English for the pseudo test language)."""
    code = i18n.language()
    return _locale("en" if code == i18n.PSEUDO else code)


def number(value: float) -> str:
    """``value`` with the language's decimal and grouping separators."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=current_locale(), numbering_system="latn")


def moment(timestamp: float, with_year: bool = True) -> str:
    """A date and time of day (a game's start or end) in the language's medium style."""
    from datetime import datetime

    from babel.dates import format_skeleton, format_time

    when = datetime.fromtimestamp(timestamp)
    locale = current_locale()
    try:
        day = format_skeleton("yMMMd" if with_year else "MMMd", when, locale=locale)
        text = f"{day} {format_time(when, 'short', locale=locale)}"
    except (KeyError, ValueError):
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(timestamp))
    # after a Latin name ("Julia · 2 ديسمبر") the day number would join the name's run
    # and stand apart from its month: a right-to-left mark keeps it with the date
    return RIGHT_TO_LEFT_MARK + text if locale.character_order == "right-to-left" else text
