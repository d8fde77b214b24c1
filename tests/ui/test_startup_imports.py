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
