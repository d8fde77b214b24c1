"""``uv run python -m bench.screens_identical BASE``: every screen drawn the same before and after.

A change that should not alter the picture (a refactor of the app around the screens)
is checked here: ``companion screenshot`` renders every screen at both panel sizes in
every language from the commit ``BASE`` (exported to a scratch folder, run with this
checkout's environment) and from the working tree, and the pixels that differ are
counted per picture. Prints one line per difference and the total; exits 1 if any differs.
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


def render(checkout: Path, out: Path, names: list[str], jobs: int) -> None:
    """Every screen x size x language of ``checkout`` as PNGs in ``out``."""
    out.mkdir(parents=True, exist_ok=True)

    def one(args: tuple[str, str, str]) -> None:
        name, size, language = args
        target = out / f"{name}-{size}-{language}.png"
        subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", name,
                        "--size", size, "--lang", language, "--out", str(target)],
                       cwd=checkout, env=_env(checkout), check=True, capture_output=True)

    work = [(n, s, lang) for n in names for s in SIZES for lang in LANGUAGES]
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, work))


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
    parser.add_argument("--only-before", action="store_true",
                        help="render BASE into --keep/before and stop")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="screens-") as scratch:
        folder = args.keep or Path(scratch)
        before, after = folder / "before", folder / "after"
        base = export(args.base, Path(scratch) / "base")
        names = screen_names(base)
        if not (before.exists() and len(list(before.glob("*.png"))) ==
                len(names) * len(SIZES) * len(LANGUAGES)):
            render(base, before, names, args.jobs)
        if args.only_before:
            return 0
        render(ROOT, after, screen_names(ROOT), args.jobs)
        return report(before, after)


def report(before: Path, after: Path) -> int:
    pictures = sorted(p.name for p in before.glob("*.png"))
    missing = sorted({p.name for p in after.glob("*.png")} ^ set(pictures))
    total = 0
    for name in pictures:
        if not (after / name).exists():
            continue
        differ = differing_pixels(before / name, after / name)
        total += differ
        if differ:
            print(f"{name}: {differ} pixels differ")
    for name in missing:
        print(f"{name}: only on one side")
    print(f"{len(pictures)} pictures compared, {total} pixels differ in all")
    return 1 if total or missing else 0


if __name__ == "__main__":
    sys.exit(main())
