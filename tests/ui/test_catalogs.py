"""The shipped catalogs are complete, compile, and every screen shows them whole.

A pseudo-locale (every string wrapped in ⟦ ⟧) is drawn on every screen at both display sizes:
text outside the markers that is not a name from the game (a player, a city, a building) is
a string that skipped the translation function; a string cut with an ellipsis or a paragraph
losing lines is text that does not fit. The real languages are drawn the same way and must
not be cut either, and every character drawn must come from a font that has its glyph.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from babel.dates import get_day_names, get_month_names  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.core.events import new_input_queue  # noqa: E402
from companion.games import GAME_MODULES, get_rules  # noqa: E402
from companion.games.glory_to_rome.data import BUILDING_MATERIAL  # noqa: E402
from companion.games.via_romana.board import load_board  # noqa: E402
from companion.locale import LANGUAGES, LOCALE_DIR, TRANSLATED, mo_path  # noqa: E402
from companion.locale.build import compiled  # noqa: E402
from companion.locale.check import extract, problems  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui import text, text_fit, text_shaping  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import DEMO_PLAYERS  # noqa: E402
from companion.ui.screenshot import SCREEN_NAMES, show_screen  # noqa: E402
from companion.ui.tables import base as _tables_base  # noqa: E402, F401  (imports wrap)
from companion.ui.tables import via_romana_names  # noqa: E402

SIZES = [(800, 480), (720, 1280)]
ORIGINAL: dict[str, object] = {"ellipsize": text_fit.ellipsize, "wrap": text_fit.wrap}
ELLIPSIZE, WRAP = text_fit.ellipsize, text_fit.wrap


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    text.forget_fonts()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_of_the_sources_is_translated_and_not_fuzzy(language: str) -> None:
    listed = [str(problem) for problem in problems(language)]
    assert listed == [], (
        "run `uv run python -m companion.locale.check --update`, translate, then "
        "`--missing` lists nothing:\n" + "\n".join(listed))


def test_the_template_holds_every_string_of_the_sources() -> None:
    from companion.locale.check import read

    template = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context)
                for m in read(LOCALE_DIR / "companion.pot") if m.id}
    sources = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context)
               for m in extract() if m.id}
    assert sources - template == set(), "re-extract: python -m companion.locale.check --update"


def test_an_english_word_with_two_meanings_is_two_entries() -> None:
    """pgettext's context is extracted and looked up: the keyboard's "space" key and the
    doctor's disk "space" (and the replay's steps) translate apart."""
    contexts = {(m.id, m.context) for m in extract() if m.context}
    assert {("space", "keyboard key"), ("space", "disk space"), ("Previous", "replay step"),
            ("Next", "replay step"), ("Next", "up next")} <= contexts
    i18n.set_language("de")
    assert i18n.pgettext("keyboard key", "space") == "Leerzeichen"
    assert i18n.pgettext("disk space", "space") == "Speicherplatz"
    assert i18n.pgettext("replay step", "Previous") != i18n._("Back")
    assert i18n.pgettext("no such context", "Undo") == "Undo"  # an unknown one stays English


def test_a_fuzzy_or_empty_entry_is_reported(tmp_path: Path) -> None:
    locale = tmp_path / "locale"
    (locale / "de" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "companion.pot").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Undo"\nmsgstr ""\n\nmsgid "Redo"\nmsgstr ""\n\nmsgid "Menu"\nmsgstr ""\n\n'
        'msgid "{n} left"\nmsgstr ""\n', encoding="utf-8")
    (locale / "de" / "LC_MESSAGES" / "companion.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Undo"\nmsgstr "Rückgängig"\n\n#, fuzzy\nmsgid "Redo"\nmsgstr "Wieder"\n\n'
        'msgid "Menu"\nmsgstr ""\n\nmsgid "{n} left"\nmsgstr "{m} übrig"\n', encoding="utf-8")
    found = {(p.kind, p.msgid) for p in problems("de", locale)}
    assert found == {("fuzzy", "Redo"), ("untranslated", "Menu"), ("placeholders", "{n} left")}


def test_compiled_catalogs_switch_the_language_at_once() -> None:
    i18n.set_language("de")
    assert i18n._("Undo") == "Rückgängig"
    i18n.set_language("zh_CN")
    assert i18n._("Undo") == "撤销"
    i18n.set_language("en")
    assert i18n._("Undo") == "Undo"


def test_a_stale_or_missing_mo_is_compiled_from_its_po(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    po = LOCALE_DIR / "ro" / "LC_MESSAGES" / "companion.po"
    copy = tmp_path / "ro" / "LC_MESSAGES" / "companion.po"
    copy.parent.mkdir(parents=True)
    copy.write_bytes(po.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("ro")
    assert i18n._("Undo") == "Anulați"
    assert mo_path("ro", tmp_path).read_bytes() == compiled(copy)


def test_arabic_counts_take_the_six_plural_forms() -> None:
    i18n.set_language("ar")
    forms = {n: i18n.ngettext("{n} signpost left", "{n} signposts left", n).format(n=n)
             for n in (0, 1, 2, 3, 11, 100)}
    assert forms[1] == "لافتة واحدة متبقية" and forms[2] == "لافتتان متبقيتان"
    assert forms[3] == "3 لافتات متبقية" and forms[11] == "11 لافتة متبقية"
    i18n.set_language("ro")
    assert i18n.ngettext("{n} signpost left", "{n} signposts left", 20).format(n=20) == (
        "20 de indicatoare rămase")


def test_the_system_locale_picks_the_first_language() -> None:
    assert i18n.system_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.system_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert i18n.system_language({"LANGUAGE": "ar:en", "LANG": "en_GB.UTF-8"}) == "ar"
    assert i18n.system_language({"LANG": "C.UTF-8"}) == "en"
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) == "en"


# -- every screen, drawn --------------------------------------------------------------------


def _data_words() -> set[str]:
    """Names the game itself supplies: players, titles, cities, buildings, month names."""
    board = load_board(None)
    words = {player.name for player in DEMO_PLAYERS}
    words |= {get_rules(game).title for game in GAME_MODULES}
    words |= {get_rules(game).title[:1] for game in GAME_MODULES}  # a chart's bar labels
    words |= {city.name for city in board.cities} | set(board.province_names)
    # the map shortens a long city name where it finds no room for it whole ("Duroc.")
    words |= {city.name[:end] for city in board.cities
              for end in range(via_romana_names.SHORTEST, len(city.name))}
    words |= set(BUILDING_MATERIAL)
    words |= set(LANGUAGES.values())  # Settings names each language in itself
    words |= set(get_month_names("abbreviated", locale="en").values())
    words |= set(get_day_names("abbreviated", locale="en").values()) | {"AM", "PM"}
    return {word for name in words for word in re.split(r"[\W\d_]+", name) if word}


def _a_players(word: str, players: set[str]) -> bool:
    """A player's name, or its start: a camp's badge shortens a name it has no room for
    ("Octa."), the seat list names the player whole."""
    return any(name == word or len(word) >= 3 and name.startswith(word) for name in players)


def _outside_markers(shown: str) -> str:
    previous = None
    while previous != shown:
        previous, shown = shown, re.sub(r"⟦[^⟦⟧]*⟧", "", shown)
    # a translated name shortened by the cards' rule keeps its opening marker ("⟦Atri.")
    return re.sub(r"⟦[^⟦⟧]*\.$", "", shown)


class Drawn:
    """What a screen drew: each line as asked and as shown, each wrapped paragraph."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: list[tuple[str, str]] = []
        self.paragraphs: list[str] = []
        self.wrapped: set[str] = set()
        #: the names of the players of the demo games the screen shows (data, not text)
        self.players: set[str] = set()
        ellipsize, wrap = ELLIPSIZE, WRAP
        # labels laid out afresh: a layout kept from an earlier screen would wrap its lines
        # unseen by the recorder below
        text.repaint_kept_pictures()

        def recording_ellipsize(line: str, size: int, width: int) -> str:
            shown = ellipsize(line, size, width)
            self.lines.append((line, shown))
            return shown

        def recording_wrap(paragraph: str, size: int, width: int) -> list[str]:
            lines = wrap(paragraph, size, width)
            if len(lines) > 1:
                self.paragraphs.append(paragraph)
                self.wrapped.update(lines)
            return lines

        # screens import the functions by name: replace every reference to them
        previous: dict[str, object] = {name: getattr(text_fit, name) for name in ORIGINAL}
        for module in [m for name, m in sys.modules.items() if name.startswith("companion.")]:
            for attribute, replacement in (("ellipsize", recording_ellipsize),
                                           ("wrap", recording_wrap)):
                if getattr(module, attribute, None) in (ORIGINAL[attribute], previous[attribute]):
                    monkeypatch.setattr(module, attribute, replacement)


