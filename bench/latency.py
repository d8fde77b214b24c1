"""Figures 2 and 6: from a press or a tag to the frame that shows it, and to the commit.

Everything runs in one process, as on the Pi: the real app loop on the main thread, the
real device drivers (gpiozero on MockFactory pins, the bridge driver on a pseudo-terminal
with the bridge emulator at the far end), the real log writer with WAL and
``synchronous=FULL``. A driver thread makes things happen and waits for the display
update that shows the result.
"""

from __future__ import annotations

import functools
import gc
import os
import queue
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bench.judging import FRAME_SECONDS, Budget, Figure
from bench.long_game import build_store
from bench.measure import HEADLESS, percentile

os.environ.update(HEADLESS)

import pygame  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from companion.core.events import new_input_queue  # noqa: E402
from companion.devices import start_devices  # noqa: E402
from companion.devices.config import DeviceConfig, ReaderConfig  # noqa: E402
from companion.devices.emulators import BridgeEmulator, PtyPort  # noqa: E402
from companion.log.entries import LogEntry, TagMeaning
from companion.log.store import Store  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402

TAG = "04A1B2C3D4E5F6"
T = TypeVar("T")
SETTLE = 0.03  # a button held this long is a press (the chatter filter wants 20 ms)


class FrameWatch:
    """Stands in for ``pygame.display.update``: notes when each update ended, and what.

    The loop's thread never waits for the driver here: it appends the frame (atomic under
    the interpreter lock) and drops a token in a queue that takes no lock of Python's. A
    lock shared with the driver would make the loop wait whenever the driver held it and
    lost its CPU (to a neighbour, or to a quota's end), which the app on a Pi never does.
    Nor is the driver woken by an update it does not wait for ("Saving...", a released
    button): it would take the interpreter from the log writer just as the move's commit
    starts, a thread the app on a Pi does not have.
    """

    def __init__(self) -> None:
        self.marker: Callable[[], object] = lambda: None
        self.frames: list[tuple[float, object]] = []
        self._arrived: queue.SimpleQueue[None] = queue.SimpleQueue()
        self._wanted: Callable[[object], bool] | None = None  # what the driver waits for

    def present(self, rects: list[pygame.Rect]) -> None:
        pygame.display.update(rects)
        ended = time.perf_counter()
        marker = self.marker()
        self.frames.append((ended, marker))
        wanted = self._wanted
        if wanted is not None and wanted(marker):
            self._arrived.put(None)

    def wait_for(self, accept: Callable[[object], bool], after: int,
                 timeout: float = 10.0) -> float:
        """The end time of the first update after frame ``after`` whose marker is accepted."""
        deadline = time.monotonic() + timeout
        self._wanted = accept  # before looking: a frame appended after it wakes the driver
        index = after
        while True:
            while index < len(self.frames):
                ended, marker = self.frames[index]
                index += 1
                if accept(marker):
                    return ended
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise queue.Empty
                self._arrived.get(timeout=remaining)
            except queue.Empty:
                raise TimeoutError("the screen never showed the result") from None


class Bench:
    """The app on a long game, with mock pins and an emulated bridge reader."""

    def __init__(self, data_dir: Path, actions: int) -> None:
        build_store(data_dir, actions)
        pygame.display.init()
        pygame.font.init()
        self.store = Store.open(data_dir)
        self.store.enrol_tag(TAG, TagMeaning("vr-city-marker", "blue:3", "a blue 3 marker"))
        self.port = PtyPort()
        self.bridge = BridgeEmulator(self.port, readers=("seat1",), heartbeat=0.5)
        self.bridge.start()
        self.factory = MockFactory()
        self.inputs = new_input_queue()
        config = DeviceConfig(readers=(ReaderConfig(id="bridge", type="bridge",
                                                    port=self.port.path),))
        self.config = config
        self.devices = start_devices(config, self.inputs, simulate=False,
                                     pin_factory=self.factory)
        self.watch = FrameWatch()
        surface = pygame.display.set_mode((800, 480))
        self.app = App(self.store, self.inputs, surface, present=self.watch.present)
        self.app.start()
        self.app.resume_game()
        self.app.render()
        # as run_app does after the first frame: what lives as long as the app is left out
        # of the collections during the evening (else each scans it again, mid-frame)
        gc.collect()
        gc.freeze()

    def applied(self) -> int:
        session = self.app.session
        return session.action_count if session is not None else -1

    def run(self, driver: Callable[[], Any]) -> Any:
        """Run the app loop here and ``driver`` on a thread; stop when it is done."""
        result: list[Any] = []
        failure: list[BaseException] = []

        def drive() -> None:
            try:
                time.sleep(0.5)  # let the reader open and the start-up messages pass
                result.append(driver())
            except BaseException as exc:  # reported on the main thread
                failure.append(exc)
            finally:
                self.app.request_stop()

        thread = threading.Thread(target=drive, name="bench-driver")
        thread.start()
        self.app.run()
        thread.join()
        if failure:
            raise failure[0]
        return result[0]

    def close(self) -> None:
        self.app.close()
        self.devices.close()
        self.bridge.stop()
        self.port.close()
        self.store.close()
        pygame.display.quit()


