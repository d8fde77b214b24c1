"""What a redraw does again: text laid out once, the text cache bounded, a press drawn alone."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import make_app  # noqa: E402

from companion.ui import text, text_fit, text_render, text_shaping  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402
from companion.ui.intents import PointerDown, Tap  # noqa: E402
from companion.ui.theme import RGB  # noqa: E402

WHITE = (255, 255, 255)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path, (800, 480))
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.step()
    app.settle()
    yield app
    app.store.close()
    pygame.display.quit()


def test_a_second_redraw_of_the_table_measures_no_text(app: App) -> None:
    from companion.ui import widgets

    app.render(force=True)
    memos = (text_shaping._measure, text_fit._fit_size, text_fit._ellipsize, text_fit._wrap,
             widgets._fit_label)
    misses = [memo.cache_info().misses for memo in memos]
    table = app.top
    painted = table.layers.painted + table.view.layers.painted  # type: ignore[attr-defined]
    first = pygame.image.tobytes(app.surface, "RGB")
    app.render(force=True)
    # every label was laid out by the first redraw: the second measures nothing anew, and
    # every part of the picture is the one kept from the first
    assert [memo.cache_info().misses for memo in memos] == misses
    assert table.layers.painted + table.view.layers.painted == painted  # type: ignore[attr-defined]
    assert pygame.image.tobytes(app.surface, "RGB") == first


def test_the_rendered_text_cache_stays_under_its_byte_cap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    text.forget_fonts()
    monkeypatch.setattr(text_render, "CACHE_BYTES", 200_000)
    for number in range(400):
        text_render.render(f"Livia scores {number} points", 28, WHITE)
        assert text_render.cached_bytes() <= 200_000
    # the newest image is kept, and the cache is full rather than nearly empty
    assert ("Livia scores 399 points", 28, WHITE, False) in text_render._rendered
    assert text_render.cached_bytes() > 100_000
    text.forget_fonts()
    assert text_render.cached_bytes() == 0


def test_a_long_line_drawn_once_does_not_push_out_the_labels_drawn_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new status line at every move, the seats' labels every few moves (as a table
    draws them): the labels are composed once, and a long line is kept only when it comes
    a second time."""
    pygame.font.init()
    text.forget_fonts()
    composed: list[str] = []
    compose = text_render._compose

    def counting(line: str, size: int, colour: RGB) -> pygame.Surface:
        composed.append(line)
        return compose(line, size, colour)

    monkeypatch.setattr(text_render, "_compose", counting)
    labels = [f"{seat}. Livia · follows · 1 action" for seat in range(1, 9)]
    for move in range(40):
        line = f"Glory to Rome · Turn {move} · Laborer led · Julia follows or Thinks"
        image = text_render.render(line, 48, WHITE)
        assert text_render._surface_bytes(image) > text_render.ONCE_BYTES
        if move % 5 == 0:
            for label in labels:
                text_render.render(label, 24, WHITE)
    assert sorted(line for line in composed if line in labels) == sorted(labels)
    assert text_render.cached_bytes() <= text_render.CACHE_BYTES
    again = "Glory to Rome · Turn 3 · Laborer led · Julia follows or Thinks"
    text_render.render(again, 48, WHITE)  # its second drawing: kept from now on
    before = len(composed)
    text_render.render(again, 48, WHITE)
    assert len(composed) == before
    text.forget_fonts()


def test_wrap_and_ellipsize_are_remembered_by_text_size_and_width() -> None:
    pygame.font.init()
    text.forget_fonts()
    line = "Forum Romanum needs a client of every role"
    assert text_fit.wrap(line, 24, 200) == text_fit.wrap(line, 24, 200)
    assert text_fit._wrap.cache_info().hits == 1
    short = text_fit.ellipsize(line, 24, 120)
    assert short.endswith(text_fit.ELLIPSIS) and text_shaping.measure(short, 24)[0] <= 120
    assert text_fit.ellipsize(line, 24, 120) == short and text_fit._ellipsize.cache_info().hits == 1
    # a wider box is another layout, not the remembered one
    assert len(text_fit.wrap(line, 24, 2000)) == 1


def test_a_press_draws_the_pressed_button_alone(app: App) -> None:
    presented: list[list[pygame.Rect]] = []
    app.frame.present = lambda rects: presented.append([pygame.Rect(r) for r in rects])
    button = next(b for b in app.top.buttons if b.enabled and b.rect.width > 0)
    before = app.surface.copy()
    builds: list[str] = []
    original_build = app.top.build

    def counted_build() -> None:
        builds.append("build")
        original_build()

    app.top.build = counted_build  # type: ignore[method-assign]
    app.deliver(PointerDown(button.rect.center))
    app.render()
    assert presented == [[button.rect.clip(app.surface.get_rect())]]
    assert builds == []
    # inside the button the picture changed, outside it not one pixel did
    outside = pygame.Rect(0, 0, app.surface.get_width(), button.rect.top)
    if outside.height:
        assert (pygame.image.tobytes(app.surface.subsurface(outside), "RGB")
                == pygame.image.tobytes(before.subsurface(outside), "RGB"))
    inside = button.rect.clip(app.surface.get_rect())
    assert (pygame.image.tobytes(app.surface.subsurface(inside), "RGB")
            != pygame.image.tobytes(before.subsurface(inside), "RGB"))
    # sliding off and lifting the finger puts the button back as it was
    off = (app.surface.get_width() - 1, app.surface.get_height() - 1)
    if app.top.button_at(off) is None:
        app.deliver(Tap(off))
        app.render()
        assert presented[-1] == [inside]
        assert (pygame.image.tobytes(app.surface, "RGB")
                == pygame.image.tobytes(before, "RGB"))


def _fit_by_steps(line: str, size: int, width: int, smallest_ratio: float) -> int:
    """What fit_size promises, the slow way: every step from the top."""
    smallest = max(8, int(size * smallest_ratio))
    current = size
    while current > smallest and text_shaping.measure(line, current)[0] > width:
        current -= 2
    return current


def test_fit_size_lands_where_stepping_down_from_the_top_would() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    pygame.font.init()
    words = st.sampled_from(["Livia", "Marcus", "Merchant", "leads", "·", "12", "VP",
                             "Aedificator", "Propraetor:", "الرومان", "罗马"])

    @settings(max_examples=400)
    @given(st.lists(words, min_size=1, max_size=7), st.integers(10, 64),
           st.integers(0, 800), st.integers(8, 64), st.integers(-2, 2),
           st.sampled_from([0.3, 0.55, 0.6, 0.7, 0.75]))
    def check(parts: list[str], size: int, width: int, at: int, off: int,
              ratio: float) -> None:
        line = " ".join(parts)
        # any width, and the widths right at the edge of the line at some size
        for box in (width, text_shaping.measure(line, at)[0] + off):
            assert text_fit.fit_size(line, size, box, ratio) == _fit_by_steps(line, size, box,
                                                                           ratio)

    check()
