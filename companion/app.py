"""``companion`` with no subcommand: the touchscreen app on the Pi, a window on a desktop.

Wires the pieces together (store, devices, systemd notifier, display) and runs the
event-driven loop of :mod:`companion.ui.app_loop`. SIGTERM and SIGINT end it cleanly:
the handlers are installed before anything is opened, they only set a flag (and ask the
loop to stop once there is one), and everything opened so far is closed in order with
exit status 0, at whatever moment of start-up the signal comes. SIGHUP reads the device
config again (:mod:`companion.device_reload`).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Protocol

from companion.core.i18n import _

if TYPE_CHECKING:
    import pygame

    from companion.device_reload import HangUp
    from companion.devices import Devices
    from companion.ui.app_loop import App


class AppOptions(Protocol):
    """The command line as the app reads it (``companion.cli.parse_args``)."""

    data_dir: Path | None
    config: Path | None
    windowed: bool
    fullscreen: bool
    size: tuple[int, int] | None
    simulate: bool
    resume: bool


DEFAULT_SIZE = (800, 480)
#: exit status when another companion already holds the data folder
ALREADY_RUNNING = 2


def wants_fullscreen(args: AppOptions, model_file: Path | None = None) -> bool:
    """``--fullscreen`` or ``--windowed`` as given; otherwise fullscreen on a Raspberry Pi
    (by its device-tree model) and a window anywhere else."""
    if args.fullscreen or args.windowed:
        return bool(args.fullscreen)
    from companion.system import board

    return board.detect(model_file or board.MODEL_FILE).is_pi


def _open_display(args: AppOptions) -> object:
    import pygame

    fullscreen = wants_fullscreen(args)
    if fullscreen and "SDL_VIDEODRIVER" not in os.environ and Path("/dev/dri").exists():
        from companion.system.drm import apply_to_environment

        apply_to_environment()
    pygame.display.init()
    from companion.system.video_driver import invisible_driver_message

    invisible = invisible_driver_message(pygame.display.get_driver(),
                                         os.environ.get("SDL_VIDEODRIVER"))
    if invisible is not None:
        pygame.display.quit()
        raise pygame.error(invisible)
    pygame.font.init()
    pygame.display.set_caption(_("Game-night companion"))
    pygame.display.set_icon(_window_icon())
    if fullscreen:
        surface = pygame.display.set_mode(args.size or (0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        surface = pygame.display.set_mode(args.size or DEFAULT_SIZE)
    return surface


def _window_icon() -> pygame.Surface:
    """The companion's own window icon, a gold token on the table's dark. Set before the
    window opens, it also spares pygame reading its default icon through
    importlib.resources (which imports zipfile): about 2.5 ms of start-up."""
    import pygame

    from companion.ui import theme

    icon = pygame.Surface((32, 32))
    icon.fill(theme.BACKGROUND)
    pygame.draw.circle(icon, theme.ACCENT, (16, 16), 14)
    pygame.draw.circle(icon, theme.BACKGROUND, (16, 16), 7)
    return icon


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StopOnSignal:
    """SIGTERM/SIGINT handlers for the whole run, installed before anything is opened.

    A signal before the app exists is remembered and passed on when it does. Signals that
    whoever started us had blocked are unblocked once the handlers are in, so one sent at
    the very first moment is handled here rather than lost or fatal.
    """

    def __init__(self) -> None:
        self.requested = False
        self._app: App | None = None
        self._previous = {sig: signal.signal(sig, self._on_signal) for sig in STOP_SIGNALS}
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True
        if self._app is not None:
            self._app.request_stop()

    def attach(self, app: App) -> None:
        self._app = app
        if self.requested:
            app.request_stop()

    def restore(self) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)


def run_app(args: AppOptions) -> int:
    """Run the app until a signal, the window's close button or a shutdown; 0 on a clean end.

    The first frame comes first: the window opens and shows its screen before the
    devices are loaded and started (their events simply queue up meanwhile).
    """
    from companion.device_reload import HangUp

    stop = StopOnSignal()
    hang_up = HangUp()
    # start-up makes some 20,000 objects that live as long as the process; collecting
    # among them while it runs costs 4 ms of the first frame and finds nothing
    gc.disable()
    try:
        return _run(args, stop, hang_up)
    finally:
        gc.enable()
        stop.restore()
        hang_up.restore()


def _run(args: AppOptions, stop: StopOnSignal, hang_up: HangUp) -> int:
    import pygame

    from companion.core.events import StoreNotice, new_input_queue
    from companion.device_reload import DeviceReloader
    from companion.log.database import default_data_dir
    from companion.log.folder_lock import AlreadyRunning, lock_data_folder
    from companion.log.store import Store
    from companion.system.notify import SystemdNotifier
    from companion.ui.app_loop import App
    from companion.ui.text import forget_fonts

    data_dir = args.data_dir or default_data_dir()
    try:
        folder_lock = lock_data_folder(data_dir)
    except AlreadyRunning as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return ALREADY_RUNNING
    notifier = SystemdNotifier()
    inputs = new_input_queue()
    store = Store.open(data_dir)
    if stop.requested:
        store.close()
        _release(folder_lock)
        return 0
    try:
        surface = _open_display(args)
    except pygame.error as exc:
        print(_("companion: cannot open the display: {error}").format(error=exc),
              file=sys.stderr)
        store.close()
        _release(folder_lock)
        return 1
    assert isinstance(surface, pygame.Surface)
    app = App(store, inputs, surface, notifier=notifier)
    _set_up_display(app, data_dir)
    stop.attach(app)
    devices: DeviceReloader | None = None
    try:
        app.start()
        if args.resume and store.unfinished_game() is not None:
            app.guard(app.resume_game)
        app.show_first_frame()
        _collect_from_now_on()
        # what the first frame does not show: the screen saver, the menu's "shut down"
        _start_screen_saver(app)
        _offer_power_off(app)
        if not app.stop_requested:
            devices = DeviceReloader(app, args, _start_devices(app, args), hang_up)
        # the full check grows with the history: after the first frame, off the loop
        store.check_in_background(lambda words: app.inputs.put(StoreNotice(words)))
        return app.run()
    finally:
        app.close()
        notifier.stopping()
        if devices is not None:
            devices.close()
        store.close()
        _release(folder_lock)
        notifier.close()
        forget_fonts()
        pygame.quit()


def _collect_from_now_on() -> None:
    """Collect start-up's garbage once, then keep what is left out of every later collection.

    What survives start-up (modules, classes, fonts, the home screen) lives until the
    process ends; frozen, it is not scanned again by the collections during the evening.
    """
    gc.collect()
    gc.freeze()
    gc.enable()


def _release(folder_lock: int | None) -> None:
    if folder_lock is not None:
        os.close(folder_lock)


def _start_devices(app: App, args: AppOptions) -> Devices:
    """Load the device config (a bad one is reported, the defaults used) and start them."""
    from companion.devices import DeviceConfigError, load_device_config, start_devices
    from companion.devices.config import DeviceConfig, describe_device_config
    from companion.devices.simulated import button_for_key

    try:
        config = load_device_config(args.config)
    except DeviceConfigError as exc:
        # a notice that stays until tapped: a reader's status must not cover it
        app.notify(_("Device settings not used ({error}); continuing with the "
                     "defaults.").format(error=exc))
        app.render()
        print(_("companion: device config not used: {error}").format(error=exc),
              file=sys.stderr)
        config = DeviceConfig()
    print(describe_device_config(config), file=sys.stderr)
    devices = start_devices(config, app.inputs, args.simulate)
    app.key_to_button = button_for_key
    app.keys = devices.keys
    app.simulated_reader = devices.simulated_reader
    app.vault_reader = config.vault_reader
    return devices


def _set_up_display(app: App, data_dir: Path) -> None:
    """The settings in ``display.json`` (the rotation is needed by the first frame)."""
    from companion.system import display_settings

    path = display_settings.settings_path(data_dir)
    settings = display_settings.load(path)
    if settings.problem:
        app.message(settings.problem)
    app.display_settings_path = path
    app.display_settings = settings
    if settings.rotation:
        app.frame.set_rotation(settings.rotation)


def _start_screen_saver(app: App) -> None:
    """Dim and blank by ``display.json``: only where the backlight helper is."""
    import time

    from companion.system import backlight
    from companion.ui.screen_saver import ScreenSaver

    if backlight.SOCKET_PATH.exists():
        client = backlight.BacklightClient()
        app.saver = ScreenSaver(app.display_settings, client.set, time.monotonic())


def _offer_power_off(app: App) -> None:
    """The menu's "shut down", where logind may power the Pi off."""
    from companion.system.power import power_off_offered

    if power_off_offered():
        app.power_off = lambda: _shut_down(app)


def _shut_down(app: App) -> bool:
    """The menu's "shut down": the moves in flight, the store, then logind powers off."""
    from companion.system.power import PowerOffError, power_off

    app.settle()  # the moves still on their way to the disk go first
    try:
        power_off(flush=app.store.flush)
    except PowerOffError as exc:
        app.message(str(exc))
        return False
    return True
