"""Every word as the seeds say it: one name per thing, one register, whole plurals, no English.

* Every building, role, area and build the games' data name has a row in each language's
  glossary, and every entry whose English names it (a card, "What now?", a picker) uses that
  row's word, so a building is not "Kolosseum" on its card and "Colosseum" in "What now?".
* The words around the games (role, set-up, turn, a replay's move, the deck, the app itself)
  are said one way, the way the seeds say them.
* German speaks to the table with "du", Romanian with the formal plural: an entry whose English
  starts with an instruction starts with the matching imperative.
* A plural entry has as many distinct forms as the language's grammar needs.
* No English game word is left in a translation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from test_i18n_terms import entries, glossary

from companion.core import i18n
from companion.games.ave_roma.model import SPACES, space_label
from companion.games.glory_to_rome import explain as glory_explain
from companion.games.glory_to_rome.data import BUILDING_MATERIAL, ROLES, role_label
from companion.locale import TRANSLATED, po_path
from companion.locale.check import read

#: Via Romana's builds (``allowed.BUILD_ACTIONS``) are castles and milestones
VIA_ROMANA_BUILDS = ("castle", "milestone")
#: English where a name's word means something else: a game's title, Via Romana's roads,
#: the reader on the USB bridge
OTHER_MEANINGS = re.compile(r"Glory to Rome|\bRoad scoring|\bBridge reader")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def data_names() -> list[str]:
    """The English names the games' data give: buildings, roles, areas, builds."""
    i18n.set_language("en")
    return [*BUILDING_MATERIAL, *(role_label(role) for role in ROLES),
            *(space_label(space) for space in SPACES), *VIA_ROMANA_BUILDS]


def _named(name: str, others: list[str]) -> re.Pattern[str]:
    """``name`` as a word of its own (a capitalised name as written), in the singular or the
    plural, not inside a longer name ("Circus" is not in "Circus Maximus")."""
    longer = [other for other in others if other != name and name in other]
    flags = 0 if name[:1].isupper() else re.IGNORECASE
    ahead = "".join(f"(?!{re.escape(other[other.index(name) + len(name):])})"
                    for other in longer if other.startswith(name))
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?:s|es)?(?![\w-]){ahead}", flags)


def name_findings(language: str) -> list[str]:
    """Entries whose English names a data name but whose translation lacks its word."""
    names = data_names()
    terms = {term.english: term for term in glossary(language)}
    found = [f"{name!r} has no row in the {language} glossary"
             for name in names if name not in terms]
    catalog = entries(po_path(language))
    for name in names:
        if name not in terms:
            continue
        pattern = _named(name, names)
        found += [f"{name!r} is not {terms[name].word!r}: {msgid!r} -> {text!r}"
                  for msgid, text in catalog
                  if pattern.search(OTHER_MEANINGS.sub(" ", re.sub(r"\{[^}]*\}", " ", msgid)))
                  and not terms[name].word_in(text)]
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_building_role_area_and_build_is_named_one_way(language: str) -> None:
    findings = name_findings(language)
    assert not findings, f"{language}:\n" + "\n".join(findings)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_building_card_is_titled_with_the_glossary_word(language: str) -> None:
    terms = {term.english: term.word for term in glossary(language)}
    i18n.set_language(language)
    wrong = [(name, glory_explain.building_card(name).title) for name in BUILDING_MATERIAL
             if glory_explain.building_card(name).title != terms.get(name)]
    assert not wrong, f"{language}: {wrong}"


def test_a_name_inside_a_longer_name_is_not_that_name() -> None:
    names = ["Circus", "Circus Maximus", "Forum", "Forum Romanum", "castle"]
    assert not _named("Circus", names).search("Circus Maximus doubles it")
    assert _named("Circus", names).search("a Circus, then a Circus Maximus")
    assert _named("castle", names).search("Two castles")
    assert not _named("Forum", names).search("the Forum Romanum")


# -- the words around the games ---------------------------------------------------------------

#: concept -> (what the English says, per language the words it must not be: the seeds' word
#: is said instead, e.g. Chinese 角色 for a role, Arabic الدور for a turn, Romanian teanc)
WORDS: dict[str, tuple[str, dict[str, tuple[str, ...]]]] = {
    "role": (r"\broles?\b", {"zh_CN": ("职业",)}),
    "set-up": (r"\bset-?up\b", {"zh_CN": ("设置",)}),
    "turn": (r"\bturns?\b", {"ar": ("الجولة", "جولة")}),
    "move": (r"\bmoves?\b|\bmove\(s\)", {"ar": ("حركة", "حركات", "حركته")}),
    "deck": (r"\bdecks?\b", {"ro": ("pachet",)}),
    "companion": (r"\b[Cc]ompanion\b", {"de": ("Companion",), "ar": ("المرافق",),
                                          "ro": ("Companion",)}),
}


def word_findings(language: str) -> list[str]:
    found = []
    catalog = entries(po_path(language))
    for concept, (english, by_language) in WORDS.items():
        wrong = by_language.get(language, ())
        pattern = re.compile(english)
        for msgid, text in catalog:
            if pattern.search(re.sub(r"\{[^}]*\}", " ", msgid)):
                found += [f"{concept} is not {bad!r}: {msgid!r} -> {text!r}"
                          for bad in wrong if bad in text]
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_words_around_the_games_are_the_seeds_words(language: str) -> None:
    findings = word_findings(language)
    assert not findings, f"{language}:\n" + "\n".join(findings)


