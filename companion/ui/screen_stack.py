"""The screens on show: one screen, the dialogs over it, and the notices over everything.

A notice (a config problem, the store's word on the log, a replay problem) stays over
whatever screen comes next until it is tapped; notices stack, so none hides another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.core.i18n import _
from companion.ui.damage import Damage
from companion.ui.screen import Screen

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost
    from companion.ui.screens.dialogs import NoticeDialog


class ScreenStack:
    """The stack of screens; the top one gets the input."""

    def __init__(self, damage: Damage, host: ScreenHost) -> None:
        self.damage = damage
        self.host = host
        self.stack: list[Screen] = []
        #: notices that stay over every screen, stacked, until each is tapped
        self.notices: list[NoticeDialog] = []

    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def show(self, screen: Screen) -> None:
        """Switch to ``screen``, dropping any dialogs but the notices not yet read."""
        self.stack = [screen, *self.notices]
        self.damage.invalidate()

    def push(self, dialog: Screen) -> None:
        self.stack.append(dialog)
        self.damage.invalidate()

    def pop(self, dialog: Screen | None = None) -> None:
        """Close the top dialog (or ``dialog`` wherever it is)."""
        if dialog is None:
            if len(self.stack) > 1:
                self.stack.pop()
        elif dialog in self.stack and len(self.stack) > 1:
            self.stack.remove(dialog)
        self.damage.invalidate()

    def visible(self) -> list[Screen]:
        """The top screen that is not a dialog and everything over it."""
        start = 0
        for index, screen in enumerate(self.stack):
            if not screen.modal:
                start = index
        return self.stack[start:]

    @property
    def on_home(self) -> bool:
        return len(self.stack) == 1 and self.top.name == "home"

    def notify(self, text: str, choice: tuple[str, Callable[[], None]] | None = None) -> None:
        """A notice that stays, over whatever screen comes next, until it is tapped."""
        from companion.ui.screens.dialogs import NoticeDialog

        if any(notice.text == text for notice in self.notices):
            return  # said once is enough
        dialog = NoticeDialog(self.host, _("Please note"), text, choice)
        self.notices.append(dialog)
        self.push(dialog)

    def dismiss_notice(self, dialog: Screen) -> None:
        self.notices = [notice for notice in self.notices if notice is not dialog]
        self.pop(dialog)
