"""Which tags sit on a polled reader: arrivals after two matching reads, removals after misses.

A tag counts as arrived only once ``confirmations`` answered polls in a row have seen it:
one answer that noise on the line turned into a different, still well-formed UID never
becomes a tag (it would need the same corruption twice). A single missed poll (a tag at
the edge of the field, a lost frame) must not look like the tag being lifted and put
back, so a tag only counts as gone after ``misses`` polls in a row that did not see it.
Polls that got no answer at all are not counted.
"""

from __future__ import annotations


class PresenceTracker:
    def __init__(self, misses: int = 2, confirmations: int = 2) -> None:
        self._misses = misses
        self._confirmations = confirmations
        self._missed: dict[str, int] = {}  # present UID -> polls in a row without it
        self._reads: dict[str, int] = {}  # UID not yet present -> polls in a row with it

    @property
    def present(self) -> set[str]:
        return set(self._missed)

    @property
    def idle(self) -> bool:
        """No tag on the reader and none being confirmed: the reader may wait for one."""
        return not self._missed and not self._reads

    @property
    def confirming(self) -> bool:
        """A tag has been read but not yet often enough to count: read again at once."""
        return bool(self._reads)

    def update(self, seen: set[str]) -> tuple[list[str], list[str]]:
        """Record one answered poll; return (arrived, removed) UIDs."""
        reads = {uid: self._reads.get(uid, 0) + 1 for uid in seen if uid not in self._missed}
        arrived = sorted(uid for uid, count in reads.items() if count >= self._confirmations)
        self._reads = {uid: count for uid, count in reads.items() if uid not in arrived}
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
        self._reads.clear()
