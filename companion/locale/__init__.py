"""The shipped languages and where their catalogs live.

``<lang>/LC_MESSAGES/companion.po`` is written by translators and kept in the repository; the
``.mo`` next to it is compiled from it (by the wheel's build hook, or by the app when it is
missing or older than the ``.po``). ``glossary.md`` lists each language's game terms.
"""

from __future__ import annotations

import re
from functools import cache
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


@cache
def glossary_words(language: str, locale_dir: Path = LOCALE_DIR) -> frozenset[str]:
    """The language's game terms (each row's word and its other forms in ``glossary.md``):
    a line of Chinese text, which breaks between any two characters, keeps them whole.
    A language without a glossary has none."""
    path = locale_dir / language / "glossary.md"
    if not path.is_file():
        return frozenset()
    words: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 4 and cells[0] != "English" \
                and not set(cells[0]) <= {"-"}:
            words.add(cells[1])
            words.update(form.strip() for form in re.split("[,،、]", cells[2]))
    return frozenset(word for word in words if word)
