"""Where a game was played and a line about it: a place typed once is offered again
(at New game, and when a finished game is corrected)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.i18n import _
from companion.log.entries import StoreError
from companion.ui.form import PickDialog
from companion.ui.keyboard import KeyboardScreen

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

NEW_PLACE = "~new"
NO_PLACE = "~none"


NEW_NOTE = "~type"
NO_NOTE = "~none"


def ask_place(app: ScreenHost, game_id: int, done: Callable[[], None]) -> None:
    """Correct where a finished game was played and its note: one edit-log entry."""
    record = app.store.game(game_id)

    def save(place: str | None, note: str | None) -> None:
        try:
            app.store.edit_game(game_id, {"place": place, "note": note}, "table")
        except StoreError as exc:
            app.message(str(exc))
            return
        done()

    choose_place(app, record.place, record.note, save)


def choose_place(app: ScreenHost, place: str | None, note: str | None,
                 done: Callable[[str | None, str | None], None],
                 notes: Sequence[str] = ()) -> None:
    """Pick a place (recent ones first, or type one), then the note: typed, or one of
    ``notes`` (offered again) when there are any. ``done`` gets both (None: none)."""
    options: list[tuple[Any, str]] = [(known, known) for known in app.store.places()]
    options += [(NEW_PLACE, _("Type a new place")), (NO_PLACE, _("No place"))]

    def type_note(chosen: str | None) -> None:
        app.push(KeyboardScreen(app, _("A note about this game (optional)"), note or "",
                                lambda typed: done(chosen, typed.strip() or None),
                                max_length=60, capitalise=False))

    def ask_note(chosen: str | None) -> None:
        if not notes:
            type_note(chosen)
            return
        picks: list[tuple[Any, str]] = [(known, known) for known in notes]
        picks += [(NEW_NOTE, _("Type a note")), (NO_NOTE, _("No note"))]
        app.push(PickDialog(app, _("A note about this game (optional)"), picks,
                            lambda pick: type_note(chosen) if pick == NEW_NOTE
                            else done(chosen, None if pick == NO_NOTE else pick),
                            chosen=note))

    def picked(choice: str) -> None:
        if choice == NEW_PLACE:
            app.push(KeyboardScreen(app, _("Where was it played?"), "",
                                    lambda typed: ask_note(typed.strip() or None),
                                    max_length=40))
        else:
            ask_note(None if choice == NO_PLACE else choice)

    app.push(PickDialog(app, _("Where was it played?"), options, picked, chosen=place))
