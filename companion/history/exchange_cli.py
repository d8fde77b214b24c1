"""``companion export`` and ``companion import``: the exchange formats from a shell."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.i18n import _, ngettext

if TYPE_CHECKING:
    from companion.log.entries import GameRecord
    from companion.log.store import Store


def run_export(data_dir: Path | None, fmt: str, game_id: int | None, out: Path | None) -> int:
    """Print or write the export; 1 with one line on stderr when it cannot be made."""
    from companion.history.exchange import ExchangeError, export_text
    from companion.log.entries import StoreError
    from companion.log.store import Store

    store = Store.open(data_dir)
    try:
        if fmt == "json":  # the largest: written a game at a time, never whole in memory
            return _stream_json(store, game_id, out)
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


def _stream_json(store: Store, game_id: int | None, out: Path | None) -> int:
    """Our JSON to ``out`` (beside it first, then put in its place: a failed export
    leaves no half file) or to stdout; ExchangeError or StoreError as they come."""
    from companion.history.exchange import each_chosen_game, write_json

    def records() -> Iterator[GameRecord]:
        return each_chosen_game(store, game_id)

    if out is None:
        write_json(store, records, sys.stdout)
        return 0
    partial = out.with_name(out.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as handle:
            write_json(store, records, handle)
        partial.replace(out)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        print(_("companion export: cannot write {path}: {error}").format(
            path=out, error=exc.strerror), file=sys.stderr)
        return 1
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
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
