"""Which tags sit on a bridge's readers, from its TAG and GONE lines: each change once.

A tag counts as arrived only after **two matching TAG lines** for its reader in a row (the
firmware sends every arrival twice and repeats it after each heartbeat while the tag
stays), so a line that noise turned into another valid line cannot make a tag: that
would take the same corruption twice. A present tag that has not been repeated for
``stale_after`` seconds is removed, in case its GONE line was lost on the way.
"""

from __future__ import annotations

from companion.core.events import InputEvent, TagArrived, TagRemoved


class BridgeTags:
    def __init__(self, stale_after: float) -> None:
        self._stale_after = stale_after
        self._candidate: dict[str, tuple[str, float]] = {}  # reader -> (UID seen once, when)
        self._present: dict[str, tuple[str, float]] = {}  # reader -> (UID, last repeated)

    def tag_line(self, reader: str, uid: str, now: float) -> list[InputEvent]:
        """A ``TAG`` line: the arrival (and removal of a replaced tag) it confirms, if any."""
        present = self._present.get(reader)
        candidate = self._candidate.pop(reader, None)
        if present is not None and present[0] == uid:
            self._present[reader] = (uid, now)
            return []
        if candidate is None or candidate[0] != uid:
            self._candidate[reader] = (uid, now)
            return []
        events: list[InputEvent] = []
        if present is not None:
            events.append(TagRemoved(reader, present[0]))
        self._present[reader] = (uid, now)
        events.append(TagArrived(reader, uid))
        return events

    def gone_line(self, reader: str, uid: str) -> list[InputEvent]:
        """A ``GONE`` line: the removal, if that tag is the one on the reader."""
        candidate = self._candidate.get(reader)
        if candidate is not None and candidate[0] == uid:
            del self._candidate[reader]
        present = self._present.get(reader)
        if present is None or present[0] != uid:
            return []
        del self._present[reader]
        return [TagRemoved(reader, uid)]

    def expire(self, now: float) -> list[InputEvent]:
        """Removals of tags not repeated for ``stale_after``; stale candidates dropped."""
        cutoff = now - self._stale_after
        for reader, (_uid, seen) in list(self._candidate.items()):
            if seen < cutoff:
                del self._candidate[reader]
        events: list[InputEvent] = []
        for reader, (uid, seen) in sorted(self._present.items()):
            if seen < cutoff:
                del self._present[reader]
                events.append(TagRemoved(reader, uid))
        return events

    def next_expiry(self) -> float | None:
        """When :meth:`expire` next has something to do, or None."""
        times = [seen for _uid, seen in (*self._present.values(), *self._candidate.values())]
        return min(times) + self._stale_after if times else None
