"""Read our JSON export one game at a time, so a file's size never decides the memory used.

The export is ``{"format": ..., "version": ..., "companion": ..., "games": [{...}, ...]}``.
:func:`read_export` decodes the small values before ``games`` whole, then hands out each
element of ``games`` as it is read, holding no more than one element's text (at most
``element_limit`` characters) at a time. Anything else -- a value too long, nesting too
deep, a file cut short, text after the end -- is an :class:`StreamError` in one line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, TextIO

from companion.core.i18n import _

CHUNK = 1 << 20
#: digits of the longest JSON integer read as one (no field of ours takes a longer one)
MAX_INT_DIGITS = 400
#: characters of a value other than the games list (format, version, companion...)
HEADER_VALUE_LIMIT = 4096
_NOT_WHITESPACE = re.compile(r"[^ \t\n\r]")


def bounded_int(text: str) -> int | float:
    """A JSON integer; one of more than ``MAX_INT_DIGITS`` digits is read as the float it
    overflows to (infinity), as ``1e400`` is, so the check of its field refuses it by
    name, where ``int`` would raise past 4,300 digits."""
    return int(text) if len(text) <= MAX_INT_DIGITS else float(text)


class StreamError(Exception):
    """The file is not JSON we can read, or a value in it is too large; in words."""


class NotJSON(StreamError):
    """The text is not JSON at all (as against JSON of the wrong shape)."""


class _Reader:
    """A window onto the text: what has been read and not yet consumed."""

    def __init__(self, handle: TextIO) -> None:
        self._handle = handle
        self._text = ""
        self._pos = 0
        self._eof = False
        self.consumed = 0  # characters before the window

    def _fill(self) -> bool:
        """Read one more chunk; False at the end of the file."""
        if self._eof:
            return False
        chunk = self._handle.read(CHUNK)
        if not chunk:
            self._eof = True
            return False
        self.consumed += self._pos
        self._text = self._text[self._pos:] + chunk
        self._pos = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the file)."""
        while True:
            found = _NOT_WHITESPACE.search(self._text, self._pos)
            if found is not None:
                self._pos = found.start()
                return self._text[self._pos]
            self._pos = len(self._text)
            if not self._fill():
                return ""

    def take(self, expected: str) -> str:
        """Consume the next character, which must be one of ``expected``."""
        char = self.peek()
        if char == "":
            raise StreamError(_("The file ends too soon: it was cut short."))
        if char not in expected:
            raise StreamError(_("Not a JSON file (character {at}: expected {what}).").format(
                at=self.consumed + self._pos, what=" or ".join(repr(c) for c in expected)))
        self._pos += 1
        return char

    def value(self, limit: int, what: str) -> Any:
        """Decode the next JSON value, whose text may be at most ``limit`` characters."""
        self.peek()
        decoder = json.JSONDecoder(parse_int=bounded_int)
        while True:
            try:
                value, end = decoder.raw_decode(self._text, self._pos)
            except json.JSONDecodeError as exc:
                # the value may only go on past the window: an open string, or an error
                # within the window's last characters (a literal or number cut in two)
                open_string = "Unterminated" in exc.msg
                if self._eof and (open_string or exc.pos >= len(self._text) - 1):
                    raise StreamError(_("The file ends too soon: it was cut short.")) from None
                if self._eof or not (open_string or len(self._text) - exc.pos <= 32):
                    raise NotJSON(_("Not a JSON file (character {at}: {error}).").format(
                        at=self.consumed + exc.pos, error=exc.msg)) from None
                if len(self._text) - self._pos > limit:
                    raise StreamError(_("{what} is longer than this companion accepts "
                                        "({n} characters).").format(what=what, n=limit)
                                      ) from None
                self._fill()
                continue
            except RecursionError:
                raise StreamError(_("{what} is nested too deeply.").format(what=what)
                                  ) from None
            if end - self._pos > limit:
                raise StreamError(_("{what} is longer than this companion accepts "
                                    "({n} characters).").format(what=what, n=limit))
            if end == len(self._text) and self._fill():
                continue  # a number may go on in the next chunk: decode it whole
            self._pos = end
            return value


def read_export(handle: TextIO, element_limit: int,
                header: dict[str, Any]) -> Iterator[Any]:
    """The elements of the top-level object's ``games`` list, one at a time.

    ``header`` receives the other top-level keys as they are read; those written before
    ``games`` (as every export writes them) are there before the first element comes.
    The whole file is read, to its last character, before the iterator ends.
    """
    reader = _Reader(handle)
    if reader.peek() != "{":
        try:
            reader.value(HEADER_VALUE_LIMIT, _("the file"))
        except NotJSON:
            raise
        except StreamError:
            pass  # JSON, but too long or deep to be ours: not a companion export
        raise StreamError(_("Not a companion export: only files written by "
                            "'companion export --format json' can be imported."))
    reader.take("{")
    if reader.peek() != "}":
        while True:
            key = reader.value(HEADER_VALUE_LIMIT, _("the file"))
            if not isinstance(key, str):
                raise StreamError(_("Not a JSON file (a name that is not a string)."))
            reader.take(":")
            if key == "games" and "games" not in header:
                header["games"] = True
                yield from _elements(reader, element_limit)
            else:
                header[key] = reader.value(HEADER_VALUE_LIMIT, repr(key[:40]))
            if reader.take(",}") == "}":
                break
    if reader.peek() != "":
        raise StreamError(_("There is more text after the end of the export."))


def _elements(reader: _Reader, limit: int) -> Iterator[Any]:
    if reader.peek() != "[":
        raise StreamError(_("{where}: {key} is missing or not valid.").format(
            where=_("the file"), key="games"))
    reader.take("[")
    if reader.peek() == "]":
        reader.take("]")
        return
    number = 0
    while True:
        number += 1
        yield reader.value(limit, _("game {n}").format(n=number))
        if reader.take(",]") == "]":
            return
