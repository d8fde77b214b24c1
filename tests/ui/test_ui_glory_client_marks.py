"""Glory to Rome clients told apart by more than colour: each client chip on the table says
its role (the translated role name's first letters) and how many clients of it, at the
reading size, in the ink readable on its colour.

A colour-blind player, or anyone 60 cm away, cannot tell Legionary red from Laborer yellow
by colour alone.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections import Counter  # noqa: E402

import pytest  # noqa: E402
from glory_support import clients, give  # noqa: E402
from ui_driver import frame_items  # noqa: E402

from companion.core import i18n  # noqa: E402
from companion.games.glory_to_rome import ROLES, RULES, GloryState, role_label  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui import drawn, theme  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.board import reading_size  # noqa: E402
from companion.ui.demo import DEMO_PLAYERS, FIVE_PLAYERS  # noqa: E402
from companion.ui.tables.glory_camps import role_colour  # noqa: E402
from companion.ui.tables.glory_clients import REST_FILL, role_mark  # noqa: E402

#: three roles for one camp (Laborer and Legionary among them: one initial in English)
#: and three others for the next; the third holds none
HELD = (clients(laborer=2, legionary=1, architect=1),
        clients(craftsman=1, merchant=3, patron=1), clients())


def show(app: App, session: GameSession, state: GloryState,
         monkeypatch: pytest.MonkeyPatch) -> list[drawn.Item]:
    """What the table draws of ``state`` (put in place of the session's own)."""
    app.start_session(session)
    monkeypatch.setattr(GameSession, "state", property(lambda self: state))
    return frame_items(app)


def client_chips(items: list[drawn.Item], size: int) -> Counter[tuple[str, int]]:
    """(role, count) of every chip in a role's colour, read from the one text inside it:
    the start of the role's name in the language of the moment, then the count (none: 1),
    at least at the reading ``size`` and readable on the chip."""
    roles = {role_colour(role): role for role in ROLES}
    found: Counter[tuple[str, int]] = Counter()
    for chip in (item for item in items if item.kind == "chip" and item.colour in roles):
        role = roles[chip.colour]
        inside = [item for item in items
                  if item.kind == "text" and chip.rect.contains(item.rect)]
        assert len(inside) == 1, (role, [item.text for item in inside])
        label = inside[0]
        mark = label.text.rstrip("0123456789")
        assert mark and role_label(role).startswith(mark), (role, label.text)
        assert label.size >= size - 0.5, (label.text, label.size)
        assert theme.contrast(label.colour, chip.colour) >= 4.5, label.text
        found[role, int(label.text[len(mark):] or 1)] += 1
    return found


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_each_client_chip_names_its_role_and_count(app: App, language: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    session = GameSession.create(app.store, "glory-to-rome", DEMO_PLAYERS, {})
    state = RULES.setup(DEMO_PLAYERS, RULES.default_options())
    for seat, held in enumerate(HELD):
        state = give(state, seat, clients=held, influence=7)
    expected = Counter((role, count) for held in HELD
                       for role, count in zip(ROLES, held, strict=True) if count)
    assert client_chips(show(app, session, state, monkeypatch),
                        reading_size(app.metrics)) == expected


def test_a_narrow_camp_accounts_for_every_client(app: App,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Five camps leave room for fewer chips than six roles held: those shown and the "+n"
    chip after them still count every client."""
    session = GameSession.create(app.store, "glory-to-rome", FIVE_PLAYERS, {})
    state = RULES.setup(FIVE_PLAYERS, RULES.default_options())
    state = give(state, 0, clients=clients(laborer=1, craftsman=2, legionary=1, architect=1,
                                           merchant=2, patron=1), influence=8)
    items = show(app, session, state, monkeypatch)
    shown = client_chips(items, reading_size(app.metrics))
    rests = [item.rect for item in items if item.kind == "chip" and item.colour == REST_FILL]
    hidden = sum(int(item.text.removeprefix("+")) for item in items
                 if item.kind == "text" and any(rest.contains(item.rect) for rest in rests))
    assert hidden and shown
    assert sum(role_count * chips for (_role, role_count), chips in shown.items()) + hidden == 8


def test_the_marks_of_the_roles_differ_in_every_language() -> None:
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        marks = [role_mark(role) for role in ROLES]
        assert len(set(marks)) == len(ROLES) and all(marks), (language, marks)
