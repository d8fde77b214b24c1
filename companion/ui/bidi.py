"""Mixed right-to-left and left-to-right text in display order: the bidi rules labels need.

A line is cut into runs of one embedding level (Arabic words, Latin names, numbers) and the
runs are put in visual order (rule L2 of UAX #9). Each run keeps its characters in logical
order: HarfBuzz shapes and lays out a right-to-left run itself, joining Arabic letters as
they are written. Explicit embeddings and isolates are not needed by the screens and are
treated as neutral. Standard library only (``unicodedata``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from companion.core.records import frozen

_RTL = {"R", "AL"}
_NUMBER = {"EN", "AN"}
_NUMBER_SEPARATORS = {"CS", "ES"}


@frozen
class Run:
    """Characters in logical order, drawn right to left when ``rtl``."""

    text: str
    rtl: bool


def has_rtl(text: str) -> bool:
    return any(map(_is_rtl, set(text)))  # each character asked once, and remembered


@lru_cache(maxsize=4096)
def _is_rtl(character: str) -> bool:
    return unicodedata.bidirectional(character) in _RTL


def _strong_types(text: str, base_rtl: bool) -> list[str]:
    """Each character as L, R, N(umber) or neutral (-), after rules W1-W7 simplified."""
    raw = [unicodedata.bidirectional(character) for character in text]
    types: list[str] = []
    for kind in raw:
        if kind == "NSM":
            types.append(types[-1] if types else "-")
        elif kind in _RTL:
            types.append("R")
        elif kind == "L":
            types.append("L")
        elif kind in _NUMBER:
            types.append("N")
        else:
            types.append("-")
    for at, kind in enumerate(raw):
        # a separator between two digits, and a currency or percent sign next to digits,
        # belong to the number (W4, W5)
        between = 0 < at < len(raw) - 1 and types[at - 1] == "N" and types[at + 1] == "N"
        touches = (at > 0 and types[at - 1] == "N") or (
            at + 1 < len(raw) and raw[at + 1] in _NUMBER)
        if (kind in _NUMBER_SEPARATORS and between) or (kind == "ET" and touches):
            types[at] = "N"
    last_strong = "R" if base_rtl else "L"
    for at, kind in enumerate(types):
        if kind in ("L", "R"):
            last_strong = kind
        elif kind == "N" and last_strong == "L":
            types[at] = "L"  # W7: European digits after Latin text read as Latin
    return types


def paragraph_is_rtl(text: str) -> bool:
    """The direction of the first strong character (left to right if there is none)."""
    for character in text:
        kind = unicodedata.bidirectional(character)
        if kind in _RTL:
            return True
        if kind == "L":
            return False
    return False


def levels(text: str, base_rtl: bool | None = None) -> list[int]:
    """The embedding level of each character (odd: right to left)."""
    base = (paragraph_is_rtl(text) if base_rtl is None else base_rtl)
    base_level = 1 if base else 0
    types = _strong_types(text, base)
    # neutrals between two characters of one direction take it; others the paragraph's (N1, N2)
    resolved = list(types)
    at = 0
    while at < len(types):
        if types[at] != "-":
            at += 1
            continue
        end = at
        while end < len(types) and types[end] == "-":
            end += 1
        before = "R" if at == 0 and base else ("L" if at == 0 else types[at - 1])
        after = ("R" if base else "L") if end == len(types) else types[end]
        before = "R" if before == "N" else before
        after = "R" if after == "N" else after
        fill = before if before == after else ("R" if base else "L")
        resolved[at:end] = [fill] * (end - at)
        at = end
    result = []
    for kind in resolved:
        if base_level == 0:
            result.append({"L": 0, "R": 1, "N": 2}[kind])
        else:
            result.append({"L": 2, "R": 1, "N": 2}[kind])
    return result


def visual_runs(text: str, base_rtl: bool | None = None) -> list[Run]:
    """``text`` cut into same-direction runs, the runs in the order they appear on screen."""
    if not text:
        return []
    if not has_rtl(text) and not base_rtl:
        return [Run(text, False)]
    char_levels = levels(text, base_rtl)
    spans: list[tuple[int, str]] = []
    start = 0
    for at in range(1, len(text) + 1):
        if at == len(text) or char_levels[at] != char_levels[start]:
            spans.append((char_levels[start], text[start:at]))
            start = at
    highest = max(level for level, _ in spans)
    lowest_odd = min((level for level, _ in spans if level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        at = 0
        while at < len(spans):
            if spans[at][0] < level:
                at += 1
                continue
            end = at
            while end < len(spans) and spans[end][0] >= level:
                end += 1
            spans[at:end] = reversed(spans[at:end])
            at = end
    return [Run(chunk, level % 2 == 1) for level, chunk in spans]
