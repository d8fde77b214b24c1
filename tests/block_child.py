"""Child process for the block-level power cut: records moves, stamps each acknowledgement.

Prints ``ACK <log entries> <time.monotonic()>`` after every entry the store acknowledged
(its commit returned, so its fsync did), for the parent to compare with the flushes the
block device saw.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from companion.games import GAME_MODULES
from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.log.store import Store

GAME_MODULES["counter"] = "counter_game"


def main(data_dir: str, seed: int) -> None:
    rng = random.Random(seed)
    store = Store.open(Path(data_dir))
    session = GameSession.create(
        store, "counter", (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2)))
    print(f"GAME {session.game_id} {time.monotonic()}", flush=True)
    entries = 0
    while True:
        if rng.random() < 0.15 and session.can_undo:
            session.undo()
        else:
            session.dispatch("add", {"amount": rng.randint(1, 3)})
        entries += 1
        print(f"ACK {entries} {time.monotonic()}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
