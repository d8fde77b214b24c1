"""Exports carry where a game was played, its note and its edit log: the JSON round trip
brings them back (an imported game shows the same corrections), CSV has a location
column, BG Stats has the location and each game's BoardGameGeek id."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.history.corrections import correct_score, redate
from companion.history.exchange import ExchangeError, export_text, import_text
from companion.log.entries import Edit
from companion.log.store import Store
from companion.ui.demo import demo_history
from companion.ui.screens.edit_game import describe_edit


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store.open(tmp_path / "a")
    first, second, _third = demo_history(store, start=1_760_000_000.0)
    store.edit_game(first, {"place": "=Club, \"back room\"", "note": "Marcus's first win"},
                    "table")
    record = store.game(second)
    assert record.result is not None
    loser = record.result["players"][-1]["name"]
    correct_score(store, second, loser, "influence", 40, "table")
    store.undo_edit(redate(store, second, 1, "table"), "table")
    return store


def _log(edits: list[Edit]) -> list[tuple[Any, ...]]:
    """An edit log as another store shows it (its own numbering aside)."""
    numbers = {e.id: index for index, e in enumerate(sorted(edits, key=lambda e: e.id))}
    return [(e.made, e.who, e.kind, describe_edit(e),
             {"edit": numbers[e.before["edit"]]} if e.kind == "undo" else e.before, e.after,
             numbers.get(e.undone_by) if e.undone_by else None) for e in edits]


def test_json_brings_back_place_note_result_and_edit_log(store: Store, tmp_path: Path) -> None:
    other = Store.open(tmp_path / "b")
    assert import_text(other, export_text(store, "json")) == (3, 0)
    for mine, theirs in zip(store.finished_games(), other.finished_games(), strict=True):
        assert (theirs.place, theirs.note, theirs.result) == (mine.place, mine.note,
                                                              mine.result)
        assert _log(other.edits(theirs.id)) == _log(store.edits(mine.id))
    # the corrections can still be undone there: the score correction puts back the score
    second = other.finished_games()[1]
    score_edit = next(e for e in other.edits(second.id) if "result" in e.after)
    other.undo_edit(score_edit.id)
    assert (other.game(second.id).result or {})["players"] == score_edit.before["result"][
        "players"]


def test_csv_has_the_location_escaped_and_bgstats_the_place_and_ids(store: Store) -> None:
    rows = list(csv.DictReader(io.StringIO(export_text(store, "csv"))))
    places = {row["location"] for row in rows}
    assert places == {"'=Club, \"back room\"", ""}  # a formula's first character is escaped
    plays = json.loads(export_text(store, "bgstats"))
    assert [p["location"]["name"] for p in plays if "location" in p] == ["=Club, \"back room\""]
    assert {p["game"]["bggId"] for p in plays} == {19857}
    assert [p["comments"] for p in plays if "comments" in p] == ["Marcus's first win"]


def _file(store: Store, tmp_path: Path, change: Any) -> Path:
    document = json.loads(export_text(store, "json"))
    change(document["games"][1])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("change", [
    lambda g: g["edits"][0].update(kind="rewrite"),
    lambda g: g["edits"][-1]["before"].update(edit=999),  # an undo of nothing
    lambda g: g["edits"][0]["after"].update(options={}),  # not a field a correction sets
    lambda g: g["edits"][0]["after"]["result"]["entries"]["players"][0].update(hand="many"),
    lambda g: g["result"]["entries"].update(players=[]),
    lambda g: g.update(place="x" * 500),
    lambda g: g.update(note=["not", "text"]),
], ids=["kind", "undo", "field", "edit-entries", "entries", "place", "note"])
def test_a_corrupt_edit_log_place_or_entries_is_refused_in_one_line(
        store: Store, tmp_path: Path, change: Any, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = _file(store, tmp_path, change)
    other = Store.open(tmp_path / "b")
    with pytest.raises(ExchangeError, match="game 2"):
        import_text(other, path.read_text(encoding="utf-8"))
    assert other.finished_games() == []
    other.close()
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "b"))
    assert main(["import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game 2" in err
