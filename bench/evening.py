"""``uv run python -m bench.evening``: a compressed game night of random inputs.

The real app (store, log writer thread, every screen) gets ``--inputs`` random inputs:
taps on the buttons of whatever screen is up (and now and then anywhere), the
table's physical buttons, and demo NFC tags. Nothing is scripted: the evening wanders
from home to new games, tables, dialogs, the history and back. Reported and checked:

- unexpected errors caught by the app (``App.errors``): must be 0;
- the game on the table replays identically from the log (a second store on the file)
  every ``--check-every`` inputs and at the end;
- resident memory growth from the end of the warm-up to the end: < 2 MB;
- open file descriptors (font files aside): the most seen, which must not grow with the
  evening.

Shutting down is not offered (``power_off`` is unset), so the evening cannot end itself.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.measure import HEADLESS

os.environ.update(HEADLESS)

import pygame  # noqa: E402

from companion.core.events import ButtonPress, TagArrived, new_input_queue  # noqa: E402
from companion.devices.simulated import DEMO_TAG_UIDS  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402

BUTTONS = ("seat1", "seat2", "seat3", "seat4", "seat5", "next", "undo", "menu")
GAMES = ("glory-to-rome", "ave-roma", "via-romana")
PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2),
           PlayerInfo("Julia", "green", 3), PlayerInfo("Gaius", "yellow", 4))
#: inputs without a game on the table after which the evening sits down to a new one
#: (random taps seldom get through the set-up form's names and colours on their own)
IDLE_BEFORE_NEW_GAME = 150
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class EveningResult:
    inputs: int
    seconds: float
    errors: int
    replay_checks: int
    replay_mismatches: int
    rss_after_warm_up: int
    rss_at_end: int
    open_files_max: int
    open_files_after_warm_up: int
    games_started: int

    @property
    def rss_growth(self) -> int:
        return self.rss_at_end - self.rss_after_warm_up

    def ok(self, memory: bool = True) -> bool:
        return (self.errors == 0 and self.replay_mismatches == 0
                and (not memory or self.rss_growth < 2 * 1024 * 1024)
                and self.open_files_max <= self.open_files_after_warm_up + 4)

    def lines(self) -> list[str]:
        return [
            f"inputs: {self.inputs} in {self.seconds:.1f} s "
            f"({1000 * self.seconds / max(1, self.inputs):.2f} ms each)",
            f"unexpected errors: {self.errors}",
            f"replay checks: {self.replay_checks}, mismatches: {self.replay_mismatches}",
            f"games started: {self.games_started}",
            f"resident memory: {self.rss_after_warm_up / 2**20:.1f} MB after warm-up, "
            f"{self.rss_at_end / 2**20:.1f} MB at the end "
            f"(growth {self.rss_growth / 2**20:+.2f} MB; target < 2 MB)",
            f"open files: {self.open_files_after_warm_up} after warm-up, "
            f"at most {self.open_files_max}",
        ]


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


FONT_SUFFIXES = (".ttf", ".otf", ".ttc")


def _open_files() -> int:
    """Open descriptors, font files left out: a face keeps its file open from the first
    text in its script on (a fixed set); what must not grow is sockets, pipes, logs."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        count += not target.lower().endswith(FONT_SUFFIXES)
    return count


def _touch(app: App, pos: tuple[int, int]) -> None:
    width, height = app.metrics.width, app.metrics.height
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=pos[0] / width, y=pos[1] / height,
                                             dx=0.0, dy=0.0, finger_id=0, touch_id=1,
                                             pressure=1.0))


def _one_input(app: App, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.78:
        buttons = [b for b in app.top.buttons if b.enabled]
        if buttons:
            _touch(app, rng.choice(buttons).rect.center)
            return
    if roll < 0.84:
        _touch(app, (rng.randrange(app.metrics.width), rng.randrange(app.metrics.height)))
    elif roll < 0.96:
        app.inputs.put(ButtonPress(rng.choice(BUTTONS), long=rng.random() < 0.05))
    else:
        app.inputs.put(TagArrived(rng.choice(("table", "vault")), rng.choice(DEMO_TAG_UIDS)))


def _replays_identically(app: App) -> bool:
    session = app.session
    if session is None:
        return True
    app.settle()
    second = Store.open(app.store.path.parent)
    try:
        replayed = GameSession(second, second.game(session.game_id))
        return bool(replayed.state == session.state)
    finally:
        second.close()


def run_evening(inputs: int, seed: int = 20261201, check_every: int = 1000,
                size: tuple[int, int] = (800, 480), data_dir: Path | None = None,
                warm_up: int | None = None) -> EveningResult:
    """Play ``inputs`` random inputs into the real app; see the module docstring."""
    with tempfile.TemporaryDirectory() as folder:
        directory = data_dir or Path(folder)
        pygame.display.init()
        pygame.font.init()
        store = Store.open(directory)
        app = App(store, new_input_queue(), pygame.display.set_mode(size))
        app.start()
        app.step()
        rng = random.Random(seed)
        warm_up = inputs // 4 if warm_up is None else warm_up
        rss_after_warm_up = open_after_warm_up = 0
        open_max = 0
        checks = mismatches = games = 0
        last_session = None
        without_game = 0
        started = time.perf_counter()
        for count in range(1, inputs + 1):
            without_game = 0 if app.session is not None else without_game + 1
            if without_game > IDLE_BEFORE_NEW_GAME:
                players = PLAYERS[:rng.randint(2, 4)]
                app.start_session(GameSession.create(store, rng.choice(GAMES), players))
            _one_input(app, rng)
            app.step()
            if app.session is not last_session:
                last_session = app.session
                games += app.session is not None
            if count % check_every == 0 or count == inputs:
                checks += 1
                mismatches += not _replays_identically(app)
            if count == warm_up:
                app.settle()
                rss_after_warm_up, open_after_warm_up = _rss(), _open_files()
            if count >= warm_up:
                open_max = max(open_max, _open_files())
        seconds = time.perf_counter() - started
        app.settle()
        result = EveningResult(inputs, seconds, app.errors, checks, mismatches,
                               rss_after_warm_up, _rss(), open_max, open_after_warm_up,
                               games)
        app.close()
        store.close()
        pygame.display.quit()
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.evening", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inputs", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--check-every", type=int, default=1000)
    parser.add_argument("--warm-up", type=int, default=None,
                        help="inputs before memory is first taken (default: a quarter); the "
                             "text and SQLite page caches fill up meanwhile")
    args = parser.parse_args(argv)
    result = run_evening(args.inputs, args.seed, args.check_every, warm_up=args.warm_up)
    print("\n".join(result.lines()))
    print("met" if result.ok() else "NOT met")
    return 0 if result.ok() else 1


if __name__ == "__main__":
    sys.exit(main())
