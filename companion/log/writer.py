"""The log writer: commits submitted entries on its own thread.

A commit with ``synchronous=FULL`` waits for the disk (milliseconds on an SSD, far more on
an SD card). The UI loop hands each checked entry to this thread and keeps answering
touches; the writer reports each outcome as an event on the same input queue the devices
use, so an acknowledgement wakes the loop at once and is shown only after its commit.

At shutdown :meth:`LogWriter.close` finishes the queue for a while, then abandons what is
left: an abandoned entry was never acknowledged, so it was never shown and stays so.
"""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
import traceback
from collections.abc import Callable

from companion.core.events import CommitFailed, Committed, InputEvent
from companion.core.i18n import _
from companion.log.entries import StoreError
from companion.log.folding import snapshot_code
from companion.log.session import GameSession, Submitted

_STOP = object()
#: after the shutdown timeout, how long to wait for the commit already on its way
LAST_COMMIT_WAIT = 2.0


class LogWriter:
    """One thread that appends submitted entries in order and reports each outcome."""

    def __init__(self, events: queue.Queue[InputEvent]) -> None:
        self._events = events
        self._jobs: queue.Queue[object] = queue.Queue()
        self._failed_generation: dict[int, int] = {}  # game id -> generation that failed
        self._abandon = threading.Event()
        #: entries dropped at shutdown without reaching the disk
        self.abandoned = 0
        self._thread = threading.Thread(target=self._run, name="log-writer", daemon=True)
        self._thread.start()

    def write(self, submitted: Submitted | None) -> None:
        if submitted is not None:
            self._jobs.put(submitted)

    def save_snapshot(self, session: GameSession,
                      snapshot: tuple[int, int, bytes] | None) -> None:
        """Save a snapshot returned by ``GameSession.acknowledge`` (if any), in order."""
        if snapshot is not None:
            self._jobs.put((session, snapshot))

    def later(self, job: Callable[[], object]) -> None:
        """Run a small store write (a turn's time) on this thread, after what came before.

        It is bookkeeping around the game, not a move: a StoreError is dropped.
        """
        self._jobs.put(job)

    def drain(self, timeout: float = 2.0) -> bool:
        """Wait until everything handed over so far is done (before reading it back)."""
        done = threading.Event()
        self._jobs.put(done.set)
        return done.wait(timeout)

    @property
    def queued(self) -> int:
        """Jobs not yet taken up by the thread (roughly: it changes as it works)."""
        return self._jobs.qsize()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is _STOP:
                return
            if self._abandon.is_set():
                if isinstance(job, Submitted):
                    self.abandoned += 1
                continue
            try:
                self._do(job)
            except Exception:  # noqa: BLE001 - the thread must outlive any one job
                traceback.print_exc(file=sys.stderr)
                if isinstance(job, Submitted):
                    self._events.put(CommitFailed(job, _(
                        "The move could not be saved (an unexpected error); it was not "
                        "recorded.")))

    def _do(self, job: object) -> None:
        if isinstance(job, Submitted):
            self._commit(job)
        elif callable(job):  # bookkeeping handed over with later() (or drain's marker)
            with contextlib.suppress(StoreError):
                job()
        elif isinstance(job, tuple):
            session, (applied, origin, state) = job
            # A snapshot is only a shortcut: if it cannot be saved, the log still is.
            with contextlib.suppress(StoreError):
                session.store.save_snapshot(session.game_id, applied, origin, state,
                                            code=snapshot_code())

    def _commit(self, job: Submitted) -> None:
        game_id = job.session.game_id
        if job.generation <= self._failed_generation.get(game_id, -1):
            # Checked against an entry that never reached the disk: it cannot stand alone.
            self._events.put(CommitFailed(job, ""))
            return
        try:
            seq = job.session.store.append(game_id, job.entry)
        except StoreError as exc:
            self._failed_generation[game_id] = job.generation
            self._events.put(CommitFailed(job, str(exc)))
            return
        self._events.put(Committed(job, seq))

    def close(self, timeout: float = 5.0) -> int:
        """Finish the queue for up to ``timeout`` seconds, then abandon the rest.

        Returns how many entries were abandoned. Never raises; the store may be closed
        afterwards (a commit under way finishes first: it holds the store's lock).
        """
        self._jobs.put(_STOP)
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._abandon.set()
            self._thread.join(LAST_COMMIT_WAIT)
        return self.abandoned
