"""The screen audit over every screen and dialog, both displays, five languages, and the
states of a scripted evening of each game (see ``tests/screen_audit.py`` for the checks).

The audit is fifteen tests that run side by side: the screens in each language, and each
scripted evening in two halves. Each finding is printed with its screen, size, language, state and
rectangle; the crops of the distinct findings go to a contact sheet per test
(``COMPANION_AUDIT_SHEET``: a folder, or a file whose name gets the test's part; else the
test's temporary folder). The suite's run samples the scripted states (every move of each evening
on the 7" in English, a spread of moves in the other sizes and languages);
``COMPANION_AUDIT=full`` takes every state everywhere; ``COMPANION_AUDIT_ONLY=via-romana,home``
(parts of screen names or game ids, comma-separated) audits only those while a layout is worked on.
"""

from __future__ import annotations

import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from screen_audit import LANGUAGES, SIZES, Audit, fast_enough, keys  # noqa: E402

from bench.scripted_games import scripted_game  # noqa: E402
from companion.core import i18n  # noqa: E402
from companion.core.events import new_input_queue  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.layout import metrics_for  # noqa: E402
from companion.ui.screenshot import SCREEN_NAMES, _screens  # noqa: E402
from companion.ui.tables.base import Hotspot  # noqa: E402

#: (game, seed) of the scripted evenings: 3 and 5 players of the two card games, Via Romana 4
EVENINGS = (("glory-to-rome", 1), ("glory-to-rome", 2), ("ave-roma", 1), ("ave-roma", 2),
            ("via-romana", 0))
#: each evening's moves audited in this many tests side by side (the longest evening alone
#: would be the suite's longest test)
EVENING_PARTS = 2
PARTS = [(game, seed, part) for game, seed in EVENINGS for part in range(EVENING_PARTS)]
#: the 7" in English sees every move; the other sizes and languages every this many
SPREAD = 23
#: table buttons whose dialogs are opened, every this many moves (7" English) or states
DIALOG_SPREAD = 9
#: buttons that leave the table or change the log rather than ask something
NOT_DIALOGS = {"undo", "redo", "home", "back"}


def chosen(name: str) -> bool:
    """Whether ``COMPANION_AUDIT_ONLY`` (unset: everything) takes the screen or game ``name``."""
    parts = [p.strip() for p in os.environ.get("COMPANION_AUDIT_ONLY", "").split(",") if p.strip()]
    return not parts or any(part in name for part in parts)


