"""Pictures drawn once and reused while what they show holds: the tables' cached layers.

A frame of a table is mostly parts that did not change since the last one: a region of
the Ave Roma ring nobody touched, a camp whose owner did not act, a button whose label is
the same. Each such part is painted into its own surface under a *key* naming everything it
shows (the game values, its size, the language); a frame blits the surfaces whose key holds
and paints only the ones that changed. One picture is kept per name, so the memory is
bounded by the parts of one screen, not by the length of the evening.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from companion import i18n
from companion.ui.layout import mirrored
from companion.ui.text import fonts_generation

RGB = tuple[int, int, int]


class Layers:
    """Named pictures, each repainted only when its key changes."""

    def __init__(self, limit: int = 256) -> None:
        self._pictures: OrderedDict[str, tuple[Hashable, pygame.Surface]] = OrderedDict()
        self._limit = limit  # names beyond this (a screen of many parts) drop the oldest
        self.painted = 0  # pictures painted afresh, for tests and the benchmark

    def picture(self, name: str, key: Hashable, size: tuple[int, int], background: RGB,
                paint: Callable[[pygame.Surface], object]) -> pygame.Surface:
        """The picture called ``name`` of ``size``: reused while ``key`` holds (with the
        size, the background, the language, the mirroring and the fonts), else painted
        afresh by ``paint`` on ``background``."""
        full_key = (key, size, background, i18n.language(), mirrored(), fonts_generation())
        cached = self._pictures.get(name)
        if cached is not None and cached[0] == full_key:
            self._pictures.move_to_end(name)
            return cached[1]
        size = (max(1, size[0]), max(1, size[1]))
        picture = cached[1] if cached is not None and cached[1].get_size() == size \
            else pygame.Surface(size)  # a part repainted at its size keeps its surface
        picture.fill(background)
        paint(picture)
        self._pictures[name] = (full_key, picture)
        self._pictures.move_to_end(name)
        while len(self._pictures) > self._limit:
            self._pictures.popitem(last=False)
        self.painted += 1
        return picture

    def blit(self, surface: pygame.Surface, rect: pygame.Rect, name: str, key: Hashable,
             background: RGB, paint: Callable[[pygame.Surface, pygame.Rect], object]) -> None:
        """Draw the picture ``name`` at ``rect``; ``paint`` draws it into a rect at the
        origin of the picture's own surface when it has to be painted afresh."""
        local = pygame.Rect((0, 0), rect.size)
        surface.blit(self.picture(name, key, rect.size, background,
                                  lambda picture: paint(picture, local)), rect)

    def clear(self) -> None:
        self._pictures.clear()

    def __len__(self) -> int:
        return len(self._pictures)

