"""Which tags sit on a polled reader: arrivals at once, removals after a few empty polls.

A single missed poll (a tag at the edge of the field, a lost frame) must not look like the
tag being lifted and put back, so a tag only counts as gone after ``misses`` polls in a row
that did not see it. Polls that got no answer at all are not counted.
"""

from __future__ import annotations


class PresenceTracker:
    def __init__(self, misses: int = 2) -> None:
        self._misses = misses
        self._missed: dict[str, int] = {}  # present UID -> polls in a row without it

    @property
    def present(self) -> set[str]:
        return set(self._missed)

    def update(self, seen: set[str]) -> tuple[list[str], list[str]]:
        """Record one answered poll; return (arrived, removed) UIDs."""
        arrived = sorted(uid for uid in seen if uid not in self._missed)
        removed = []
        for uid in list(self._missed):
            if uid in seen:
                self._missed[uid] = 0
                continue
            self._missed[uid] += 1
            if self._missed[uid] >= self._misses:
                del self._missed[uid]
                removed.append(uid)
        for uid in arrived:
            self._missed[uid] = 0
        return arrived, removed

    def clear(self) -> None:
        self._missed.clear()
