"""Turn the picture by 0, 90, 180 or 270 degrees, and touches back to match.

SDL's kmsdrm driver ignores the kernel's panel rotation, and the Touch Display 2 is
portrait-native, so the app turns the picture itself at the one place frames leave it
(:meth:`Rotation.present`) and turns every touch back at the one place they come in
(:meth:`Rotation.to_logical`). Screens draw on :attr:`Rotation.logical`, a surface of
the turned size, and never know. Degrees are clockwise, as the viewer sees the picture
turned on the panel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

ANGLES = (0, 90, 180, 270)


def check_angle(degrees: int) -> int:
    if degrees not in ANGLES:
        raise ValueError(f"rotation must be one of {ANGLES} degrees, not {degrees!r}")
    return degrees


def logical_size(physical: tuple[int, int], degrees: int) -> tuple[int, int]:
    width, height = physical
    return (height, width) if check_angle(degrees) in (90, 270) else (width, height)


def to_physical(point: tuple[int, int], physical: tuple[int, int],
                degrees: int) -> tuple[int, int]:
    """Where the logical pixel ``point`` lands on the panel."""
    x, y = point
    width, height = physical
    if degrees == 90:
        return width - 1 - y, x
    if degrees == 180:
        return width - 1 - x, height - 1 - y
    if degrees == 270:
        return y, height - 1 - x
    return x, y


def to_logical(point: tuple[int, int], physical: tuple[int, int],
               degrees: int) -> tuple[int, int]:
    """The logical pixel under the panel pixel ``point`` (the inverse of :func:`to_physical`)."""
    x, y = point
    width, height = physical
    if degrees == 90:
        return y, width - 1 - x
    if degrees == 180:
        return width - 1 - x, height - 1 - y
    if degrees == 270:
        return height - 1 - y, x
    return x, y


def rect_to_physical(rect: pygame.Rect, physical: tuple[int, int], degrees: int) -> pygame.Rect:
    x1, y1 = to_physical((rect.left, rect.top), physical, degrees)
    x2, y2 = to_physical((rect.right - 1, rect.bottom - 1), physical, degrees)
    return pygame.Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)


class Rotation:
    """The logical drawing surface for a display turned by ``degrees``, and its present."""

    def __init__(self, display: pygame.Surface, degrees: int,
                 update: Callable[[list[pygame.Rect]], None] | None = None) -> None:
        self.display = display
        self.degrees = check_angle(degrees)
        self._update = update or pygame.display.update
        self.physical = display.get_size()
        self.logical = (display if self.degrees == 0 else
                        pygame.Surface(logical_size(self.physical, self.degrees)).convert(display))

    def present(self, rects: Sequence[pygame.Rect]) -> None:
        """Copy the changed logical rectangles onto the panel, turned, and show them."""
        if self.degrees == 0:
            self._update(list(rects))
            return
        bounds = self.logical.get_rect()
        shown = []
        for rect in rects:
            area = pygame.Rect(rect).clip(bounds)
            if not area.width or not area.height:
                continue
            turned = pygame.transform.rotate(self.logical.subsurface(area), -self.degrees)
            target = rect_to_physical(area, self.physical, self.degrees)
            self.display.blit(turned, target.topleft)
            shown.append(target)
        self._update(shown)

    def to_logical(self, point: tuple[int, int]) -> tuple[int, int]:
        return to_logical(point, self.physical, self.degrees)

    def finger_to_logical(self, x: float, y: float) -> tuple[int, int]:
        """A touch in SDL's 0..1 panel coordinates, as a logical pixel."""
        width, height = self.physical
        px = min(width - 1, max(0, int(x * width)))
        py = min(height - 1, max(0, int(y * height)))
        return self.to_logical((px, py))
