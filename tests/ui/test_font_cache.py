"""The font lookups remembered between starts: used while true, redone when not, never needed."""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from system_fonts import needs_system_noto

from companion.ui import font_cache, fonts

LATIN = "Noto Sans"


@pytest.fixture(autouse=True)
def fresh_lookups(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fonts, "_notices", [])
    fonts.forget()
    yield
    monkeypatch.undo()
    fonts.forget()


def _counting_fc_match(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    asked: list[str] = []
    real = fonts._fc_match

    def counted(family: str) -> tuple[Path, int] | None:
        asked.append(family)
        return real(family)

    monkeypatch.setattr(fonts, "_fc_match", counted)
    return asked


def _next_start() -> None:
    """What a new process sees: nothing looked up, the cache file read anew."""
    fonts.forget()


def test_the_next_start_takes_the_face_from_the_cache_without_asking_fontconfig(
        monkeypatch: pytest.MonkeyPatch) -> None:
    first = fonts.primary()
    assert first.family == LATIN and first.path is not None
    _next_start()

    def no_fontconfig(*args: object, **kwargs: object) -> None:
        raise AssertionError("fc-match started although the cache holds the answer")

    monkeypatch.setattr(subprocess, "run", no_fontconfig)
    again = fonts.primary()
    assert again == first
    assert fonts.face_for("ș") == first


def test_a_changed_font_file_is_looked_up_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    needs_system_noto()
    found = fonts._fc_match(LATIN)
    assert found is not None
    copy = tmp_path / "NotoSans-Bold.ttf"
    shutil.copyfile(found[0], copy)
    monkeypatch.setattr(fonts, "_fc_match", lambda family: (copy, 0))
    assert fonts.primary().path == copy
    asked = _counting_fc_match(monkeypatch)
    _next_start()
    fonts.primary()
    assert asked == []  # unchanged: from the cache
    os.utime(copy, ns=(copy.stat().st_atime_ns, copy.stat().st_mtime_ns + 10**9))
    _next_start()
    assert fonts.primary().path == copy
    assert asked == [LATIN]


def test_a_change_in_fontconfig_drops_every_remembered_face(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = tmp_path / "fonts.conf"
    config.write_text("<fontconfig/>")
    monkeypatch.setattr(font_cache, "FONTCONFIG_PLACES", (str(config),))
    fonts.primary()
    asked = _counting_fc_match(monkeypatch)
    _next_start()
    fonts.primary()
    assert asked == []
    os.utime(config, ns=(config.stat().st_atime_ns, config.stat().st_mtime_ns + 10**9))
    _next_start()
    fonts.primary()
    assert asked == [LATIN]


def test_a_damaged_cache_file_is_ignored_and_written_anew(tmp_path: Path) -> None:
    fonts.primary()
    cache_file = tmp_path / "cache" / "companion" / "fonts" / font_cache.FILE_NAME
    for damage in (b"{not marshal", b"", marshal.dumps([1, 2]),
                   marshal.dumps({"faces": {LATIN: "nonsense"}})):
        cache_file.write_bytes(damage)
        _next_start()
        assert fonts.primary().family == LATIN
        assert LATIN in marshal.loads(cache_file.read_bytes())["faces"]
        assert fonts.notices() == []


def test_a_cache_written_by_another_python_is_looked_up_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fonts.primary()
    cache_file = tmp_path / "cache" / "companion" / "fonts" / font_cache.FILE_NAME
    stored = marshal.loads(cache_file.read_bytes())
    cache_file.write_bytes(marshal.dumps({**stored, "python": (3, 9)}))
    asked = _counting_fc_match(monkeypatch)
    _next_start()
    assert fonts.primary().family == LATIN
    assert asked == [LATIN]


def test_fonts_are_found_when_the_cache_directory_cannot_be_written(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The Pi's service may write only its state and cache folders: a cache that cannot be
    made is no reason for a notice, a traceback or a missing glyph."""
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    fonts.forget()
    assert fonts.primary().family == LATIN
    assert fonts.face_for("李") is not None
    # only the Chinese face's copy could not be made (its collection's first face stands in)
    assert all("cannot write" in notice for notice in fonts.notices())
    _next_start()
    assert fonts.primary().family == LATIN
