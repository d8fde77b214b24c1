"""Child process for the crash test: records actions and acknowledges each commit.

Prints ``ACK <log entries> <amounts in effect> <state>`` after every acknowledged entry,
so the parent knows exactly what must survive a SIGKILL at any moment.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.games import GAME_MODULES
from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.log.store import Store

GAME_MODULES["counter"] = "counter_game"


def main(data_dir: str, seed: int) -> None:
    rng = random.Random(seed)
    store = Store.open(Path(data_dir))
    session = GameSession.resume(store) or GameSession.create(
        store, "counter", (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2)))
    entries = len(store.log(session.game_id))
    while True:
        if rng.random() < 0.15 and session.can_undo:
            session.undo()
        else:
            session.dispatch("add", {"amount": rng.randint(1, 3)})
        entries += 1
        amounts = ",".join(str(a.payload["amount"]) for a in session.actions)
        print(f"ACK {entries} {amounts} {session.state.tallies}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
