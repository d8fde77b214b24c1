"""Check that a `companion screenshot --lang zh_CN` picture draws Chinese, not boxes.

Usage: python .ci/chinese_screenshot.py SCREEN WxH PICTURE

The same screen is drawn again here, in this process, recording every line of text; the
picture must be the same pixels (so what is checked is what the command wrote). Then every
Chinese character drawn is rendered by the font the app chose for it and compared with that
font's missing-glyph box (the "tofu" of an unassigned code point): one equal to the box, or a
character no font has, fails the check. Prints one line per check; exits 1 on a failure.
"""

from __future__ import annotations

import os
import sys
import tempfile
import unicodedata
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.ui import fonts, text_render, text_shaping  # noqa: E402
from companion.ui.font_sizes import face_font  # noqa: E402
from companion.ui.screenshot import run_screenshot  # noqa: E402

WHITE = (255, 255, 255)
#: unassigned (a private-use plane's last code point but one): every font draws its box
TOFU = "\U0010fffd"
#: a Chinese screen shows more Chinese characters than this
AT_LEAST = 10


def _chinese(character: str) -> bool:
    return unicodedata.east_asian_width(character) == "W" and character.isalpha()


def main(screen: str, size_text: str, picture: Path) -> int:
    width, height = (int(part) for part in size_text.split("x"))
    drawn: list[tuple[str, int]] = []
    compose = text_render._compose

    def recording(line: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        drawn.append((line, size))
        return compose(line, size, colour)

    text_render._compose = recording  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as folder:
        again = Path(folder) / "again.png"
        if run_screenshot(screen, (width, height), again, "zh_CN") != 0:
            print("chinese screenshot: drawing the screen again failed")
            return 1
        same = (pygame.image.tobytes(pygame.image.load(str(again)), "RGB")
                == pygame.image.tobytes(pygame.image.load(str(picture)), "RGB"))
    print(f"chinese screenshot: {picture} is the screen drawn again here: {same}")
    failures = 0 if same else 1
    checked: set[tuple[str, int]] = set()
    faces: set[str] = set()
    for line, size in drawn:
        for piece in text_shaping.pieces(line):
            loaded = face_font(piece.face, size)
            tofu = pygame.image.tobytes(loaded.render(TOFU, True, WHITE), "RGBA")
            for character in piece.text:
                if not character.isprintable() or character.isspace():
                    continue
                if fonts.face_for(character) is None:
                    print(f"chinese screenshot: no font has {character!r} (in {line!r})")
                    failures += 1
                if not _chinese(character) or (character, size) in checked:
                    continue
                checked.add((character, size))
                faces.add(piece.face.family)
                glyph = pygame.image.tobytes(loaded.render(character, True, WHITE), "RGBA")
                if glyph == tofu:
                    print(f"chinese screenshot: {character!r} is drawn as the box "
                          f"of {piece.face.family} (in {line!r})")
                    failures += 1
    characters = {character for character, _size in checked}
    cjk = fonts.face_for("中")
    print(f"chinese screenshot: {len(characters)} Chinese characters in {len(drawn)} lines "
          f"checked against the box of {', '.join(sorted(faces)) or 'no font'}"
          f" ({cjk.path if cjk else 'no file'})")
    if len(characters) < AT_LEAST:
        print(f"chinese screenshot: fewer than {AT_LEAST} Chinese characters drawn")
        failures += 1
    print("chinese screenshot: " + ("passed" if failures == 0 else f"{failures} failed"))
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2], Path(sys.argv[3])))
