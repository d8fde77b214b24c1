"""Pictures drawn once and reused while what they show holds: the tables' cached layers.

A frame of a table is mostly parts that did not change since the last one: a region of
the Ave Roma ring nobody touched, a camp whose owner did not act, a button whose label is
the same. Each such part is painted into its own surface under a *key* naming everything it
shows (the game values, its size, the language); a frame blits the surfaces whose key holds
and paints only the ones that changed. One picture is kept per name (two sizes of it where
asked), so the memory is bounded by the parts of one screen, not by the length of the
evening.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from companion.core import i18n
from companion.ui import drawn
from companion.ui.layout import mirrored
from companion.ui.text import fonts_generation

RGB = tuple[int, int, int]


class Layers:
    """Named pictures, each repainted only when its key changes."""

    def __init__(self, limit: int = 256) -> None:
        self._pictures: OrderedDict[tuple[str, tuple[int, int]],
                                    tuple[tuple[Hashable, ...], pygame.Surface]] = OrderedDict()
        self._sizes: dict[str, list[tuple[int, int]]] = {}  # per name, most recent last
        self._limit = limit  # pictures beyond this (a screen of many parts) drop the oldest
        self.painted = 0  # pictures painted afresh, for tests and the benchmark
        self.updated = 0  # pictures brought up to date in part (see ``update``)

    def picture(self, name: str, key: Hashable, size: tuple[int, int], background: RGB,
                paint: Callable[[pygame.Surface], object],
                update: Callable[[pygame.Surface, Hashable], bool] | None = None,
                sizes: int = 1) -> pygame.Surface:
        """The picture called ``name`` of ``size``: reused while ``key`` holds (with the
        background, the language, the mirroring and the fonts), else painted afresh by
        ``paint`` on ``background``. Its last ``sizes`` sizes are kept: a part whose size
        goes back and forth with the layout (a camp, as the move buttons take one row or
        two) keeps both, at the memory of both.

        When only ``key`` changed, ``update`` (if given) may bring the kept picture up to
        date itself, told the old key: it repaints what changed and returns True, or
        returns False to have the whole picture painted afresh.
        """
        full_key = (key, size, background, i18n.language(), mirrored(), fonts_generation())
        slot = (name, size)
        cached = self._pictures.get(slot)
        if cached is not None and cached[0] == full_key:
            self._pictures.move_to_end(slot)
            self._used(name, size, sizes)
            return cached[1]
        if (update is not None and cached is not None and cached[0][1:] == full_key[1:]
                and update(cached[1], cached[0][0])):
            self._pictures[slot] = (full_key, cached[1])
            self._pictures.move_to_end(slot)
            self._used(name, size, sizes)
            self.updated += 1
            return cached[1]
        # a part repainted at its size keeps its surface
        picture = cached[1] if cached is not None else pygame.Surface(_surface_size(size))
        drawn.fresh(picture)
        picture.fill(background)
        paint(picture)
        self._pictures[slot] = (full_key, picture)
        self._pictures.move_to_end(slot)
        self._used(name, size, sizes)
        while len(self._pictures) > self._limit:
            (dropped, dropped_size), _picture = self._pictures.popitem(last=False)
            self._sizes[dropped].remove(dropped_size)
        self.painted += 1
        return picture

    def _used(self, name: str, size: tuple[int, int], kept: int) -> None:
        """``size`` of ``name`` is the most recent; its sizes beyond ``kept`` go."""
        sizes = self._sizes.setdefault(name, [])
        if not sizes or sizes[-1] != size:
            if size in sizes:
                sizes.remove(size)
            sizes.append(size)
        while len(sizes) > max(1, kept):
            self._pictures.pop((name, sizes.pop(0)), None)

    def blit(self, surface: pygame.Surface, rect: pygame.Rect, name: str, key: Hashable,
             background: RGB, paint: Callable[[pygame.Surface, pygame.Rect], object],
             update: Callable[[pygame.Surface, pygame.Rect, Hashable], bool] | None = None,
             sizes: int = 1) -> None:
        """Draw the picture ``name`` at ``rect``; ``paint`` draws it into a rect at the
        origin of the picture's own surface when it has to be painted afresh, ``update``
        into the kept one when only ``key`` changed (see :meth:`picture`, and for
        ``sizes``)."""
        local = pygame.Rect((0, 0), rect.size)
        picture = self.picture(
            name, key, rect.size, background, lambda picture: paint(picture, local),
            None if update is None else lambda picture, old: update(picture, local, old),
            sizes)
        drawn.placed(picture, surface, rect.topleft)
        surface.blit(picture, rect)

    def clear(self) -> None:
        self._pictures.clear()
        self._sizes.clear()

    def __len__(self) -> int:
        return len(self._pictures)


def _surface_size(size: tuple[int, int]) -> tuple[int, int]:
    """A picture's surface for a part of ``size``: at least a pixel each way (an empty part
    still gets a picture, never an error)."""
    return max(1, size[0]), max(1, size[1])
