"""``companion import`` and ``companion import-bgstats`` against hostile files: each refused
in one line with exit status 2, nothing of it written, the history as it was.

The store already holds three games; after every refusal each table has exactly the rows
it had, and the games it already held still export as before.
"""

from __future__ import annotations

import copy
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.history.exchange import export_text, import_text
from companion.history.exchange_schema import MAX_FILE_BYTES, MAX_GAME_CHARS, MAX_GAMES
from companion.log.store import Store
from companion.ui.demo import demo_history

BGSTATS_BACKUP = Path(__file__).parent / "data" / "bgstats_backup.json"
TABLES = ("games", "players", "log", "turn_times", "profiles")


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    """A real export of three finished games (the demo evening)."""
    store = Store(":memory:")
    demo_history(store, start=1_760_000_000.0)
    return json.loads(export_text(store, "json"))


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder whose log already holds three other games (an hour later)."""
    store = Store.open(tmp_path / "data")
    demo_history(store, start=1_770_000_000.0)
    store.close()
    return tmp_path / "data"


def _counts(data: Path) -> dict[str, int]:
    with sqlite3.connect(data / "companion.db") as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def _edit(export: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> str:
    document = copy.deepcopy(export)
    change(document)
    return json.dumps(document, indent=2)


def _last(document: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = document["games"][-1]  # the last game: the others are fine
    return game


def _set(game_key: str, value: Any) -> Callable[[dict[str, Any]], object]:
    return lambda d: _last(d).__setitem__(game_key, value)


def _literal(export: dict[str, Any], change: Callable[[dict[str, Any], str], object],
             text: str) -> str:
    """The file with ``text`` written as it is where ``change`` puts a marker: a number
    ``json.dumps`` would not write (``1e400``, 5,000 digits)."""
    marker = "@literal@"
    document = copy.deepcopy(export)
    change(document, marker)
    return json.dumps(document, indent=2).replace(json.dumps(marker), text, 1)


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _many_games(export: dict[str, Any], count: int) -> str:
    """``count`` small games, each a different evening (10^6 on request)."""
    game = copy.deepcopy(export["games"][0])
    game["log"], game["turn_times"] = [], []
    head = json.dumps(game)
    created = json.dumps(game["created"])
    parts = [head.replace(created, repr(1_800_000_000.0 + n), 1) for n in range(count)]
    return '{"format": "companion-games", "version": 1, "games": [' + ",".join(parts) + "]}"


HOSTILE: dict[str, Callable[[dict[str, Any]], str]] = {
    "wrong-type-created": lambda e: _edit(e, _set("created", "yesterday")),
    "wrong-type-players": lambda e: _edit(e, _set("players", {"name": "Livia"})),
    "wrong-type-seq": lambda e: _edit(e, lambda d: _last(d)["log"][0].__setitem__("seq", "1")),
    "nul-in-name": lambda e: _edit(e, lambda d: _last(d)["players"][0].__setitem__(
        "name", "Li\x00via")),
    "lone-surrogate-in-name": lambda e: _edit(e, lambda d: _last(d)["players"][1].__setitem__(
        "name", "Mar\ud800cus")),
    "control-in-payload": lambda e: _edit(e, lambda d: _last(d)["log"][0]["action"][
        "payload"].__setitem__("role", "arch\x1bitect")),
    "ended-before-created": lambda e: _edit(e, lambda d: _last(d).__setitem__(
        "ended", _last(d)["created"] - 60)),
    "ended-a-string": lambda e: _edit(e, _set("ended", "tomorrow")),
    "created-nan": lambda e: _edit(e, _set("created", float("nan"))),
    "created-1e400": lambda e: _literal(e, lambda d, m: _last(d).__setitem__("created", m),
                                        "1e400"),
    "created-of-5000-digits": lambda e: _literal(
        e, lambda d, m: _last(d).__setitem__("created", m), "1" * 5000),
    "seat-of-5000-digits": lambda e: _literal(
        e, lambda d, m: _last(d)["players"][0].__setitem__("seat", m), "1" * 5000),
    "version-of-5000-digits": lambda e: _literal(e, lambda d, m: d.__setitem__("version", m),
                                                 "1" * 5000),
    "result-winner-stranger": lambda e: _edit(e, lambda d: _last(d)["result"].__setitem__(
        "winners", ["Mallory"])),
    "result-without-players": lambda e: _edit(e, lambda d: _last(d)["result"].pop("players")),
    "result-total-text": lambda e: _edit(e, lambda d: _last(d)["result"]["players"][0]
                                         .__setitem__("total", "99")),
    "bad-log-kind": lambda e: _edit(e, lambda d: _last(d)["log"][1].__setitem__(
        "kind", "rewind")),
    "action-player-out-of-range": lambda e: _edit(e, lambda d: _last(d)["log"][0]["action"]
                                                  .__setitem__("player", 7)),
    "seq-repeated": lambda e: _edit(e, lambda d: _last(d)["log"][1].__setitem__("seq", 1)),
    "too-many-players": lambda e: _edit(e, lambda d: _last(d)["players"].extend(
        [{"name": f"P{n}", "colour": "red", "seat": n} for n in range(6)])),
    "deep-nesting-payload": lambda e: _edit(e, lambda d: _last(d)["log"][0]["action"][
        "payload"].__setitem__("role", _deep(50))),
    "deep-nesting-file": lambda e: "[" * 100_000 + "]" * 100_000,
    "deep-nesting-in-game": lambda e: json.dumps(e)[:-3] + ', "x": ' + "[" * 100_000
    + "]" * 100_000 + "}]}",
    "huge-string": lambda e: _edit(e, lambda d: _last(d)["players"][0].__setitem__(
        "name", "L" * (MAX_GAME_CHARS + 10))),
    "long-name": lambda e: _edit(e, lambda d: _last(d)["players"][0].__setitem__(
        "name", "L" * 200)),
    "too-many-games": lambda e: _many_games(e, MAX_GAMES + 1),
    "truncated": lambda e: json.dumps(e, indent=2)[:len(json.dumps(e, indent=2)) * 2 // 3],
    "wrong-format": lambda e: json.dumps({**e, "format": "bgstats"}),
    "bgstats-list": lambda e: json.dumps([{"sourceName": "x", "players": []}]),
    "not-json": lambda e: "game night, 3 players\n",
    "text-after-the-end": lambda e: json.dumps(e) + "\n{}",
    "unknown-game": lambda e: _edit(e, _set("game", "chess")),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_file_is_refused_in_one_line_and_adds_nothing(
        kind: str, export: dict[str, Any], data: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{kind}.json"
    path.write_text(HOSTILE[kind](export), encoding="utf-8", errors="surrogatepass")
    before = _counts(data)
    assert main(["--data-dir", str(data), "import", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("companion import: ") and err.count("\n") == 1, err[:300]
    assert "Traceback" not in err and len(err) < 400
    assert _counts(data) == before


def test_bytes_that_are_not_utf8_are_refused(export: dict[str, Any], data: Path,
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(export, ensure_ascii=False).replace(
        "Livia", "Lívia").encode("latin-1"))
    before = _counts(data)
    assert main(["--data-dir", str(data), "import", str(path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    assert _counts(data) == before


def test_a_file_too_large_is_refused_on_its_size_unread(data: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: nothing is written, nothing need be read
        handle.truncate(MAX_FILE_BYTES + 1)
    assert main(["--data-dir", str(data), "import", str(path)]) == 2
    assert "at most 512 MB" in capsys.readouterr().err


def test_a_failure_while_writing_keeps_none_of_the_games(export: dict[str, Any], data: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    store = Store.open(data)
    before = _counts(data)
    calls = []
    insert = Store._insert_imported

    def fail_on_the_third(*args: Any) -> int:
        calls.append(1)
        if len(calls) == 3:
            raise sqlite3.OperationalError("disk I/O error")
        return insert(*args)

    monkeypatch.setattr(Store, "_insert_imported", staticmethod(fail_on_the_third))
    with pytest.raises(Exception, match="could not be saved"):
        import_text(store, json.dumps(export))
    store.close()
    assert len(calls) == 3 and _counts(data) == before


def test_the_same_file_twice_adds_its_games_once(export: dict[str, Any], data: Path,
                                                 tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(export))
    before = _counts(data)
    assert main(["--data-dir", str(data), "import", str(path)]) == 0
    assert "3 games added" in capsys.readouterr().out
    assert _counts(data)["games"] == before["games"] + 3
    assert main(["--data-dir", str(data), "import", str(path)]) == 0
    assert "3 were already here" in capsys.readouterr().out
    assert _counts(data)["games"] == before["games"] + 3


def test_a_whole_export_streams_in_chunks(export: dict[str, Any], data: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Games split across the reader's chunks (one character at a time) come back whole."""
    monkeypatch.setattr("companion.history.json_stream.CHUNK", 7)
    store = Store.open(data)
    assert import_text(store, json.dumps(export, indent=2)) == (3, 0)
    store.close()


