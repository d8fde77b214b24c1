"""A move's cost against the length of the log: the same move at 1,000 and 20,000 moves.

Each move goes the app's way: checked against what is in flight (the timeline fork),
committed by the store (WAL, ``synchronous=FULL``), acknowledged into the timeline.
Pairs of moves alternate between the two logs so a drifting disk hits both alike.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.judging import Figure
from bench.long_game import build_store, next_action
from bench.measure import median
from companion.log.session import GameSession
from companion.log.store import Store


def _moves(session: GameSession, count: int) -> list[float]:
    """Seconds per move for ``count`` moves through submit, commit and acknowledge."""
    times = []
    for _ in range(count):
        action = next_action(session._latest.state)
        started = time.perf_counter()
        submitted = session.submit_action(action.type, action.payload, action.player)
        assert submitted is not None
        seq = session.store.append(session.game_id, submitted.entry)
        session.acknowledge(submitted, seq)
        times.append(time.perf_counter() - started)
    return times


def move_cost(quick: bool) -> Figure:
    short, long = (1000, 5000) if quick else (1000, 20000)
    # the commit's fsync dominates and the disk's latency drifts: alternate every couple
    # of moves so a drift hits both logs alike
    blocks, per_block = (45, 2) if quick else (600, 2)
    with tempfile.TemporaryDirectory() as directory:
        sessions = {}
        for actions in (short, long):
            build_store(Path(directory) / str(actions), actions)
            store = Store.open(Path(directory) / str(actions))
            session = GameSession.resume(store)
            assert session is not None
            sessions[actions] = session
        times: dict[int, list[float]] = {short: [], long: []}
        for _block in range(blocks):
            for actions, session in sessions.items():
                times[actions] += _moves(session, per_block)
        for session in sessions.values():
            session.store.close()
    cost = {n: median(t) for n, t in times.items()}
    ratio = cost[long] / cost[short]
    return Figure(f"A move's cost at {long:,} moves vs {short:,}",
                  f"{cost[long] * 1000:.3f} ms", f"{cost[short] * 1000:.3f} ms "
                  f"(at {short:,} moves)", f"{ratio:.2f}x", "<= 1.1x", ratio <= 1.1,
                  f"median of {blocks * per_block} moves each, alternating every {per_block} "
                  "moves; "
                  "from submit through the check, the commit (WAL, synchronous=FULL, "
                  "on the disk) to the acknowledgement into the timeline, on one thread; "
                  "no screen, no devices, no writer thread")
