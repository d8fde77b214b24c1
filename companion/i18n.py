"""The one translation function every user-visible string goes through.

English is written in the source; other languages are gettext catalogs under
``companion/locale/<lang>/LC_MESSAGES/companion.mo``. ``COMPANION_LANG`` (or the
usual ``LANGUAGE``/``LANG``) picks the language; a missing catalog falls back to English.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "companion"

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(language: str | None = None) -> None:
    """Switch the catalog used by :func:`_` (``None`` reads the environment)."""
    global _translation
    languages = [language] if language else None
    if languages is None and os.environ.get("COMPANION_LANG"):
        languages = [os.environ["COMPANION_LANG"]]
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=languages, fallback=True)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on a count."""
    return _translation.ngettext(singular, plural, n)


set_language()
