"""A real power cut under the data folder: only what reached the block device survives.

The log lives on ext4 on a loop device (journal commits every 60 s, so nothing but
SQLite's own fsyncs pushes data out). The recorder is SIGKILLed after a random number
of acknowledged moves; at once, without any sync, the loop device's backing file is
copied: that copy is the card as it would be
after the plug was pulled, every write still in the page cache dropped. The copy is
mounted (ext4 replays its journal) and the log opened: every acknowledged entry must be
there. A control file written without fsync shows the method really drops writes.

Device-mapper targets (dm-flakey, dm-log-writes) would be the finer tool, but need the
kernel's device-mapper, which containers rarely have; this needs only a loop device.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from paths import TESTS

from companion.log.folding import effective_actions
from companion.log.session import GameSession
from companion.log.store import Store

CHILD = TESTS / "crash_child.py"
TRIALS = 4
IMAGE_MB = 48


#: the tools a power cut needs, and the Debian package of each
TOOLS = {"losetup": "mount", "mount": "mount", "umount": "mount", "mkfs.ext4": "e2fsprogs"}


def _why_not() -> str | None:
    if os.geteuid() != 0:
        return "a power cut needs root for a loop device and mounts (CI runs as root)"
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        packages = sorted({TOOLS[tool] for tool in missing})
        return (f"a power cut needs {', '.join(missing)}: install the Debian package"
                f"{'s' if len(packages) > 1 else ''} {' and '.join(packages)} (.ci/run does)")
    if not Path("/dev/loop-control").exists():
        return ("a power cut needs loop devices: /dev/loop-control is missing (modprobe loop, "
                "or a container given the host's loop devices; .ci/run makes them)")
    return None


REASON = _why_not()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


def _run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.skip(f"{' '.join(command)} failed here: {done.stderr.strip()}")
    return done.stdout.strip()


@contextmanager
def mounted(image: Path, where: Path) -> Iterator[Path]:
    device = _run("losetup", "--find", "--show", str(image))
    where.mkdir(parents=True, exist_ok=True)
    try:
        _run("mount", "-t", "ext4", "-o", "commit=60", device, str(where))
        try:
            yield where
        finally:
            subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)
    finally:
        subprocess.run(["losetup", "-d", device], capture_output=True, check=False)


def _record_and_cut(image: Path, mount: Path, seed: int, moves: int, cut: Path) -> list[str]:
    """Record on the card until ``moves`` are acknowledged, pull the plug, copy the card."""
    with mounted(image, mount) as card:
        data = card / "data"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(CHILD.parent), os.environ.get("PYTHONPATH", "")])}
        child = subprocess.Popen([sys.executable, str(CHILD), str(data), str(seed)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                 text=True)
        assert child.stdout is not None
        lines = [child.stdout.readline() for _ in range(moves)]
        child.send_signal(signal.SIGKILL)
        rest, _err = child.communicate(timeout=30)
        (card / "unsynced").write_bytes(b"x" * 65536)  # the control: written, never synced
        shutil.copyfile(image, cut)  # the card as the power cut leaves it
    complete = ("".join(lines) + rest).split("\n")[:-1]
    return [line for line in complete if line.startswith("ACK ")]


def test_nothing_acknowledged_is_lost_in_a_power_cut(tmp_path: Path, counter_game: str) -> None:
    image = tmp_path / "card.img"
    with image.open("wb") as handle:
        handle.truncate(IMAGE_MB * 2**20)
    _run("mkfs.ext4", "-q", "-F", str(image))
    rng = random.Random(20261201)
    dropped = 0
    for trial in range(TRIALS):
        cut = tmp_path / f"cut{trial}.img"
        acks = _record_and_cut(image, tmp_path / "card", trial, rng.randrange(5, 60), cut)
        assert acks
        with mounted(cut, tmp_path / f"after{trial}") as card:
            control = card / "unsynced"
            dropped += not control.exists() or control.stat().st_size < 65536
            store = Store.open(card / "data")
            assert store.notices == [] and store.integrity_problems() == []
            session = GameSession.resume(store)
            assert session is not None
            log = store.log(session.game_id)
            _ack, entries_text, amounts_text, _tallies = acks[-1].split(" ", 3)
            acked_entries = int(entries_text)
            assert acked_entries <= len(log)  # every acknowledged entry survived the cut
            actions, cursor = effective_actions(log[:acked_entries])
            assert [a.payload["amount"] for a in actions[:cursor]] == [
                int(a) for a in amounts_text.split(",") if a]
            store.close()
        image = cut  # the next trial plays on the card as the cut left it
    assert dropped == TRIALS  # the copy really lost what was never synced
