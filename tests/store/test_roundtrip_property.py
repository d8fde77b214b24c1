"""The history's own backup always restores: random histories built through every way in
(new games played to the end, BG Stats plays, JSON imports, corrections, renames and
merges), exported as JSON, imported into an empty folder, come back the same."""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import PlayerInfo, Rejected
from companion.history import corrections
from companion.history.bgstats import BgStatsError, import_plays, parse
from companion.history.exchange import ExchangeError, chosen_games, export_json, import_text
from companion.log.entries import StoreError
from companion.log.limits import EARLIEST, LATEST, MAX_NAME, LimitError, check_name
from companion.log.session import GameSession
from companion.log.store import Store

#: histories checked per run (each up to eight ways in); the run stays well under a minute
HISTORIES = 200
COLOURS = ("red", "blue", "green", "yellow", "purple")

# Names as people type them, and as BG Stats files hold them: accents, scripts, emoji,
# a leading "=", spaces at the ends, controls and over-long ones (the rules refuse or
# shorten those; whatever is accepted must come back).
_TEXT = list("AnaBobcdéüßЖ李محمد😀=+- '.")
_LETTERS = st.sampled_from(_TEXT + ["\x00", "\x1b", "\x07", "\t", "\u2028"])
NAMES = st.one_of(st.sampled_from(["Ann", "ann", "Bob", "Cleo", "=SUM(A1)", " Dan ",
                                   "A" * 24, "B" * 25, "Christopher Alexander Smithson",
                                   "Christopher Alexander Smithers"]),
                  st.text(st.sampled_from(_TEXT), min_size=1, max_size=30),
                  st.text(_LETTERS, min_size=1, max_size=60))
LINE_UPS = st.lists(NAMES, min_size=2, max_size=5, unique_by=str.casefold)
PLACES = st.one_of(st.none(), st.sampled_from(["Ana's kitchen", "=1+1", "x" * 40, "y" * 41]),
                   st.text(_LETTERS, max_size=50))
NOTES = st.one_of(st.none(), st.text(_LETTERS, max_size=210))
_DAYS = st.dates().map(lambda d: d.isoformat() + " 20:15")
DATES = st.one_of(_DAYS, _DAYS, _DAYS, st.sampled_from(
    ["1900-01-01", "1970-01-01", "2099-12-31 23:59", "0001-01-01", "9999-12-31", "1899-12-31"]))
SCORES = st.one_of(st.integers(-1_000, 1_000), st.integers(0, 99), st.sampled_from(
    ["", "12.5", "1e300", "1000000", "1000001", "-7", "inf"]))


def _play_to_the_end(store: Store, data: dict[str, Any]) -> None:
    players = [PlayerInfo(name, COLOURS[i], i + 1) for i, name in enumerate(data["names"])]
    session = GameSession.create(store, "counter", players, place=data["place"],
                                 note=data["note"])
    for amount in data["moves"]:
        session.dispatch("add", {"amount": amount})
    session.dispatch("end")
    entries = {f"{i}.bonus": bonus for i, bonus in enumerate(data["bonuses"][:len(players)])}
    session.finish(session.rules.final_score(session.state, entries), entries)


def _bgstats_file(plays: list[dict[str, Any]]) -> str:
    return json.dumps([{
        "sourcePlayId": f"play-{number}-{play['date']}", "playDate": play["date"],
        "game": {"name": "Glory to Rome", "bggId": 19857},
        "players": [{"name": name, "score": str(play["scores"][i % len(play["scores"])]),
                     "winner": i == 0, "startPlayer": i == 1, "seatOrder": i + 1}
                    for i, name in enumerate(play["names"])],
        "location": {"name": play["place"]} if play["place"] is not None else None,
        "comments": play["note"], "durationMin": play["minutes"]}
        for number, play in enumerate(plays)])


