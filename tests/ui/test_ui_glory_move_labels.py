"""Glory to Rome move buttons read from across the table: a button that names a role, a
building or a number keeps the reading size in every language on both displays, saying
less ("+ Aqueduct", the role alone, a name cut by rule) rather than shrinking.

"Add to Amphitheatre", German "Zu Ludus Magna hinzufügen" or Arabic "Lead Architect" were
shrunk to 13 px capitals (or their marks crossed the button's edge) on the 7" panel.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402
from glory_support import build, new_game, open_table  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.board import reading_size  # noqa: E402
from companion.ui.tables.glory_functions import abbreviations  # noqa: E402

#: move buttons that say a role, a building or a number
NAMING = ("move-lead-", "move-material-", "move-think-hand", "move-skip-", "move-bonus-",
          "move-stairway", "move-follow")


def naming_sizes(app: App) -> dict[str, tuple[str, int]]:
    """(label, size drawn) of each move button on the table that names something."""
    app.damage.needs_build = True
    app.render(force=True)
    small = app.metrics.small
    return {button.key: (button.label, button.label_layout(small)[0])
            for button in app.top.buttons if button.key.startswith(NAMING)}


@pytest.mark.parametrize("language", ["en", "de", "ar", "zh_CN"])
def test_move_buttons_keep_the_reading_size(app: App, language: str) -> None:
    i18n.set_language(language)
    try:
        session = new_game(app)
        build(session, {0: "Amphitheatre", 1: "Ludus Magna"}, turns=1)
        driver = open_table(app, session)
        seen = dict(naming_sizes(app))  # the lead: six roles
        driver.taps("move-lead-craftsman", "move-follow")
        seen.update(naming_sizes(app))  # the acting player adds to a foundation
        assert any(key.startswith("move-lead-") for key in seen)
        assert any(key.startswith("move-material-") for key in seen)
        small = [(key, label, size) for key, (label, size) in seen.items()
                 if size < reading_size(app.metrics)]
        assert not small, small
    finally:
        i18n.set_language("en")


def test_a_name_is_cut_by_the_cards_rule() -> None:
    assert abbreviations("Circus Maximus")[:3] == ["Circus Maximus", "Circus M.", "Circu."]
    assert abbreviations("Amphitheatre")[1] == "Amphitheatr."
    assert abbreviations("Bar") == ["Bar", "Ba."]
