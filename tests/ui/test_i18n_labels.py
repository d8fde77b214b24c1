"""No two controls on one screen read the same, in any language.

A translation that gives two different buttons one word (German "Zurück" for the replay's
Back and Previous) leaves the table guessing which is which. Every screen the screenshot
command knows, and a few dialogs and game phases it does not reach, is built at both sizes in
every language, and the labels of its controls are compared. Two controls may share a label
only when they are the same control repeated per row (``delete-1``, ``delete-2``) or the same
option in different rows (``dim_after-300``, ``blank_home_after-300``); a player's name is
data, not a label.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.core.events import new_input_queue  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.locale import TRANSLATED  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui import text  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.keyboard import KeyboardScreen  # noqa: E402
from companion.ui.numpad import NumberDialog  # noqa: E402
from companion.ui.screenshot import SCREEN_NAMES, show_screen  # noqa: E402

SIZES = [(800, 480), (720, 1280)]
PLAYERS = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2),
           PlayerInfo("Cato", "green", 3))


def glory_lead(app: App) -> None:
    """Glory to Rome as a Leader chooses: the roles, Think, the Jack toggle."""
    session = GameSession.create(app.store, "glory-to-rome", PLAYERS, {"jacks": 6})
    session.dispatch("think", {"option": "jack"}, 0)  # Ana takes a Jack: Ben leads
    app.start_session(session)


def ave_roma_refill(app: App) -> None:
    """Ave Roma's refill: workers taken back from an area, beside the action phase's Pass."""
    session = GameSession.create(app.store, "ave-roma", PLAYERS[:2], {})
    for player in range(2 if session.state.phase == "setup" else 0):
        session.dispatch("choose_start", {"resources": ["wood", "wine"]}, player)
    session.dispatch("place", {"space": "quaestor", "worker": 1},
                     session.rules.current_player(session.state))
    while session.state.phase == "action":
        session.dispatch("pass", {}, session.rules.current_player(session.state))
    app.start_session(session)


#: states the screenshot list does not reach: its dialogs and the games' other phases
MORE_STATES: dict[str, Callable[[App], object]] = {
    "keyboard": lambda app: app.push(KeyboardScreen(app, "Name", "", lambda typed: None)),
    "number-pad": lambda app: app.push(NumberDialog(app, "Hand", 5, 0, 20, lambda n: None)),
    "yes-no": lambda app: app.push(NumberDialog(app, "Forum?", None, 0, 1, lambda n: None)),
    "table-glory-to-rome-lead": glory_lead,
    "table-ave-roma-refill": ave_roma_refill,
}


def show(app: App, name: str) -> None:
    if name in MORE_STATES:
        MORE_STATES[name](app)
    else:
        show_screen(app, name)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    text.forget_fonts()


def labels_on_screen(app: App) -> dict[str, str]:
    """Each control's key -> what it reads (label and sublabel), for every layer shown."""
    players = set(app.store.recent_player_names(limit=100))
    found: dict[str, str] = {}
    for screen in app.stack:
        for button in screen.buttons:
            shown = " / ".join(part for part in (button.label, button.sublabel) if part)
            if shown.strip() and shown not in players:
                found[button.key] = " ".join(shown.split()).casefold()
    return found


def one_control_repeated(keys: list[str]) -> bool:
    """The same control on every row, or the same option on several rows."""
    heads = {key.rsplit("-", 1)[0] for key in keys}
    tails = {key.rsplit("-", 1)[-1] for key in keys}
    return all("-" in key for key in keys) and (len(heads) == 1 or len(tails) == 1)


def shared_labels(language: str, tmp_path: Path) -> list[str]:
    """Every label two different controls share, on any screen, at either size."""
    i18n.set_language(language)
    pygame.display.init()
    pygame.font.init()
    found: list[str] = []
    for size in SIZES:
        for index, name in enumerate([*SCREEN_NAMES, *MORE_STATES]):
            store = Store.open(tmp_path / f"{language}-{size[0]}-{index}")
            try:
                app = App(store, new_input_queue(), pygame.Surface(size),
                          present=lambda rects: None)
                app.start()
                show(app, name)
                app.render(force=True)
                keys_by_label: dict[str, list[str]] = defaultdict(list)
                for key, label in labels_on_screen(app).items():
                    keys_by_label[label].append(key)
                found += [f"{name} {size[0]}x{size[1]}: {label!r} on {sorted(keys)}"
                          for label, keys in keys_by_label.items()
                          if len(keys) > 1 and not one_control_repeated(keys)]
            finally:
                store.close()
    return found


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_no_two_controls_on_a_screen_share_a_label(language: str, tmp_path: Path) -> None:
    found = shared_labels(language, tmp_path)
    assert not found, f"{language}: two controls read the same:\n" + "\n".join(found)


def test_the_check_sees_two_controls_that_read_the_same() -> None:
    assert not one_control_repeated(["back", "previous"])
    assert not one_control_repeated(["recent-Julia", "tag-0"])
    assert one_control_repeated(["delete-1", "delete-2", "delete-3"])
    assert one_control_repeated(["dim_after-300", "blank_home_after-300"])