class Apps:
    """Apps on fresh stores, closed at the end."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.opened: list[App] = []
        self.made = 0

    def new(self, size: tuple[int, int]) -> App:
        self.made += 1
        folder = self.root / f"store-{self.made}"
        folder.mkdir()
        app = App(Store.open(folder), new_input_queue(), pygame.Surface(size),
                  present=lambda rects: None)
        app.start()
        self.opened.append(app)
        return app

    def close(self) -> None:
        for app in self.opened:
            if app.moves._writer is not None:
                app.settle()
            app.store.close()
        self.opened = []


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[Apps]:
    pygame.display.init()
    pygame.font.init()
    # the stores commit with synchronous=FULL: on a memory file system the thousands of
    # moves of the evenings wait for no disk
    memory = Path("/dev/shm")
    root = Path(tempfile.mkdtemp(dir=memory)) if memory.is_dir() and os.access(
        memory, os.W_OK) else tmp_path
    made = Apps(root)
    yield made
    made.close()
    pygame.display.quit()
    if root != tmp_path:
        shutil.rmtree(root, ignore_errors=True)


def sheet_path(tmp_path: Path, part: str) -> Path:
    """Where the contact sheet of one part of the audit goes."""
    asked = os.environ.get("COMPANION_AUDIT_SHEET")
    if not asked:
        return tmp_path / f"findings-{part}.png"
    path = Path(asked)
    if path.suffix.lower() != ".png":
        return path / f"findings-{part}.png"
    return path.with_name(f"{path.stem}-{part}{path.suffix}")


def audit_screens(audit: Audit, apps: Apps, language: str) -> None:
    """Every screen of the demo in ``language``, both sizes, and the dialogs its buttons open."""
    i18n.set_language(language)
    try:
        for size in SIZES:
            for name in filter(chosen, SCREEN_NAMES):
                app = apps.new(size)
                _screens()[name](app)
                app.settle() if app.moves._writer is not None else None
                audit.frame(app, name, "demo")
                open_dialogs(audit, app, name, "demo")
            apps.close()
    finally:
        i18n.set_language("en")


def open_dialogs(audit: Audit, app: App, screen: str, state: str) -> None:
    """Each button of the screen that opens a dialog: the dialog audited, then one of its
    buttons tapped (its buttons must stay in place), then closed again; a move a dialog
    would make is refused, so the screen below stays as it was."""
    base = app.top
    stack = list(app.stack)
    language = i18n.language()
    dispatched: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> bool:
        dispatched.append(args)
        return False

    app.dispatch = refuse  # type: ignore[method-assign]
    try:
        for button in list(base.buttons):
            if (button.key in NOT_DIALOGS or not button.enabled or isinstance(button, Hotspot)
                    and not button.key.startswith(("road-", "city-"))):
                continue
            app.stack[:] = stack
            app.damage.needs_build = True
            app.render(force=True)
            current = next((b for b in base.buttons if b.key == button.key), None)
            if current is None:
                continue
            app.guard(current.on_tap)
            dialog = app.top
            if dialog is not base and dialog.modal:
                app.damage.needs_build = True
                app.render(force=True)
                label = f"{screen} > {dialog.name}"
                audit.frame(app, label, f"{state}, tapped {button.key}")
                before = keys(dialog)
                inner = next((b for b in dialog.buttons if b.enabled and b.key not in (
                    "cancel", "close", "back", "done", "ok")), None)
                if inner is not None:
                    app.guard(inner.on_tap)
                    if app.top is dialog:
                        app.damage.needs_build = True
                        app.render(force=True)
                        audit.stable(app, label, state, before, inner.key)
                        audit.frame(app, label, f"{state}, tapped {button.key}, {inner.key}")
            if i18n.language() != language:
                app.set_language(language)
            app.banner = None
    finally:
        del app.dispatch
        app.stack[:] = stack
        app.damage.needs_build = True
        app.banner = None


def show_at(app: App, size: tuple[int, int], language: str) -> None:
    """The same app drawn on another display, in another language."""
    if i18n.language() != language:
        i18n.set_language(language)
    if app.surface.get_size() != size:
        app.frame.surface = pygame.Surface(size)
        app.frame.metrics = metrics_for(size)
    app.damage.needs_build = True
    app.invalidate()


def audit_evening(audit: Audit, apps: Apps, game: str, seed: int, part: int = 0,
                  parts: int = 1) -> None:
    """Every move of the evening on the 7" in English, every ``SPREAD`` moves in every size
    and language; the dialogs of the table every ``DIALOG_SPREAD`` moves on the 7" in
    English, and in every size and language a few times an evening.

    ``part`` of ``parts``: the evening is played whole, and only that share of its moves
    audited (the parts together audit what one whole run does)."""
    players, options, moves, _entries = scripted_game(game, seed)
    i18n.set_language("en")
    app = apps.new(SIZES[0])
    session = GameSession.create(app.store, game, players, options)
    app.start_session(session)
    names = [p.name for p in players]
    label = f"table-{game}-{len(players)}"
    everywhere = [(size, language) for size in SIZES for language in LANGUAGES]
    before: dict[str, pygame.Rect] = {}
    for number, (kind, payload, player) in enumerate(moves):
        app.dispatch(kind, payload, player)
        app.settle()
        if number * parts // len(moves) != part:  # another part audits this move
            before = keys(app.top)
            show_at(app, *everywhere[0])
            app.render(force=True)
            continue
        after = keys(app.top)
        if after and set(after) <= set(before) and app.top.name == "table":
            # the move took buttons away (a step of one task): the others stay in place
            audit.stable(app, label, f"move {number + 1} {kind}", before, kind)
        before = after
        state = f"move {number + 1}/{len(moves)} {kind}"
        last = number == len(moves) - 1
        wide = number % SPREAD == 0 or last or fast_enough()
        for size, language in everywhere if wide else everywhere[:1]:
            show_at(app, size, language)
            app.banner = None
            audit.frame(app, label, state, names)
            first = (size, language) == everywhere[0]
            if (number % DIALOG_SPREAD == 0 or app.prompts if first
                    else number % (4 * SPREAD) == 0):
                prompts = list(app.prompts)
                open_dialogs(audit, app, label, state)
                app.prompts = prompts
        show_at(app, *everywhere[0])
    apps.close()


def judged(audit: Audit, tmp_path: Path, part: str) -> None:
    """The part's findings printed and put on its contact sheet; none may remain."""
    audit.contact_sheet(sheet_path(tmp_path, part))
    print(audit.report())
    assert audit.distinct() == [], audit.report()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_reads_from_across_the_table(tmp_path: Path, apps: Apps,
                                                  language: str) -> None:
    audit = Audit()
    audit_screens(audit, apps, language)
    assert audit.frames > 0 or not any(map(chosen, SCREEN_NAMES))
    judged(audit, tmp_path, f"screens-{language}")


@pytest.mark.parametrize(("game", "seed", "part"), PARTS,
                         ids=[f"{g}-{s}-part{p + 1}" for g, s, p in PARTS])
def test_every_table_of_an_evening_reads_from_across_the_table(
        tmp_path: Path, apps: Apps, game: str, seed: int, part: int) -> None:
    if not chosen(game):
        pytest.skip(f"COMPANION_AUDIT_ONLY leaves out {game}")
    audit = Audit()
    audit_evening(audit, apps, game, seed, part, EVENING_PARTS)
    assert audit.frames > 0
    judged(audit, tmp_path, f"{game}-{seed}-part{part + 1}")