def _json_export(game: dict[str, Any]) -> str:
    names = game["names"]
    totals = game["totals"][:len(names)] + [0] * (len(names) - len(game["totals"]))
    ranked = sorted(zip(names, totals, strict=True), key=lambda p: -p[1])
    return json.dumps({"format": "companion-games", "version": 1, "games": [{
        "game": "ave-roma", "options": {}, "created": game["created"],
        "ended": game["created"] + 3600, "place": game["place"], "note": game["note"],
        "players": [{"name": n, "colour": COLOURS[i], "seat": i + 1}
                    for i, n in enumerate(names)],
        "result": {"players": [{"name": n, "total": t, "breakdown": {}} for n, t in ranked],
                   "winners": [ranked[0][0]], "explanation": ""},
        "log": []}]})


def _correct(store: Store, change: dict[str, Any]) -> None:
    games = store.finished_games()
    if not games:
        return
    record = games[change["game"] % len(games)]
    kind = change["kind"]
    seat = change["seat"] % len(record.players)
    name = record.players[seat].name
    if kind == "score":
        part = "bonus" if (record.result or {}).get("entries") else corrections.TOTAL
        corrections.correct_score(store, record.id, name, part, change["value"])
    elif kind == "redate":
        corrections.redate(store, record.id, change["value"])
    elif kind == "reseat":
        corrections.reseat(store, record.id, seat, change["name"])
    elif kind == "place":
        store.edit_game(record.id, {"place": change["place"], "note": change["note"]})
    elif kind == "tie":
        corrections.give_tie(store, record.id, (record.result or {}).get("players", [{}])[0]
                             .get("name"))
    elif kind == "rename":
        store.rename_player(name, change["name"])
    else:  # a merge: into a player of another game
        other = games[change["value"] % len(games)].players[0].name
        store.rename_player(name, other)


STEPS = st.one_of(
    st.fixed_dictionaries({"way": st.just("play"), "names": LINE_UPS, "place": PLACES,
                           "note": NOTES, "moves": st.lists(st.integers(1, 3), max_size=4),
                           "bonuses": st.lists(st.integers(0, 999), min_size=5,
                                               max_size=5)}),
    st.fixed_dictionaries({"way": st.just("bgstats"), "plays": st.lists(st.fixed_dictionaries({
        "names": st.lists(NAMES, min_size=1, max_size=6, unique_by=str.casefold),
        "scores": st.lists(SCORES, min_size=1, max_size=6), "date": DATES,
        "place": PLACES, "note": NOTES, "minutes": st.integers(0, 600)}), min_size=1,
        max_size=3)}),
    st.fixed_dictionaries({"way": st.just("json"), "names": LINE_UPS, "place": PLACES,
                           "note": NOTES,
                           "totals": st.lists(st.integers(-2_000_000, 2_000_000), max_size=5),
                           "created": st.one_of(st.floats(EARLIEST - 1e6, LATEST + 1e6),
                                                st.sampled_from([EARLIEST, LATEST, 0.0]))}),
    st.fixed_dictionaries({"way": st.just("correct"), "kind": st.sampled_from(
        ["score", "redate", "reseat", "place", "tie", "rename", "merge"]),
        "game": st.integers(0, 50), "seat": st.integers(0, 4),
        "value": st.one_of(st.integers(-400, 400), st.integers(-40_000, 2_000_000)),
        "name": NAMES, "place": PLACES, "note": NOTES}),
)


def _add(store: Store, step: dict[str, Any]) -> None:
    """One way in; a refusal (one sentence, nothing added) is fine, a traceback is not."""
    try:
        if step["way"] == "play":
            _play_to_the_end(store, step)
        elif step["way"] == "bgstats":
            import_plays(store, *parse(_bgstats_file(step["plays"])))
        elif step["way"] == "json":
            import_text(store, _json_export(step))
        else:
            _correct(store, step)
    except (Rejected, StoreError, BgStatsError, ExchangeError) as refused:
        assert str(refused) and "\n" not in str(refused)
        return
    ACCEPTED[step.get("kind", step["way"])] += 1


