"""Text fitted to a width: the size it fits at, cut with an ellipsis, or wrapped into lines
(breaking at spaces, and between Chinese characters outside a glossary term and as the
Chinese rules for punctuation allow).

Each answer is kept by (text, size, width, direction; a wrap by its language too): a redraw
lays out the same labels again, and measuring them anew was most of a frame's cost. Apart
from the drawing (:mod:`companion.ui.text`), which fits a label into its rect with these.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from companion.core import i18n
from companion.locale import glossary_words
from companion.ui import layout
from companion.ui.text_shaping import measure

ELLIPSIS = "…"


def fit_size(text: str, size: int, width: int, smallest_ratio: float = 0.7) -> int:
    """The largest size down to ``smallest_ratio * size`` at which ``text`` fits ``width``."""
    return _fit_size(text, int(size), int(width), smallest_ratio, layout.mirrored())


# Layout is memoised by (text, size, width, direction): a redraw lays out the same labels
# again, and measuring them anew was most of a frame's cost.
@lru_cache(maxsize=2048)
def _fit_size(text: str, size: int, width: int, smallest_ratio: float, rtl: bool) -> int:
    """The first of ``size``, ``size - 2``, ... that fits, or the first at or below the
    smallest. A line's width grows about in proportion to its size, so the search starts
    next to the size the first measure predicts: two or three sizes measured (and opened)
    instead of one per step."""
    smallest = max(8, int(size * smallest_ratio))
    current = int(size)
    full = measure(text, current)[0]
    if current <= smallest or full <= width:
        return current
    last = current - 2 * ((current - smallest + 1) // 2)  # the first step at or below it
    predicted = current * max(0, width) // max(1, full)
    candidate = max(last, current - 2 * max(1, (current - predicted) // 2))
    if candidate > smallest and measure(text, candidate)[0] > width:
        candidate -= 2  # still too wide: on down, a step at a time
        while candidate > smallest and measure(text, candidate)[0] > width:
            candidate -= 2
        return candidate
    # it fits (or is the last step): the answer is the largest fitting step above it
    while candidate + 2 < current and measure(text, candidate + 2)[0] <= width:
        candidate += 2
    return candidate


def parts_that_fit(parts: list[str], size: int, width: int, smallest: int,
                   joint: str = " · ") -> str:
    """The leading ``parts`` joined by ``joint`` that fit ``width`` at ``smallest`` or more
    (the first one whatever its width): a line that says less, never a shrunk one; the
    rest is one tap away where the screen shows it."""
    for count in range(len(parts), 1, -1):
        words = _closed(joint.join(parts[:count]))
        fitted = fit_size(words, size, width)
        if fitted >= smallest and measure(words, fitted)[0] <= width:
            return words
    return _closed(parts[0]) if parts else ""


def _closed(words: str) -> str:
    """``words`` with the test language's markers closed: the leading parts of one message
    are still that message, translated (:data:`companion.core.i18n.PSEUDO`)."""
    return words + i18n.PSEUDO_CLOSE * max(0, words.count(i18n.PSEUDO_OPEN)
                                            - words.count(i18n.PSEUDO_CLOSE))


def ellipsize(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` at ``size``."""
    return _ellipsize(text, int(size), int(width), layout.mirrored())


@lru_cache(maxsize=2048)
def _ellipsize(text: str, size: int, width: int, rtl: bool) -> str:
    if measure(text, size)[0] <= width:
        return text
    while text and measure(text + ELLIPSIS, size)[0] > width:
        text = text[:-1]
    return text + ELLIPSIS


def _wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in ("W", "F")


def _opening(character: str) -> bool:
    """A bracket or quote that opens: it never ends a line."""
    return unicodedata.category(character) in ("Ps", "Pi")


def _may_break(before: str, after: str) -> bool:
    """Whether a line may break between two characters with no space between them: before
    a Chinese character and after one, not before punctuation (a closing mark such as
    "，" or "）" stays with the character before it) nor after an opening one ("「")."""
    if _opening(before) or unicodedata.category(after)[0] == "P" and not _opening(after):
        return False
    return _wide(after) or _wide(before) and not _wide(after)


def _kept_whole(chunk: str, terms: frozenset[str]) -> set[int]:
    """The places in ``chunk`` inside a glossary term (金库 is not broken into 金 and 库)."""
    inside: set[int] = set()
    for term in terms:
        start = chunk.find(term)
        while start >= 0:
            inside.update(range(start + 1, start + len(term)))
            start = chunk.find(term, start + 1)
    return inside


def _words(paragraph: str, terms: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(separator before, word) pairs: lines break at spaces and between Chinese characters,
    outside the ``terms`` and as :func:`_may_break` allows."""
    words: list[tuple[str, str]] = []
    for chunk in _bracket_groups(paragraph.split(" ")):
        separator = " "
        word = ""
        inside = _kept_whole(chunk, terms) if any(map(_wide, chunk)) else set()
        for index, character in enumerate(chunk):
            if word and index not in inside and _may_break(word[-1], character):
                words.append((separator, word))
                separator, word = "", ""
            word += character
        words.append((separator, word))
    return words


#: a bracket group no longer than this stays on one line
GROUP_LIMIT = 32


def _bracket_groups(chunks: list[str]) -> list[str]:
    """``chunks`` with a short bracketed group ("(most cards in hand)") joined into one:
    broken inside, a right-to-left line would end on a bracket whose partner is on the
    next line, and each line laid out alone turns it the wrong way round."""
    joined: list[str] = []
    index = 0
    while index < len(chunks):
        chunk = chunks[index]
        end = index
        if chunk.count("(") > chunk.count(")"):
            end = next((i for i in range(index, len(chunks)) if ")" in chunks[i]), index)
        group = " ".join(chunks[index:end + 1])
        if end > index and len(group) <= GROUP_LIMIT:
            joined.append(group)
            index = end + 1
        else:
            joined.append(chunk)
            index += 1
    return joined


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a word wider stays whole)."""
    return list(_wrap(text, int(size), int(width), layout.mirrored(), i18n.language()))


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, rtl: bool, language: str) -> tuple[str, ...]:
    lines: list[str] = []
    terms = glossary_words(language)
    for paragraph in text.split("\n"):
        line = ""
        for separator, word in _words(paragraph, terms):
            candidate = f"{line}{separator}{word}" if line else word
            if measure(candidate, size)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def forget() -> None:
    """Forget the fitted sizes, cut texts and wrapped lines (the fonts are about to change)."""
    _fit_size.cache_clear()
    _ellipsize.cache_clear()
    _wrap.cache_clear()