@dataclass
class Presses:
    """Each press of the undo button, in press order (seconds)."""

    taken: list[float]  # to the first frame showing it: "Saving..." or the undone move
    durable: list[float]  # to the frame showing the undone move (on disk)
    commits: list[float]  # its commit (``Store.append`` on the writer's thread)


def _press_marker(bench: Bench) -> tuple[int, bool]:
    """What a frame shows: the moves in effect on disk, and whether "Saving..." is up."""
    return bench.applied(), bench.app.saving_shown


def _takes(expected: int, marker: object) -> bool:
    return isinstance(marker, tuple) and (marker[0] == expected or marker[1])


def _lands(expected: int, marker: object) -> bool:
    return isinstance(marker, tuple) and marker[0] == expected


def _button_latencies(bench: Bench, count: int) -> Presses:
    """Press the undo button ``count`` times, each once the last one is on disk and shown."""
    pin = bench.factory.pin(bench.config.buttons.pins["undo"])
    bench.watch.marker = functools.partial(_press_marker, bench)
    append, commits = bench.store.append, []

    def timed_append(*args: Any, **kwargs: Any) -> int:
        started = time.perf_counter()
        try:
            return append(*args, **kwargs)
        finally:
            commits.append(time.perf_counter() - started)

    bench.store.append = timed_append  # type: ignore[method-assign]
    presses = Presses([], [], commits)
    for _ in range(count):
        time.sleep(SETTLE)  # released long enough for the next press to count
        expected = bench.applied() - 1
        after = len(bench.watch.frames)
        pin.drive_low()
        time.sleep(SETTLE)
        pressed = time.perf_counter()
        pin.drive_high()  # the release completes the press
        taken = bench.watch.wait_for(functools.partial(_takes, expected), after)
        landed = bench.watch.wait_for(functools.partial(_lands, expected), after)
        presses.taken.append(taken - pressed)
        presses.durable.append(landed - pressed)
    return presses


def _is_new_banner(before: object, banner: object) -> bool:
    return banner not in (None, before)


def _tag_latencies(bench: Bench, count: int) -> list[float]:
    bench.watch.marker = lambda: id(bench.app.banner) if bench.app.banner else None
    latencies = []
    for _ in range(count):
        before = id(bench.app.banner) if bench.app.banner else None
        after = len(bench.watch.frames)
        placed = time.perf_counter()
        bench.bridge.place("seat1", TAG)
        shown = bench.watch.wait_for(functools.partial(_is_new_banner, before), after)
        latencies.append(shown - placed)
        bench.bridge.lift("seat1")
        time.sleep(0.01)
    return latencies


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def press_to_screen(quick: bool) -> list[Figure]:
    count = 60 if quick else 500
    with tempfile.TemporaryDirectory() as directory:
        bench = Bench(Path(directory), count + 100)
        try:
            presses: Presses = bench.run(lambda: _button_latencies(bench, count))
        finally:
            bench.close()
    with tempfile.TemporaryDirectory() as directory:
        bench = Bench(Path(directory), 300)
        try:
            tags = bench.run(lambda: _tag_latencies(bench, count))
        finally:
            bench.close()
    commits = presses.commits
    beyond = [durable - commit
              for durable, commit in zip(presses.durable, commits, strict=True)]
    durable50, durable99 = percentile(presses.durable, 0.5), percentile(presses.durable, 0.99)
    commit99, beyond99 = percentile(commits, 0.99), percentile(beyond, 0.99)
    return [
        press_figure("Press to screen: undo button (MockFactory pin), the press taken",
                     presses.taken,
                     f"{count} presses; from the mock pin's release edge that completes the "
                     "press (gpiozero's thread, the chatter filter, the input queue) to the "
                     "end of the first display update that shows it: \"Saving...\" over the "
                     "table as it is on disk, or the undone move if it landed first (to the "
                     "flip); the loop does not wait for the disk"),
        Figure("Press to the move on disk shown: undo button (MockFactory pin)",
               f"p50 {_ms(durable50)}, p99 {_ms(durable99)} (its commit: p50 "
               f"{_ms(percentile(commits, 0.5))}, p99 {_ms(commit99)})",
               f"its commit (WAL, synchronous=FULL): p99 {_ms(commit99)}",
               f"beyond its commit: p99 {_ms(beyond99)}",
               "beyond its commit: p99 <= one 60 Hz frame", beyond99 <= FRAME_SECONDS,
               f"the same {count} presses, to the end of the display update presenting the "
               "undone move, which is shown only once it is on disk; its commit is "
               "Store.append on the log writer's thread (the disk's time included: neither "
               "model slows the disk), and each press beyond its own commit is what the "
               "code and the CPU decide",
               budgets=(Budget("beyond", beyond99, FRAME_SECONDS),)),
        press_figure("Press to screen: tag on the bridge reader (pty)", tags,
                     f"{count} tags; from the emulated bridge writing the tag's line into the "
                     "pty (its line time included) through the bridge driver's thread to the "
                     "end of the display update presenting the tag's message (to the flip)"),
    ]