def _history(store: Store) -> list[tuple[Any, ...]]:
    """Everything a game of the history shows, in an order that does not depend on ids."""
    return sorted((r.game, r.created, r.ended, tuple((p.name, p.colour, p.seat, p.token)
                                                     for p in r.players),
                   json.dumps(r.result, sort_keys=True), r.place, r.note,
                   json.dumps(r.options, sort_keys=True), len(store.log(r.id)),
                   len(store.edits(r.id)))
                  for r in store.finished_games())


@pytest.fixture(scope="module")
def counter() -> Iterator[str]:
    """The test-only counter game, registered for all the histories of this module."""
    from companion.games import GAME_MODULES

    GAME_MODULES["counter"] = "counter_game"
    yield "counter"
    GAME_MODULES.pop("counter", None)


#: games in each history checked, and the ways in that were accepted, by kind
CHECKED: list[int] = []
ACCEPTED: Counter[str] = Counter()


@settings(max_examples=HISTORIES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEPS, min_size=2, max_size=8))
def test_every_history_the_app_accepts_comes_back_from_its_export(
        counter: str, steps: list[dict[str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "here")
        for step in steps:
            _add(store, step)
        exported = export_json(store, chosen_games(store))
        empty = Store.open(Path(folder) / "elsewhere")
        added, already = import_text(empty, exported)
        assert (added, already) == (len(store.finished_games()), 0)
        assert _history(empty) == _history(store)
        for record in empty.finished_games():  # and what came back keeps today's rules
            for player in record.players:
                assert check_name(player.name) == player.name
        store.close()
        empty.close()
    CHECKED.append(added)


def test_the_histories_were_checked(counter: str) -> None:
    """Run after the property test (same module): it checked the histories it says."""
    if not CHECKED:
        pytest.skip("run with the property test above")
    assert len(CHECKED) >= HISTORIES
    # every way in added to some history (else the property would hold of nothing)
    assert set(ACCEPTED) == {"play", "bgstats", "json", "score", "redate", "reseat", "place",
                             "tie", "rename", "merge"}, ACCEPTED
    print(f"{len(CHECKED)} histories ({sum(CHECKED)} games) exported and imported back; "
          f"accepted: {dict(ACCEPTED)}")


def test_a_long_bgstats_name_is_shortened_the_same_way_each_time(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "data")
    long = "Christopher Alexander Smithson"
    text = _bgstats_file([{"names": [long, "Ann"], "scores": [3, 2], "date": "2024-05-01",
                           "place": None, "note": None, "minutes": 30}])
    plays, others, notices = parse(text)
    kept = plays[0].players[0].name
    assert len(kept) == MAX_NAME and kept.endswith("\u2026") and long.startswith(kept[:-1])
    assert any(long in n and kept in n for n in notices)
    assert import_plays(store, plays, others, notices).added == 1
    again = import_plays(store, *parse(text))
    assert (again.added, again.already_here) == (0, 1)


@pytest.mark.parametrize(("date", "words"), [("0001-01-01", "'0001-01-01' is not a date "
                                                            "from 1900 to 2099"),
                                             ("9999-12-31", "'9999-12-31' is not a date")])
def test_a_date_the_screens_cannot_show_is_refused_by_name(date: str, words: str) -> None:
    text = _bgstats_file([{"names": ["Ann", "Bob"], "scores": [1], "date": date,
                           "place": None, "note": None, "minutes": 0}])
    with pytest.raises(BgStatsError, match=words):
        parse(text)


@pytest.mark.parametrize(("name", "words"), [
    ("B" * 25, "is longer than 24 characters"),
    ("An\x1bn", "holds a character that is not text"),
    ("Ann\x00", "holds a character that is not text")])
def test_new_game_and_rename_refuse_what_an_import_would(tmp_path: Path, counter: str,
                                                         name: str, words: str) -> None:
    store = Store.open(tmp_path / "data")
    players = [PlayerInfo(name, "red", 1), PlayerInfo("Bob", "blue", 2)]
    with pytest.raises(Rejected, match=f"^The name .*{words}"):
        GameSession.create(store, "counter", players)
    with pytest.raises(StoreError, match=f"^The name .*{words}"):
        store.rename_player("Bob", name)
    with pytest.raises(LimitError):
        check_name(name)
