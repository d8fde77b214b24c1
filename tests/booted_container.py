"""A Debian container (Bookworm, Trixie) booted with systemd as PID 1, for the systemd test.

The root file system comes from ``tests/container/rootfs.sh`` (debootstrap, cached on
the machine); each test module boots it under a throw-away overlay (or a copy) with
``systemd-nspawn --boot`` and runs commands inside through ``nsenter`` into the
container's PID 1, so the host needs neither systemd nor machined. Needs root.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

ROOTFS_SCRIPT = Path(__file__).resolve().parent / "container" / "rootfs.sh"
CACHE = Path(os.environ.get("COMPANION_CI_CACHE", "/var/cache/companion-ci"))
INSIDE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def why_no_containers() -> str | None:
    """A line saying why this machine cannot boot the container, or None when it can."""
    if os.geteuid() != 0:
        return "the systemd container test needs root (systemd-nspawn)"
    for tool in ("systemd-nspawn", "nsenter", "unshare"):
        if shutil.which(tool) is None:
            return f"the systemd container test needs {tool} (apt install systemd-container)"
    if shutil.which("debootstrap") is None and not any(CACHE.glob("rootfs-*")):
        return "the systemd container test needs debootstrap (apt install debootstrap)"
    probe = subprocess.run(["unshare", "--mount", "--pid", "--uts", "--ipc", "--fork", "true"],
                           capture_output=True, text=True, check=False, timeout=30)
    if probe.returncode != 0:
        return f"this machine cannot create namespaces: {probe.stderr.strip()}"
    return None


def cached_rootfs(suite: str) -> Path:
    """The cached tree of ``suite``, built by debootstrap the first time (a few minutes)."""
    result = subprocess.run(["bash", str(ROOTFS_SCRIPT), suite], capture_output=True,
                            text=True, check=False, timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"rootfs.sh failed:\n{result.stderr[-3000:]}")
    return Path(result.stdout.strip().splitlines()[-1])


def throwaway_root(cached: Path, scratch: Path) -> Path:
    """``cached`` (a tree of rootfs.sh) writable at scratch/root, the cached tree untouched:
    an overlay whose changes go to scratch/upper, or where the kernel mounts none, a copy
    (the overlay spares copying a gigabyte, about 5 s of CPU per release)."""
    root, upper, work = scratch / "root", scratch / "upper", scratch / "work"
    for folder in (root, upper, work):
        folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "overlay", "overlay", "-o",
                              f"lowerdir={cached},upperdir={upper},workdir={work}", str(root)],
                             capture_output=True, text=True, check=False, timeout=60)
    if mounted.returncode == 0:
        return root
    root.rmdir()
    for _attempt in range(2):  # a checkout of another branch may have pruned it meanwhile
        copied = subprocess.run(["cp", "-a", "--reflink=auto", str(cached), str(root)],
                                capture_output=True, text=True, timeout=600)
        if copied.returncode == 0:
            return root
        subprocess.run(["rm", "-rf", "--one-file-system", str(root)], check=True, timeout=600)
    raise RuntimeError(f"cannot copy {cached}: {copied.stderr}")


def release_root(root: Path) -> None:
    """Unmount a root :func:`throwaway_root` mounted (a copied one stays for pytest to
    remove with its other temporary folders)."""
    if os.path.ismount(root):
        subprocess.run(["umount", str(root)], check=True, timeout=120)


class Container:
    """One booted container; :meth:`run` executes a command inside it."""

    def __init__(self, root: Path, binds: Sequence[str], log: Path) -> None:
        self.root = root
        self.log = log
        self._log_file = log.open("w")
        self.nspawn = subprocess.Popen(
            ["systemd-nspawn", "--quiet", "--boot", "--register=no", "--keep-unit",
             "--console=passive", f"--machine=companion-ci-{os.getpid()}",
             "--directory", str(root), *(f"--bind={bind}" for bind in binds)],
            stdin=subprocess.DEVNULL, stdout=self._log_file, stderr=subprocess.STDOUT)
        try:
            self.leader = self._find_leader()
            self._wait_until_booted()
        except BaseException:
            self.nspawn.kill()  # never leave a half-booted container behind
            self.nspawn.wait(timeout=60)
            self._log_file.close()
            raise

    def _find_leader(self, timeout: float = 30.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.nspawn.poll() is not None:
                raise RuntimeError(f"systemd-nspawn ended at once:\n{self.log.read_text()}")
            found = subprocess.run(["pgrep", "-P", str(self.nspawn.pid), "-x", "systemd"],
                                   capture_output=True, text=True, check=False)
            if found.stdout.strip():
                return int(found.stdout.split()[0])
            time.sleep(0.2)
        raise RuntimeError("the container's systemd did not start")

    def _wait_until_booted(self, timeout: float = 120.0) -> None:
        """Until systemd says the boot is over (its bus may not answer at first)."""
        deadline = time.monotonic() + timeout
        while True:
            answer = self.run(["systemctl", "is-system-running", "--wait"], check=False,
                              timeout=timeout)
            state = answer.stdout.strip()
            if state in ("running", "degraded"):
                return
            if time.monotonic() > deadline or self.nspawn.poll() is not None:
                raise RuntimeError(f"the container did not boot: {state} {answer.stderr}\n"
                                   f"{self.log.read_text()}")
            time.sleep(0.5)

    def run(self, command: Sequence[str], check: bool = True, timeout: float = 120.0,
            user: str | None = None) -> subprocess.CompletedProcess[str]:
        """Run ``command`` inside the container (as ``user`` if given), output captured."""
        inner = list(command)
        if user is not None:
            inner = ["runuser", "-u", user, "--", *inner]
        full = ["nsenter", "--target", str(self.leader), "--all", "--root", "--wd",
                "env", "-i", f"PATH={INSIDE_PATH}", "LANG=C.UTF-8", "HOME=/root", *inner]
        result = subprocess.run(full, capture_output=True, text=True, check=False,
                                timeout=timeout)
        if check and result.returncode != 0:
            raise AssertionError(f"{' '.join(inner)} failed ({result.returncode}):\n"
                                 f"{result.stdout}\n{result.stderr}")
        return result

    def sh(self, script: str, check: bool = True,
           timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
        return self.run(["sh", "-c", script], check=check, timeout=timeout)

    def wait_for_exit(self, timeout: float) -> int | None:
        try:
            return self.nspawn.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> None:
        """Power the container off (if it still runs) and wait for it."""
        if self.nspawn.poll() is None:
            self.run(["systemctl", "poweroff"], check=False, timeout=30)
            if self.wait_for_exit(60) is None:
                self.nspawn.kill()
                self.nspawn.wait(timeout=30)
        self._log_file.close()
