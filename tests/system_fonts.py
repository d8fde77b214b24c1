"""Whether the machine's fontconfig has Debian's Noto faces: the tests of what fontconfig
answers skip without them (a bare machine draws with the faces ``uv sync`` installed)."""

from __future__ import annotations

from functools import cache

import pytest


@cache
def noto_from_fontconfig() -> bool:
    from companion.ui import fonts

    return all(fonts._fc_match(family) is not None
               for family in ("Noto Sans", "Noto Sans Arabic", "Noto Sans CJK SC"))


def needs_system_noto() -> None:
    """Skip the calling test unless fontconfig finds the Noto faces."""
    if not noto_from_fontconfig():
        pytest.skip("fontconfig finds no Noto faces: needs the Debian packages fontconfig, "
                    "fonts-noto-core and fonts-noto-cjk")
