"""The worker tray: the player on turn's workers under the board, one of them chosen.

A placement is then one tap on an area, with the chosen worker (drawn highlighted before
the tap); another worker is one tap on the tray first. The player's name is not repeated
there: "Whose turn" beside the board says it. The chosen one is the player's last
choice while it is still in hand, else the lowest number in hand (it fits the most
numbered spaces). The tray keeps its place through the action phase, so no button moves
from under a finger when the turn passes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.core.i18n import _
from companion.ui.layout import Metrics, split_cols

#: the tray's key for the worker waiting on the training space
TRAINED = "trained"
#: five numbers and the trained worker
SLOTS = 6

Worker = int | str


def tray_height(m: Metrics) -> int:
    """One row of finger-wide worker buttons."""
    return m.unit


def tray_cells(rect: pygame.Rect, m: Metrics) -> list[pygame.Rect]:
    """The :data:`SLOTS` worker places in ``rect`` (whose workers they are, "Whose turn"
    says beside the board), the trained worker's twice as wide: its number and the word."""
    return split_cols(rect, [1] * (SLOTS - 1) + [2], m.gap)


def tray_place(worker: Worker) -> int:
    """Where a worker lies on the tray: by its number, the trained one last, so a worker
    placed leaves a gap and moves no other from under a finger."""
    return SLOTS - 1 if worker == TRAINED else int(worker) - 1


def tray_workers(numbers: Sequence[int], trained: int | None) -> list[Worker]:
    """The workers the tray offers: each number once (equal numbers are alike), then the
    trained one."""
    workers: list[Worker] = list(dict.fromkeys(sorted(numbers)))
    return [*workers, TRAINED] if trained is not None else workers


def chosen_worker(workers: Sequence[Worker], last: Worker | None) -> Worker | None:
    """The player's last choice while it is still offered, else the lowest number (the
    trained worker when it is the only one)."""
    if last is not None and last in workers:
        return last
    return workers[0] if workers else None


def worker_label(worker: Worker, trained: int | None) -> str:
    """The button's label: the number, for the trained worker with the word beside it
    (one line: under the number a script's marks would not fit a finger-high button)."""
    if worker == TRAINED:
        return _("{n} trained").format(n=trained)
    return str(worker)
