"""The board's colours and card symbols in the table's language, for the rules' sentences.

A board file names them in English ids ("blue", "eagle"); one it adds that is not listed
here is shown as written.
"""

from __future__ import annotations

from companion.core.i18n import _


def colour_word(colour: str) -> str:
    words = {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
             "purple": _("purple"), "orange": _("orange"), "white": _("white"),
             "black": _("black"), "grey": _("grey"), "gray": _("grey"), "violet": _("violet")}
    return words.get(colour, colour)


def symbol_word(symbol: str) -> str:
    words = {"eagle": _("eagle"), "helmet": _("helmet"), "shield": _("shield"),
             "amphora": _("amphora")}
    return words.get(symbol, symbol)
