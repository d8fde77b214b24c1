"""Buttons and the small drawing pieces every screen shares."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import field, replace
from functools import lru_cache

import pygame

from companion.core.records import mutable
from companion.ui import drawn, layout, theme
from companion.ui.font_sizes import line_size
from companion.ui.text import draw_text, lines_step, on_forget
from companion.ui.text_fit import ellipsize, fit_size, wrap
from companion.ui.text_render import ink_span
from companion.ui.text_shaping import measure
from companion.ui.theme import RGB


@mutable
class Button:
    """A touch target. ``key`` is stable so tests and key bindings can find it."""

    key: str
    rect: pygame.Rect
    label: str
    on_tap: Callable[[], object]
    enabled: bool = True
    fill: RGB | None = None
    selected: bool = False
    sublabel: str = ""
    size: int = 0  # font size; 0 = the screen's body size
    max_lines: int = 2  # a label wraps onto this many lines before anything is cut
    extra: dict[str, object] = field(default_factory=dict)

    def reach(self, pos: tuple[int, int]) -> float | None:
        """How far inside the target ``pos`` is: None outside it, 0 on a button's face; a
        drawn target (a road, a city) answers how close, so the nearest of two wins."""
        return 0.0 if self.rect.collidepoint(pos) else None

    def colours(self, pressed: bool = False) -> tuple[RGB, RGB]:
        """The fill it is drawn in and the text colour that reads on it."""
        fill = self.fill or (theme.ACCENT if self.selected else theme.BUTTON)
        if not self.enabled:
            return theme.BUTTON_DISABLED, theme.TEXT_DISABLED
        if pressed:
            fill = theme.BUTTON_PRESSED
        return fill, theme.text_on(fill)

    def inner(self) -> pygame.Rect:
        """Where the label goes: inset by a share of the short side, so a narrow key keeps
        room for its letter; with a sublabel also from the top and bottom edges, so the
        second line's descenders stay on the face."""
        pad = max(6, min(self.rect.height, self.rect.width) // 5)
        edge = max(3, self.rect.height // 14) if self.sublabel else 0
        return self.rect.inflate(-pad, -2 * edge)

    def label_layout(self, size: int) -> tuple[int, list[str], int, list[str]]:
        """(size, lines) of the label and of the sublabel, as they are drawn."""
        inner = self.inner()
        text_size = self.size or size
        if not self.sublabel:
            return (*fit_label(self.label, text_size, inner.width, inner.height,
                               self.max_lines), 0, [])
        top_height = self._top_height(text_size)
        label_size = text_size
        while label_size > 8 and line_size(label_size) > top_height + 4:
            label_size -= 2  # the label keeps to its share when the sublabel takes two lines
        sub_size = int(text_size * 0.75)
        while True:
            top = fit_label(self.label, label_size, inner.width, top_height, max_lines=1)
            bottom = fit_label(self.sublabel, sub_size, inner.width, inner.height - top_height,
                               max_lines=1 if top_height * 5 >= inner.height * 3 else 2,
                               smallest_ratio=0.5, slack=4)
            # a script whose ink is taller than the line (Arabic) gives up size, the label
            # first, until no line's ink touches another's or the button's edge
            if self._ink_fits(text_size, *top, *bottom):
                return (*top, *bottom)
            if label_size > text_size // 2:
                label_size -= 2
            elif sub_size > int(text_size * 0.45):
                sub_size -= 2
            else:
                return (*top, *bottom)

    def label_fits(self, size: int) -> bool:
        """Whether the label and sublabel, as laid out, keep their ink apart and on the
        face (the layout gives up at half size and draws them anyway)."""
        layout = self.label_layout(size)
        return not self.sublabel or self._ink_fits(self.size or size, *layout)

    def _ink_fits(self, text_size: int, label_size: int, label_lines: list[str],
                  sub_size: int, sub_lines: list[str]) -> bool:
        """Whether the lines drawn as :meth:`_paint` draws them keep their ink apart and
        on the face, a gap from its edges."""
        inner = self.inner()
        top_height = self._top_height(text_size)
        rows = [(pygame.Rect(inner.left, inner.top, inner.width, top_height), label_size,
                 label_lines),
                (pygame.Rect(inner.left, inner.top + top_height, inner.width,
                             inner.height - top_height), sub_size, sub_lines)]
        floor = self.rect.top + INK_GAP  # ink on the face's edge reads as cut
        for rect, size, lines in rows:
            line_height = lines_step(lines, size, line_size(size))
            first = rect.centery - line_height * len(lines) // 2
            for number, line in enumerate(lines):
                middle = first + number * line_height + line_height // 2
                above, below = ink_span(line, size)
                if middle + above < floor:
                    return False
                # a line's ink apart from the next one's by a pixel or two more than the
                # model says: centring a picture of odd height rounds
                floor = middle + below + LINE_SLACK
        return floor - LINE_SLACK <= self.rect.bottom - INK_GAP

    def _top_height(self, text_size: int) -> int:
        """The label's share of the height: three fifths, two when a long sublabel (a
        translated undo sentence) needs the room for two lines."""
        inner = self.inner()
        one_line = measure(self.sublabel, int(text_size * 0.75 * 0.7))[0] <= inner.width
        return inner.height * (3 if one_line else 2) // 5

    def draw(self, surface: pygame.Surface, size: int, pressed: bool = False) -> None:
        """The button at its place; its picture is kept, since most frames redraw buttons
        whose label, colours and size did not change."""
        key = (type(self), self.label, self.sublabel, self.rect.size, pressed, self.selected,
               self.fill, self.enabled, self.size or size, self.max_lines, layout.mirrored())
        picture = _button_pictures.get(key)
        if picture is None:
            picture = pygame.Surface(self.rect.size, 0, surface)  # blended as on screen
            picture.fill(CLEAR)  # the corners outside the rounded fill stay see-through
            replace(self, rect=pygame.Rect((0, 0), self.rect.size))._paint(picture, size,
                                                                           pressed)
            picture.set_colorkey(CLEAR, pygame.RLEACCEL)
            _keep_picture(key, picture)
        else:
            _button_pictures.move_to_end(key)
        drawn.placed(picture, surface, self.rect.topleft)
        surface.blit(picture, self.rect)

    def _paint(self, surface: pygame.Surface, size: int, pressed: bool) -> None:
        fill, colour = self.colours(pressed)
        radius = max(4, min(self.rect.height, self.rect.width) // 6)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.selected and self.fill is not None and self.enabled:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=max(3, radius // 2),
                             border_radius=radius)
        inner = self.inner()
        label_size, label_lines, sub_size, sub_lines = self.label_layout(size)
        if self.sublabel:
            top = pygame.Rect(inner.left, inner.top, inner.width,
                              self._top_height(self.size or size))
            bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.height - top.height)
            _draw_lines(surface, label_lines, top, label_size, colour)
            _draw_lines(surface, sub_lines, bottom, sub_size, colour)
        else:
            _draw_lines(surface, label_lines, inner, label_size, colour)


#: px of face kept between a two-line label's ink and the button's top and bottom edges
INK_GAP = 3
#: px kept between the ink of two stacked lines of a label (rounding of their centring)
LINE_SLACK = 2
#: the see-through colour of a button's picture (no theme colour or text shade is this)
CLEAR: RGB = (255, 0, 255)
#: drawn buttons by what they show, the least recently drawn going when over the budget
_button_pictures: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_picture_bytes = 0
BUTTON_PICTURE_BYTES = 1024 * 1024


def _keep_picture(key: tuple[object, ...], picture: pygame.Surface) -> None:
    global _picture_bytes
    _button_pictures[key] = picture
    _picture_bytes += picture.get_width() * picture.get_height() * 4
    while _picture_bytes > BUTTON_PICTURE_BYTES and len(_button_pictures) > 1:
        _, dropped = _button_pictures.popitem(last=False)
        _picture_bytes -= dropped.get_width() * dropped.get_height() * 4


def _forget_pictures() -> None:
    global _picture_bytes
    _button_pictures.clear()
    _picture_bytes = 0


on_forget(_forget_pictures)


def fit_label(text: str, size: int, width: int, height: int,
              max_lines: int = 2, smallest_ratio: float = 0.6,
              slack: int = 0) -> tuple[int, list[str]]:
    """A label's size and lines: one line shrunk a little, else wrapped onto two lines,
    and cut with an ellipsis only when even that does not fit.

    A label of one or two characters (a key, a number) shrinks as far as it must and is
    never cut. Lines fill ``height`` (plus ``slack`` of the font's leading: a sublabel's
    line gap) so a second line's descenders stay on the face. Memoised: a redraw lays out
    the same labels again.
    """
    fitted, lines = _fit_label(text, int(size), int(width), int(height), max_lines,
                               smallest_ratio, slack, layout.mirrored())
    return fitted, list(lines)


@lru_cache(maxsize=2048)
def _fit_label(text: str, size: int, width: int, height: int, max_lines: int,
               smallest_ratio: float, slack: int, rtl: bool) -> tuple[int, tuple[str, ...]]:
    return _lay_out_label(text, size, width, height, max_lines, smallest_ratio, slack)


def _lay_out_label(text: str, size: int, width: int, height: int, max_lines: int,
                   smallest_ratio: float, slack: int) -> tuple[int, tuple[str, ...]]:
    """The largest size at which ``text`` fits, on one line or on up to ``max_lines``
    (one line when both fit at that size): a label is not shrunk on one line where it
    could keep a larger size on two."""
    if len(text) <= 2:
        short = fit_size(text, size, width, smallest_ratio=0.3)
        while short > max(8, int(size * 0.3)) and not _ink_fits([text], short, height):
            short -= 2  # an Arabic word's ink ('تم') stays on the face too
        return short, (text,)
    one = fit_size(text, size, width)
    while one > max(8, int(size * smallest_ratio)) and not _ink_fits([text], one, height):
        one -= 2  # ink taller than its line (Arabic marks, descenders) stays on the face
    one_fits = measure(text, one)[0] <= width
    if one_fits and one == int(size) or max_lines < 2:
        return one, (ellipsize(text, one, width),)
    current = int(size)
    smallest = max(8, int(size * smallest_ratio))
    while True:
        if one_fits and current <= one:
            return one, (text,)
        lines = wrap(text, current, width)
        fits = len(lines) <= max_lines and all(measure(line, current)[0] <= width
                                                for line in lines)
        if fits and (_ink_fits(lines, current, height) if not slack
                     else len(lines) * line_size(current) <= height + slack):
            return current, tuple(lines)
        if current <= smallest:
            break
        current -= 2
    lines = wrap(text, current, width)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return current, tuple(ellipsize(line, current, width) for line in lines)


def _ink_fits(lines: list[str], size: int, height: int) -> bool:
    """Whether ``lines`` drawn as :func:`_draw_lines` draws them in a face ``height``
    tall keep their ink on it (descenders and Arabic marks included)."""
    step = lines_step(lines, size, line_size(size))
    top = height // 2 - step * len(lines) // 2
    return (top + step // 2 + ink_span(lines[0], size)[0] >= 0 and
            top + step * (len(lines) - 1) + step // 2 + ink_span(lines[-1], size)[1] <= height)


def _draw_lines(surface: pygame.Surface, lines: list[str], rect: pygame.Rect, size: int,
                colour: RGB) -> None:
    line_height = lines_step(lines, size, line_size(size))
    top = rect.centery - line_height * len(lines) // 2
    for number, line in enumerate(lines):
        row = pygame.Rect(rect.left, top + number * line_height, rect.width, line_height)
        draw_text(surface, line, row, size, colour)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: RGB = theme.PANEL,
          border: RGB | None = None, width: int = 3) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=_panel_radius(rect))
    if border is not None:
        panel_border(surface, rect, border, width)


