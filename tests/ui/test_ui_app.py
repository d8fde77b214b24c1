"""The app loop and its input path: idle cost, signals, tags, errors, screenshots."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from paths import REPO
from ui_driver import Driver, make_app  # noqa: E402

from companion.core.events import ButtonPress, DeviceStatus, TagArrived  # noqa: E402
from companion.ui import places  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402
from companion.ui.screenshot import SCREEN_NAMES, run_screenshot  # noqa: E402

ROOT = REPO


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path, (800, 480))
    yield app
    app.store.close()
    pygame.display.quit()


def test_idle_loop_draws_nothing(app: App) -> None:
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.step()
    app.settle()
    before = app.display_updates
    timer = threading.Timer(0.4, app.request_stop)
    timer.start()
    try:
        assert app.run() == 0
    finally:
        timer.cancel()
    # run() draws its first frame only if something is pending; nothing was
    assert app.display_updates == before


def test_touch_redraws_only_after_input(app: App) -> None:
    app.start_session(demo_session(app.store, "glory-to-rome"))
    app.step()
    app.settle()
    before = app.display_updates
    app.step()
    app.settle()
    app.step()
    app.settle()
    assert app.display_updates == before
    Driver(app).tap("menu")
    assert app.display_updates > before
    assert app.top.name == "choice"


def test_mouse_copies_of_touches_are_ignored(app: App) -> None:
    app.step()
    app.settle()
    pos = app.top.button("new-game").rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=True))
    app.step()
    app.settle()
    assert app.top.name == "home"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
    app.step()
    app.settle()
    assert app.top.name == "new-game"


def test_unknown_tag_asks_what_it_is_and_enrols_it(app: App) -> None:
    app.inputs.put(TagArrived("table", "04a1b2c3d4e5f6"))
    app.step()
    app.settle()
    assert app.top.name == "choice" and app.banner is None
    driver = Driver(app)
    driver.taps("gtr-material", "pick-stone")
    meaning = app.store.tag_meaning("04A1B2C3D4E5F6")
    assert meaning is not None and (meaning.kind, meaning.value) == ("gtr-material", "stone")


def test_player_token_and_vault_tag_act_at_the_table(app: App) -> None:
    session = demo_session(app.store, "glory-to-rome")
    app.start_session(session)
    app.step()
    app.settle()
    driver = Driver(app)
    # Julia (player 2) has the one Merchant action left: her material tag vaults stone
    app.inputs.put(TagArrived("table", "5A3C9E71"))
    app.step()
    app.settle()
    driver.taps("player", "pick-Julia")
    app.inputs.put(TagArrived("vault", "6B4DAF82"))
    app.step()
    app.settle()
    driver.taps("gtr-material", "pick-stone")
    vaulted = len(session.state.players[2].vault)
    app.inputs.put(TagArrived("vault", "6B4DAF82"))
    app.step()
    app.settle()
    assert len(session.state.players[2].vault) == vaulted + 1
    assert session.actions[-1].type == "vault"
    # next turn, Julia leads: her token is refused in words (no crash), undo by button
    app.inputs.put(ButtonPress("undo"))
    app.step()
    app.settle()
    assert len(session.state.players[2].vault) == vaulted


def test_demo_material_tag_is_tapped_on_the_vault_reader(app: App) -> None:
    from companion.devices.simulated import DEMO_TAG_UIDS, SimulatedReader
    from companion.log.entries import TagMeaning

    session = demo_session(app.store, "glory-to-rome")
    app.start_session(session)
    app.vault_reader = "vault"
    app.simulated_reader = SimulatedReader(app.inputs, ["table", "vault"])
    uid = DEMO_TAG_UIDS[0]
    app.store.enrol_tag(uid, TagMeaning("gtr-material", "stone", "Stone"))
    app.step()
    vaulted = len(session.state.players[2].vault)
    driver = Driver(app)
    app.pick_demo_tag()  # what the menu's "Tap a demo tag..." opens
    app.step()
    driver.tap(f"pick-{uid}")
    app.step()
    app.settle()
    assert len(session.state.players[2].vault) == vaulted + 1


def test_device_status_and_refusals_show_in_words(app: App) -> None:
    app.inputs.put(DeviceStatus("table", "lost", "The NFC reader was unplugged."))
    app.step()
    app.settle()
    assert app.status is not None and "unplugged" in app.status.text
    session = demo_session(app.store, "ave-roma")
    app.start_session(session)
    assert not app.dispatch("pass", {}, 0)  # not Livia's turn
    assert app.banner is not None and app.banner.error and "turn" in app.banner.text
    assert app.errors == 0


def test_a_crashing_handler_is_reported_and_the_app_goes_on(app: App,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    app.step()
    app.settle()

    go = app.go

    def broken(place: places.Place) -> None:
        if isinstance(place, places.History):
            raise RuntimeError("boom")
        go(place)

    app.go = broken  # type: ignore[method-assign]
    app.invalidate()
    app.step()
    app.settle()
    Driver(app).touch(app.top.button("history").rect.center)
    assert app.errors == 1
    assert app.banner is not None and "went wrong" in app.banner.text
    assert "RuntimeError: boom" in capsys.readouterr().err
    driver = Driver(app)
    driver.touch(app.banner.rect.center)  # a tap on the message dismisses it
    assert app.banner is None and app.top.name == "home"
    driver.touch(app.top.button("settings").rect.center)
    assert app.top.name == "settings"


def test_long_menu_press_asks_to_shut_down(app: App) -> None:
    calls: list[str] = []

    def power_off() -> bool:
        calls.append("off")
        return True

    app.power_off = power_off
    app.inputs.put(ButtonPress("menu", long=True))
    app.step()
    app.settle()
    assert app.top.name == "confirm"
    Driver(app).tap("yes")
    assert calls == ["off"] and app.stop_requested


def test_abandon_asks_first(app: App) -> None:
    session = demo_session(app.store, "via-romana")
    app.start_session(session)
    app.step()
    app.settle()
    driver = Driver(app)
    driver.taps("menu", "abandon", "no")
    assert app.store.unfinished_game() is not None
    driver.taps("menu", "abandon", "yes")
    assert app.store.unfinished_game() is None and app.top.name == "home"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=["800x480", "720x1280"])
@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_screenshot_of_every_screen(screen: str, size: tuple[int, int], tmp_path: Path) -> None:
    out = tmp_path / f"{screen}.png"
    assert run_screenshot(screen, size, out) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == size
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, size[0], 7)
               for y in range(0, size[1], 7)}
    assert len(colours) > 8  # text, buttons and panels, not a blank fill


def test_screenshot_of_unknown_screen_fails_in_one_line(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    assert run_screenshot("nowhere", (800, 480), tmp_path / "x.png") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nowhere" in err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_ends_the_app_cleanly(tmp_path: Path, stop: signal.Signals) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("NOTIFY_SOCKET", None)
    child = subprocess.Popen([sys.executable, "-m", "companion", "--data-dir",
                              str(tmp_path / "data"), "--simulate"], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "data" / "companion.db").exists():
            assert child.poll() is None, child.communicate()[1].decode()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.5)  # into the loop
        child.send_signal(stop)
        try:
            code = child.wait(timeout=120)  # a hang guard, not a measured duration
        except subprocess.TimeoutExpired:
            pytest.fail(f"the app did not stop after {stop.name}")
        assert code == 0, child.communicate()[1].decode()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
