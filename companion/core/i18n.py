"""The one translation function every user-visible string goes through.

English is written in the source; the other languages are gettext catalogs under
``companion/locale/<lang>/LC_MESSAGES/`` (:mod:`companion.locale`), compiled from their ``.po``
when the ``.mo`` is missing or stale. ``COMPANION_LANG`` (or the usual
``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``) picks the language at start; Settings switches
it at the table. A language without a catalog falls back to English.

``pseudo`` is a test language: every string wrapped in ``⟦ ⟧`` so a screen that shows
untranslated text (no markers) or cuts a string (a marker missing) is easy to find.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from companion.locale import DOMAIN, LANGUAGES, RIGHT_TO_LEFT, TEMPLATE
from companion.locale import LOCALE_DIR as _SHIPPED_LOCALE_DIR

if TYPE_CHECKING:
    import gettext

LOCALE_DIR: Path = _SHIPPED_LOCALE_DIR
PSEUDO = "pseudo"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


class Translation(Protocol):
    """What :func:`_` asks of a catalog: gettext's two look-ups."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str: ...


class _English:
    """The source's own words: gettext's ``NullTranslations`` without importing gettext,
    whose plural-form parser costs an English start a millisecond."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2


_translation: Translation = _English()
_language = "en"
_listeners: list[Callable[[str], None]] = []


def system_language(environ: dict[str, str] | None = None) -> str:
    """The shipped language the environment asks for (English when it asks for none)."""
    env = os.environ if environ is None else environ
    for variable in ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for wanted in env.get(variable, "").split(":"):
            found = match_language(wanted)
            if found:
                return found
    return "en"


def match_language(wanted: str) -> str | None:
    """``de_AT.UTF-8`` -> ``de``, ``zh_CN`` or ``zh`` -> ``zh_CN``; None for an unknown one."""
    code = wanted.split(".")[0].split("@")[0].replace("-", "_")
    if not code or code in ("C", "POSIX"):
        return None
    if code in LANGUAGES or code == PSEUDO:
        return code
    base = code.split("_")[0].lower()
    for known in LANGUAGES:
        if known.split("_")[0] == base:
            return known
    return None


def _catalog(language: str) -> Translation:
    if language == "en":
        return _English()
    if language == PSEUDO:
        return _Pseudo()
    return _compiled_catalog(language)


def _compiled_catalog(language: str) -> gettext.NullTranslations:
    import gettext
    import io

    from companion.locale.build import catalog_bytes

    data = catalog_bytes(language, LOCALE_DIR)
    if data is None:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    return gettext.GNUTranslations(io.BytesIO(data))


class _Pseudo:
    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


def set_language(language: str | None = None) -> None:
    """Switch the catalog used by :func:`_` (``None`` reads the environment)."""
    global _translation, _language
    chosen = match_language(language) if language else system_language()
    if chosen is None and language and (LOCALE_DIR / language).is_dir():
        chosen = language  # a catalog outside the shipped list (a translator's own)
    _language = chosen or "en"
    _translation = _catalog(_language)
    for listener in list(_listeners):
        listener(_language)


def language() -> str:
    """The code of the language the screens are in."""
    return _language


def is_right_to_left(code: str | None = None) -> bool:
    return (code or _language) in RIGHT_TO_LEFT


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every switch (the UI mirrors its layout, redraws)."""
    _listeners.append(listener)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on a count."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` where the same English means something else elsewhere (the
    keyboard's "space" key, the doctor's disk "space"): each ``context`` is its own entry."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _translation.npgettext(context, singular, plural, n)


__all__ = ["LANGUAGES", "TEMPLATE", "_", "ngettext", "npgettext", "pgettext", "set_language",
           "language"]

set_language()
