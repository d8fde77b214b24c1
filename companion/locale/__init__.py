"""The shipped languages and where their catalogs live.

``<lang>/LC_MESSAGES/companion.po`` is written by translators and kept in the repository; the
``.mo`` next to it is compiled from it (by the wheel's build hook, or by the app when it is
missing or older than the ``.po``). ``glossary.md`` lists each language's game terms.
"""

from __future__ import annotations

from pathlib import Path

LOCALE_DIR = Path(__file__).parent
DOMAIN = "companion"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

#: language code -> its name in itself, in the order Settings offers them
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "ro": "Română",
    "ar": "العربية",
    "zh_CN": "简体中文",
}
#: the languages with a catalog (English is the source text)
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
RIGHT_TO_LEFT = frozenset({"ar"})


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
