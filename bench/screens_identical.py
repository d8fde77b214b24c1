"""``uv run python -m bench.screens_identical BASE``: every screen drawn the same before and after.

A change that should not alter the picture (a refactor of the app around the screens)
is checked here: ``companion screenshot`` renders every screen at both panel sizes in
every language from the commit ``BASE`` (exported to a scratch folder, run with this
checkout's environment) and from the working tree, one right after the other, and the
pixels that differ are counted per picture. Prints one line per difference and the total;
exits 1 if any differs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from pathlib import Path

from bench.measure import HEADLESS

ROOT = Path(__file__).resolve().parent.parent
SIZES = ("800x480", "720x1280")
LANGUAGES = ("en", "de", "ro", "ar", "zh_CN")


def export(commit: str, into: Path) -> Path:
    """The tree of ``commit`` as plain files in ``into`` (the repository is left alone)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def screen_names(checkout: Path) -> list[str]:
    out = subprocess.run([sys.executable, "-c", "from companion.ui.screenshot import "
                          "SCREEN_NAMES; print(' '.join(SCREEN_NAMES))"],
                         cwd=checkout, env=_env(checkout), check=True, capture_output=True,
                         text=True).stdout
    return out.split()


def _env(checkout: Path) -> dict[str, str]:
    return {**os.environ, **HEADLESS, "PYTHONPATH": str(checkout)}


def render(checkout: Path, name: str, size: str, language: str, target: Path) -> None:
    """One screen of ``checkout`` as a PNG."""
    done = subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", name,
                           "--size", size, "--lang", language, "--out", str(target)],
                          cwd=checkout, env=_env(checkout), capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{checkout}: {name} {size} {language}: {done.stderr}")


def compare(base: Path, before: Path, after: Path, names: list[str],
            jobs: int) -> dict[str, int]:
    """Differing pixels per picture, each pair rendered one right after the other.

    Screens that show the time of day (the home screen's resume button, the history's
    dates) differ when the two renders straddle a minute: a pair that differs is rendered
    once more, and the second count stands.
    """
    before.mkdir(parents=True, exist_ok=True)
    after.mkdir(parents=True, exist_ok=True)

    def one(args: tuple[str, str, str]) -> tuple[str, int]:
        picture = "{}-{}-{}.png".format(*args)
        differ = 0
        for _attempt in range(2):
            render(base, *args, before / picture)
            render(ROOT, *args, after / picture)
            differ = differing_pixels(before / picture, after / picture)
            if not differ:
                break
        return picture, differ

    work = [(n, s, lang) for n in names for s in SIZES for lang in LANGUAGES]
    with ThreadPoolExecutor(jobs) as pool:
        return dict(pool.map(one, work))


def differing_pixels(a: Path, b: Path) -> int:
    """How many pixels of the two pictures differ (every one, if the sizes do)."""
    import pygame

    first, second = pygame.image.load(str(a)), pygame.image.load(str(b))
    if first.get_size() != second.get_size():
        return first.get_width() * first.get_height()
    pixels_a, pixels_b = (pygame.image.tobytes(s, "RGB") for s in (first, second))
    if pixels_a == pixels_b:
        return 0
    return sum(1 for i in range(0, len(pixels_a), 3) if pixels_a[i:i + 3] != pixels_b[i:i + 3])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit to compare the working tree with")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="folder to keep the PNGs in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="screens-") as scratch:
        folder = args.keep or Path(scratch)
        base = export(args.base, Path(scratch) / "base")
        names = screen_names(base)
        if names != screen_names(ROOT):
            print(f"the screens differ: {names} against {screen_names(ROOT)}")
            return 1
        differ = compare(base, folder / "before", folder / "after", names, args.jobs)
    for picture, count in sorted(differ.items()):
        if count:
            print(f"{picture}: {count} pixels differ")
    print(f"{len(differ)} pictures compared, {sum(differ.values())} pixels differ in all")
    return 1 if any(differ.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