# -- import-bgstats -------------------------------------------------------------------------

def _play(backup: dict[str, Any]) -> dict[str, Any]:
    play: dict[str, Any] = backup["plays"][0]  # Glory to Rome: Livia, Marcus, Octavia
    return play


def _first_score(backup: dict[str, Any], marker: str) -> None:
    _play(backup)["playerScores"][0]["score"] = marker  # Livia's


def _in_plays(change: Callable[[list[dict[str, Any]]], object]) -> Callable[[Any], str]:
    """A file in the import structure ``--format bgstats`` writes, one play, changed."""
    def build(_backup: dict[str, Any]) -> str:
        plays = [{"sourcePlayId": "p1", "playDate": "2025-03-14 19:30:00",
                  "game": {"name": "Glory to Rome", "bggId": 19857},
                  "players": [{"name": "Livia", "score": "18", "seatOrder": 1},
                              {"name": "Marcus", "score": "12", "seatOrder": 2}]}]
        change(plays)
        return json.dumps(plays)
    return build


#: each file, and the words of its refusal: the play and the field
HOSTILE_BGSTATS: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "gameRefId-a-list": (lambda b: _edit(b, lambda d: _play(d).__setitem__(
        "gameRefId", [1])), "play 1: the gameRefId [1] is not an id"),
    "player-id-a-list": (lambda b: _edit(b, lambda d: d["players"][0].__setitem__(
        "id", [1])), "the players list, entry 1: the id [1] is not an id"),
    "playerRefId-an-object": (lambda b: _edit(b, lambda d: _play(d)["playerScores"][0]
                                              .__setitem__("playerRefId", {"id": 1})),
                              "play 1: the playerRefId {'id': 1} is not an id"),
    "seatOrder-0-and-a": (lambda b: _edit(b, lambda d: [
        score.__setitem__("seatOrder", order) for score, order in
        zip(_play(d)["playerScores"], (0, "a", 2), strict=True)]),
        "play 1: the seatOrder 'a' is not a number"),
    "seatOrder-0-and-a-in-plays": (_in_plays(lambda p: [
        player.__setitem__("seatOrder", order) for player, order in
        zip(p[0]["players"], (0, "a"), strict=True)]),
        "play 1: the seatOrder 'a' is not a number"),
    "bggId-of-5000-digits": (lambda b: _literal(
        b, lambda d, m: d["games"][0].__setitem__("bggId", m), "9" * 5000),
        "play 1: the bggId inf is not a BoardGameGeek id"),
    "bggId-of-5000-digits-as-text": (lambda b: _edit(b, lambda d: d["games"][0].__setitem__(
        "bggId", "9" * 5000)), "play 1: the bggId '9999"),
    "bggId-of-5000-digits-in-plays": (_in_plays(lambda p: p[0]["game"].__setitem__(
        "bggId", "9" * 5000)), "play 1: the bggId '9999"),
    "score-inf": (lambda b: _literal(b, _first_score, '"inf"'),
                  "play 1: Livia's score 'inf' is not a score"),
    "score-1e400-as-text": (lambda b: _literal(b, _first_score, '"1e400"'),
                            "play 1: Livia's score '1e400' is not a score"),
    "score-1e400": (lambda b: _literal(b, _first_score, "1e400"),
                    "play 1: Livia's score inf is not a score"),
    "score-of-5000-digits-as-text": (lambda b: _literal(b, _first_score, f'"{"9" * 5000}"'),
                                     "play 1: Livia's score '9999"),
    "score-of-5000-digits": (lambda b: _literal(b, _first_score, "9" * 5000),
                             "play 1: Livia's score inf is not a score"),
    "score-nan": (lambda b: _literal(b, _first_score, "NaN"),
                  "play 1: Livia's score nan is not a score"),
    "score-inf-in-plays": (_in_plays(lambda p: p[0]["players"][0].__setitem__("score", "inf")),
                           "play 1: Livia's score 'inf' is not a score"),
    "lone-surrogate-in-a-name": (lambda b: _edit(b, lambda d: d["players"][1].__setitem__(
        "name", "Mar\ud800cus")), "play 1: the name 'Mar\\ud800cus' holds"),
    "lone-surrogate-in-a-name-in-plays": (_in_plays(lambda p: p[0]["players"][1].__setitem__(
        "name", "Mar\ud800cus")), "play 1: the name 'Mar\\ud800cus' holds"),
    "lone-surrogate-in-a-comment": (lambda b: _edit(b, lambda d: _play(d).__setitem__(
        "comments", "\udfff")), "play 1: the comments '\\udfff' holds"),
    "lone-surrogate-in-a-uuid": (lambda b: _edit(b, lambda d: _play(d).__setitem__(
        "uuid", "play-\ud800")), "play 1: the uuid 'play-\\ud800' is not an id"),
    "lone-surrogate-in-another-games-title": (lambda b: _edit(b, lambda d: d["games"][3]
                                                              .__setitem__("name", "Ca\ud800")),
                                              "play 4: the game name 'Ca\\ud800' holds"),
}


@pytest.fixture(scope="module")
def backup() -> dict[str, Any]:
    """A BG Stats backup: three plays of our games, one again, one of Carcassonne."""
    document: dict[str, Any] = json.loads(BGSTATS_BACKUP.read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize("kind", sorted(HOSTILE_BGSTATS))
def test_a_hostile_bgstats_file_is_refused_in_one_line_and_adds_nothing(
        kind: str, backup: dict[str, Any], data: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    build, words = HOSTILE_BGSTATS[kind]
    path = tmp_path / f"{kind}.json"
    path.write_text(build(backup), encoding="utf-8")
    before = _counts(data)
    assert main(["--data-dir", str(data), "import-bgstats", "--no-ask", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"companion import-bgstats: {words}") and err.count("\n") == 1, err
    assert "Traceback" not in err and len(err) < 200
    assert _counts(data) == before
