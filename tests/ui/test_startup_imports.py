"""The first frame's modules leave out what only a rare path needs (start-up is measured)."""

from __future__ import annotations

import subprocess
import sys

FIRST_FRAME_MODULES = ("companion.cli", "companion.app", "companion.notify", "companion.power",
                       "companion.store", "companion.ui.app_loop", "companion.ui.screens.home",
                       "companion.board", "companion.backlight", "companion.drm")
#: a warning, switching the Pi off, a subcommand's command line, a catalog other than
#: English, a row of JSON, the socket module's enum layer: imported when they happen
LEFT_FOR_LATER = ("logging", "subprocess", "argparse", "gettext", "json", "socket")


def test_first_frame_modules_do_not_import_what_a_rare_path_needs() -> None:
    code = (f"import sys\nfor name in {FIRST_FRAME_MODULES!r}: __import__(name)\n"
            "from companion.cli import parse_args\n"
            "parse_args(['--fullscreen', '--resume', '--data-dir', '/var/lib/companion'])\n"
            f"print(' '.join(m for m in {LEFT_FOR_LATER!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={"SDL_VIDEODRIVER": "dummy",
                                             "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert result.stdout.split() == []



def _companion_main(patch: str) -> str:
    """``python -m companion`` with ``patch`` applied to ``companion.cli`` first; what it
    printed."""
    code = ("import gc, runpy, sys\n"
            "import companion.cli as cli\n"
            f"{patch}\n"
            "sys.argv = ['companion', 'doctor']\n"
            "try:\n"
            "    runpy.run_module('companion', run_name='__main__')\n"
            "except SystemExit:\n"
            "    pass\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={"SDL_VIDEODRIVER": "dummy",
                                           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}).stdout


def test_the_collector_is_off_through_start_up_and_on_for_a_command() -> None:
    """``python -m companion`` turns the collector off before the app's first import
    (start-up makes objects that live as long as the process); a command turns it back
    on (the app does after its first frame: ``companion.app``)."""
    assert _companion_main("cli.main = lambda: print(gc.isenabled()) or 0").split() == [
        "False"]
    assert _companion_main("cli._run_command = lambda args: print(gc.isenabled()) or 0"
                           ).split() == ["True"]
