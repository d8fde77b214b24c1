"""Places on the scoreboard and in the history follow the game's tie-break ("X won")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from companion.core import i18n
from companion.games import get_rules
from companion.games.base import PlayerInfo, ScoreResult
from companion.history.corrections import correct_score
from companion.log.session import GameSession
from companion.ui import places
from companion.ui.app_loop import App
from companion.ui.screens.scoreboard import ScoreboardScreen

NAMES = ["Anna", "Bruno", "Cato"]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the scoreboard and the history draw, in order."""
    import companion.ui.screens.history as history
    import companion.ui.screens.scoreboard as scoreboard

    texts: list[str] = []
    for module in (history, scoreboard):
        real = module.draw_text

        def record(surface: pygame.Surface, text: str, *args: Any, real: Any = real,
                   **kwargs: Any) -> Any:
            texts.append(text)
            return real(surface, text, *args, **kwargs)

        monkeypatch.setattr(module, "draw_text", record)
    yield texts


def _seat(influence: int, hand: int) -> dict[str, Any]:
    return {"influence": influence, "hand": hand, "vault": {}, "stockpile": 0,
            "statue": False, "wall": False}


def _finished_glory(app: App, hands: list[int]) -> int:
    """Three players on 2 points each: the most cards in hand breaks the tie."""
    players = tuple(PlayerInfo(name, colour, seat) for seat, (name, colour) in
                    enumerate(zip(NAMES, ("red", "blue", "green"), strict=True), start=1))
    session = GameSession.create(app.store, "glory-to-rome", players)
    entries = {"players": [_seat(2, hand) for hand in hands], "forum_winner": None}
    document = get_rules("glory-to-rome").rescore(entries, NAMES).to_json()
    document["entries"] = entries
    app.store.finish_game(session.game_id, document)
    return session.game_id


def _ranks(texts: list[str]) -> list[str]:
    return [text for text in texts if text[:2] in ("1.", "2.", "3.")]


def _listed_ranks(texts: list[str]) -> list[str]:
    """The history's places as read: a chip too narrow for its line (portrait) draws the
    score under the place and name, and is read as one."""
    return [f"{text} {following}" if following.isdigit() else text
            for text, following in zip(texts, [*texts[1:], ""], strict=True)
            if text[:2] in ("1.", "2.", "3.")]


def _history_and_scoreboard(app: App, game_id: int, texts: list[str]) -> tuple[list[str],
                                                                             list[str]]:
    app.go(places.Home())
    app.step()
    driver = Driver(app)
    texts.clear()
    driver.tap("history")
    listed = _listed_ranks(texts)
    texts.clear()
    driver.tap(f"game-{game_id}")
    assert isinstance(app.top, ScoreboardScreen)
    return listed, _ranks(texts)


def test_a_tie_broken_on_cards_in_hand_gives_distinct_places(app: App,
                                                              drawn: list[str]) -> None:
    game_id = _finished_glory(app, [1, 3, 5])
    listed, board = _history_and_scoreboard(app, game_id, drawn)
    assert board == ["1. Cato", "2. Bruno", "3. Anna"]
    assert listed == ["1. Cato 2", "2. Bruno 2", "3. Anna 2"]
    assert app.store.game(game_id).result["winners"] == ["Cato"]  # type: ignore[index]
    correct_score(app.store, game_id, "Anna", "hand", 4)
    listed, board = _history_and_scoreboard(app, game_id, drawn)
    assert board == ["1. Cato", "2. Anna", "3. Bruno"]
    assert listed == ["1. Cato 2", "2. Anna 2", "3. Bruno 2"]


def test_a_tie_the_tie_break_leaves_standing_shares_a_place(app: App,
                                                             drawn: list[str]) -> None:
    game_id = _finished_glory(app, [2, 2, 5])
    listed, board = _history_and_scoreboard(app, game_id, drawn)
    assert board[0] == "1. Cato" and sorted(board[1:]) == ["2. Anna", "2. Bruno"]
    assert listed[0] == "1. Cato 2" and sorted(listed[1:]) == ["2. Anna 2", "2. Bruno 2"]


@pytest.fixture
def paragraphs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    import companion.ui.screens.scoreboard as scoreboard

    texts: list[str] = []
    real = scoreboard.draw_paragraph

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> Any:
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(scoreboard, "draw_paragraph", record)
    yield texts


def _scoreboard_words(app: App, game_id: int, texts: list[str]) -> list[str]:
    app.go(places.FinishedGame(game_id))
    texts.clear()
    app.step()
    assert isinstance(app.top, ScoreboardScreen)
    return list(texts)


def test_the_scoreboards_sentence_speaks_the_language_of_the_moment(
        app: App, paragraphs: list[str]) -> None:
    game_id = _finished_glory(app, [1, 3, 5])  # scored in English
    english = "Anna, Bruno, Cato tied on 2; the tie goes to Cato (most cards in hand)."
    assert english in _scoreboard_words(app, game_id, paragraphs)
    i18n.set_language("de")
    german = ("Anna, Bruno, Cato gleichauf mit 2; der Gleichstand geht an Cato "
              f"({i18n._('most cards in hand')}).")
    assert german in _scoreboard_words(app, game_id, paragraphs)
    assert "meiste Karten" in german  # the rule, too, in German
    # a sentence kept in words by an older version is still shown as it was
    record = app.store.game(game_id)
    older = {key: value for key, value in (record.result or {}).items() if key != "said"}
    older["explanation"] = "Cato had the most cards in hand."
    app.store.edit_game(game_id, {"result": older})
    assert "Cato had the most cards in hand." in _scoreboard_words(app, game_id, paragraphs)


def test_a_renamed_player_is_renamed_in_the_sentence(app: App, paragraphs: list[str]) -> None:
    game_id = _finished_glory(app, [1, 3, 5])
    app.store.rename_player("Cato", "Catullus")
    words = " ".join(_scoreboard_words(app, game_id, paragraphs))
    assert "the tie goes to Catullus" in words and "Cato " not in words


def test_in_arabic_the_sentences_brackets_stay_on_one_line(app: App) -> None:
    from companion.ui.text_fit import wrap

    game_id = _finished_glory(app, [1, 3, 5])
    i18n.set_language("ar")
    record = app.store.game(game_id)
    words = ScoreResult.from_json(record.result or {}).words()
    assert "(" in words and "most" not in words
    for width in range(160, 720, 24):  # every width a screen may give it
        for line in wrap(words, app.metrics.body, width):
            assert line.count("(") == line.count(")"), (width, line)
