"""The first frame's modules leave out what only a rare path needs (start-up is measured)."""

from __future__ import annotations

import subprocess
import sys

import pytest

FIRST_FRAME_MODULES = ("companion.cli", "companion.app", "companion.system.notify",
                       "companion.system.power", "companion.log.store", "companion.ui.app_loop",
                       "companion.ui.screens.home", "companion.system.board",
                       "companion.system.backlight", "companion.system.drm")
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




#: stands in for the app: says whether the collector is on when it is imported, and ends
_APP_IMPORT_SAYS = ("class SaysCollector:\n"
                    "    def find_spec(self, name, path=None, target=None):\n"
                    "        if name == 'companion.app':\n"
                    "            print(gc.isenabled())\n"
                    "            raise SystemExit(0)\n"
                    "sys.meta_path.insert(0, SaysCollector())\n")


def _companion(entry: str, patch: str = "", argv: tuple[str, ...] = ("--simulate",)) -> str:
    """The companion command entered as ``entry`` ("script": the installed entry point
    the Pi's service and ``uv run companion`` use; "module": ``python -m companion``),
    with ``patch`` applied to ``companion.cli`` first; what it printed."""
    run = ("cli.main()" if entry == "script"
           else "runpy.run_module('companion', run_name='__main__')")
    code = ("import gc, runpy, sys\n"
            "import companion.cli as cli\n"
            f"{patch}\n"
            f"sys.argv = ['companion', *{argv!r}]\n"
            "try:\n"
            f"    {run}\n"
            "except SystemExit:\n"
            "    pass\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={"SDL_VIDEODRIVER": "dummy",
                                           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}).stdout


@pytest.mark.parametrize("entry", ["script", "module"])
def test_the_collector_is_off_through_start_up_and_on_for_a_command(entry: str) -> None:
    """The app's modules are imported with the collector off (start-up makes objects that
    live as long as the process; the app turns it on after its first frame), whichever
    way the command is entered; a command turns it back on."""
    assert _companion(entry, _APP_IMPORT_SAYS).split() == ["False"]
    assert _companion(entry, "cli._run_command = lambda args: print(gc.isenabled()) or 0",
                      ("doctor",)).split() == ["True"]


def test_the_window_opens_with_the_companion_s_icon_and_no_zipfile() -> None:
    """pygame reads its default icon through importlib.resources, which imports zipfile
    (about 2.5 ms of start-up); the companion's own icon, set first, leaves both out."""
    code = ("import sys\nfrom types import SimpleNamespace\n"
            "from companion.app import _open_display\n"
            "surface = _open_display(SimpleNamespace(fullscreen=False, windowed=True, "
            "size=(320, 240)))\n"
            "print(surface.get_size(), 'zipfile' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={"SDL_VIDEODRIVER": "dummy",
                                             "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert result.stdout.split() == ["(320,", "240)", "False"]
