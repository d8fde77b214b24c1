"""The screen audit: what a frame draws checked against what a person 60 cm away can read and
hit.

A frame is drawn with :mod:`companion.ui.drawn` recording every text's ink and every board
piece (with the layer, the screen, that drew it), and checked:

- text size, as drawn: every text's capitals (a capital H's ink at the text's size) at least
  11 px, names and numbers a player decides by 14 px, at 800x480 (0.19 mm a pixel); the same
  millimetres on other displays;
- overlap: no text's ink on another text's ink, on a piece it is not the label of, on a road,
  or across a button's edge; nothing clipped by its surface or cut with an ellipsis;
- touch: every enabled touch area at least 48 px each way, and points sampled inside each drawn
  target (a button's face, a road's spaces, a city's disc) reach that target;
- contrast: text at least 4.5:1 against what lies under it, meaningful lines (roads) 3:1.

Stability (a button keeping its place between two taps of one task) is checked by the flows
that tap (:meth:`Audit.stable`). Each finding names the screen, size, language, state and
rectangle; :meth:`Audit.contact_sheet` puts their crops in one picture.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from companion.core import i18n
from companion.ui import drawn, text, text_fit, text_render, theme
from companion.ui.drawn import Item
from companion.ui.screen import Screen
from companion.ui.tables.base import Hotspot
from companion.ui.widgets import Button

SIZES = ((800, 480), (720, 1280))
LANGUAGES = ("en", "de", "ro", "ar", "zh_CN")
#: capitals' heights (a capital H's ink as the screens draw it) a reader 60 cm away needs
#: on the 7" panel (PANEL_PITCH mm a pixel): every text, and the names and numbers a player
#: decides by; other displays the same millimetres (PITCH: mm a pixel of each display)
SMALLEST_CAPITALS = 11
READ_CAPITALS = 14
PANEL_PITCH = 0.19
PITCH = {(800, 480): 0.19, (720, 1280): 0.12}
TOUCH = 48
TEXT_CONTRAST = 4.5
LINE_CONTRAST = 3.0
#: what a decision is read from: a number, a player's, a card's, a building's or city's name
NAME_WORDS: set[str] = set()


def _names() -> set[str]:
    if not NAME_WORDS:
        from companion.games.glory_to_rome.data import buildings_in_set
        from companion.games.via_romana import RULES as VIA_ROMANA

        for card_set in ("imperium", "republic"):
            NAME_WORDS.update(buildings_in_set(card_set))
        state = VIA_ROMANA.setup(_seats(3), VIA_ROMANA.default_options())
        NAME_WORDS.update(city.name for city in state.board.cities)
    return NAME_WORDS


def _seats(count: int) -> tuple[Any, ...]:
    from companion.games.base import PlayerInfo

    return tuple(PlayerInfo(f"P{i}", "red", i) for i in range(count))


@dataclass(frozen=True)
class Finding:
    check: str  # text-size, overlap, clipped, touch-size, touch-miss, contrast, stability
    screen: str
    size: str
    language: str
    state: str
    rect: tuple[int, int, int, int]
    detail: str

    def line(self) -> str:
        return (f"{self.check:<11} {self.screen:<28} {self.size:<9} {self.language:<5} "
                f"{tuple(self.rect)!s:<22} {self.detail}  [{self.state}]")

    def identity(self) -> tuple[str, ...]:
        """The same finding seen in another state of the same game counts once."""
        return (self.check, self.screen, self.size, self.language, self.detail)


@dataclass
class Crop:
    finding: Finding
    picture: pygame.Surface


@dataclass
class Audit:
    """Findings gathered over many frames, and a crop of each distinct one."""

    findings: list[Finding] = field(default_factory=list)
    crops: list[Crop] = field(default_factory=list)
    frames: int = 0
    frames_of: Counter[str] = field(default_factory=Counter)
    _seen: set[tuple[str, ...]] = field(default_factory=set)
    crops_kept: int = 400

    # -- recording a frame --------------------------------------------------------------

    def frame(self, app: Any, screen: str, state: str, names: Iterable[str] = ()) -> None:
        """Draw ``app``'s frame afresh and check it (``names``: the players' names)."""
        text.repaint_kept_pictures()  # every picture painted again: its items are recorded
        visible = _visible(app)
        originals: list[tuple[Screen, Any]] = []
        for index, shown in enumerate(visible):
            originals.append((shown, shown.__dict__.get("draw")))
            layered = _in_layer(f"{index}:{shown.name}", type(shown).draw.__get__(shown))
            shown.draw = layered  # type: ignore[method-assign, assignment]
        errors = app.errors
        try:
            with drawn.recording() as record:
                app.invalidate()
                app.render(force=True)
        finally:
            for shown, original in originals:
                if original is None:
                    del shown.draw
                else:
                    shown.draw = original  # type: ignore[method-assign]
        self.frames += 1
        self.frames_of[screen] += 1
        top_layer = f"{len(visible) - 1}:{visible[-1].name}"
        items = [item for item in record.items(app.surface) if item.layer in ("", top_layer)]
        where = (screen, f"{app.metrics.width}x{app.metrics.height}", i18n.language(), state)
        found = check_frame(app, items, visible, set(names) | _names())
        if app.errors > errors:
            found.append(("error", app.surface.get_rect(), "the frame failed to draw"))
        for check, rect, detail in found:
            self._add(Finding(check, *where, _box(rect), detail), app.surface, rect)

    def stable(self, app: Any, screen: str, state: str, before: dict[str, pygame.Rect],
               tapped: str) -> None:
        """The buttons of a task's dialog keep their places after ``tapped`` was tapped."""
        after = {b.key: b.rect for b in _visible(app)[-1].buttons}
        for key, rect in before.items():
            if key in after and after[key] != rect and key != tapped:
                where = (screen, f"{app.metrics.width}x{app.metrics.height}", i18n.language(),
                         state)
                self._add(Finding("stability", *where, _box(after[key]),
                                  f"{key} moved from {tuple(rect)} after tapping {tapped}"),
                          app.surface, after[key].union(rect))

    def _add(self, finding: Finding, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.findings.append(finding)
        if finding.identity() in self._seen:
            return
        self._seen.add(finding.identity())
        if len(self.crops) < self.crops_kept:
            area = pygame.Rect(rect).inflate(40, 40).clip(surface.get_rect())
            if area.width > 0 and area.height > 0:
                crop = surface.subsurface(area).copy()
                box = pygame.Rect(rect).move(-area.left, -area.top)
                pygame.draw.rect(crop, (255, 0, 255), box, width=2)
                self.crops.append(Crop(finding, crop))

    # -- reporting ----------------------------------------------------------------------

    def distinct(self) -> list[Finding]:
        seen: dict[tuple[str, ...], Finding] = {}
        for finding in self.findings:
            seen.setdefault(finding.identity(), finding)
        return list(seen.values())

    def per_screen(self) -> dict[str, int]:
        """Distinct findings per screen, every audited screen named (0 included)."""
        found = Counter(f.screen for f in self.distinct())
        return {screen: found[screen] for screen in sorted(set(self.frames_of) | set(found))}

    def report(self) -> str:
        lines = [f.line() for f in self.distinct()]
        lines.append(f"{len(self.distinct())} distinct findings ({len(self.findings)} in all) "
                     f"in {self.frames} frames")
        lines.extend(f"  {screen}: {count} in {self.frames_of[screen]} frames"
                     for screen, count in self.per_screen().items())
        return "\n".join(lines)

    def contact_sheet(self, path: Path, width: int = 1600) -> None:
        """The crops of the distinct findings in rows, each captioned, as one PNG."""
        pygame.font.init()
        caption = pygame.font.Font(None, 18)
        cell_width = 380
        columns = max(1, width // cell_width)
        cells = []
        for crop in self.crops:
            picture = crop.picture
            scale = min(1.0, (cell_width - 8) / picture.get_width(), 200 / picture.get_height())
            if scale < 1.0:
                picture = pygame.transform.smoothscale(
                    picture, (max(1, int(picture.get_width() * scale)),
                              max(1, int(picture.get_height() * scale))))
            f = crop.finding
            words = [f"{f.check} {f.screen} {f.size} {f.language}",
                     f.detail[:60], f.state[:60]]
            cells.append((picture, words))
        rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
        heights = [max(p.get_height() for p, _ in row) + 3 * 18 + 12 for row in rows]
        sheet = pygame.Surface((columns * cell_width, sum(heights) + 40))
        sheet.fill((250, 250, 250))
        title = caption.render(f"{len(self.distinct())} distinct findings, {len(self.findings)} "
                               f"in all, {self.frames} frames", True, (0, 0, 0))
        sheet.blit(title, (8, 10))
        y = 40
        for row, height in zip(rows, heights[:len(rows)], strict=True):  # none: a title only
            for column, (picture, words) in enumerate(row):
                x = column * cell_width + 4
                for number, word in enumerate(words):
                    sheet.blit(caption.render(word, True, (0, 0, 0)), (x, y + number * 18))
                sheet.blit(picture, (x, y + 3 * 18 + 4))
            y += height
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(sheet, str(path))


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


def _in_layer(name: str, draw: Callable[[pygame.Surface], None]
              ) -> Callable[[pygame.Surface], None]:
    def in_layer(surface: pygame.Surface) -> None:
        with drawn.layer(name):
            draw(surface)
    return in_layer


def _visible(app: Any) -> list[Screen]:
    shown: list[Screen] = app.screens.visible()
    return shown


# -- the checks ------------------------------------------------------------------------------

Found = tuple[str, pygame.Rect, str]


def check_frame(app: Any, items: list[Item], visible: list[Screen],
                names: set[str]) -> list[Found]:
    scale = app.metrics.unit / 48
    found: list[Found] = []
    texts = [item for item in items if item.kind == "text"]
    pieces = [item for item in items if item.kind != "text"]
    top = visible[-1]
    size = (app.metrics.width, app.metrics.height)
    found += _capital_heights(texts, PITCH.get(size, PANEL_PITCH / scale), names)
    found += _clipped(texts)
    found += _overlaps(texts, pieces, top)
    found += _contrast(texts, pieces)
    found += _touch(app, top, pieces)
    return found


def _decisive(item: Item, names: set[str]) -> bool:
    words = item.text.replace("…", "").strip()
    if any(character.isdigit() for character in words):
        return True
    return any(name and name in words for name in names)


@lru_cache(maxsize=128)
def capital_height(size: int) -> int:
    """The ink height of a capital H as the screens draw a text asked at ``size``: the
    pixels that reach the reader, whatever the faces make of the size."""
    return text_render.render("H", size, (255, 255, 255)).get_bounding_rect().height


def _capital_heights(texts: list[Item], pitch: float, names: set[str]) -> list[Found]:
    """Capitals as tall as a reader 60 cm away needs, in millimetres."""
    found: list[Found] = []
    for item in texts:
        decisive = _decisive(item, names)
        smallest = (READ_CAPITALS if decisive else SMALLEST_CAPITALS) * PANEL_PITCH / pitch
        capitals = capital_height(item.size)
        if capitals < smallest - 0.5:
            kind = "name/number" if decisive else "text"
            found.append(("text-size", item.rect,
                          f"{kind} {item.text!r} with capitals {capitals} px "
                          f"(< {smallest:.0f}, {capitals * pitch:.1f} mm)"))
    return found


def _clipped(texts: list[Item]) -> list[Found]:
    found: list[Found] = []
    for item in texts:
        if item.clipped:
            found.append(("clipped", item.rect, f"{item.text!r} cut at its container's edge"))
        elif item.shown != item.text and item.shown.endswith(text_fit.ELLIPSIS):
            found.append(("clipped", item.rect, f"{item.text!r} shown as {item.shown!r}"))
    return found


def _overlaps(texts: list[Item], pieces: list[Item], top: Screen) -> list[Found]:
    found: list[Found] = []
    for number, item in enumerate(texts):
        box = item.rect
        for other in texts[number + 1:]:
            if other.layer == item.layer and box.colliderect(other.rect) and (
                    other.text != item.text or other.rect != box):
                found.append(("overlap", box.union(other.rect),
                              f"{item.text!r} on {other.text!r}"))
        for piece in pieces:
            if piece.layer != item.layer or not box.colliderect(piece.rect):
                continue
            if piece.segment is not None:
                if _segment_hits(piece, box):
                    found.append(("overlap", box, f"{item.text!r} on a road ({piece.target})"))
            elif not piece.rect.contains(box) and not _inside_label(box, piece, pieces):
                found.append(("overlap", box, f"{item.text!r} on a {piece.kind}"))
    if top.modal:
        return found
    for button in top.buttons:
        if isinstance(button, Hotspot):
            continue
        for item in texts:
            if (item.layer.endswith(top.name) and item.rect.colliderect(button.rect)
                    and not button.rect.contains(item.rect)):
                found.append(("overlap", item.rect,
                              f"{item.text!r} across the edge of button {button.key}"))
    return found


def _inside_label(box: pygame.Rect, piece: Item, pieces: list[Item]) -> bool:
    """A text inside a piece that sits on ``piece`` (a badge on a card) is that one's label."""
    return any(other is not piece and other.rect.contains(box) and
               piece.rect.colliderect(other.rect) for other in pieces)


def _segment_hits(piece: Item, box: pygame.Rect) -> bool:
    assert piece.segment is not None
    (ax, ay), (bx, by) = piece.segment
    length = math.hypot(bx - ax, by - ay)
    steps = max(2, int(length))
    inner = box.inflate(piece.width - 2, piece.width - 2)
    return any(inner.collidepoint(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps)
               for i in range(steps + 1))


def _contrast(texts: list[Item], pieces: list[Item]) -> list[Found]:
    found: list[Found] = []
    for item in texts:
        if item.colour == theme.TEXT_DISABLED:
            continue  # a disabled control's label (no contrast asked of it)
        ratio = theme.contrast(item.colour, item.ground)
        if ratio < TEXT_CONTRAST:
            found.append(("contrast", item.rect,
                          f"text {item.text!r} {ratio:.1f}:1 on {item.ground}"))
    for piece in pieces:
        if piece.kind == "road":
            ratio = theme.contrast(piece.colour, piece.ground)
            if ratio < LINE_CONTRAST:
                found.append(("contrast", piece.rect,
                              f"{piece.target} line {ratio:.1f}:1 on {piece.ground}"))
    return found


def finger_lands(app: Any, top: Screen, pos: tuple[int, int]) -> str:
    """What a tap at ``pos`` reaches: "prompt", a button's key, or ""."""
    if app.prompts and app.prompt_rect.collidepoint(pos):
        return "prompt"
    button = top.button_at(pos)
    return "" if button is None else button.key


def face_points(rect: pygame.Rect) -> list[tuple[int, int]]:
    """The centre and four points well inside a button's face."""
    dx, dy = rect.width // 4, rect.height // 4
    return [rect.center, (rect.centerx - dx, rect.centery - dy),
            (rect.centerx + dx, rect.centery - dy), (rect.centerx - dx, rect.centery + dy),
            (rect.centerx + dx, rect.centery + dy)]


def target_points(piece: Item) -> list[tuple[int, int]]:
    """Points a finger aims at on a drawn target: along a road space, inside a city's disc."""
    if piece.segment is not None:
        (ax, ay), (bx, by) = piece.segment
        return [(round(ax + (bx - ax) * t), round(ay + (by - ay) * t)) for t in (0.25, 0.5, 0.75)]
    r = piece.rect.width // 2
    cx, cy = piece.rect.center
    near = r * 6 // 10
    return [(cx, cy), (cx - near, cy), (cx + near, cy), (cx, cy - near), (cx, cy + near)]


def _touch(app: Any, top: Screen, pieces: list[Item]) -> list[Found]:
    found: list[Found] = []
    screen_rect = app.surface.get_rect()
    for button in top.buttons:
        if not button.enabled or isinstance(button, Hotspot):
            continue
        if min(button.rect.size) < TOUCH:
            found.append(("touch-size", button.rect,
                          f"{button.key} is {button.rect.width}x{button.rect.height}"))
        misses = [(point, landed) for point in face_points(button.rect)
                  if screen_rect.collidepoint(point)
                  and (landed := finger_lands(app, top, point)) != button.key]
        if misses:
            point, landed = misses[0]
            found.append(("touch-miss", button.rect,
                          f"{button.key}: a tap at {point} reaches {landed or 'nothing'}"))
    spots = {b.key for b in top.buttons if isinstance(b, Hotspot)}
    for piece in pieces:
        if not piece.target or piece.target not in spots:
            continue
        misses = [(point, landed) for point in target_points(piece)
                  if (landed := finger_lands(app, top, point)) != piece.target]
        if misses:
            point, landed = misses[0]
            found.append(("touch-miss", pygame.Rect(point[0] - 4, point[1] - 4, 8, 8),
                          f"{piece.target}: a tap on it at {point} reaches "
                          f"{landed or 'nothing'}"))
    return found


def keys(screen: Screen) -> dict[str, pygame.Rect]:
    return {button.key: pygame.Rect(button.rect) for button in screen.buttons}


def fast_enough() -> bool:
    """Whether the full sample is asked for (``COMPANION_AUDIT=full``) instead of CI's."""
    return os.environ.get("COMPANION_AUDIT", "") == "full"


__all__ = ["Audit", "Button", "Finding", "LANGUAGES", "SIZES"]
