"""Play one scripted full game through the app and print the peak resident memory (kB).

Run as ``python -m bench.memory_child GAME [LANGUAGE]``: the whole evening goes through the
app (each move checked, committed by the log writer, drawn), then the final scoring and the
scoreboard, as at a real table. LANGUAGE (default ``en``) is saved as the store's language
setting before the app starts, as Settings would have left it.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from bench.scripted_games import scripted_game  # noqa: E402
from companion.core.events import new_input_queue  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.ui import places  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402


def peak_resident_kb() -> int:
    """This process's peak resident memory (VmHWM, kB).

    Not ``ru_maxrss``: Linux carries that over from the parent across fork and exec, so a
    child started by a large parent reports the parent's peak.
    """
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def play(game: str, data_dir: Path, language: str = "en") -> None:
    players, options, moves, entries = scripted_game(game)
    pygame.display.init()
    pygame.font.init()
    store = Store.open(data_dir)
    store.set_setting("language", language)
    app = App(store, new_input_queue(), pygame.display.set_mode((800, 480)))
    app.start()
    app.start_session(GameSession.create(store, game, players, options))
    for kind, payload, player in moves:
        if not app.dispatch(kind, payload, player):
            raise SystemExit(f"refused: {kind} {payload}: {app.banner and app.banner.text}")
        app.settle()
        app.render(force=True)
    session = app.session
    assert session is not None and session.rules.is_over(session.state)
    app.go(places.Endgame())
    app.render(force=True)
    result = session.rules.final_score(session.state, entries)
    session.finish(result)
    app.go(places.Scoreboard(result, session.rules.title))
    app.render(force=True)
    app.close()
    store.close()


def scratch_folder() -> str | None:
    """Where the game's store goes: memory where the system offers it (the figure is the
    process's memory; a disk's waits for each move's commit only lengthen the run)."""
    memory = Path("/dev/shm")
    return str(memory) if memory.is_dir() and os.access(memory, os.W_OK) else None


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(dir=scratch_folder()) as directory:
        play(sys.argv[1], Path(directory), *sys.argv[2:3])
    print(peak_resident_kb())
