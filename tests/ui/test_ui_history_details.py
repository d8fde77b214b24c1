"""A finished game's detail says where, when, how long, its note; the edit log which number."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from companion.games import get_rules
from companion.games.base import PlayerInfo
from companion.history.bgstats import import_plays, parse
from companion.history.corrections import correct_score
from companion.log.session import GameSession
from companion.ui import formats, places
from companion.ui.app_loop import App
from companion.ui.screens.scoreboard import ScoreboardScreen


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the scoreboard and the correction screen draw (lines and paragraphs)."""
    import companion.ui.screens.edit_game as edit_game
    import companion.ui.screens.scoreboard as scoreboard

    texts: list[str] = []
    for module, drawing in ((scoreboard, "draw_text"), (scoreboard, "draw_paragraph"),
                            (edit_game, "draw_text")):
        real = getattr(module, drawing)

        def record(surface: pygame.Surface, text: str, *args: Any, real: Any = real,
                   **kwargs: Any) -> Any:
            texts.append(text)
            return real(surface, text, *args, **kwargs)

        monkeypatch.setattr(module, drawing, record)
    yield texts


def _open(app: App, game_id: int, texts: list[str]) -> str:
    app.go(places.History())
    app.step()
    texts.clear()
    Driver(app).tap(f"game-{game_id}")
    assert isinstance(app.top, ScoreboardScreen)
    return " | ".join(texts)


def test_an_imported_plays_detail_says_when_where_how_long_and_imported(
        app: App, drawn: list[str]) -> None:
    play = {"sourcePlayId": "play-1", "playDate": "2026-03-14 19:30:00",
            "game": {"name": "Glory to Rome", "bggId": 19857}, "durationMin": 95,
            "location": {"name": "Club"}, "comments": "",
            "players": [{"name": name, "score": str(score), "winner": score == 9,
                         "startPlayer": False, "seatOrder": seat}
                        for seat, (name, score) in enumerate((("Anna", 9), ("Bruno", 4)), 1)]}
    import_plays(app.store, *parse(json.dumps([play])))
    record = app.store.finished_games()[0]
    shown = _open(app, record.id, drawn)
    for words in (formats.moment(record.created), "Club", "1 h 35 min", "imported"):
        assert words in shown, words


def _finished_at_the_club(app: App) -> int:
    players = (PlayerInfo("Anna", "red", 1), PlayerInfo("Bruno", "blue", 2))
    session = GameSession.create(app.store, "glory-to-rome", players, place="Club",
                                 note="the rematch")
    entries: dict[str, Any] = {"players": [{"influence": i, "hand": 1, "vault": {}, "stockpile": 0,
                            "statue": False, "wall": False} for i in (3, 5)],
               "forum_winner": None}
    document = get_rules("glory-to-rome").rescore(entries, ["Anna", "Bruno"]).to_json()
    document["entries"] = entries
    app.store.finish_game(session.game_id, document)
    return session.game_id


def test_a_companion_games_scoreboard_says_when_where_and_its_note(
        app: App, drawn: list[str]) -> None:
    record = app.store.game(_finished_at_the_club(app))
    shown = _open(app, record.id, drawn)
    for words in (formats.moment(record.created), "Club", "the rematch"):
        assert words in shown, words
    assert "imported" not in shown


def test_the_edit_log_says_which_number_was_corrected_from_what_to_what(
        app: App, drawn: list[str]) -> None:
    record = app.store.game(_finished_at_the_club(app))
    correct_score(app.store, record.id, "Anna", "hand", 4)  # the totals stay as they were
    correct_score(app.store, record.id, "Bruno", "influence", 7)
    app.go(places.EditGame(record.id))
    drawn.clear()
    app.step()
    shown = " | ".join(drawn)
    assert "Anna's cards in hand 1 -> 4" in shown
    assert "Bruno's total 5 -> 7" in shown
    assert "the score corrected" not in shown
