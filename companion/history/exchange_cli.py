"""``companion export`` and ``companion import``: the exchange formats from a shell."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.core.i18n import _, ngettext


def run_export(data_dir: Path | None, fmt: str, game_id: int | None, out: Path | None) -> int:
    """Print or write the export; 1 with one line on stderr when it cannot be made."""
    from companion.history.exchange import ExchangeError, export_text
    from companion.log.entries import StoreError
    from companion.log.store import Store

    store = Store.open(data_dir)
    try:
        text = export_text(store, fmt, game_id)
    except (ExchangeError, StoreError) as exc:
        print(_("companion export: {error}").format(error=exc), file=sys.stderr)
        return 1
    finally:
        store.close()
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(_("companion export: cannot write {path}: {error}").format(
            path=out, error=exc.strerror), file=sys.stderr)
        return 1
    return 0


def run_import(data_dir: Path | None, path: Path) -> int:
    """Import the games of one of our JSON exports; 2 with one line on stderr if refused
    (then nothing was added)."""
    from companion.history.exchange import ExchangeError, import_file
    from companion.log.store import Store

    store = Store.open(data_dir)
    try:
        added, skipped = import_file(store, path)
    except ExchangeError as exc:
        print(_("companion import: {error}").format(error=exc), file=sys.stderr)
        return 2
    except (MemoryError, RecursionError):  # beyond every bound: still one line, nothing added
        print(_("companion import: {path} is too large to import; nothing was added.").format(
            path=path), file=sys.stderr)
        return 2
    finally:
        store.close()
    print(ngettext("{n} game added", "{n} games added", added).format(n=added)
          + "; " + ngettext("{n} was already here", "{n} were already here", skipped).format(
              n=skipped))
    return 0
