"""A machine whose fontconfig has no Noto face draws every language with the faces `uv sync`
installed, in the bold the screens were designed with; the system's faces win where present."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402

from companion.ui import bundled_fonts, fonts, text, text_shaping  # noqa: E402

WHITE = (255, 255, 255)
LANGUAGE_FAMILIES = ["Noto Sans", "Noto Sans Arabic", "Noto Sans CJK SC"]


@pytest.fixture(autouse=True)
def no_system_fonts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """fontconfig answers nothing, as on a bare machine (with or without fontconfig)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # nothing remembered
    pygame.display.init()
    pygame.font.init()
    monkeypatch.setattr(fonts, "_fc_match", lambda family: None)
    monkeypatch.setattr(fonts, "_notices", [])
    fonts.forget()
    text.forget_fonts()
    yield
    monkeypatch.undo()
    fonts.forget()
    text.forget_fonts()


def test_every_language_family_comes_from_the_installed_wheels_in_bold() -> None:
    chain = fonts.chain()
    assert [face.family for face in chain[:3]] == LANGUAGE_FAMILIES
    for face in chain[:3]:
        assert face.path is not None and face.path.name.split("-")[1] == "700"
        assert TTFont(face.path, lazy=True)["OS/2"].usWeightClass == bundled_fonts.WEIGHT
    # only the symbol faces, which no wheel carries, are reported missing
    assert not any(f"font {family} is" in notice for notice in fonts.notices()
                   for family in LANGUAGE_FAMILIES)


@pytest.mark.parametrize(("line", "family"), [("Ștefan Groß", "Noto Sans"),
                                              ("مكافأة التاجر", "Noto Sans Arabic"),
                                              ("每位玩家选择一个行动", "Noto Sans CJK SC")])
def test_each_script_is_drawn_by_a_bundled_face_with_real_glyphs(line: str, family: str) -> None:
    faces = {piece.face.family for piece in text_shaping.pieces(line) if piece.text.strip()}
    assert faces == {family}
    face = next(face for face in fonts.chain() if face.family == family)
    assert face.path is not None
    loaded = pygame.font.Font(face.path, 30)
    letters = [character for character in line if not character.isspace()]
    tofu = pygame.image.tobytes(loaded.render("\U0010fffd", True, WHITE), "RGBA")
    for character in letters:
        assert pygame.image.tobytes(loaded.render(character, True, WHITE), "RGBA") != tofu


def test_the_bold_is_made_once_and_found_again(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    first = bundled_fonts.bold("Noto Sans Arabic", tmp_path)
    assert first is not None and first.is_file()

    def made_again(variable: Path, destination: Path, script: str | None) -> Path:
        raise AssertionError("the bold was made again although it is there")

    monkeypatch.setattr(bundled_fonts, "_instantiate", made_again)
    assert bundled_fonts.bold("Noto Sans Arabic", tmp_path) == first


def test_a_family_no_wheel_carries_has_no_bundled_bold(tmp_path: Path) -> None:
    assert bundled_fonts.bold("Noto Sans Symbols2", tmp_path) is None
    assert bundled_fonts.source("Noto Sans Symbols2") is None


def test_the_systems_face_wins_over_the_bundled_one(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    bundled = bundled_fonts.bold("Noto Sans Arabic", tmp_path)
    assert bundled is not None
    system = tmp_path / "NotoSansArabic-Bold.ttf"
    shutil.copyfile(bundled, system)
    monkeypatch.setattr(fonts, "_fc_match", lambda family: (system, 0)
                        if family == "Noto Sans Arabic" else None)
    fonts.forget()
    arabic = fonts.face_for("ب")
    assert arabic is not None and arabic.path == system


def test_a_bold_that_cannot_be_made_is_reported_as_the_missing_family(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(variable: Path, destination: Path, script: str | None) -> Path:
        raise bundled_fonts.BundledFontError("fontTools is not installed")

    monkeypatch.setattr(bundled_fonts, "_instantiate", broken)
    monkeypatch.setattr(bundled_fonts, "_folders", lambda cache_dir: [cache_dir])
    fonts.forget()
    assert "Noto Sans Arabic" not in [face.family for face in fonts.chain()]
    assert any("Noto Sans Arabic" in notice and "fonts-noto-core" in notice
               for notice in fonts.notices())


def test_without_fontconfig_only_a_missing_language_face_is_a_notice(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A bare machine draws with the wheels' faces: the symbol faces no wheel carries are
    not worth a banner (their characters fall through to the next face)."""
    monkeypatch.setattr(fonts.shutil, "which", lambda name: None)
    fonts.forget()
    assert [face.family for face in fonts.chain()[:3]] == LANGUAGE_FAMILIES
    assert fonts.notices() == []
    monkeypatch.setattr(bundled_fonts, "source", lambda family: None)  # no wheels either
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "nothing-remembered"))
    fonts.forget()
    fonts.chain()
    assert any("fontconfig" in notice for notice in fonts.notices()), fonts.notices()
    assert any("Noto Sans Arabic" in notice for notice in fonts.notices())


def test_a_bold_another_process_is_making_is_waited_for_not_made_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import fcntl
    import threading

    def made_again(variable: Path, destination: Path, script: str | None) -> Path:
        raise AssertionError("made a second time while another process made it")

    monkeypatch.setattr(bundled_fonts, "_folders", lambda cache_dir: [cache_dir])
    monkeypatch.setattr(bundled_fonts, "_instantiate", made_again)
    variable = bundled_fonts.source("Noto Sans Arabic")
    assert variable is not None
    destination = tmp_path / bundled_fonts._instance_name(variable)
    other = os.open(destination.with_suffix(".lock"), os.O_CREAT | os.O_RDWR, 0o644)
    fcntl.flock(other, fcntl.LOCK_EX)  # the other process is making it
    found: list[Path | None] = []
    waiting = threading.Thread(target=lambda: found.append(
        bundled_fonts.bold("Noto Sans Arabic", tmp_path)))
    waiting.start()
    waiting.join(timeout=0.5)
    assert waiting.is_alive() and found == []  # waits for the other process
    destination.write_bytes(b"the other process's bold")
    os.close(other)
    waiting.join(timeout=30)
    assert found == [destination]
