"""What lies over every screen: a message, the device status line, prompts, "Saving...".

A message (an error, a hint) goes when tapped or after a while; a prompt (a physical step
on the board) stays until tapped or the next move; the status line says what a device
did; "Saving..." shows while moves wait for a slow disk. :meth:`Overlays.guard` turns
whatever a screen raises into a message, so nothing a screen does ends the app.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.events import DeviceStatus
from companion.core.i18n import _
from companion.devices.manager import simulated_note
from companion.games.base import Rejected, ScoreInputError
from companion.log.entries import StoreError
from companion.ui import theme
from companion.ui.banners import Banner, draw_message, draw_prompt
from companion.ui.damage import Damage
from companion.ui.device_line import DeviceLine, words
from companion.ui.font_sizes import line_size
from companion.ui.intents import Intent, PointerDown, Tap
from companion.ui.layout import Metrics
from companion.ui.screen_stack import ScreenStack
from companion.ui.text import draw_paragraph, draw_text

if TYPE_CHECKING:
    from companion.ui.widgets import Button

MESSAGE_SECONDS = 12.0
#: how long a touch's move may take to land before "Saving..." goes up: its button stays
#: pressed meanwhile, so a move on a sound card is drawn with no frame before it (half a
#: 60 Hz frame: what a press to the screen may take)
SAVING_GRACE = 0.008

class Overlays:
    """The words the app lays over the screens, and when each goes."""

    def __init__(self, damage: Damage) -> None:
        self.damage = damage
        self.banner: Banner | None = None
        self.status: Banner | None = None
        self.device_line = DeviceLine()
        #: the simulated devices' status off a Pi, said in Settings rather than over the title
        self.device_off_pi: DeviceStatus | None = None
        #: physical steps the players must now do on the board (see :meth:`prompt`)
        self.prompts: list[str] = []
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.saving_rect: pygame.Rect | None = None
        #: a touched button kept pressed while its move goes to the disk, and until when
        self.held: tuple[Button, float] | None = None
        #: the last move the rules refused (a form reopens the step it names)
        self.last_refusal: Rejected | None = None
        #: unexpected exceptions caught so far (logged to stderr, shown in plain words)
        self.errors = 0

    def message(self, text: str, error: bool = True) -> None:
        """Show ``text`` in words over the screen (errors in red) until tapped or timed out."""
        self.banner = Banner(text, error, time.monotonic() + MESSAGE_SECONDS)
        self.damage.invalidate()

    def prompt(self, text: str) -> None:
        """Put a physical step in front of the table as a big banner across the middle.

        For what the players must now do on the board ("Pay 2 coins and take the region
        card", "The vault limit is now 5"). Call it *after* the move that causes the step
        was dispatched (``dispatch`` returned True): the banner stays until it is tapped
        (that tap does nothing else) or the next move, undo or redo is submitted, the game
        is left, or the move fails to save. Several prompts before then show together, one
        paragraph each, in the order given. Taps outside the banner reach the screen.
        """
        if text and text not in self.prompts:
            self.prompts.append(text)
            self.damage.invalidate()

    def clear_prompts(self) -> None:
        if self.prompts:
            self.prompts = []
            self.damage.invalidate()

    def device_status(self, event: DeviceStatus) -> None:
        if event.status == "simulated":  # off a Pi: said in Settings, over no title
            self.device_off_pi = event
            return
        self.status = self.device_line.said(event, time.monotonic())
        self.damage.invalidate()

    @property
    def device_note(self) -> str:
        """The word off a Pi, in the language of the moment (a status from elsewhere: its
        own words)."""
        event = self.device_off_pi
        if event is None:
            return ""
        return simulated_note(event.key, event.detail) if event.key else words(event)

    def guard(self, action: Callable[..., Any], *args: Any) -> bool:
        """Run a screen's handler; anything it raises becomes words on the screen."""
        try:
            action(*args)
        except Rejected as exc:
            self.last_refusal = exc
            self.message(str(exc))
            return False
        except StoreError as exc:
            self.message(str(exc))
            return False
        except ScoreInputError as exc:
            self.message(exc.message)
            return False
        except Exception:  # noqa: BLE001 - the app keeps running whatever a screen does
            self.errors += 1
            traceback.print_exc(file=sys.stderr)
            self.message(_("Something went wrong on this screen; nothing was recorded. "
                           "Try again, or go back and carry on."))
            return False
        return True

    def take(self, intent: Intent, screens: ScreenStack) -> bool:
        """Whether the overlays keep ``intent`` from the top screen.

        A tap anywhere dismisses the message and goes on to the screen; a touch on the
        prompts is theirs alone (a tap there clears them).
        """
        if isinstance(intent, Tap) and self.banner is not None:
            self.banner = None
            self.damage.invalidate()
        if (isinstance(intent, PointerDown | Tap) and self.prompts
                and self.prompt_rect.collidepoint(intent.pos)):
            if isinstance(intent, Tap):
                self.prompts = []
                screens.top.pressed = None
                self.damage.invalidate()
            return True
        return False

    # -- "Saving..." ----------------------------------------------------------------------

    @property
    def saving_shown(self) -> bool:
        """True while "Saving..." is on screen (moves wait for a slow disk)."""
        return self.saving_rect is not None

    def hold(self, button: Button, now: float) -> None:
        """Keep ``button`` (touched, its move handed to the disk) shown pressed for
        :data:`SAVING_GRACE`: the pressed button says the touch was taken, and a move that
        lands meanwhile is drawn with the button released, with no frame between."""
        self.held = (button, now + SAVING_GRACE)

    def show_saving(self, saving: bool, m: Metrics, now: float) -> None:
        """Say "Saving..." while moves are on their way to the disk (the press was taken).

        Put up over the frame as it is, it is drawn alone (:meth:`draw_saving`), unless
        another overlay that is drawn over it is up where it goes. A held button
        (:meth:`hold`) puts it off until the button's grace is over; the button is then
        released alone (if its move landed, the frame that shows it drew it released).
        """
        held = self.held
        if held is not None:
            if saving and now < held[1]:
                return
            self.held = None
            if saving:
                self.damage.highlight(held[0], pressed=False)
        if saving and self.saving_rect is None:
            width = m.unit * 3
            # below the device line while it is up (the first ten seconds with readers):
            # both are read, and "Saving..." is still drawn alone over the frame
            top = status_height(m) + m.gap if self.status is not None else m.gap
            # as tall as the words' line at their size: drawn alone, the mark must hold
            # all its ink (a descender below it would be left on the frame)
            rect = pygame.Rect(m.width - width - m.gap, top, width,
                               max(m.unit // 2, line_size(m.small) + m.gap))
            beneath = self.covers(rect)
            self.saving_rect = rect
            if beneath:
                self.damage.invalidate(rect)
            else:
                self.damage.cover(rect)
        elif not saving and self.saving_rect is not None:
            self.damage.invalidate(self.saving_rect)
            self.saving_rect = None

    # -- time -----------------------------------------------------------------------------

    def wake_times(self) -> list[float]:
        """When a message or the status line times out, or a held button's grace ends
        (monotonic)."""
        times = [b.until for b in (self.banner, self.status) if b is not None]
        if self.held is not None:
            times.append(self.held[1])
        return times

    def expire(self, now: float) -> None:
        if self.banner is not None and now >= self.banner.until:
            self.banner = None
            self.damage.invalidate()
        if self.status is not None and now >= self.status.until:
            self.damage.invalidate(self.status.rect)
            self.status = self.device_line.after(now)

    # -- drawing --------------------------------------------------------------------------

    def covers(self, rect: pygame.Rect) -> bool:
        """Whether anything shown here lies over ``rect``."""
        covers = [self.saving_rect, self.status.rect if self.status else None,
                  self.prompt_rect if self.prompts else None,
                  self.banner.rect if self.banner else None]
        return any(cover is not None and cover.colliderect(rect) for cover in covers)

    def draw_saving(self, surface: pygame.Surface, m: Metrics) -> None:
        """The "Saving..." mark, if it is up (the first of the overlays drawn)."""
        if self.saving_rect is not None:
            pygame.draw.rect(surface, theme.INFO_BANNER, self.saving_rect, border_radius=m.gap)
            draw_text(surface, _("Saving..."), self.saving_rect, m.small, theme.TEXT)

    def draw(self, surface: pygame.Surface, m: Metrics, dialog_on_top: bool = False) -> None:
        self.draw_saving(surface, m)
        if self.status is not None:
            rect = pygame.Rect(0, 0, m.width, status_height(m))
            self.status.rect = rect
            pygame.draw.rect(surface, theme.DANGER if self.status.error else theme.PANEL, rect)
            draw_paragraph(surface, self.status.text, rect.inflate(-m.gap * 2, 0), m.small,
                           theme.TEXT, align="center")
        # a dialog on top is the step being asked now: the prompt waits under it, never
        # over its buttons (and takes no tap meanwhile)
        if self.prompts and not dialog_on_top:
            self.prompt_rect = draw_prompt(surface, m, self.prompts)
        else:
            self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        if self.banner is not None:
            draw_message(surface, m, self.banner)


def status_height(m: Metrics) -> int:
    """The device line's height: a band across the top of the screen."""
    return max(m.unit // 2, m.small)
