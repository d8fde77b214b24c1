"""``companion import-bgstats FILE``: bring a group's BG Stats plays in, from a shell."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.core.i18n import _, ngettext


def _ask(name: str, profile: str) -> bool:
    """Asked once per name, on the terminal: is this player someone already known?"""
    answer = input(_("'{name}' in the file: is that {profile}, already known here? [y/N] ")
                   .format(name=name, profile=profile))
    return answer.strip().casefold() in ("y", "yes", _("y"), _("yes"))


def summary_lines(summary: object) -> list[str]:
    """The import summary in words (the shell and the screenshot show the same)."""
    from companion.history.bgstats import Summary

    assert isinstance(summary, Summary)
    lines = [ngettext("{n} play added", "{n} plays added", summary.added).format(
        n=summary.added) + "; " + ngettext("{n} was already here", "{n} were already here",
                                           summary.already_here).format(
        n=summary.already_here)]
    if summary.other_games:
        lines.append(ngettext("{n} play of another game skipped ({titles})",
                              "{n} plays of other games skipped ({titles})",
                              summary.other_games).format(
            n=summary.other_games, titles=", ".join(summary.other_titles)))
    if summary.new_players:
        lines.append(_("New players: {names}").format(names=", ".join(summary.new_players)))
    for name, profile in summary.unsure:
        lines.append(_("{name} was kept apart from {profile}; merge them under Players if "
                       "they are one person.").format(name=name, profile=profile))
    return lines + summary.notices


def run_import_bgstats(data_dir: Path | None, path: Path, ask: bool | None = None) -> int:
    """Import; 2 with one line on stderr when the file cannot be taken (nothing added)."""
    from companion.history.bgstats import BgStatsError, import_file
    from companion.log.store import Store

    interactive = sys.stdin.isatty() if ask is None else ask
    store = Store.open(data_dir)
    try:
        summary = import_file(store, path, _ask if interactive else None)
    except BgStatsError as exc:
        print(_("companion import-bgstats: {error}").format(error=exc), file=sys.stderr)
        return 2
    finally:
        store.close()
    print("\n".join(summary_lines(summary)))
    return 0
