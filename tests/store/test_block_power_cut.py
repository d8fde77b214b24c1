"""A power cut at the block level: the card rebuilt at flush points, whole and torn.

The data folder lives on ext4 on a loop device whose backing file is served by a
recorder (``tests/block_recorder.py``) that logs every block write and every cache flush.
A child records moves and stamps each acknowledgement; it is killed after a random number
of them. Then cards are rebuilt from the record: the card as it stood at a flush (every
write before it), and torn variants (a random part of the writes after that flush, one of
them cut at a sector). Each is mounted (ext4 replays its journal) and the log opened:
every move acknowledged before the next flush began must be there. A move's
acknowledgement comes after its fsync, which waits for a flush, so a move acknowledged
before flush N+1 began relied only on flushes up to N.

``COMPANION_POWER_CUT_SEEDS`` sets how many seeds (recordings) run (default 5); each
checks ``COMPANION_POWER_CUT_POINTS`` flush points (default 8, 0 for all of them), each
whole and with a torn variant. The counts are printed
(``pytest -s``): target 0 acknowledged moves lost.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from block_recorder import IMAGE_NAME, Op, read_log
from paths import TESTS

from companion.log.store import Store

CHILD = TESTS / "block_child.py"
RECORDER = TESTS / "block_recorder.py"
IMAGE_MB = 32
SECTOR = 512
SEEDS = int(os.environ.get("COMPANION_POWER_CUT_SEEDS", "5"))
#: flush points checked per seed (each whole and torn); 0: every one
POINTS = int(os.environ.get("COMPANION_POWER_CUT_POINTS", "8"))


def _why_not() -> str | None:
    if os.geteuid() != 0:
        return "a block-level power cut needs root for loop devices and mounts (CI runs as root)"
    for tool in ("losetup", "mkfs.ext4", "mount", "umount", "fusermount3"):
        if shutil.which(tool) is None:
            return f"a block-level power cut needs {tool} (apt: fuse3, e2fsprogs, mount)"
    if not Path("/dev/fuse").exists() or not Path("/dev/loop-control").exists():
        return "a block-level power cut needs /dev/fuse and loop devices"
    try:
        import mfusepy  # noqa: F401 - its import loads libfuse
    except (ImportError, OSError) as exc:
        return f"a block-level power cut needs libfuse3 and mfusepy ({exc})"
    return None


REASON = _why_not()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


def _run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.skip(f"{' '.join(command)} failed here: {done.stderr.strip()}")
    return done.stdout.strip()


@contextmanager
def _mounted(image: Path, where: Path, options: str = "commit=60") -> Iterator[Path]:
    device = _run("losetup", "--find", "--show", str(image))
    where.mkdir(parents=True, exist_ok=True)
    try:
        _run("mount", "-t", "ext4", "-o", options, device, str(where))
        try:
            yield where
        finally:
            subprocess.run(["umount", str(where)], capture_output=True, check=False)
    finally:
        subprocess.run(["losetup", "-d", device], capture_output=True, check=False)


@contextmanager
def _recording(backing: Path, log: Path, mountpoint: Path) -> Iterator[Path]:
    """``disk.img`` served from ``backing``, every write and flush logged to ``log``."""
    mountpoint.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen([sys.executable, str(RECORDER), str(backing), str(log),
                               str(mountpoint)], stderr=subprocess.PIPE, text=True)
    image = mountpoint / IMAGE_NAME
    try:
        deadline = time.monotonic() + 20
        while not image.exists():
            if server.poll() is not None or time.monotonic() > deadline:
                said = server.stderr.read() if server.stderr else ""
                pytest.skip(f"the FUSE recorder did not start: {said}")
            time.sleep(0.05)
        yield image
    finally:
        subprocess.run(["fusermount3", "-u", str(mountpoint)], capture_output=True,
                       check=False)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _record(workdir: Path, base: Path, seed: int, moves: int) -> tuple[list[Op], list[float],
                                                                         float]:
    """Record ``moves`` acknowledged moves, then kill the recorder; (ops, ack times, game)."""
    backing, log = workdir / "backing.img", workdir / "record.log"
    shutil.copyfile(base, backing)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(TESTS), os.environ.get("PYTHONPATH", "")])}
    with (_recording(backing, log, workdir / "fuse") as image,
          _mounted(image, workdir / "card") as card):
        child = subprocess.Popen([sys.executable, str(CHILD), str(card / "data"), str(seed)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                 text=True)
        assert child.stdout is not None
        lines = [child.stdout.readline() for _ in range(moves + 1)]
        child.send_signal(signal.SIGKILL)  # the plug: nothing after this is acknowledged
        rest, _err = child.communicate(timeout=30)
    stamped = [line.split() for line in ("".join(lines) + rest).splitlines()]
    game = next(float(words[2]) for words in stamped if words[0] == "GAME")
    acks = [float(words[2]) for words in stamped if words[0] == "ACK"]
    return list(read_log(log)), acks, game


def _apply(image: Path, writes: list[Op]) -> None:
    with image.open("r+b") as handle:
        for op in writes:
            assert op.data is not None
            handle.seek(op.offset)
            handle.write(op.data)


def _torn(rng: random.Random, pending: list[Op]) -> list[Op]:
    """Some of the writes not yet flushed, in any order's outcome; one cut at a sector."""
    chosen = [op for op in pending if rng.random() < 0.5]
    if chosen and rng.random() < 0.5:
        index = rng.randrange(len(chosen))
        op = chosen[index]
        assert op.data is not None
        sectors = max(1, len(op.data) // SECTOR)
        chosen[index] = Op(op.at, op.offset, op.data[:SECTOR * rng.randrange(sectors)])
    return chosen


def _mounts(image: Path, where: Path) -> bool:
    """Whether ext4 mounts the card as it is (then it is unmounted again)."""
    device = _run("losetup", "--find", "--show", str(image))
    where.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(["mount", "-t", "ext4", device, str(where)],
                              capture_output=True, check=False)
        if done.returncode == 0:
            subprocess.run(["umount", str(where)], capture_output=True, check=False)
        return done.returncode == 0
    finally:
        subprocess.run(["losetup", "-d", device], capture_output=True, check=False)


def _entries_on(image: Path, where: Path) -> tuple[int, bool, list[str], bool]:
    """(log entries of the game, game there, notices, fsck needed) on the card ``image``.

    A card ext4 will not mount (a superblock torn across its two sectors) is first
    repaired the way a Pi boots (``fsck.repair=yes``: ``e2fsck -y``), then read.
    """
    repaired = not _mounts(image, where)
    if repaired:
        subprocess.run(["e2fsck", "-f", "-y", str(image)], capture_output=True, check=False)
    with _mounted(image, where, "errors=remount-ro") as card:
        store = Store.open(card / "data")
        try:
            record = store.unfinished_game()
            count = len(store.log(record.id)) if record else 0
            return count, record is not None, list(store.notices), repaired
        finally:
            store.close()


def test_no_acknowledged_move_is_lost_at_any_flush_point(tmp_path: Path) -> None:
    base = tmp_path / "base.img"
    with base.open("wb") as handle:
        handle.truncate(IMAGE_MB << 20)
    _run("mkfs.ext4", "-q", "-F", str(base))
    checked = lost = torn_checked = fscked = 0
    problems: list[str] = []
    for seed in range(SEEDS):
        rng = random.Random(20261202 + seed)
        workdir = tmp_path / f"seed{seed}"
        workdir.mkdir()
        ops, acks, game = _record(workdir, base, seed, rng.randrange(8, 40))
        flushes = [index for index, op in enumerate(ops) if op.data is None]
        assert flushes, "the recorder saw no flush: the loop device did not pass them on"
        first = next(i for i, index in enumerate(flushes) if ops[index].at > game) - 1
        candidates = range(max(0, first), len(flushes))
        count = len(candidates) if POINTS <= 0 else min(POINTS, len(candidates))
        points = sorted(set(rng.sample(candidates, count)) | {len(flushes) - 1})
        image = workdir / "card.img"
        shutil.copyfile(base, image)
        applied = 0
        for point in points:
            flush = flushes[point]
            _apply(image, [op for op in ops[applied:flush] if op.data is not None])
            applied = flush
            later = flushes[point + 1] if point + 1 < len(flushes) else len(ops)
            next_flush_at = ops[later].at if later < len(ops) else float("inf")
            required = sum(at < next_flush_at for at in acks)
            pending = [op for op in ops[flush:later] if op.data is not None]
            for torn in (False, True):
                variant = workdir / "variant.img"
                shutil.copyfile(image, variant)
                if torn:
                    _apply(variant, _torn(rng, pending))
                count, present, notices, repaired = _entries_on(variant, workdir / "after")
                fscked += repaired
                missing = max(0, required - count)
                if game < next_flush_at and not present:
                    missing = max(missing, required, 1)
                lost += missing
                checked += 1
                torn_checked += torn
                if missing or notices:
                    problems.append(f"seed {seed} flush {point}/{len(flushes)} "
                                    f"{'torn' if torn else 'whole'}: {required} acknowledged, "
                                    f"{count} there; {notices}")
        shutil.rmtree(workdir / "fuse", ignore_errors=True)
    print(f"\nblock-level power cut: {SEEDS} seeds, {checked} cards ({torn_checked} torn, "
          f"{fscked} needed fsck to mount), {lost} acknowledged moves lost")
    assert lost == 0 and not problems, "\n".join(problems)
