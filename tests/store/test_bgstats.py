"""Importing a BG Stats backup: our three games matched, others counted, duplicates
skipped, players matched to profiles; the round trip; bad files refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from paths import TESTS

from companion.cli import main
from companion.history.bgstats import (
    MAX_BYTES,
    BgStatsError,
    Summary,
    import_file,
    import_plays,
    parse,
)
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


# -- ids the file gives twice ---------------------------------------------------------------

def _backup() -> dict[str, Any]:
    backup: dict[str, Any] = json.loads(BACKUP.read_text())
    return backup


def _import(store: Store, backup: dict[str, Any]) -> Summary:
    return import_plays(store, *parse(json.dumps(backup)))


def test_a_game_id_given_to_two_games_leaves_its_plays_out_by_name(store: Store) -> None:
    backup = _backup()
    backup["games"][3]["id"] = 1  # Carcassonne takes Glory to Rome's id...
    backup["plays"][3]["gameRefId"] = 1  # ...and its play names it
    summary = _import(store, backup)
    assert (summary.added, summary.already_here, summary.other_games) == (2, 0, 0)
    assert summary.notices == [
        "Game id 1 names Glory to Rome, Carcassonne in the file: its 3 plays were left out "
        "(play 1 (2025-03-14 19:30:00), play 4 (2025-04-02 21:00:00), "
        "play 5 (2025-03-14 19:30:00))."]
    assert {r.game for r in store.finished_games()} == {"ave-roma", "via-romana"}


@pytest.mark.parametrize("listed, entry", [
    ("games", {"id": 1, "name": "Glory to Rome (Black Box)", "bggId": 19857}),
    ("players", {"id": 2, "uuid": "p-2b", "name": "marcus"}),
    ("locations", {"id": 1, "uuid": "l-1b", "name": "Ana's kitchen"}),
])
def test_an_id_given_twice_to_one_game_person_or_place_is_no_clash(
        store: Store, listed: str, entry: dict[str, Any]) -> None:
    backup = _backup()
    backup[listed].append(entry)
    summary = _import(store, backup)
    assert (summary.added, summary.notices) == (3, [])


def test_a_player_id_given_to_two_people_gives_no_play_to_either(store: Store) -> None:
    """Marcus and Marcella share id 2: the plays seating id 2 could be either's."""
    backup = _backup()
    backup["players"].append({"id": 2, "name": "Marcella"})
    summary = _import(store, backup)
    assert summary.added == 1  # Via Romana: Livia and Octavia
    assert summary.notices == [
        "Player id 2 names Marcus, Marcella in the file: the 3 plays it sits at were left "
        "out, so that none goes to a wrong name (play 1 (2025-03-14 19:30:00), "
        "play 2 (2025-03-21 20:00:00), play 5 (2025-03-14 19:30:00))."]
    seated = {p.name for r in store.finished_games() for p in r.players}
    assert seated == {"Livia", "Octavia"}
    assert "Marcella" not in summary.new_players and "Marcus" not in summary.new_players


def test_a_location_id_given_to_two_places_leaves_the_place_empty(store: Store) -> None:
    backup = _backup()
    backup["locations"].append({"id": 1, "name": "The club"})
    summary = _import(store, backup)
    assert summary.added == 3
    assert summary.notices == [
        "Location id 1 names Ana's kitchen, The club in the file: its 2 plays were added "
        "without a place (play 1 (2025-03-14 19:30:00), play 3 (2025-04-02))."]
    assert {r.place for r in store.finished_games()} == {None}


def test_one_uuid_on_two_dates_is_two_plays_and_both_are_added_once(store: Store) -> None:
    backup = _backup()
    backup["plays"][1]["uuid"] = "play-1"  # Ave Roma, a week after play 1
    summary = _import(store, backup)
    assert (summary.added, summary.already_here) == (3, 1)
    assert summary.notices == [
        "play 2 (2025-03-21 20:00:00) has the uuid play-1 of play 1 (2025-03-14 19:30:00), "
        "on another date: both were added."]
    assert {r.game for r in store.finished_games()} == {"glory-to-rome", "ave-roma",
                                                        "via-romana"}
    again = _import(store, backup)
    assert (again.added, again.already_here) == (0, 4)


def test_one_uuid_twice_on_one_date_is_one_play_listed_twice(store: Store) -> None:
    backup = _backup()
    backup["plays"][4]["uuid"] = "play-1"  # the line-up of play 1 again
    backup["plays"][4]["playerScores"][0]["score"] = "10"  # Octavia's score, mistyped
    summary = _import(store, backup)
    assert (summary.added, summary.already_here) == (3, 0)
    assert summary.notices == ["play 5 (2025-03-14 19:30:00) repeats play 1 "
                               "(2025-03-14 19:30:00) (uuid play-1): added once."]
    glory = next(r for r in store.finished_games() if r.game == "glory-to-rome")
    assert [p["total"] for p in (glory.result or {})["players"]] == [18, 12, 9]


def test_the_command_names_the_plays_left_out(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    backup = _backup()
    backup["players"].append({"id": 2, "name": "Marcella"})
    path = tmp_path / "clash.json"
    path.write_text(json.dumps(backup))
    assert main(["--data-dir", str(tmp_path / "data"), "import-bgstats", "--no-ask",
                 str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1 play added; 0 were already here"
    assert out[-1].startswith("Player id 2 names Marcus, Marcella in the file: the 3 plays")
