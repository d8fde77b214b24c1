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

# pytest keeps each test module with its assertions rewritten in __pycache__ (ignored by
# git) even where PYTHONDONTWRITEBYTECODE is set: without it every run, and every xdist
# worker, rewrites all 140 modules again, half a minute of CPU each.
sys.dont_write_bytecode = False

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


# -- running in parallel (pytest-xdist, `-n 4 --dist loadgroup` in pyproject.toml) -----------

#: modules whose tests share one expensive set-up: they run on one worker, in order (the
#: firmware is built once; the bundled fonts' bold is made once, by the first test)
ONE_WORKER_MODULES = ("tests/devices/test_firmware.py", "tests/ui/test_bundled_fonts.py")
#: the companion-update tests of install.sh start from a release their module builds once
#: per worker (its ``app_dir`` fixture): on one worker, it is built once for all of them
SHARED_RELEASE_TESTS = ("tests/pi/test_systemd_install.py", (
    "test_an_update_", "test_a_rollback_", "test_a_checkout_on_no_branch_",
    "test_a_failed_update_"))
#: a booted container per Debian release: the tests of a release run in order on one worker,
#: each release on its own, so the two boot side by side
CONTAINER_MODULE = "tests/pi/test_systemd_container.py"
#: the longest tests, started first so that no worker is left alone with one at the end
#: (xdist hands out the groups with the most tests first, then the others in this order)
LONGEST_FIRST = (
    "tests/ui/test_screen_audit.py",
    "tests/project/test_bench_quick.py",
    "tests/ui/test_bundled_fonts.py",
    "tests/store/test_app_crash.py",
    "tests/ui/test_evening.py",
    "tests/project/test_code_quality.py",
)


def _module(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def worker_group(nodeid: str) -> str | None:
    """The group whose tests must run on one worker, in order, or None for any worker."""
    module = _module(nodeid)
    if module == CONTAINER_MODULE and "[" in nodeid:  # the release is the first parameter
        return f"container-{nodeid.split('[', 1)[1].split('-', 1)[0].rstrip(']')}"
    shared_module, shared_names = SHARED_RELEASE_TESTS
    if module == shared_module and nodeid.split("::", 1)[1].startswith(shared_names):
        return f"{module}::shared-release"
    return module if module in ONE_WORKER_MODULES else None


class GroupedScheduling:
    """xdist's loadgroup with the groups of :func:`worker_group`, read from the test ids.

    (xdist's own marks work by renaming test ids, which pytest 9.2 no longer allows.)
    """

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        if config.getvalue("dist") != "loadgroup":
            return None
        from xdist.scheduler import LoadGroupScheduling

        class Grouped(LoadGroupScheduling):
            def _split_scope(self, nodeid: str) -> str:
                return worker_group(nodeid) or super()._split_scope(nodeid)

        return Grouped(config, log)


def _longest_first(item: pytest.Item) -> int:
    module = _module(item.nodeid)
    return LONGEST_FIRST.index(module) if module in LONGEST_FIRST else len(LONGEST_FIRST)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Once pytest has ordered the tests, the longest go first (a stable sort: the others,
    and each module's own tests, keep their order)."""
    items.sort(key=_longest_first)


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(GroupedScheduling(), "companion-grouped-scheduling")
