"""``companion`` with no subcommand: the touchscreen app on the Pi, a window on a desktop.

Wires the pieces together (store, devices, systemd notifier, display) and runs the
event-driven loop of :mod:`companion.ui.app_loop`. SIGTERM and SIGINT end it cleanly:
the handler only sets a flag, the loop notices within one wait, and everything is
closed in order with exit status 0.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from companion.i18n import _

if TYPE_CHECKING:
    from companion.devices import Devices
    from companion.ui.app_loop import App

DEFAULT_SIZE = (800, 480)
#: exit status when another companion already holds the data folder
ALREADY_RUNNING = 2


def _open_display(args: argparse.Namespace) -> object:
    import pygame

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.fullscreen and "SDL_VIDEODRIVER" not in os.environ and Path("/dev/dri").exists():
        from companion.drm import apply_to_environment

        apply_to_environment()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(_("Game-night companion"))
    if args.fullscreen:
        surface = pygame.display.set_mode(args.size or (0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        surface = pygame.display.set_mode(args.size or DEFAULT_SIZE)
    return surface


def run_app(args: argparse.Namespace) -> int:
    """Run the app until a signal, the window's close button or a shutdown; 0 on a clean end.

    The first frame comes first: the window opens and shows its screen before the
    devices are loaded and started (their events simply queue up meanwhile).
    """
    import pygame

    from companion.events import new_input_queue
    from companion.folder_lock import AlreadyRunning, lock_data_folder
    from companion.notify import SystemdNotifier
    from companion.store import Store, default_data_dir
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
    from companion.power import power_off_offered

    if power_off_offered():
        app.power_off = lambda: _shut_down(app)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        app.request_stop()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    devices = None
    try:
        app.start()
        if args.resume and store.unfinished_game() is not None:
            app.resume_game()
        app.show_first_frame()
        devices = _start_devices(app, args)
        return app.run()
    finally:
        app.close()
        notifier.stopping()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if devices is not None:
            devices.close()
        store.close()
        _release(folder_lock)
        notifier.close()
        forget_fonts()
        pygame.quit()


def _release(folder_lock: int | None) -> None:
    if folder_lock is not None:
        os.close(folder_lock)


def _start_devices(app: App, args: argparse.Namespace) -> Devices:
    """Load the device config (a bad one is reported, the defaults used) and start them."""
    from companion.devices import DeviceConfigError, load_device_config, start_devices
    from companion.devices.config import DeviceConfig
    from companion.devices.simulated import button_for_key

    try:
        config = load_device_config(args.config)
    except DeviceConfigError as exc:
        # a notice that stays until tapped: a reader's status must not cover it
        app.notify(_("Device settings not used ({error}); continuing with the "
                     "defaults.").format(error=exc))
        app.render()
        config = DeviceConfig()
    devices = start_devices(config, app.inputs, args.simulate)
    app.key_to_button = button_for_key
    app.keys = devices.keys
    app.simulated_reader = devices.simulated_reader
    app.vault_reader = config.vault_reader
    return devices


def _shut_down(app: App) -> bool:
    """The menu's "shut down": the moves in flight, the store, then logind powers off."""
    from companion.power import PowerOffError, power_off

    app.settle()  # the moves still on their way to the disk go first
    try:
        power_off(flush=app.store.flush)
    except PowerOffError as exc:
        app.message(str(exc))
        return False
    return True
