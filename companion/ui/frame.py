"""The frame: lays out and draws what was invalidated, and sends only that to the display.

A frame is drawn only when something was invalidated (:mod:`companion.ui.damage`), and
only the touched rectangles are presented. A pressed button is drawn by itself over the
last frame (and what it covered put back on release), without a layout or a redraw; so is
"Saving..." when a move goes to the disk (the table changes only once it landed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.ui import fonts, theme
from companion.ui.damage import Damage
from companion.ui.layout import Metrics, metrics_for
from companion.ui.overlays import Overlays
from companion.ui.screen import Screen
from companion.ui.screen_stack import ScreenStack
from companion.ui.widgets import Button

if TYPE_CHECKING:  # a turned panel comes later, if at all
    from companion.ui.rotation import Rotation


class Frame:
    """The window's surface, how it reaches the display, and the drawing of a frame."""

    def __init__(self, surface: pygame.Surface, present: Callable[[list[pygame.Rect]], None],
                 damage: Damage, screens: ScreenStack, overlays: Overlays,
                 rotation: int = 0) -> None:
        self.damage = damage
        self.screens = screens
        self.overlays = overlays
        self.surface = surface
        self.metrics: Metrics = metrics_for(surface.get_size())
        self.present = present
        #: the panel's surface and present, under the turned picture of :attr:`rotation`
        self._panel = surface
        self._panel_present = present
        self.rotation: Rotation | None = None
        if rotation:
            self.set_rotation(rotation)
        self.display_updates = 0
        #: what the pressed button covered: (key, where, the pixels), to put back on release
        self._under: tuple[str, pygame.Rect, pygame.Surface] | None = None

    # -- the panel ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self._panel = pygame.display.get_surface() or self._panel
        if self.rotation is not None:
            self.set_rotation(self.rotation.degrees)
            return
        self.surface = self._panel
        self.metrics = metrics_for(size)
        self.damage.invalidate()

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture (and touches) by ``degrees`` clockwise; 0 draws straight."""
        from companion.ui.rotation import Rotation

        self.rotation = Rotation(self._panel, degrees, self._panel_present)
        self.surface = self.rotation.logical
        self.present = self.rotation.present
        self.metrics = metrics_for(self.surface.get_size())
        self.damage.invalidate()

    # -- a frame --------------------------------------------------------------------------

    def build(self) -> None:
        """Lay out the visible screens' buttons (a screen that fails to has none)."""
        self.damage.needs_build = False
        for screen in self.screens.visible():
            if not self.overlays.guard(screen.build):
                screen.buttons = []

    def render(self, force: bool = False) -> None:
        """Draw and present what was invalidated; nothing at all when nothing was."""
        damage = self.damage
        if force:
            damage.full = True
        if not damage.pending:
            if damage.highlights:
                self._render_highlights()
            if damage.covered:
                self._render_covered()
            return
        damage.highlights = []
        self._under = None
        rects = self.draw()
        damage.drawn()
        self.present(rects)
        self.display_updates += 1
        missing_fonts = fonts.new_notices()
        if missing_fonts:  # found while drawing: said once, with the package to install
            self.overlays.message(" ".join(missing_fonts), error=False)

    def draw(self) -> list[pygame.Rect]:
        """Draw what was invalidated into the surface (not presented); the rects drawn."""
        damage = self.damage
        if damage.needs_build:
            self.build()
        rects = [self.metrics.rect()] if damage.full else list(damage.rects)
        self.surface.set_clip(rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0])
        if not self.overlays.guard(self._draw_screens):
            self.surface.fill(theme.BACKGROUND)
        stack = self.screens.stack
        self.overlays.draw(self.surface, self.metrics,
                           dialog_on_top=bool(stack) and stack[-1].modal)
        self.surface.set_clip(None)
        return rects

    def _draw_screens(self) -> None:
        for screen in self.screens.visible():
            if screen.modal:
                shade = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
                shade.fill(theme.SHADE)
                self.surface.blit(shade, (0, 0))
            screen.draw(self.surface)

    # -- a pressed button alone -----------------------------------------------------------

    def _render_highlights(self) -> None:
        """Draw the pressed button over the frame (or put back what it covered) and present
        that rect alone; anything that cannot be done so becomes a redraw of its rect."""
        shown: list[pygame.Rect] = []
        damage = self.damage
        highlights, damage.highlights = damage.highlights, []
        for button, pressed in highlights:
            rect = button.rect.clip(self.surface.get_rect())
            under = self._under
            if not self._drawn_alone(button, rect):
                damage.invalidate(button.rect)
            elif pressed:
                self._under = (button.key, rect, self.surface.subsurface(rect).copy())
                self.surface.set_clip(rect)
                if not self.overlays.guard(button.draw, self.surface, self.metrics.body, True):
                    damage.invalidate(button.rect)
                self.surface.set_clip(None)
                shown.append(rect)
            elif under is not None and under[0] == button.key and under[1] == rect:
                self.surface.blit(under[2], rect)
                self._under = None
                shown.append(rect)
            else:
                damage.invalidate(button.rect)
        if shown:
            self.present(shown)
            self.display_updates += 1
        if damage.pending:
            self.render()

    def _render_covered(self) -> None:
        """Draw "Saving..." alone over the last frame and present its rect."""
        rects, self.damage.covered = self.damage.covered, []
        if self.overlays.guard(self.overlays.draw_saving, self.surface, self.metrics):
            self.present(rects)
            self.display_updates += 1
        else:
            for rect in rects:
                self.damage.invalidate(rect)
            self.render()

    def _drawn_alone(self, button: Button, rect: pygame.Rect) -> bool:
        """Whether ``button`` can be drawn by itself: on the top screen, drawn the plain way
        (no screen drawing over its buttons), under no overlay."""
        screen = self.screens.top if self.screens.stack else None
        if (screen is None or rect.width <= 0 or rect.height <= 0
                or all(b is not button for b in screen.buttons)
                or type(screen).draw is not Screen.draw):
            return False
        return not self.overlays.covers(rect)
