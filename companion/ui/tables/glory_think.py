"""Thinking at the Glory to Rome table: the hand size (a refill or one card follows from
it, the player's last answer offered) or a Jack, in one dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.ui.numpad import NumberDialog

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


class ThinkDialog(NumberDialog):
    """Think: the cards in hand (refill or draw one follows from it), or take a Jack."""

    def __init__(self, app: ScreenHost, title: str, initial: int | None, jack: bool,
                 on_hand: Callable[[int], None], on_jack: Callable[[], None]) -> None:
        super().__init__(app, title, initial, 0, 30, on_hand)
        self.jack = jack
        self.on_jack = on_jack

    def build(self) -> None:
        super().build()
        if not self.jack:
            return
        cancel = next(b for b in self.buttons if b.key == "cancel")
        done = next(b for b in self.buttons if b.key == "done")
        gap = self.metrics.gap
        whole = cancel.rect.union(done.rect)
        third = (whole.width - 2 * gap) // 3
        cancel.rect = pygame.Rect(whole.left, whole.top, third, whole.height)
        self.add("jack", pygame.Rect(whole.left + third + gap, whole.top, third, whole.height),
                 _("Take a Jack"), self._take_jack)
        done.rect = pygame.Rect(whole.right - third, whole.top, third, whole.height)

    def _take_jack(self) -> None:
        self.app.pop(self)
        self.on_jack()
