"""Compile the ``.po`` catalogs to ``.mo`` (Babel): at build time, or when a ``.mo`` is stale.

``python -m companion.locale.build`` compiles every shipped language; the wheel's build hook
(``hatch_build.py``) does the same so the ``.mo`` files ship in the wheel.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from companion.locale import LOCALE_DIR, TRANSLATED, mo_path, po_path


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo  # only when compiling: start-up stays light
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def is_stale(language: str, locale_dir: Path = LOCALE_DIR) -> bool:
    po, mo = po_path(language, locale_dir), mo_path(language, locale_dir)
    return po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime)


def catalog_bytes(language: str, locale_dir: Path = LOCALE_DIR) -> bytes | None:
    """The compiled catalog of ``language``, compiling (and saving, if it can) when stale."""
    mo = mo_path(language, locale_dir)
    if is_stale(language, locale_dir):
        data = compiled(po_path(language, locale_dir))
        try:
            partial = mo.with_suffix(".mo.part")
            partial.write_bytes(data)
            partial.replace(mo)
        except OSError:
            pass  # read-only install: use the fresh catalog from memory
        return data
    return mo.read_bytes() if mo.exists() else None


def compile_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write the ``.mo`` of every shipped language; the files written."""
    written = []
    for language in TRANSLATED:
        po = po_path(language, locale_dir)
        if po.exists():
            mo = mo_path(language, locale_dir)
            mo.write_bytes(compiled(po))
            written.append(mo)
    return written


def main() -> int:
    for path in compile_all():
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
