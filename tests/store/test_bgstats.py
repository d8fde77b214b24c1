"""Importing a BG Stats backup: our three games matched, others counted, duplicates
skipped, players matched to profiles; the round trip; bad files refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import TESTS

from companion.cli import main
from companion.history.bgstats import MAX_BYTES, BgStatsError, import_file, import_plays, parse
from companion.history.exchange import export_text
from companion.history.stats import game_stats, player_stats
from companion.log.entries import Profile
from companion.log.store import Store
from companion.ui.demo import demo_history

BACKUP = TESTS / "store" / "data" / "bgstats_backup.json"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "data")


def test_a_backup_adds_our_plays_once_and_counts_the_rest(store: Store) -> None:
    store.save_profile(Profile("Livia", "purple", 1, None, 1.0, 0))
    asked: list[tuple[str, str]] = []

    def same_person(name: str, profile: str) -> bool:
        asked.append((name, profile))
        return False

    summary = import_file(store, BACKUP, same_person)
    assert (summary.added, summary.already_here, summary.other_games) == (3, 1, 1)
    assert summary.other_titles == ["Carcassonne"]
    assert asked == [("Livvia", "Livia")]  # asked once, though Livvia could come back
    assert summary.unsure == [("Livvia", "Livia")]
    assert sorted(summary.new_players) == ["Livvia", "Marcus", "Octavia"]
    games = {r.game: r for r in store.finished_games()}
    assert set(games) == {"glory-to-rome", "ave-roma", "via-romana"}  # Via Romana by name
    glory = games["glory-to-rome"]
    assert glory.imported and glory.source == "bgstats" and store.log(glory.id) == []
    assert [p.name for p in glory.players] == ["Livia", "Marcus", "Octavia"]
    assert glory.players[0].colour == "purple"  # the profile's colour
    assert (glory.place, glory.note) == ("Ana's kitchen", "Forum win close")
    assert glory.ended is not None and glory.ended - glory.created == 75 * 60
    assert glory.result is not None and glory.result["winners"] == ["Livia"]
    assert [p["total"] for p in glory.result["players"]] == [18, 12, 9]
    # BG Stats said who won the tie
    assert (games["via-romana"].result or {})["winners"] == ["Octavia"]
    stats = {s.name: s for s in player_stats(store.finished_games())}
    assert (stats["Marcus"].games, stats["Marcus"].wins) == (2, 1)
    assert {g.game for g in game_stats(store.finished_games())} == set(games)
    assert {p.name for p in store.profiles()} == {"Livia", "Livvia", "Marcus", "Octavia"}
    again = import_file(store, BACKUP)
    assert (again.added, again.already_here) == (0, 4)


def test_a_yes_puts_the_plays_under_the_known_profile(store: Store) -> None:
    store.save_profile(Profile("Livia", "purple", 1, None, 1.0, 0))
    summary = import_file(store, BACKUP, lambda name, profile: True)
    assert summary.unsure == [] and "Livvia" not in summary.new_players
    ave = next(r for r in store.finished_games() if r.game == "ave-roma")
    assert [p.name for p in ave.players] == ["Livia", "Marcus"]


def test_a_yes_never_seats_one_person_twice(store: Store) -> None:
    """'Livvia is Livia' holds for the plays Livia did not also sit at."""
    backup = json.loads(BACKUP.read_text())
    backup["plays"][1]["playerScores"].append({"playerRefId": 1, "score": "3", "seatOrder": 3})
    store.save_profile(Profile("Livia", "purple", 1, None, 1.0, 0))
    import_plays(store, *parse(json.dumps(backup)), lambda name, profile: True)
    ave = next(r for r in store.finished_games() if r.game == "ave-roma")
    assert [p.name for p in ave.players] == ["Livvia", "Marcus", "Livia"]


def test_export_then_import_gives_the_same_plays(store: Store, tmp_path: Path) -> None:
    demo_history(store)
    first = store.finished_games()[0]
    store.edit_game(first.id, {"place": "Club", "note": "rematch"})
    written = export_text(store, "bgstats")
    plays = json.loads(written)
    assert all(p["game"]["bggId"] == 19857 for p in plays)
    assert [p.get("location", {}).get("name") for p in plays].count("Club") == 1
    other = Store.open(tmp_path / "other")
    summary = import_plays(other, *parse(written))
    assert (summary.added, summary.already_here) == (3, 0)
    assert json.loads(export_text(other, "bgstats")) == plays
    # and into the store it came from: all three are already here
    assert import_plays(store, *parse(written)).already_here == 3


@pytest.mark.parametrize("content, words", [
    ('{"games": [], "players": [], "plays": [{"gameRefId": 1', "Not a complete JSON file"),
    ('{"format": "companion-games", "games": []}', "Not a BG Stats file"),
    ('[{"game": {"name": "Glory to Rome"}, "playDate": "yesterday", '
     '"players": [{"name": "A"}]}]', "is not a date"),
    ('[{"game": {"name": "Glory to Rome"}, "playDate": "2025-01-01", '
     '"players": [{"name": "' + "x" * 500 + '"}]}]', "longer than"),
    ('[{"game": {"name": "Glory to Rome"}, "playDate": "2025-01-01", '
     '"players": [{"name": "Ana"}, {"name": "ana"}]}]', "seated twice"),
])
def test_bad_files_are_refused_in_one_line_with_nothing_added(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: str) -> None:
    data = tmp_path / "data"
    Store.open(data).close()
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["--data-dir", str(data), "import-bgstats", "--no-ask", str(bad)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    store = Store.open(data)
    assert store.finished_games() == [] and store.profiles() == []


def test_a_huge_file_and_a_million_plays_are_refused(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # 300 MB, sparse: not written out on the disk
        handle.truncate(300 * 1024 * 1024)
    assert main(["--data-dir", str(data), "import-bgstats", "--no-ask", str(huge)]) == 2
    assert "larger than any BG Stats export" in capsys.readouterr().err
    with pytest.raises(BgStatsError, match="larger"):
        parse('"' + "x" * (MAX_BYTES + 1) + '"')
    many = tmp_path / "many.json"  # 4 MB: small enough to be read, too many plays
    many.write_text(json.dumps([{}] * 1_000_000))
    assert main(["--data-dir", str(data), "import-bgstats", "--no-ask", str(many)]) == 2
    err = capsys.readouterr().err
    assert "1000000 plays" in err and err.count("\n") == 1
    assert Store.open(data).finished_games() == []


def test_a_half_good_file_adds_nothing(store: Store, tmp_path: Path) -> None:
    backup = json.loads(BACKUP.read_text())
    backup["plays"][2]["playerScores"][0]["playerRefId"] = 99  # the third play is broken
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(backup))
    with pytest.raises(BgStatsError, match="play 3"):
        import_file(store, broken)
    assert store.finished_games() == [] and store.profiles() == []


def test_the_command_prints_the_summary(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "import-bgstats", "--no-ask", str(BACKUP)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "3 plays added; 1 was already here"
    assert out[1] == "1 play of another game skipped (Carcassonne)"


def test_the_command_asks_once_about_a_close_name(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open(tmp_path)
    store.save_profile(Profile("Livia", "purple", 1, None, 1.0, 0))
    store.close()
    questions: list[str] = []

    def answer(prompt: str) -> str:
        questions.append(prompt)
        return "y"

    monkeypatch.setattr("builtins.input", answer)
    assert main(["--data-dir", str(tmp_path), "import-bgstats", "--ask", str(BACKUP)]) == 0
    assert questions == ["'Livvia' in the file: is that Livia, already known here? [y/N] "]
    assert "Livvia" not in capsys.readouterr().out
    store = Store.open(tmp_path)
    assert "Livvia" not in {p.name for p in store.profiles()}
