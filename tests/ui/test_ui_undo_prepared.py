"""The loop keeps stepping while the state an undo would need is still being folded."""

from __future__ import annotations

import time

import pytest

from companion.games.base import Action
from companion.log.session import GameSession
from companion.ui.app_loop import App


def test_the_loop_wakes_at_once_until_the_undo_is_prepared(
        counter_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app = counter_app
    session = app.session
    assert isinstance(session, GameSession)
    for amount in range(40):
        assert app.dispatch("add", {"amount": 1 + amount % 3})
        app.settle()
        app.step()
    timeline = session._timeline
    for index in [i for i in timeline.states if 0 < i < timeline.cursor]:
        del timeline.states[index]  # as after a resume from a snapshot far back
    apply = timeline.rules.apply

    def slow_apply(state: object, action: Action) -> object:
        time.sleep(0.002)
        return apply(state, action)

    timeline.rules = type("Slow", (), {"apply": staticmethod(slow_apply)})()
    assert not session.undo_ready
    steps = 0
    while not session.undo_ready:
        wake = app.wake_at()
        assert wake is not None and wake <= time.monotonic()  # no sleep: fold on
        app.step()
        steps += 1
        assert steps < 100
    assert steps > 1  # in slices, not in one step
    wake = app.wake_at()
    assert wake is None or wake > time.monotonic()  # prepared: the loop may sleep
