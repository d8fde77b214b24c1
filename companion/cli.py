"""The ``companion`` command: the touchscreen app and its tool subcommands."""

from __future__ import annotations

import gc
import os
import sys
from types import SimpleNamespace

from companion import __version__

# typing, pathlib and collections.abc are imported in main (pathlib alone brings re and
# enum): once the collector is off, which the app's start-up keeps it until its first frame
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

#: the app's own options: those that take a value, and the switches
_VALUED = ("--data-dir", "--config", "--size")
_FLAGS = ("--windowed", "--fullscreen", "--simulate", "--resume")


def _read_size(text: str) -> tuple[int, int]:
    """``800x480`` -> ``(800, 480)``; a ``ValueError`` that says what is wrong otherwise."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size must look like 800x480, not {text!r}") from None
    if width < 200 or height < 200:
        raise ValueError(f"size {text} is too small (at least 200x200)")
    return width, height


def _size(text: str) -> tuple[int, int]:
    import argparse

    try:
        return _read_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _baud(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"baud rate must be a whole number, not {text!r}"
                                         ) from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"baud rate must be positive, not {value}")
    return value


def app_options(arguments: Sequence[str]) -> SimpleNamespace | None:
    """The app's own options read the way the full parser reads them, or None.

    A start without a subcommand (the Pi's service, a desktop's ``companion``) is read
    here without importing argparse (2 ms of every start: argparse and gettext). Only
    the options' full names are taken, as ``--name value`` or ``--name=value``; anything
    else -- a subcommand, an abbreviation, ``--help``, a mistake -- gets None and goes to
    the full parser, which reads it or says what is wrong as usual.
    """
    values: dict[str, object] = {"command": None, "data_dir": None, "config": None,
                                 "size": None, **{flag[2:]: False for flag in _FLAGS}}
    from pathlib import Path

    remaining = list(arguments)
    while remaining:
        argument = remaining.pop(0)
        name, equals, value = argument.partition("=")
        if name in _FLAGS and not equals:
            values[name[2:]] = True
            continue
        if name not in _VALUED:
            return None
        if not equals:
            if not remaining:
                return None
            value = remaining.pop(0)
        if value.startswith("-"):
            return None
        if name == "--size":
            try:
                values["size"] = _read_size(value)
            except ValueError:
                return None
        else:
            values[name[2:].replace("-", "_")] = Path(value)
    if values["windowed"] and values["fullscreen"]:
        return None
    return SimpleNamespace(**values)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace | SimpleNamespace:
    """The command line: the app's own options by :func:`app_options`, else argparse."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = app_options(arguments)
    if options is not None:
        return options
    return build_parser().parse_args(arguments)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(
        prog="companion",
        description="Game-night companion for Glory to Rome, Ave Roma and Via Romana.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where the game log lives (default: $COMPANION_DATA_DIR or the "
                             "user data directory)")
    parser.add_argument("--config", type=Path, default=None,
                        help="device config file; the Pi's service reads "
                             "/etc/companion/devices.toml (default: companion/devices.toml in "
                             "the user config directory)")
    display = parser.add_mutually_exclusive_group()
    display.add_argument("--windowed", action="store_true", help="run in a desktop window "
                         "(the default off a Raspberry Pi)")
    display.add_argument("--fullscreen", action="store_true", help="fill the screen (the "
                         "default on a Raspberry Pi, told by /proc/device-tree/model)")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size, e.g. 800x480 or 720x1280")
    parser.add_argument("--simulate", action="store_true",
                        help="use simulated buttons and NFC reader even on a Pi")
    parser.add_argument("--resume", action="store_true",
                        help="go straight back to the unfinished game's table (for the Pi "
                             "after a power cut); without it, home offers to resume")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = sub.add_parser("score", help="score an endgame described in JSON and print JSON")
    score.add_argument("game", metavar="GAME", help="glory-to-rome, ave-roma or via-romana")
    score.add_argument("file", metavar="FILE", help="JSON file, or - for standard input")

    nfc = sub.add_parser("nfc", help="print the UID of every tag that arrives on a reader")
    nfc.add_argument("--reader", choices=("pn532", "bridge"), required=True)
    nfc.add_argument("--port", required=True, help="serial port, e.g. /dev/serial0")
    nfc.add_argument("--baud", type=_baud, default=None, help="baud rate (default per reader)")

    export = sub.add_parser("export", help="write finished games as JSON (the whole log), "
                            "CSV (a row per player per game) or the BG Stats import format")
    export.add_argument("--format", dest="export_format", choices=("json", "csv", "bgstats"),
                        default="json")
    export.add_argument("--game", dest="export_game", type=int, default=None, metavar="ID",
                        help="only this game (its number in the log)")
    export.add_argument("--out", dest="export_out", type=Path, default=None, metavar="FILE",
                        help="file to write (default: standard output)")

    imp = sub.add_parser("import", help="add the games of a 'companion export --format json' "
                         "file (a game already in the log is not added twice)")
    imp.add_argument("import_file", type=Path, metavar="FILE")

    bgs = sub.add_parser("import-bgstats", help="add the plays of Glory to Rome, Ave Roma and "
                         "Via Romana from a BG Stats backup or play file (other games are "
                         "counted and skipped; a play already here is not added twice)")
    bgs.add_argument("bgstats_file", type=Path, metavar="FILE")
    bgs.add_argument("--ask", dest="bgstats_ask", action="store_true", default=None,
                     help="ask about a name close to a known player (default: when typing)")
    bgs.add_argument("--no-ask", dest="bgstats_ask", action="store_false",
                     help="never ask: keep such names apart and list them")

    sub.add_parser("doctor", help="check display, touch, GPIO, readers, data, space and the "
                   "service; one line each, ok or what to do")

    shot = sub.add_parser("screenshot", help="render one screen of a demo game to a PNG")
    shot.add_argument("--screen", required=True, help="home, new-game, table-glory-to-rome, ...")
    shot.add_argument("--size", dest="shot_size", type=_size, default=(800, 480), metavar="WxH")
    shot.add_argument("--out", type=Path, required=True, help="PNG file to write")
    shot.add_argument("--rotate", type=int, choices=(0, 90, 180, 270), default=0,
                      metavar="DEGREES", help="the picture turned clockwise on a panel of "
                      "--size, as Settings > Display does (0, 90, 180 or 270)")
    shot.add_argument("--lang", dest="shot_lang", metavar="LANG",
                      help="language of the screen: en, de, ro, ar, zh_CN (default: LANG)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # start-up's objects live as long as the process: no collection among them until the
    # app's first frame (companion.app) or a command's start turns it back on. Here, not
    # in __main__: the Pi's service and `uv run companion` come in through this entry point
    gc.disable()
    try:
        # pygame's greeting on standard output at its import: a line in the journal at
        # every start, and sysconfig imported to word it
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        args = parse_args(argv)
        if isinstance(args, SimpleNamespace):  # the app's own options alone
            from companion.app import run_app

            return run_app(args)
        gc.enable()  # off for the app's start-up alone
        return _run_command(args)
    finally:
        gc.enable()  # a caller in the same process (a test) goes on collecting


def _run_command(args: argparse.Namespace) -> int:
    if args.command == "score":
        from companion.scoring import run_score

        return run_score(args.game, args.file)
    if args.command == "nfc":
        from companion.devices.nfc_cli import run_nfc

        return run_nfc(args.reader, args.port, args.baud)
    if args.command == "import-bgstats":
        from companion.history.bgstats_cli import run_import_bgstats

        return run_import_bgstats(args.data_dir, args.bgstats_file, args.bgstats_ask)
    if args.command in ("export", "import"):
        from companion.history.exchange_cli import run_export, run_import

        if args.command == "export":
            return run_export(args.data_dir, args.export_format, args.export_game,
                              args.export_out)
        return run_import(args.data_dir, args.import_file)
    if args.command == "doctor":
        from companion.system.doctor import run_doctor

        return run_doctor(args)
    if args.command == "screenshot":
        from companion.ui.screenshot import run_screenshot

        return run_screenshot(args.screen, args.shot_size, args.out, args.shot_lang,
                              args.rotate)
    from companion.app import run_app

    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())
