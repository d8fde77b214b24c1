"""Keep the catalogs complete: re-extract the template, merge it in, list what is missing.

    uv run python -m companion.locale.check --update    # sources -> companion.pot -> each .po
    uv run python -m companion.locale.check --missing   # untranslated and fuzzy, per language

After ``--update`` new strings are empty entries in every ``.po`` (a changed string keeps its
old translation marked fuzzy); translate them, drop the ``fuzzy`` flag, and ``--missing``
prints nothing. The test suite fails while anything is listed.
"""

from __future__ import annotations

import argparse
import string
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from companion.core.records import frozen
from companion.locale import DOMAIN, LANGUAGES, LOCALE_DIR, TEMPLATE, TRANSLATED, po_path

#: the translation functions of :mod:`companion.core.i18n` and where their arguments are
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
SOURCE_DIR = LOCALE_DIR.parent  # the companion package


@frozen
class Problem:
    language: str
    kind: str  # untranslated, fuzzy, placeholders, missing-entry
    msgid: str

    def __str__(self) -> str:
        return f"{self.language}: {self.kind}: {self.msgid!r}"


def extract(source_dir: Path = SOURCE_DIR) -> Catalog:
    """Every string the sources pass to ``_``, ``ngettext``, ``pgettext`` or ``npgettext``
    (with its context)."""
    catalog = Catalog(project=DOMAIN, charset="utf-8", fuzzy=False,
                      header_comment="# The user-visible strings of the companion.\n# "
                                     "Re-extract: uv run python -m companion.locale.check --update")
    found = extract_from_dir(str(source_dir), method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=("Translators:",),
                             strip_comment_tags=True)
    for filename, line, message, comments, context in found:
        catalog.add(message, None, [(f"{source_dir.name}/{filename}", line)],
                    auto_comments=comments, context=context,
                    flags=("python-brace-format",) if _fields(message) else ())
    return catalog


def _messages(message: Message) -> tuple[str, ...]:
    ids = message.id
    return tuple(ids) if isinstance(ids, (tuple, list)) else (ids,)


def _fields(message: str | Iterable[str]) -> frozenset[str]:
    texts = [message] if isinstance(message, str) else list(message)
    names: set[str] = set()
    for text in texts:
        try:
            names.update(name for _, name, _, _ in string.Formatter().parse(text)
                         if name is not None)
        except ValueError:
            names.add("<malformed>")
    return frozenset(names)


def read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=96, sort_by_file=True, ignore_obsolete=True)


def update(source_dir: Path = SOURCE_DIR, locale_dir: Path = LOCALE_DIR) -> None:
    """Re-extract the template and merge it into every shipped language's ``.po``."""
    template = extract(source_dir)
    write(locale_dir / TEMPLATE.name, template)
    for language in TRANSLATED:
        path = po_path(language, locale_dir)
        catalog = read(path) if path.exists() else Catalog(
            locale=language, domain=DOMAIN, project=DOMAIN, fuzzy=False,
            header_comment=f"# The companion in {LANGUAGES[language]}: terms in glossary.md.")
        catalog.update(template)
        write(path, catalog)


def problems(language: str, locale_dir: Path = LOCALE_DIR) -> list[Problem]:
    """What keeps ``language`` from being complete against the template."""
    template = read(locale_dir / TEMPLATE.name)
    path = po_path(language, locale_dir)
    catalog = read(path) if path.exists() else Catalog(locale=language)
    found: list[Problem] = []
    for entry in template:
        if not entry.id:
            continue
        key = _messages(entry)[0]
        translated = catalog.get(entry.id, context=entry.context)
        if translated is None:
            found.append(Problem(language, "missing-entry", key))
            continue
        strings = translated.string
        forms = tuple(strings) if isinstance(strings, (tuple, list)) else (strings or "",)
        wanted = catalog.num_plurals if entry.pluralizable else 1
        if len(forms) < wanted or not all(forms):
            found.append(Problem(language, "untranslated", key))
        elif translated.fuzzy:
            found.append(Problem(language, "fuzzy", key))
        elif any(_fields(form) - _fields(_messages(entry)) for form in forms) or (
                not entry.pluralizable and _fields(forms[0]) != _fields(key)):
            found.append(Problem(language, "placeholders", key))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.locale.check",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true",
                        help="re-extract companion.pot from the sources and merge it into each .po")
    parser.add_argument("--missing", action="store_true",
                        help="list untranslated, fuzzy and placeholder-mismatched entries")
    parser.add_argument("languages", nargs="*", default=list(TRANSLATED))
    args = parser.parse_args(argv)
    if args.update:
        update()
    if not args.missing:
        return 0
    total = 0
    for language in args.languages:
        listed = problems(language)
        total += len(listed)
        for problem in listed:
            print(problem)
        print(f"{language}: {len(listed)} to do", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
