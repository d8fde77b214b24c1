"""Text drawing with pygame's bundled default font, cached so redraws stay cheap.

Only the font that ships with pygame-ce is used, so the Pi needs no system fonts.
Text that does not fit shrinks a little, then wraps or is cut with an ellipsis: a label
never spills over its button.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from companion.ui.theme import RGB

_fonts: dict[int, pygame.font.Font] = {}
_rendered: OrderedDict[tuple[str, int, RGB], pygame.Surface] = OrderedDict()
_CACHE_SIZE = 600
ELLIPSIS = "..."


def font(size: int) -> pygame.font.Font:
    size = max(8, int(size))
    if size not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


def forget_fonts() -> None:
    """Drop the cached fonts: call before ``pygame.quit()``, which makes them unusable."""
    _fonts.clear()


def render(text: str, size: int, colour: RGB) -> pygame.Surface:
    key = (text, int(size), colour)
    surface = _rendered.get(key)
    if surface is None:
        surface = font(size).render(text, True, colour)
        _rendered[key] = surface
        if len(_rendered) > _CACHE_SIZE:
            _rendered.popitem(last=False)
    else:
        _rendered.move_to_end(key)
    return surface


def fit_size(text: str, size: int, width: int, smallest_ratio: float = 0.7) -> int:
    """The largest size down to ``smallest_ratio * size`` at which ``text`` fits ``width``."""
    smallest = max(8, int(size * smallest_ratio))
    current = int(size)
    while current > smallest and font(current).size(text)[0] > width:
        current -= 2
    return current


def ellipsize(text: str, size: int, width: int) -> str:
    if font(size).size(text)[0] <= width:
        return text
    while text and font(size).size(text + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text + ELLIPSIS


def draw_text(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour: RGB,
              align: str = "center") -> pygame.Rect:
    """One line in ``rect`` (aligned ``left``, ``center`` or ``right``, vertically centred)."""
    size = fit_size(text, size, rect.width)
    image = render(ellipsize(text, size, rect.width), size, colour)
    target = image.get_rect(centery=rect.centery)
    if align == "left":
        target.left = rect.left
    elif align == "right":
        target.right = rect.right
    else:
        target.centerx = rect.centerx
    surface.blit(image, target)
    return target


def wrap(text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font(size).size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                   colour: RGB, align: str = "left") -> int:
    """Wrapped text from the top of ``rect``; shrinks until it fits. Returns the height used."""
    current = int(size)
    while True:
        lines = wrap(text, current, rect.width)
        line_height = font(current).get_linesize()
        if len(lines) * line_height <= rect.height or current <= 12:
            break
        current -= 2
    y = rect.top
    for line in lines:
        if y + line_height > rect.bottom + line_height // 2:
            break
        draw_text(surface, line, pygame.Rect(rect.left, y, rect.width, line_height), current,
                  colour, align)
        y += line_height
    return y - rect.top
