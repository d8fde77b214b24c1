"""Fork server for the SIGKILL test: the real app, killed at random moments.

Reads ``<data dir> <seed> <ack file>`` lines on stdin; for each it forks a player that
runs the app as ``companion`` does (folder lock, store, log writer thread, session,
table screen) on Glory to Rome, and writes ``ACK <entries> <digest>`` to the ack file
after every acknowledged entry (what the screen then shows). It prints the player's pid,
and ``DONE <pid> <wait status>`` once the parent has killed it. Forking after the
imports keeps a trial to a fraction of a second.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.core.events import ButtonPress, new_input_queue  # noqa: E402
from companion.games.base import Action, PlayerInfo  # noqa: E402
from companion.log.folder_lock import lock_data_folder  # noqa: E402
from companion.log.session import GameSession, Submitted  # noqa: E402
from companion.log.store import Store  # noqa: E402
from companion.log.writer import LogWriter  # noqa: E402, F401
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screens import table  # noqa: E402, F401 - loaded before the fork

PLAYERS = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2),
           PlayerInfo("Julia", "green", 3))


def digest(actions: list[Action]) -> str:
    """The actions in effect, in one short string both sides can compute."""
    text = json.dumps([action.to_json() for action in actions], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def next_move(state: Any, rules: Any) -> tuple[str, dict[str, Any], int]:
    """Laborer turns: lead, follow, act (each a move the reducer checks)."""
    player = rules.current_player(state)
    if state.phase == "lead":
        return "lead", {"role": "laborer"}, player
    if state.phase == "follow":
        return "follow", {}, player
    return "act", {}, player


def play(data_dir: Path, seed: int, ack_path: Path) -> None:
    ack = os.open(ack_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    lock = lock_data_folder(data_dir)
    assert lock is not None
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    store = Store.open(data_dir)
    assert not store.notices, store.notices
    app = App(store, new_input_queue(), surface)
    app.start()
    session = GameSession.resume(store) or GameSession.create(store, "glory-to-rome", PLAYERS)
    app.start_session(session)
    acked = len(store.log(session.game_id))
    acknowledge = session.acknowledge

    def acknowledged(submitted: Submitted, seq: int = 0) -> tuple[int, int, bytes] | None:
        nonlocal acked
        snapshot = acknowledge(submitted, seq)
        acked += 1
        os.write(ack, f"ACK {acked} {digest(session.actions)}\n".encode())
        return snapshot

    session.acknowledge = acknowledged  # type: ignore[method-assign]
    app.step()  # the first frame of the table
    os.write(ack, b"READY\n")
    rng = random.Random(seed)
    while True:
        roll = rng.random()
        if roll < 0.12:
            app.inputs.put(ButtonPress("undo"))
        elif roll < 0.17:
            app.redo()
        else:
            latest = session._latest  # what the next move is checked against
            kind, payload, player = next_move(latest.state, session.rules)
            app.dispatch(kind, payload, player)
        app.step()


def warm_up() -> None:
    """Draw a table once before forking, so every player starts with the fonts loaded."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        pygame.display.init()
        pygame.font.init()
        store = Store.open(Path(folder))
        app = App(store, new_input_queue(), pygame.display.set_mode((800, 480)))
        app.start_session(GameSession.create(store, "glory-to-rome", PLAYERS))
        app.step()
        store.close()
        pygame.display.quit()


def main() -> None:
    warm_up()
    for line in sys.stdin:
        data_dir, seed, ack_path = line.split()
        pid = os.fork()
        if pid == 0:
            try:
                play(Path(data_dir), int(seed), Path(ack_path))
            except BaseException:  # noqa: BLE001 - report, then leave without cleanup
                import traceback

                traceback.print_exc()
                os._exit(3)
            os._exit(4)
        print(pid, flush=True)
        _pid, status = os.waitpid(pid, 0)
        print(f"DONE {pid} {status}", flush=True)


if __name__ == "__main__":
    main()
