#!/usr/bin/env bash
# The pictures in README.md and docs/: every screen in this folder at both displays, in
# English, then the language pictures (languages/make.sh). Run from the repository root.
set -euo pipefail
out=docs/screenshots
for picture in "$out"/*-800x480.png; do
    screen=$(basename "$picture" -800x480.png)
    for size in 800x480 720x1280; do
        uv run companion screenshot --lang en --screen "$screen" --size "$size" \
            --out "$out/$screen-$size.png"
    done
done
bash "$out/languages/make.sh"
