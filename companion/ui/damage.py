"""What the next frame must redraw: rectangles (or everything), a new layout, pressed buttons.

Screens, overlays and the move path say here *what* changed; the frame
(:mod:`companion.ui.frame`) decides when and how it is drawn. A step in which nothing was
invalidated draws nothing at all.
"""

from __future__ import annotations

import pygame

from companion.ui.widgets import Button


class Damage:
    """The invalidated part of the window since the last frame."""

    def __init__(self) -> None:
        #: the rectangles to redraw (see :attr:`full`)
        self.rects: list[pygame.Rect] = []
        #: the whole window is to be redrawn
        self.full = True
        #: the screens must lay out their buttons again before the next intent or frame
        self.needs_build = True
        #: buttons to show pressed (True) or released alone, without a layout or a redraw
        self.highlights: list[tuple[Button, bool]] = []
        #: an overlay's new rectangles, drawn over the last frame alone (see :meth:`cover`)
        self.covered: list[pygame.Rect] = []

    def invalidate(self, rect: pygame.Rect | None = None) -> None:
        """Ask for a redraw of ``rect`` (None: the whole window) at the end of this step."""
        self.needs_build = True
        if rect is None:
            self.full = True
        else:
            self.rects.append(pygame.Rect(rect))

    def highlight(self, button: Button, pressed: bool) -> None:
        """Show ``button`` pressed (or released) by drawing that button alone in this step.

        A press changes nothing but the button, so neither the layout nor the rest of the
        screen is drawn again; where that cannot be done the button's rect is redrawn.
        """
        self.highlights.append((button, pressed))

    def cover(self, rect: pygame.Rect) -> None:
        """An overlay put up at ``rect`` over the frame as it is ("Saving..."): drawn alone
        over the last frame, with neither a layout nor a redraw of what it covers (a
        redraw of anything drawn meanwhile draws it too)."""
        self.covered.append(pygame.Rect(rect))

    @property
    def pending(self) -> bool:
        """Whether anything is to be redrawn (highlights aside)."""
        return self.full or bool(self.rects)

    def drawn(self) -> None:
        """The invalidated part went to the display."""
        self.full = False
        self.rects = []
        self.covered = []
