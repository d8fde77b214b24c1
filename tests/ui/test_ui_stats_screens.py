"""Stats: the players' colours as Players keeps them, readable bars, no sum of two games."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from companion.games.base import PlayerInfo, PlayerScore, ScoreResult
from companion.log.session import GameSession
from companion.ui import places, theme
from companion.ui.app_loop import App
from companion.ui.demo import demo_history
from companion.ui.screens.player_game import PlayerGameScreen


@pytest.fixture
def charts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[Any]]]:
    """The bars of every chart the stats screens draw (label, value, words, colour)."""
    import companion.ui.screens.stats as stats

    drawn: list[list[Any]] = []
    real = stats.bar_chart

    def record(surface: pygame.Surface, rect: pygame.Rect, bars: list[Any], *args: Any) -> None:
        drawn.append(list(bars))
        real(surface, rect, bars, *args)

    monkeypatch.setattr(stats, "bar_chart", record)
    yield drawn


@pytest.fixture
def paragraphs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    import companion.ui.screens.stats as stats

    drawn: list[str] = []
    real = stats.draw_paragraph

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(stats, "draw_paragraph", record)
    yield drawn


def _profile_colour(app: App, name: str) -> str:
    return next(p.colour for p in app.store.profiles(limit=100) if p.name == name)


def test_a_players_colour_and_the_bars_are_the_ones_players_shows(
        app: App, charts: list[list[Any]]) -> None:
    demo_history(app.store)
    app.go(places.Players())
    app.step()
    driver = Driver(app)
    for name in ("Livia", "Marcus"):  # a colour changed on Players after the games
        driver.tap(f"colour-{name}")
    colours = {name: theme.colour_rgb(_profile_colour(app, name))
               for name in ("Livia", "Marcus", "Julia")}
    app.go(places.Stats())
    app.step()
    wins = charts[-1]
    assert {label: colour for label, _value, _words, colour in wins} == colours
    assert len({colour for *_rest, colour in wins}) == 3
    charts.clear()
    driver.tap("player-Livia")
    scores = charts[-1]
    assert {colour for *_rest, colour in scores} == {colours["Livia"]}
    # each game named in a word a player reads, not its first letter
    assert [label for label, *_rest in scores] == ["Glory"] * 3
    driver.tap("game-glory-to-rome")
    screen = app.top
    assert isinstance(screen, PlayerGameScreen)
    assert screen.colour == colours["Livia"]
    assert screen.colour_of("Marcus") == colours["Marcus"]


def _ave_roma_won_by(app: App, winner: str, total: int) -> None:
    players = (PlayerInfo("Livia", "red", 1), PlayerInfo("Marcus", "blue", 2))
    session = GameSession.create(app.store, "ave-roma", players)
    scores = sorted([PlayerScore(p.name, total if p.name == winner else 30, {})
                     for p in players], key=lambda p: -p.total)
    app.store.finish_game(session.game_id, ScoreResult(tuple(scores), (winner,)).to_json())


def test_all_games_do_not_average_points_of_different_games(
        app: App, paragraphs: list[str]) -> None:
    demo_history(app.store)  # Glory to Rome: single figures
    _ave_roma_won_by(app, "Livia", 90)  # Ave Roma: scores near a hundred
    app.go(places.Stats())
    app.step()
    shown = " ".join(paragraphs)
    assert "4 finished games" in shown
    # a length is a length in any game; points are not
    assert not any(re.search(r"average \d|best \d|a win scores", text) for text in paragraphs)
    driver = Driver(app)
    paragraphs.clear()
    driver.tap("filter-ave-roma")
    shown = " ".join(paragraphs)
    assert "a win scores 90.0 on average" in shown and "best 90" in shown
    paragraphs.clear()
    driver.taps("filter-all", "player-Livia")
    assert paragraphs and not any(re.search(r"average \d|best \d", text)
                                  for text in paragraphs)