#: press to screen at full speed: half a frame, so that a slower machine keeps within one
PRESS_TARGET = 0.008


def press_figure(what: str, latencies: list[float], note: str) -> Figure:
    """A press's time to the screen: p99 under half a 60 Hz frame at full speed, within
    one frame on the run that stands for a Pi's budget."""
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    return Figure(what, f"p50 {_ms(p50)}, p99 {_ms(p99)}",
                  f"a 60 Hz frame ({FRAME_SECONDS * 1000:.1f} ms)",
                  f"p99 {p99 / FRAME_SECONDS:.2f} of a frame",
                  f"p99 < {PRESS_TARGET * 1000:g} ms (half a frame)", p99 < PRESS_TARGET, note,
                  budgets=(Budget("p99", p99, PRESS_TARGET, strict=True,
                                   pi_limit=FRAME_SECONDS),),
                  pi_target=f"p99 <= one 60 Hz frame ({FRAME_SECONDS * 1000:.1f} ms)")


@dataclass
class Touches:
    """What touching the undo button many times took, each list in touch order."""

    to_commit: list[float]  # touch to the commit's end (on the log writer thread)
    to_frame: list[float]  # touch to the end of the display update showing the undo
    commits: list[float]  # each commit (``Store.append`` on the writer thread) meanwhile
    steps: list[float]  # every step of the app loop meanwhile
    draws: list[float]  # drawing each frame (Frame.draw, not presenting it) meanwhile
    firsts: list[int]  # for each touch, the index in ``steps`` of the first step after it

    def warm_steps(self) -> list[float]:
        """The steps from the touch past the first tenth on: before it the table's texts
        are drawn for the first time (measured and opened at each size), whatever the disk
        does."""
        return self.steps[self.firsts[len(self.firsts) // 10]:]

    def cold_steps(self) -> list[float]:
        return self.steps[:self.firsts[len(self.firsts) // 10]]


def _undo_marker(bench: Bench) -> tuple[int, tuple[float, float] | None]:
    """What a frame shows (moves in effect) and where its undo button is, 0..1 of the screen.

    Called by :class:`FrameWatch` on the main thread as each update ends, so the driver
    never reads the screen's buttons while the loop is rebuilding them.
    """
    top = bench.app.top
    if not top.has_button("undo"):
        return bench.applied(), None
    rect = top.button("undo").rect
    return bench.applied(), (rect.centerx / bench.app.metrics.width,
                             rect.centery / bench.app.metrics.height)


#: how long a quick tap's finger rests on the glass before it lifts
TAP_HOLD = 0.06


def _touch(bench: Bench, x: float, y: float) -> float:
    """Put a finger down at ``x, y``, wait until its button is shown pressed, lift it
    :data:`TAP_HOLD` later; the time of the lift, which makes the tap (the loop woken at
    each, as the touchscreen's device node does on the Pi)."""
    after = len(bench.watch.frames)
    _finger(bench, pygame.FINGERDOWN, x, y)
    bench.watch.wait_for(lambda marker: True, after)
    time.sleep(TAP_HOLD)
    lifted = time.perf_counter()
    _finger(bench, pygame.FINGERUP, x, y)
    return lifted


def _finger(bench: Bench, kind: int, x: float, y: float) -> None:
    pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=0,
                                         touch_id=1, pressure=1.0))
    bench.inputs.wake()


def _shows(expected: int, marker: object) -> bool:
    return isinstance(marker, tuple) and marker[0] == expected


def _timed(call: Callable[[], T], durations: list[float],
           ends: list[float] | None = None) -> Callable[[], T]:
    """``call``, with how long each call took appended to ``durations`` (and when it
    ended to ``ends``, if given)."""
    def timed() -> T:
        started = time.perf_counter()
        try:
            return call()
        finally:
            ended = time.perf_counter()
            durations.append(ended - started)
            if ends is not None:
                ends.append(ended)

    return timed


def _touch_undo(count: int, extra_commit_delay: float,
                alone: Callable[[], None] | None = None) -> Touches:
    """Touch the undo button ``count`` times, each after the last one is on screen.

    ``extra_commit_delay`` makes every commit that much slower (a worn SD card).
    ``alone``, if given, is called between touches while the app waits for the next one
    (the commit alone, so that it meets the disk as the touches do).
    """
    with tempfile.TemporaryDirectory() as directory:
        bench = Bench(Path(directory), count + 100)
        committed: list[float] = []
        commits: list[float] = []
        original_append = bench.store.append

        def append(*args: Any, **kwargs: Any) -> int:
            started = time.perf_counter()
            try:
                if extra_commit_delay:  # sleep(0) would hand the interpreter back meanwhile
                    time.sleep(extra_commit_delay)
                return original_append(*args, **kwargs)
            finally:
                ended = time.perf_counter()
                commits.append(ended - started)
                committed.append(ended)

        bench.store.append = append  # type: ignore[method-assign]
        steps: list[float] = []
        step_ends: list[float] = []
        bench.app.loop.step = _timed(bench.app.loop.step, steps,  # type: ignore[method-assign]
                                step_ends)
        draws: list[float] = []
        bench.app.frame.draw = _timed(bench.app.frame.draw,  # type: ignore[method-assign]
                                       draws)
        bench.watch.marker = functools.partial(_undo_marker, bench)
        bench.app.render(force=True)  # a first marked frame: where the undo button is

        firsts: list[int] = []

        def drive() -> tuple[list[float], list[float]]:
            to_commit: list[float] = []
            to_frame: list[float] = []
            for _ in range(count):
                marker = bench.watch.frames[-1][1]
                assert isinstance(marker, tuple)
                shown: int = marker[0]
                where: tuple[float, float] | None = marker[1]
                if where is None:
                    raise RuntimeError(f"no undo button on the {bench.app.top.name} screen "
                                       f"after {len(to_frame)} undos")
                seen, after = len(committed), len(bench.watch.frames)
                firsts.append(len(steps))
                touched = _touch(bench, *where)
                ended = bench.watch.wait_for(functools.partial(_shows, shown - 1), after)
                to_frame.append(ended - touched)
                to_commit.append(committed[seen] - touched)
                time.sleep(0.005)
                if alone is not None:
                    _wait_idle(bench, step_ends, ended)
                    alone()
                time.sleep(0.005)
            return to_commit, to_frame

        try:
            to_commit, to_frame = bench.run(drive)
        finally:
            bench.close()
    return Touches(to_commit, to_frame, commits, steps, draws, firsts)


def _wait_idle(bench: Bench, step_ends: list[float], shown: float) -> None:
    """Until the loop step that presented the frame at ``shown`` has ended (it readies the
    next undo after the frame) and the writer has done what the move handed it (a
    snapshot, a turn's time): so that nothing runs beside what comes next."""
    while not step_ends or step_ends[-1] < shown:
        time.sleep(0.0005)
    bench.app.moves.writer.drain()


class CommitsAlone:
    """``Store.append`` on a store of its own, timed one call at a time while nothing else
    runs: the disk's share of a move (during the touches the commit shares the interpreter
    with the frame drawn meanwhile, so its duration there is not the disk's alone)."""

    def __init__(self, directory: Path, count: int) -> None:
        build_store(directory, count + 100)
        self.store = Store.open(directory)
        game = self.store.unfinished_game()
        assert game is not None
        self.game_id = game.id
        self.entry = LogEntry("undo")
        self.times: list[float] = []

    def __call__(self) -> None:
        started = time.perf_counter()
        self.store.append(self.game_id, self.entry)
        self.times.append(time.perf_counter() - started)

    def close(self) -> None:
        self.store.close()


#: what the acknowledgement may take beyond the commit and the redraw it waits for
ACKNOWLEDGEMENT_SLACK = 0.001


def acknowledgement_allowance(commit99: float, redraw99: float) -> float:
    """Touch to the frame showing the move may take the commit alone's p99, the redraw
    after a move's p99 and a millisecond, all from the same run: the machine's own terms,
    so the allowance grows with a slow disk or a slow CPU as the figure does."""
    return commit99 + redraw99 + ACKNOWLEDGEMENT_SLACK


def acknowledgement(quick: bool) -> list[Figure]:
    """Touch to the frame showing the move, beside the commit alone; the loop under a slow disk."""
    count = 50 if quick else 500
    warm_up = 5 if quick else 25  # the first touches draw every text afresh: not counted
    with tempfile.TemporaryDirectory() as directory:
        # one commit alone between each two touches: the same disk and the same machine as
        # theirs, however either drifts or stalls during the run
        commit_alone = CommitsAlone(Path(directory), warm_up + count)
        try:
            touches = _touch_undo(warm_up + count, 0.0, commit_alone)
        finally:
            commit_alone.close()
    alone = commit_alone.times[warm_up:]
    cold = touches.to_frame[0]
    to_frame, to_commit = touches.to_frame[warm_up:], touches.to_commit[warm_up:]
    during = touches.commits[warm_up:]
    drawn = touches.draws[len(touches.draws) * warm_up // (warm_up + count):]
    p50, p99 = percentile(to_frame, 0.5), percentile(to_frame, 0.99)
    commit50, commit99 = percentile(alone, 0.5), percentile(alone, 0.99)
    to_commit99 = percentile(to_commit, 0.99)
    draw99 = percentile(drawn, 0.99)
    allowed = acknowledgement_allowance(commit99, draw99)
    return [
        Figure("Acknowledgement: touch to the frame showing the move (commit included)",
               f"p50 {_ms(p50)}, p99 {_ms(p99)} (to the commit: p99 {_ms(to_commit99)}; "
               f"the commit during the touches: p99 {_ms(percentile(during, 0.99))}; "
               f"drawing a frame meanwhile: p50 {_ms(percentile(drawn, 0.5))}, "
               f"p99 {_ms(percentile(drawn, 0.99))}; the cold first touch: {_ms(cold)})",
               f"the commit alone (WAL, synchronous=FULL): p50 {_ms(commit50)}, "
               f"p99 {_ms(commit99)}",
               f"p99 {(p99 - commit99 - draw99) * 1000:+.2f} ms beyond the commit's and "
               "the redraw's",
               f"p99 <= the commit's p99 + the redraw after a move's p99 + "
               f"{ACKNOWLEDGEMENT_SLACK * 1000:g} ms (here {_ms(allowed)})", p99 <= allowed,
               f"{count} touches on the undo button after {warm_up} not counted (warm-up: "
               "each first draws its texts afresh), each a finger put down, its button "
               f"shown pressed, and lifted {TAP_HOLD * 1000:.0f} ms later, the loop woken "
               "at each as the touchscreen would; from the lift (it makes the tap) to the "
               "end of the display update "
               "showing the undone move has been presented (to the flip, no devices "
               "attached but the bridge's pty and mock pins); the commit alone is "
               "Store.append on a store of its own, one call between each two touches "
               "while the app waits for the next (nothing else running), so both meet "
               "the disk alike; drawing a frame: Frame.draw, timed on the loop's thread, "
               "the present left out"),
    ]


def answering_during_commits(quick: bool) -> list[Figure]:
    """The longest loop step while every commit takes 50 ms (a worn card), beside the
    longest with this machine's commits; both past the first tenth of the touches."""
    count = 10 if quick else 100
    slow = 0.05
    on_slow_disk = _touch_undo(count, slow)
    on_this_disk = _touch_undo(count, 0.0)
    longest = max(on_slow_disk.warm_steps())
    cold = max(on_slow_disk.cold_steps() or [0.0])
    frame = FRAME_SECONDS
    return [
        Figure("UI answering during commits (longest loop step)",
               f"{_ms(longest)} with {slow * 1000:.0f} ms commits (in the first tenth of "
               f"the touches, warming up: {_ms(cold)})",
               f"{_ms(max(on_this_disk.warm_steps()))} with this machine's commits",
               f"{longest / frame:.2f} of a frame", "< one 60 Hz frame (16.7 ms)",
               longest < frame,
               f"{count} touches with every commit slowed by {slow * 1000:.0f} ms "
               "(a worn SD card); each app loop step timed from its start to its end "
               "(the flip included): the loop never waits for the disk (a move in flight "
               "is shown taken at once and drawn once it landed); both figures leave out "
               "the steps up to the touch past the first tenth (warm-up: the first draws "
               "of the table's texts, measured and opened at each size, whatever the disk "
               "does), whose longest is shown beside",
               budgets=(Budget("longest", longest, frame, strict=True),)),
    ]
