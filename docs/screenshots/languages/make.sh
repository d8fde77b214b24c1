#!/usr/bin/env bash
# The pictures in docs/languages.md: each game's table and the scoreboard in every language
# at 800x480, and the Arabic ones at 720x1280 too. Run from the repository root.
set -euo pipefail
out=docs/screenshots/languages
for lang in en de ro ar zh_CN; do
    for screen in table-glory-to-rome table-ave-roma table-via-romana scoreboard; do
        uv run companion screenshot --lang "$lang" --screen "$screen" --size 800x480 \
            --out "$out/$screen-$lang-800x480.png"
        if [ "$lang" = ar ]; then
            uv run companion screenshot --lang ar --screen "$screen" --size 720x1280 \
                --out "$out/$screen-ar-720x1280.png"
        fi
    done
done
