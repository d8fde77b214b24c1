"""The font stack: every script of the players' names renders, Arabic is shaped and in order."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from system_fonts import needs_system_noto  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.ui import (  # noqa: E402
    bidi,
    font_sizes,
    fonts,
    text,
    text_fit,
    text_render,
    text_shaping,
)
from companion.ui.font_files import cmap_ranges, covers  # noqa: E402

WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    text.forget_fonts()


def drawn_characters(line: str) -> list[tuple[str, fonts.Face]]:
    return [(character, piece.face) for piece in text_shaping.pieces(line)
            for character in piece.text if not character.isspace()]


@pytest.mark.parametrize("name", ["李娜", "王小明 (Wang)", "ليلى", "عبد الله 2", "Ștefan Ăvram",
                                  "Jürgen Groß", "Livia, ليلى and 李娜 → 12"])
def test_every_character_of_a_name_is_drawn_by_a_font_that_has_its_glyph(name: str) -> None:
    for character, face in drawn_characters(name):
        assert face.has(character), (character, face.family)
        assert face.family != "pygame default", character
    assert text_render.render(name, 28, WHITE).get_width() > 0


def test_the_noto_families_are_found_through_fontconfig() -> None:
    needs_system_noto()
    families = [face.family for face in fonts.chain()]
    assert families[:3] == ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK SC"]
    assert fonts.notices() == []


def test_the_chinese_face_is_the_simplified_one_of_the_collection() -> None:
    cjk = next(face for face in fonts.chain() if face.family == "Noto Sans CJK SC")
    assert cjk.path is not None
    loaded = pygame.font.Font(cjk.path, 20)
    # Debian's collection names it Noto Sans CJK SC, the wheel's single face Noto Sans SC
    assert loaded.name in ("Noto Sans CJK SC", "Noto Sans SC")


def test_character_ranges_come_from_the_font_file() -> None:
    latin = fonts.chain()[0]
    assert latin.path is not None
    ranges = cmap_ranges(latin.path)
    assert covers(ranges, "A") and covers(ranges, "ș") and covers(ranges, "ß")
    assert not covers(ranges, "中") and not covers(ranges, "ب")


def test_arabic_is_shaped_the_joined_word_differs_from_its_letters_side_by_side() -> None:
    word = "مكافأة"
    joined = text_render.render(word, 40, WHITE)
    letters = [text_render.render(letter, 40, WHITE) for letter in word]
    assert joined.get_width() != sum(letter.get_width() for letter in letters)
    isolated = pygame.Surface((sum(letter.get_width() for letter in letters),
                               joined.get_height()), pygame.SRCALPHA)
    x = 0
    for letter in reversed(letters):  # right to left, each in its isolated form
        isolated.blit(letter, (x, 0))
        x += letter.get_width()
    assert pygame.image.tobytes(joined, "RGBA") != pygame.image.tobytes(isolated, "RGBA")


def test_mixed_runs_are_put_in_display_order() -> None:
    runs = bidi.visual_runs("القائد Livia 3")
    assert [run.text.strip() for run in runs] == ["Livia 3", "القائد"]
    assert [run.rtl for run in runs] == [False, True]
    assert [run.text for run in bidi.visual_runs("Livia: 12")] == ["Livia: 12"]
    # a number inside Arabic keeps its digits left to right, the words around it swap sides
    assert [run.text.strip() for run in bidi.visual_runs("لديك 12 نقطة")] == [
        "نقطة", "12", "لديك"]


def test_a_right_to_left_line_is_right_aligned_by_its_paragraph_direction() -> None:
    assert bidi.paragraph_is_rtl("مكافأة التاجر Livia")
    assert not bidi.paragraph_is_rtl("Livia مكافأة")
    assert not bidi.paragraph_is_rtl("12 +")


def test_a_missing_font_is_reported_with_its_package_and_latin_still_renders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FAMILIES", (("Noto Sans Nowhere", "fonts-noto-nowhere"),))
    monkeypatch.setattr(fonts, "_notices", [])
    fonts.forget()
    text.forget_fonts()
    try:
        assert text_render.render("Livia", 28, WHITE).get_width() > 0
        assert any("fonts-noto-nowhere" in notice for notice in fonts.notices())
        # no font has Chinese now: a visible stand-in, not the font's empty box
        assert [piece.text for piece in text_shaping.pieces("李")] == [text_shaping.REPLACEMENT]
    finally:
        fonts.forget()
        text.forget_fonts()


def test_chinese_wraps_between_characters_and_keeps_punctuation_with_the_word() -> None:
    lines = text_fit.wrap("每位玩家选择一个行动，然后轮到下一位玩家。", 28, 150)
    assert len(lines) > 1
    assert "".join(lines) == "每位玩家选择一个行动，然后轮到下一位玩家。"
    assert not any(line.startswith(("，", "。")) for line in lines)
    assert all(text_shaping.measure(line, 28)[0] <= 150 for line in lines)


def test_a_long_label_is_cut_with_an_ellipsis_that_fits() -> None:
    cut = text_fit.ellipsize("Glory to Rome: the Forum is complete", 28, 120)
    assert cut.endswith(text_fit.ELLIPSIS)
    assert text_shaping.measure(cut, 28)[0] <= 120


def test_a_symbol_in_latin_text_does_not_open_the_chinese_face() -> None:
    """The CJK face is 17 MB: an arrow comes from a symbols face when one has it."""
    if not any(face.has("→") for face in fonts.chain()
               if face.family not in fonts.EAST_ASIAN_FAMILIES | {"pygame default"}):
        pytest.skip("no symbols face has the arrow: needs the Debian package fonts-noto-core")
    arrow = fonts.face_for("→")
    assert arrow is not None and arrow.has("→")
    assert arrow.family not in fonts.EAST_ASIAN_FAMILIES
    text_render.render("Livia → 12", 28, WHITE)
    assert not set(font_sizes.open_font_sizes()) & fonts.EAST_ASIAN_FAMILIES
    # a wide character still goes to the Chinese face, and punctuation stays with it
    assert [piece.face.family for piece in text_shaping.pieces("李娜→")] == ["Noto Sans CJK SC"]


def test_only_a_few_sizes_of_a_face_stay_open_and_a_reopened_size_measures_the_same() -> None:
    before = font_sizes.font(20)
    width = before.size("Marcus 7")
    for size in range(22, 22 + 2 * (font_sizes.OPEN_SIZES + 4), 2):
        text_shaping.measure("Livia 12", size)
    assert font_sizes.open_font_sizes()["Noto Sans"] == font_sizes.OPEN_SIZES
    reopened = font_sizes.font(20)
    assert reopened is not before and reopened.size("Marcus 7") == width
    cjk = text_shaping.pieces("李")[0].face
    for size in range(20, 40, 2):
        text_shaping.measure("李", size)
    assert font_sizes.open_font_sizes()[cjk.family] == font_sizes.OPEN_SIZES_LARGE


# Latin with accents and combining marks, digits and punctuation, the status line's dot,
# an arrow (a symbols face), Arabic, Chinese, a control character and one no font has
LINE_ALPHABET = "aZ ÄßŞțé\u0301\u0327 09·,.:()→—ليلىعبد李娜，。\u200b\x07\U000e0100\U0010fffd"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=LINE_ALPHABET, min_size=1, max_size=24), st.booleans())
def test_a_line_of_one_font_is_cut_as_character_by_character_would(line: str,
                                                                    rtl: bool) -> None:
    """The shortcut for a line the primary face draws alone gives the same pieces."""
    run = bidi.Run(line, rtl)
    assert text_shaping._face_pieces(run) == text_shaping._cut_by_character(run)


def test_the_shortcut_is_taken_for_a_latin_line_and_not_for_a_mixed_one() -> None:
    assert text_shaping._one_primary_piece("Glory to Rome · Turn 12 · Laborer led")
    assert not text_shaping._one_primary_piece("Livia, ليلى")
    assert not text_shaping._one_primary_piece("→ 12")  # the arrow starts a piece of another face
    assert not text_shaping._one_primary_piece("李娜")


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=30))
def test_any_string_at_all_is_measured_wrapped_and_drawn(line: str) -> None:
    """NULs, escape sequences, lone surrogates, unassigned characters: drawn, never raised."""
    surface = pygame.Surface((200, 120))
    text_shaping.measure(line, 20)
    text_render.render(line, 20, WHITE)
    text.draw_text(surface, line, pygame.Rect(0, 0, 200, 30), 20, WHITE)
    text.draw_paragraph(surface, line, pygame.Rect(0, 30, 200, 90), 20, WHITE)


@pytest.mark.parametrize(("raw", "drawn"), [("a\x00b", "a?b"), ("x\ty\nz", "x y z"),
                                            ("\ud800", "?"), ("a\u200bb", "a\u200bb"),
                                            ("plain", "plain")])
def test_what_cannot_be_drawn_is_replaced_and_the_rest_kept(raw: str, drawn: str) -> None:
    assert text_shaping.drawable(raw) == drawn


WHAT_NOW_ZH = "Julia 还有 1 次商人行动：把材料放入金库或按“完成”结束。"


def test_chinese_keeps_a_glossary_term_whole_at_every_width() -> None:
    """金库 (the vault) broke into 金 and 库 at the end of a "What now?" line."""
    i18n.set_language("zh_CN")
    try:
        for width in range(120, 700, 4):
            lines = text_fit.wrap(WHAT_NOW_ZH, 28, width)
            assert " ".join(lines).replace(" ", "") == WHAT_NOW_ZH.replace(" ", "")
            assert not any(line.endswith("金") for line in lines), (width, lines)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("paragraph", [
    WHAT_NOW_ZH, "请按（完成）结束：「金库」满了，不能再放；等下一轮、再试！",
])
def test_no_chinese_line_starts_with_closing_or_ends_with_opening_punctuation(
        paragraph: str) -> None:
    for width in range(60, 500, 3):
        lines = text_fit.wrap(paragraph, 24, width)
        assert " ".join(lines).replace(" ", "") == paragraph.replace(" ", "")
        assert not any(line.startswith(tuple("，。？！：；、）」』”")) for line in lines), lines
        assert not any(line.endswith(tuple("（「『“")) for line in lines[:-1]), lines
