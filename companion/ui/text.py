"""Text drawn in a rect in any of the players' scripts, and the text caches forgotten.

A label that does not fit shrinks a little, then wraps onto two lines or is cut with an
ellipsis: a label never spills over its button; a paragraph wraps and shrinks to its rect.
Under it: the fonts opened at each size (:mod:`companion.ui.font_sizes`), text cut into
font pieces and measured (:mod:`companion.ui.text_shaping`), drawn into kept images
(:mod:`companion.ui.text_render`) and fitted to a width (:mod:`companion.ui.text_fit`);
:func:`forget_fonts` clears all of them at once.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.ui import drawn, font_sizes, layout, text_fit, text_render, text_shaping
from companion.ui.font_sizes import line_size
from companion.ui.text_fit import ellipsize, fit_size, wrap
from companion.ui.text_render import ink_span, render
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB

_forgetters: list[Callable[[], None]] = []
_generation = 0


def forget_fonts() -> None:
    """Drop the cached fonts: call before ``pygame.quit()``, which makes them unusable."""
    global _generation
    _generation += 1
    font_sizes.forget()
    text_shaping.forget()
    text_render.forget()
    text_fit.forget()
    for forget in _forgetters:
        forget()


def repaint_kept_pictures() -> None:
    """Have every kept picture (buttons, table layers) painted afresh on its next use,
    keeping the fonts and the measured layouts: the screen audit records what a frame
    paints, and a picture kept from before the record would hide its text."""
    global _generation
    _generation += 1
    for forget in _forgetters:
        forget()


def fonts_generation() -> int:
    """Counts :func:`forget_fonts` calls: a picture kept from an earlier count is stale."""
    return _generation


def on_forget(forget: Callable[[], None]) -> None:
    """Have :func:`forget_fonts` also clear a layout memo kept elsewhere (a widget's)."""
    _forgetters.append(forget)


def size_within(text: str, size: int, rect: pygame.Rect, smallest: int) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text``, centred on
    ``rect`` as :func:`draw_text` centres it, keeps its ink inside ``rect``: Arabic and
    Chinese ink reaches past the line height a layout was made for."""
    while size > smallest:
        above, below = ink_span(text, size)
        if rect.top <= rect.centery + above and rect.centery + below <= rect.bottom:
            break
        size -= 2
    return size


def draw_text(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour: RGB,
              align: str = "center") -> pygame.Rect:
    """One line in ``rect`` (aligned ``left``, ``center`` or ``right``, vertically centred).

    Text too long for the line shrinks a little, then takes two lines if ``rect`` is tall
    enough, then shrinks further, and only then is cut with an ellipsis. In a mirrored layout
    "left" and "right" swap: "left" is where a line starts.
    """
    align = layout.start_align(align)
    fitted = fit_size(text, size, rect.width)
    if measure(text, fitted)[0] > rect.width:
        lines = _two_lines(text, size, rect)
        if lines is not None:
            return _draw_lines(surface, lines[0], lines[1], rect, colour, align)
        fitted = fit_size(text, size, rect.width, smallest_ratio=0.55)
    shown = ellipsize(text, fitted, rect.width)
    image = render(shown, fitted, colour)
    target = image.get_rect(centery=rect.centery)
    _place(target, rect, align)
    if drawn.active():
        drawn.text(surface, text, shown, image, target, fitted, colour)
    surface.blit(image, target)
    return target


def _place(target: pygame.Rect, rect: pygame.Rect, align: str) -> None:
    if align == "left":
        target.left = rect.left
    elif align == "right":
        target.right = rect.right
    else:
        target.centerx = rect.centerx


def _line_step(size: int) -> int:
    """Distance between two lines of one label: tighter than the font's generous line gap."""
    return max(1, int(line_size(size) * 0.85))


def lines_step(lines: list[str], size: int, least: int) -> int:
    """The distance between stacked ``lines``: ``least``, or more where one line's ink
    would reach the next one's (Arabic marks above and below)."""
    step = least
    for upper, lower in zip(lines, lines[1:], strict=False):
        step = max(step, ink_span(upper, size)[1] - ink_span(lower, size)[0])
    return step


def _ink_extent(lines: list[str], size: int, step: int) -> tuple[int, int]:
    """(top, bottom) of the ink of ``lines`` stacked ``step`` apart, from the top of the
    first line."""
    return (step // 2 + ink_span(lines[0], size)[0],
            step * (len(lines) - 1) + step // 2 + ink_span(lines[-1], size)[1])


def _ink_inside(lines: list[str], size: int, step: int, rect: pygame.Rect) -> bool:
    """Whether ``lines`` stacked ``step`` apart keep their ink inside ``rect`` (where
    :func:`_draw_lines` puts them: their ink in its middle)."""
    top, bottom = _ink_extent(lines, size, step)
    return bottom - top <= rect.height


def _two_lines(text: str, size: int, rect: pygame.Rect) -> tuple[list[str], int] | None:
    """The two lines and size ``text`` fills ``rect`` with, if two lines fit it at all."""
    current = int(size)
    while current >= max(8, int(size * 0.6)):
        if 2 * _line_step(current) <= rect.height:
            lines = wrap(text, current, rect.width)
            if len(lines) <= 2 and all(measure(line, current)[0] <= rect.width for line in lines) \
                    and _ink_inside(lines, current,
                                    lines_step(lines, current, _line_step(current)), rect):
                return lines, current
        current -= 2
    return None


def _draw_lines(surface: pygame.Surface, lines: list[str], size: int, rect: pygame.Rect,
                colour: RGB, align: str) -> pygame.Rect:
    step = lines_step(lines, size, _line_step(size))
    ink_top, ink_bottom = _ink_extent(lines, size, step)
    top = rect.centery - (ink_top + ink_bottom) // 2  # the ink in the middle of ``rect``
    shown = pygame.Rect(rect.centerx, rect.centery, 0, 0)
    recording = drawn.active()
    for index, line in enumerate(lines):
        image = render(line, size, colour)
        target = image.get_rect(centery=top + step * index + step // 2)
        _place(target, rect, align)
        if recording:
            drawn.text(surface, line, line, image, target, size, colour)
        surface.blit(image, target)
        shown.union_ip(target)
    return shown


def paragraph_height(text: str, size: int, width: int) -> int:
    """The height :func:`draw_paragraph` takes for ``text`` at ``size`` unshrunk: the room
    to give a paragraph that must stay at its size."""
    lines = wrap(text, size, width)
    return len(lines) * lines_step(lines, size, line_size(size))


def draw_paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                   colour: RGB, align: str = "left") -> int:
    """Wrapped text from the top of ``rect``; shrinks until it fits. Returns the height used."""
    current = int(size)
    while True:
        lines = wrap(text, current, rect.width)
        line_height = lines_step(lines, current, line_size(current))
        if len(lines) * line_height <= rect.height or current <= 12:
            break
        current -= 2
    room = max(1, (rect.height + line_height // 2) // line_height)
    if len(lines) > room:
        # the last line that fits carries the rest, so it ends in an ellipsis, not mid-text
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    y = rect.top
    for line in lines:
        draw_text(surface, line, pygame.Rect(rect.left, y, rect.width, line_height), current,
                  colour, align)
        y += line_height
    return y - rect.top
