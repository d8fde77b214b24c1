"""A Via Romana table frame with the map (4 players, a road scoring) beside the Glory to
Rome table frame, both redrawn whole in the same run: the map must not make a tap slow.

The first frame after a move draws the map and the banner; later frames blit them."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bench.judging import Budget, Figure
from bench.measure import HEADLESS, median, percentile

os.environ.update(HEADLESS)


def _frames(scene: str, count: int, afresh: bool = False) -> list[float]:
    """Whole redraws of ``scene``; ``afresh`` draws the map's cached pictures again each
    time, as the first frame after a move does."""
    import pygame

    from companion.core.events import new_input_queue
    from companion.log.store import Store
    from companion.ui.app_loop import App
    from companion.ui.screenshot import _screens

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as directory:
        store = Store.open(Path(directory))
        app = App(store, new_input_queue(), pygame.Surface((800, 480)),
                  present=lambda rects: None)
        app.start()
        _screens()[scene](app)
        app.render(force=True)  # fonts and the map layout warm
        times = []
        for _frame in range(count):
            if afresh:
                getattr(app.top, "view").forget_pictures()  # noqa: B009
            start = time.perf_counter()
            app.invalidate()  # a tap's rebuild and a whole-screen redraw
            app.render(force=True)
            times.append(time.perf_counter() - start)
        store.close()
    pygame.display.quit()
    return times


def map_frame(quick: bool) -> Figure:
    count = 20 if quick else 300
    via = _frames("table-via-romana-scoring", count)
    moved = _frames("table-via-romana-scoring", count, afresh=True)
    glory = _frames("table-glory-to-rome", count)
    ratio = median(moved) / median(glory)
    return Figure(
        "Via Romana map frame (800x480, whole redraw)",
        f"{median(moved) * 1000:.1f} ms after a move (p95 {percentile(moved, 0.95) * 1000:.1f}),"
        f" {median(via) * 1000:.1f} ms otherwise",
        f"{median(glory) * 1000:.1f} ms (Glory to Rome table)",
        f"{ratio:.2f}x",
        "after a move < 16.7 ms (one frame at 60 Hz)",
        median(moved) < 1 / 60,
        f"{count} whole-screen rebuilds and redraws of each table in one process, on a "
        "4-player map with a road scoring and its banner; after a move the map and the "
        "banner are drawn afresh, otherwise they are blitted from the last drawing; from "
        "the invalidation to the drawing's end into an off-screen surface (no flip, no "
        "devices)",
        budgets=(Budget("after a move", median(moved), 1 / 60, strict=True),),
    )
