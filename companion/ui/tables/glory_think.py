"""Thinking at the Glory to Rome table: the hand size (a refill or one card follows from
it, the player's last answer offered) or a Jack, in one dialog."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.ui.numpad import NumberDialog

if TYPE_CHECKING:
    from companion.games.base import Action
    from companion.ui.screen import ScreenHost

#: the hand dealt at set-up: four cards and a Jack
DEALT_HAND = 5


def likely_hand(actions: Sequence[Action], player: int, limit: int) -> int:
    """The cards ``player`` should hold now, worked out from the moves the table entered:
    the hand dealt at set-up, or the hand their last Think left them (a refill fills to
    ``limit``, drawing one adds one, a Jack comes into the hand), less the cards played
    since from the hand: the role cards led or followed with, foundations, a Craftsman's
    materials, an Aqueduct's client, a Basilica's vault card. Cards the table does not
    enter (a Legionary's demands, a Latrine) are the players' to correct."""
    hand = DEALT_HAND
    led = ""
    for action in actions:
        payload = action.payload
        if action.type == "lead":
            led = str(payload.get("role", ""))
        if action.player != player:
            continue
        if action.type == "think":
            given = payload.get("hand")
            option = payload.get("option")
            if option == "refill":
                hand = limit
            elif option == "draw_one" and isinstance(given, int):
                hand = given + 1
            elif option == "jack":
                hand += 1
        elif action.type in ("lead", "follow"):
            cards = payload.get("cards", 1)
            hand -= cards if isinstance(cards, int) else 1
        else:
            hand -= _from_hand(action, led)
    return max(0, hand)


def _from_hand(action: Action, led: str) -> int:
    """The cards a role action took from the player's hand."""
    payload = action.payload
    if action.type == "lay_foundation":
        return 1
    if action.type == "add_material":  # a Craftsman's from the hand, an Architect's not
        return int(led == "craftsman" and "bonus" not in payload)
    if action.type == "hire_client":  # an Aqueduct's from the hand
        return int("hand" in payload)
    if action.type == "vault":  # a Basilica's from the hand
        return int(payload.get("source") == "hand") + int("also_hand" in payload)
    return 0


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
