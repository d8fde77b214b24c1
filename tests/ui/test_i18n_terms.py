"""Each language says a game term one way: the way its glossary (and the seeds) say it.

Every table row of ``companion/locale/<lang>/glossary.md`` is one term: the English word,
the language's word, other forms the catalog may use (inflections), and a mark when the
word means nothing else. For every catalog entry whose English names the term, its
translation uses the glossary's word; a marked word appears in no entry whose English does
not name the term (German "Vorrat" is the stockpile, not the Jack supply). A term the
English keeps as written in the translation (a JSON key such as 'vault') is not a term there.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.records import frozen
from companion.games.glory_to_rome.data import BUILDING_MATERIAL
from companion.locale import LOCALE_DIR, TRANSLATED, po_path
from companion.locale.check import read

#: the terms of the seeds (shared/seeds) each glossary and catalog keep
SEED_TERMS = {
    "de": ["Kastell", "Meilenstein", "Stadtmarker", "Wegweiser", "Legionsadler"],
    "ro": ["Lider", "Client", "Seif", "Valet"],
    "ar": ["القائد", "العميل", "الخزنة"],
    "zh_CN": ["工人", "地区卡", "盈余"],
}


@frozen
class Term:
    english: str
    word: str
    forms: tuple[str, ...]
    only_this: bool

    def english_in(self, msgid: str, translation: str, longer: tuple[str, ...] = ()) -> bool:
        """Whether ``msgid`` names the term (every part of an ``a … b`` term), not counting
        placeholders, a word the translation keeps as written (an identifier), nor the
        ``longer`` terms that contain this one ("Merchant bonus" is not "Merchant")."""
        text = re.sub(r"\{[^}]*\}", " ", msgid)
        for other in longer:
            text = _word(other).sub(" ", text)
        parts = [part.strip() for part in self.english.split("…")]
        if not all(_word(part).search(text) for part in parts):
            return False
        return not all(part in translation for part in parts)

    def word_in(self, translation: str) -> bool:
        folded = translation.casefold()
        return any(form.casefold() in folded for form in (self.word, *self.forms))


def _word(english: str) -> re.Pattern[str]:
    """The English term as a word of its own, in the singular or the plural."""
    return re.compile(rf"(?<![\w-]){re.escape(english)}(s|es)?(?![\w-])", re.IGNORECASE)


def glossary(language: str) -> list[Term]:
    """The rows of every table of the language's glossary."""
    terms = []
    lines = (LOCALE_DIR / language / "glossary.md").read_text(encoding="utf-8").splitlines()
    for line in lines:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        assert len(cells) == 4, f"{language} glossary: a row has four cells: {line!r}"
        english, word, forms, only = cells
        terms.append(Term(english, word, tuple(f.strip() for f in re.split("[,،、]", forms)
                                               if f.strip()), bool(only)))
    return terms


def entries(path: Path) -> list[tuple[str, str]]:
    """(English, translation) of every entry, the plural forms joined."""
    found = []
    for message in read(path):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = ([message.string] if isinstance(message.string, str)
                   else list(message.string or ()))
        found.append((" | ".join(ids), " | ".join(strings)))
    return found


def term_findings(terms: list[Term], catalog: list[tuple[str, str]]) -> list[str]:
    """Entries that render a term another way, or use a term's word for something else."""
    found = []
    for term in terms:
        longer = tuple(t.english for t in terms if "…" not in t.english
                       and t.english != term.english and _word(term.english).search(t.english))
        found += [f"{term.english!r} is not {term.word!r}: {msgid!r} -> {text!r}"
                  for msgid, text in catalog
                  if term.english_in(msgid, text, longer) and not term.word_in(text)]
        meaning = [t for t in terms if t.word == term.word]
        if term.only_this and term is meaning[0]:  # a word of several rows: checked once
            english = " / ".join(t.english for t in meaning)
            found += [f"{term.word!r} (only {english!r}) also stands for {msgid!r} -> "
                      f"{text!r}" for msgid, text in catalog
                      if term.word_in(text) and not any(t.english_in(msgid, "")
                                                        for t in meaning)]
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_glossary_term_is_the_only_translation_of_its_english(language: str) -> None:
    # the buildings' rows are names, checked as written by test_i18n_words ("the bridge" of
    # the readers is not the Bridge)
    terms = [term for term in glossary(language) if term.english not in BUILDING_MATERIAL]
    findings = term_findings(terms, entries(po_path(language)))
    assert not findings, f"{language}:\n" + "\n".join(findings)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_and_the_catalog_keep_the_seeds_terms(language: str) -> None:
    words = {term.word for term in glossary(language)}
    translated = " ".join(text for _msgid, text in entries(po_path(language))).casefold()
    for seed in SEED_TERMS[language]:
        assert seed in words, f"{seed} is not a term of the {language} glossary"
        assert seed.casefold() in translated, f"{seed} is in no {language} translation"


def test_a_term_said_another_way_or_used_for_another_word_is_found() -> None:
    stockpile = Term("stockpile", "Vorrat", (), True)
    jacks = Term("Jack … supply", "Bubenstapel", (), False)
    catalog = [("Take from your stockpile", "Nimm aus deinem Lager"),
               ("No Jack is left in the supply", "Im Vorrat ist kein Bube mehr"),
               ("'stockpile' must be a list", "'stockpile' muss eine Liste sein"),
               ("The supply of castles", "Die Kastelle")]
    assert term_findings([stockpile, jacks], catalog) == [
        "'stockpile' is not 'Vorrat': 'Take from your stockpile' -> 'Nimm aus deinem Lager'",
        "'Vorrat' (only 'stockpile') also stands for 'No Jack is left in the supply' -> "
        "'Im Vorrat ist kein Bube mehr'",
        "'Jack … supply' is not 'Bubenstapel': 'No Jack is left in the supply' -> "
        "'Im Vorrat ist kein Bube mehr'"]