def panel_border(surface: pygame.Surface, rect: pygame.Rect, border: RGB, width: int) -> None:
    """The border of :func:`panel` alone: drawn over a kept picture of a panel, it marks
    it (whose turn) without painting the panel again."""
    pygame.draw.rect(surface, border, rect, width=width, border_radius=_panel_radius(rect))


def ground_panel(surface: pygame.Surface, rect: pygame.Rect, fill: RGB, ground: RGB,
                 covered: Sequence[pygame.Rect] = ()) -> None:
    """:func:`panel` without a border on a ground of one colour, left unfilled where
    ``covered`` (pictures drawn next hide it there): the same pixels wherever it shows,
    drawn as fills around the covered rects and its four corners kept as pictures."""
    radius = _panel_radius(rect)
    if rect.width < 2 * radius or rect.height < 2 * radius:
        surface.fill(ground, rect)
        panel(surface, rect, fill)
        return
    for piece in layout.rect_difference(rect, covered):
        surface.fill(fill, piece)
    corners = _panel_corners(radius, fill, ground)
    for corner, position in zip(corners, (rect.topleft, (rect.right - radius, rect.top),
                                          (rect.left, rect.bottom - radius),
                                          (rect.right - radius, rect.bottom - radius)),
                                strict=True):
        surface.blit(corner, position)


@lru_cache(maxsize=16)
def _panel_corners(radius: int, fill: RGB, ground: RGB) -> tuple[pygame.Surface, ...]:
    """The four corners of a panel of ``radius`` on ``ground``, cut from a small one."""
    size = 2 * radius + 4
    picture = pygame.Surface((size, size))
    picture.fill(ground)
    pygame.draw.rect(picture, fill, picture.get_rect(), border_radius=radius)
    far = size - radius
    return tuple(picture.subsurface((x, y, radius, radius)).copy()
                 for x, y in ((0, 0), (far, 0), (0, far), (far, far)))


def _panel_radius(rect: pygame.Rect) -> int:
    return max(4, min(rect.height, rect.width) // 12)


def swatch(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=max(2, rect.height // 5))
    pygame.draw.rect(surface, theme.MUTED, rect, width=1, border_radius=max(2, rect.height // 5))



on_forget(_fit_label.cache_clear)
