"""Export and import: JSON round trip without duplicates, CSV, BG Stats, the commands."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.history.exchange import CSV_FIELDS, ExchangeError, export_text, import_text
from companion.log.store import Store
from companion.ui.demo import DEMO_PLAYERS, demo_history, demo_session


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store.open(tmp_path / "a")
    demo_history(store, start=1_760_000_000.0)
    demo_session(store, "ave-roma")  # an unfinished game is not exported
    return store


def test_json_comes_back_identical_and_never_twice(store: Store, tmp_path: Path) -> None:
    exported = export_text(store, "json")
    other = Store.open(tmp_path / "b")
    assert import_text(other, exported) == (3, 0)
    assert export_text(other, "json") == exported
    assert import_text(other, exported) == (0, 3)  # a second import adds nothing
    assert len(other.finished_games()) == 3
    assert export_text(other, "json") == exported
    game = json.loads(exported)["games"][0]
    assert game["log"] and game["turn_times"] and game["result"]["winners"]


def test_an_imported_game_replays_and_keeps_its_time_on_turn(store: Store,
                                                             tmp_path: Path) -> None:
    from companion.log.replay import ReplaySession

    other = Store.open(tmp_path / "b")
    import_text(other, export_text(store, "json"))
    record = other.finished_games()[0]
    replay = ReplaySession(other, record)
    assert len(replay.moves) == len(ReplaySession(store, store.finished_games()[0]).moves)
    assert other.time_on_turn(record.id) == store.time_on_turn(store.finished_games()[0].id)


def test_csv_is_a_row_per_player_per_game(store: Store) -> None:
    rows = list(csv.DictReader(io.StringIO(export_text(store, "csv"))))
    assert len(rows) == 3 * len(DEMO_PLAYERS)
    assert tuple(rows[0]) == CSV_FIELDS
    for row in rows:
        assert row["game"] == "glory-to-rome" and row["winner"] in ("yes", "no")
        assert int(row["score"]) >= 0 and float(row["duration_minutes"]) > 0
        assert float(row["time_on_turn_seconds"]) > 0
    winners = [row for row in rows if row["winner"] == "yes"]
    assert all(row["rank"] == "1" for row in winners)


def _check_bgstats_play(play: dict[str, Any]) -> None:
    """The BG Stats play import structure: required fields and their types."""
    for key in ("sourceName", "sourcePlayId", "playDate"):
        assert isinstance(play[key], str) and play[key], key
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert isinstance(play.get("durationMin", 0), int)
    game = play["game"]
    assert isinstance(game["name"], str) and isinstance(game["sourceGameId"], str)
    assert isinstance(game["highestWins"], bool) and isinstance(game["noPoints"], bool)
    assert "bggId" not in game or isinstance(game["bggId"], int)
    assert play["players"]
    for player in play["players"]:
        assert isinstance(player["name"], str) and isinstance(player["sourcePlayerId"], str)
        # the Android app refuses a play whose players lack either flag
        assert isinstance(player["winner"], bool) and isinstance(player["startPlayer"], bool)
        assert isinstance(player.get("score", ""), str)
        assert isinstance(player.get("rank", 0), int)
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    allowed = {"sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments",
               "board", "game", "players"}
    assert set(play) <= allowed


def test_bgstats_plays_follow_the_published_structure(store: Store) -> None:
    plays = json.loads(export_text(store, "bgstats"))
    assert len(plays) == 3
    for play in plays:
        _check_bgstats_play(play)
        assert any(p["winner"] for p in play["players"])
    assert len({p["sourcePlayId"] for p in plays}) == 3


def test_one_game_only(store: Store) -> None:
    game_id = store.finished_games()[0].id
    assert len(json.loads(export_text(store, "json", game_id))["games"]) == 1
    open_game = store.unfinished_game()
    assert open_game is not None
    with pytest.raises(ExchangeError, match="not finished"):
        export_text(store, "json", open_game.id)


@pytest.mark.parametrize("text,words", [
    ("not json", "Not a JSON file"),
    ('{"players": []}', "Not a companion export"),
    ('{"format": "companion-games", "version": 99, "games": []}', "version 99"),
    ('{"format": "companion-games", "version": 1, "games": [{"game": "chess"}]}',
     "not known here"),
])
def test_a_bad_file_is_refused_in_words(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(ExchangeError, match=words):
        import_text(Store.open(tmp_path), text)


def test_the_commands(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                      ) -> None:
    data = str(store.path.parent)
    store.close()
    out = tmp_path / "games.json"
    assert main(["--data-dir", data, "export", "--format", "json", "--out", str(out)]) == 0
    assert main(["--data-dir", data, "export", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("game_uid,")
    assert main(["--data-dir", str(tmp_path / "c"), "import", str(out)]) == 0
    assert "3 games added" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path / "c"), "import", str(out)]) == 0
    assert "3 were already here" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("[]")
    assert main(["--data-dir", str(tmp_path / "c"), "import", str(tmp_path / "bad.json")]) == 2
    assert "companion import:" in capsys.readouterr().err
    assert main(["--data-dir", data, "export", "--game", "999"]) == 1


def test_a_file_with_one_broken_game_adds_none(store: Store, tmp_path: Path) -> None:
    data = json.loads(export_text(store, "json"))
    data["games"][2]["log"][0] = {"kind": "do"}  # no seq, no action
    other = Store.open(tmp_path / "b")
    with pytest.raises(ExchangeError, match="game 3: seq is missing"):
        import_text(other, json.dumps(data))
    assert other.finished_games() == []


FORMULAS = ["=HYPERLINK(\"http://x\")", "+SUM(A1)", "-2+3+cmd|' /C calc'!A0", "@A1",
            "\tTab", "\rReturn"]


def test_csv_cells_that_a_spreadsheet_would_run_are_text(tmp_path: Path) -> None:
    from companion.games.base import PlayerInfo

    store = Store.open(tmp_path)
    players = [PlayerInfo(name, "red", seat) for seat, name in enumerate(FORMULAS[:5])]
    result = {"players": [{"name": p.name, "total": -3 + i, "breakdown": {"=vault": -3}}
                          for i, p in enumerate(players)],
              "winners": [players[-1].name], "explanation": ""}
    store.import_game("glory-to-rome", players, {}, 1_760_000_000.0, 1_760_003_600.0,
                      result, [])
    rows = list(csv.DictReader(io.StringIO(export_text(store, "csv"), newline="")))
    assert [row["player"] for row in rows] == ["'" + name for name in FORMULAS[:5]]
    assert all(row["breakdown"] == "'=vault=-3" for row in rows)
    assert [row["score"] for row in rows] == ["-3", "-2", "-1", "0", "1"]  # numbers stay
    other = [PlayerInfo(FORMULAS[5], "blue", 0), PlayerInfo("Ann", "red", 1)]
    store.import_game("glory-to-rome", other, {}, 1_760_010_000.0, 1_760_013_600.0,
                      {"players": [{"name": p.name, "total": 1, "breakdown": {}}
                                   for p in other], "winners": ["Ann"]}, [])
    rows = list(csv.DictReader(io.StringIO(export_text(store, "csv"), newline="")))
    assert rows[-2]["player"] == "'\rReturn" and rows[-1]["player"] == "Ann"
