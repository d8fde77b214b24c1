"""Where a game was played and a line about it: a place typed once is offered again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.i18n import _
from companion.store import StoreError
from companion.ui.form import PickDialog
from companion.ui.keyboard import KeyboardScreen

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

NEW_PLACE = "~new"
NO_PLACE = "~none"


def ask_place(app: ScreenHost, game_id: int, done: Callable[[], None]) -> None:
    """Pick a place (recent ones first, or type one), then the note; one edit-log entry."""
    record = app.store.game(game_id)
    options: list[tuple[Any, str]] = [(place, place) for place in app.store.places()]
    options += [(NEW_PLACE, _("Type a new place")), (NO_PLACE, _("No place"))]

    def save(place: str | None, note: str) -> None:
        try:
            app.store.edit_game(game_id, {"place": place or None, "note": note or None}, "table")
        except StoreError as exc:
            app.message(str(exc))
            return
        done()

    def ask_note(place: str | None) -> None:
        app.push(KeyboardScreen(app, _("A note about this game (optional)"), record.note or "",
                                lambda note: save(place, note.strip()), max_length=60,
                                capitalise=False))

    def picked(choice: str) -> None:
        if choice == NEW_PLACE:
            app.push(KeyboardScreen(app, _("Where was it played?"), "",
                                    lambda typed: ask_note(typed.strip() or None),
                                    max_length=40))
        else:
            ask_note(None if choice == NO_PLACE else choice)

    app.push(PickDialog(app, _("Where was it played?"), options, picked,
                        chosen=record.place))