def _draw_every_screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                       language: str) -> Iterator[tuple[str, tuple[int, int], Drawn]]:
    i18n.set_language(language)
    pygame.display.init()
    pygame.font.init()
    for size in SIZES:
        for index, name in enumerate(SCREEN_NAMES):
            store = Store.open(tmp_path / f"{language}-{size[0]}-{index}")
            try:
                app = App(store, new_input_queue(), pygame.Surface(size),
                          present=lambda rects: None)
                app.start()
                drawn = Drawn(monkeypatch)
                show_screen(app, name)
                app.render(force=True)
                drawn.players = set(app.store.recent_player_names(limit=100))
                yield name, size, drawn
            finally:
                store.close()


def _cut(drawn: Drawn) -> list[str]:
    # a paragraph too long for its box ends its last line with an ellipsis too
    return [line for line, shown in drawn.lines if shown != line]


def test_the_pseudo_locale_shows_no_untranslated_and_no_cut_text(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    data = _data_words()
    untranslated: list[str] = []
    cut: list[str] = []
    for name, size, drawn in _draw_every_screen(monkeypatch, tmp_path, i18n.PSEUDO):
        # a line cut from a paragraph is checked as part of its paragraph
        texts = drawn.paragraphs + [
            line for line, _ in drawn.lines if line not in drawn.wrapped
            and not any(line.rstrip(text_fit.ELLIPSIS) in whole for whole in drawn.paragraphs)]
        assert texts, f"{name} at {size} drew no text"
        for shown in texts:
            words = re.split(r"[\W\d_]+", _outside_markers(shown))
            if any(word and word not in data and not _a_players(word, drawn.players)
                   for word in words):
                untranslated.append(f"{name} {size}: {shown!r}")
        cut += [f"{name} {size}: {line!r}" for line in _cut(drawn)]
    assert not untranslated, "not translated:\n" + "\n".join(untranslated)
    assert not cut, "cut off:\n" + "\n".join(cut)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_screen_in_every_language_fits_and_has_its_glyphs(
        language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cut: list[str] = []
    missing: list[str] = []
    for name, size, drawn in _draw_every_screen(monkeypatch, tmp_path, language):
        cut += [f"{name} {size}: {line!r}" for line in _cut(drawn)]
        for line, _shown in drawn.lines:
            for piece in text_shaping.pieces(line):
                missing += [f"{name}: {ch!r} in {line!r}" for ch in piece.text
                            if ch.isprintable() and not ch.isspace() and not piece.face.has(ch)]
    assert not cut, "cut off:\n" + "\n".join(cut)
    assert not missing, "no glyph:\n" + "\n".join(missing)


SEED_TERMS = {
    "de": ["Kastell", "Meilenstein", "Stadtmarker", "Wegweiser", "Auftragstafel", "Legionsadler"],
    "ro": ["Lider", "Client", "Seif", "Rezervă", "Influență", "Bonus de Negustor", "Gânditor",
           "Valet"],
    "ar": ["القائد", "العميل", "الخزنة", "المخزون", "النفوذ", "مكافأة التاجر"],
    "zh_CN": ["工人", "地区卡", "盈余", "政治影响力", "财务官", "市政官", "商人", "建筑师",
              "司令官", "省长", "元老院"],
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_lists_the_seed_terms_and_the_catalog_uses_them(language: str) -> None:
    from companion.locale.check import read

    glossary = (LOCALE_DIR / language / "glossary.md").read_text(encoding="utf-8")
    catalog = read(LOCALE_DIR / language / "LC_MESSAGES" / "companion.po")
    translated = " ".join(
        " ".join(m.string) if isinstance(m.string, (tuple, list)) else str(m.string)
        for m in catalog if m.id).casefold()
    for term in SEED_TERMS[language]:
        assert term in glossary, term
        assert term.casefold() in translated, f"{term} is in no translation"


def test_no_string_is_translated_inside_an_f_string() -> None:
    """Extraction cannot see ``_("...")`` inside an f-string: it would never be translated."""
    package = LOCALE_DIR.parent
    found = [f"{path.relative_to(package)}:{number}"
             for path in sorted(package.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""\bf["'].*\{_\(["']""", line)]
    assert found == []
