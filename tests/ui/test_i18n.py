"""Every screen's text goes through gettext: a catalog changes the screen, no code does."""

from __future__ import annotations

import array
import os
import struct
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import make_app  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402


def write_mo(path: Path, messages: dict[str, str]) -> None:
    """A compiled gettext catalog (the format msgfmt writes)."""
    catalog = {b"": b"Content-Type: text/plain; charset=UTF-8\n"}
    catalog.update({k.encode(): v.encode() for k, v in messages.items()})
    keys = sorted(catalog)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(catalog[key])))
        ids += key + b"\0"
        strs += catalog[key] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_offsets: list[int] = []
    value_offsets: list[int] = []
    for id_offset, id_length, str_offset, str_length in offsets:
        key_offsets += [id_length, id_offset + key_start]
        value_offsets += [str_length, str_offset + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8,
                         0, 0)
    path.parent.mkdir(parents=True)
    path.write_bytes(header + array.array("i", key_offsets + value_offsets).tobytes()
                     + ids + strs)


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    write_mo(tmp_path / "locale" / "de" / "LC_MESSAGES" / "companion.mo",
             {"Undo": "Rückgängig", "Whose turn": "Wer ist dran"})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    i18n.set_language("de")
    yield
    monkeypatch.undo()
    i18n.set_language("en")


def test_a_catalog_translates_the_table(german: None, tmp_path: Path) -> None:
    assert i18n._("Undo") == "Rückgängig"
    assert i18n._("Not in the catalog") == "Not in the catalog"  # falls back to English
    app = make_app(tmp_path / "data", (800, 480))
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.step()
    assert app.top.button("undo").label == "Rückgängig"
    app.store.close()
    pygame.display.quit()


def test_a_missing_language_falls_back_to_english() -> None:
    i18n.set_language("xx")
    try:
        assert i18n._("Undo") == "Undo"
    finally:
        i18n.set_language("en")


def test_a_context_or_a_count_falls_back_to_english_and_marks_the_pseudo_locale() -> None:
    assert i18n.pgettext("keyboard key", "space") == "space"
    assert i18n.npgettext("turns", "{n} turn", "{n} turns", 2) == "{n} turns"
    i18n.set_language(i18n.PSEUDO)
    try:
        assert i18n.pgettext("keyboard key", "space") == "⟦space⟧"
        assert i18n.npgettext("turns", "{n} turn", "{n} turns", 1) == "⟦{n} turn⟧"
    finally:
        i18n.set_language("en")