# -- the register -----------------------------------------------------------------------------

#: English instructions: an entry starting with one of these tells the player what to do
IMPERATIVES = frozenset([
    "add", "choose", "count", "draw", "end", "enter", "follow", "give", "hire", "hold",
    "join", "lay", "lead", "make", "move", "name", "pass", "pick", "place", "play", "put",
    "scan", "show", "skip", "take", "tap", "think", "touch", "turn", "write", "check",
    "keep", "go", "look", "let", "type", "merge", "connect"])
#: German "ihr" and "Sie" forms of the instructions (the "du" form is said instead)
GERMAN_NOT_DU = re.compile(
    r"^(?:spielt|macht|zählt|nehmt|zieht|folgt|legt|wählt|gebt|tippt|haltet|setzt|schreibt"
    r"|tretet|verbindet|prüft|überprüft|zeigt|nennt|seht|lest|werft|passt|fügt|bringt|"
    r"beendet|tauscht|stellt|denkt|geht|lasst|schaut)$|^\w+en Sie$", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    """The sentences and the clauses after a colon, semicolon or "and" / "or"."""
    return [part.strip() for part in re.split(r"[.;:!?()]\s+|\s+(?:and|or|und|oder|și|sau)\s+|, ",
                                              text) if part.strip()]


def _first_words(clause: str, count: int = 1) -> str:
    return " ".join(re.findall(r"[^\W\d_]+", clause)[:count])


def register_findings(language: str) -> list[str]:
    found = []
    for msgid, text in entries(po_path(language)):
        english = _clauses(re.sub(r"\{[^}]*\}", "X", msgid.split(" | ")[0]))
        ordered = [_first_words(clause).casefold() in IMPERATIVES for clause in english]
        if not any(ordered):
            continue
        clauses = _clauses(re.sub(r"\{[^}]*\}", "X", text.split(" | ")[0]))
        # clause by clause when the translation keeps the English clauses, else the first
        pairs = list(zip(ordered, clauses, strict=False)) if len(clauses) == len(english) \
            else [(ordered[0], clauses[0] if clauses else "")]
        for is_instruction, clause in pairs:
            if not is_instruction:
                continue
            first, two = _first_words(clause), _first_words(clause, 2)
            if language == "de" and (GERMAN_NOT_DU.match(first) or GERMAN_NOT_DU.match(two)):
                found.append(f"not du: {msgid!r} -> {text!r}")
            if language == "ro" and first and not re.search(
                    r"[țţ]i$", first if first.casefold() != "nu" else two) and \
                    first.casefold() in ROMANIAN_INFORMAL:
                found.append(f"not formal: {msgid!r} -> {text!r}")
    return found


#: Romanian second-person singular imperatives (the formal plural ends in -ți)
ROMANIAN_INFORMAL = frozenset([
    "treci", "sari", "scrie", "joacă", "unește", "unești", "verifică", "alege", "atinge",
    "apasă", "ia", "trage", "pune", "adaugă", "mută", "numește", "arată", "scanează", "fă",
    "dă", "ține", "urmează", "conduce", "gândește", "plasează", "lasă", "scoate", "închide",
    "deschide", "încearcă", "introdu", "selectează", "păstrează", "numără", "anulează",
    "vezi", "citește", "schimbă", "folosește", "termină", "pornește", "începe", "intră",
    "renunță", "rulează"])


@pytest.mark.parametrize("language", ["de", "ro"])
def test_instructions_keep_the_languages_register(language: str) -> None:
    findings = register_findings(language)
    assert not findings, f"{language}:\n" + "\n".join(findings)


# -- plurals and English left in -------------------------------------------------------------


def plural_findings(language: str) -> list[str]:
    """Arabic plural entries whose one, two and few (3-10) forms merge: the grammar always
    tells them apart (German "Spieler" and Romanian may say one and many alike)."""
    found = []
    for message in read(po_path(language)):
        if not message.id or isinstance(message.id, str):
            continue
        forms = list(message.string or ())
        if len({forms[1], forms[2], forms[3]}) < 3:
            found.append(f"{message.id[1]!r}: {forms}")
    return found


@pytest.mark.parametrize("language", ["ar"])
def test_plural_entries_have_the_forms_the_grammar_needs(language: str) -> None:
    findings = plural_findings(language)
    assert not findings, f"{language}:\n" + "\n".join(findings)


#: English game words a translation must not keep (as a word of their own)
ENGLISH_WORDS = ("Pass", "passed", "pool", "Companion", "Wdh")


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_game_word_is_left_in_a_translation(language: str) -> None:
    left = [f"{word!r}: {msgid!r} -> {text!r}" for msgid, text in entries(po_path(language))
            for word in ENGLISH_WORDS
            if re.search(rf"(?<![\w{{'\"]){word}(?![\w}}'\"])", re.sub(r"\{[^}]*\}", "", text))]
    assert not left, f"{language}:\n" + "\n".join(left)
