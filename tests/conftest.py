from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# A Pi is several times slower than a laptop: a per-example deadline is not a rule, so no
# property test may fail for taking long. Settings given in a test inherit this.
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

# Every test runs headless: no window, no sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

TESTS_DIR = Path(__file__).parent
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))


@pytest.fixture(autouse=True)
def english_by_default() -> Iterator[None]:
    """Every test starts in English, whatever language an earlier test switched the app to."""
    from companion.core import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(params=[(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[object]:
    """The app on both displays: the official 7" (800x480) and Touch Display 2 (portrait).

    Modules that need one size only define their own ``app``.
    """
    import pygame
    from ui_driver import make_app

    app = make_app(tmp_path, request.param)
    yield app
    app.store.close()
    pygame.display.quit()


@pytest.fixture
def counter_game() -> Iterator[str]:
    """Register the test-only ``counter`` game for the duration of a test."""
    from companion.games import GAME_MODULES

    GAME_MODULES["counter"] = "counter_game"
    yield "counter"
    GAME_MODULES.pop("counter", None)


@pytest.fixture
def counter_app(tmp_path: Path, counter_game: str) -> Iterator[object]:
    """The app at 800x480 on the table of a new two-player ``counter`` game."""
    import pygame
    from ui_driver import make_app

    from companion.games.base import PlayerInfo
    from companion.log.session import GameSession

    app = make_app(tmp_path, (800, 480))
    players = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))
    app.start_session(GameSession.create(app.store, counter_game, players))
    app.step()
    yield app
    app.close(timeout=5)
    app.store.close()
    pygame.display.quit()


@pytest.fixture(autouse=True)
def english_messages() -> Iterator[None]:
    """Every test starts in English: a test that switches the catalog cannot leak it into
    the tests after it (rules tests match English refusals)."""
    from companion.core import i18n

    i18n.set_language("en")
    yield


@pytest.fixture(autouse=True)
def closes_what_it_opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Stores and input queues a test opened and left open are closed after it: a suite of
    two thousand apps would otherwise hold thousands of descriptors by its end."""
    from companion.core.events import InputQueue
    from companion.log.store import Store

    opened: list[Any] = []
    for cls in (Store, InputQueue):
        original = cls.__init__

        def recording(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            _original(self, *args, **kwargs)
            opened.append(self)

        monkeypatch.setattr(cls, "__init__", recording)
    yield
    for thing in reversed(opened):
        thing.close()


@pytest.fixture(autouse=True, scope="session")
def labels_kept_apart(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The Via Romana map's placed names are kept in a folder of the test run, never in
    the user's cache (tests that count searches give each their own)."""
    from companion.ui.tables import via_romana_labels

    folder = tmp_path_factory.mktemp("via-romana-labels")
    original = via_romana_labels.cache_folder
    via_romana_labels.cache_folder = lambda: folder  # type: ignore[assignment]
    yield
    via_romana_labels.cache_folder = original  # type: ignore[assignment]
