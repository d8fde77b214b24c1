"""The game night's log: SQLite store, its opening and migrations, the session, the writer.

A game is its setup plus the moves in an append-only log; the session folds the log into
state, undoes and redoes as log entries and resumes after a pulled plug; the writer commits
moves on its own thread. May import :mod:`companion.core` and :mod:`companion.games`.
"""
