"""Finished games in and out: export and import, BG Stats, corrections, statistics.

Reads and edits the history the log keeps; every way a game comes in is checked here
before the store takes it. May import :mod:`companion.core`, :mod:`companion.games` and
:mod:`companion.log`.
"""
