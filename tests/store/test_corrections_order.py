"""Corrections made and undone in any order leave the history whole.

A rename, a merge, a corrected total, a reseat, a tie given, a date moved, a place or
note: after every one that is accepted each game's seats and score name the same
players and the game's export imports back into an empty folder as the same game; one
that is refused (an undo while a later correction of the same thing is in effect)
changes nothing and names, in a player's words, the correction to undo first. Undoing
everything newest first always works and gives back the history as it was.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.base import PlayerInfo, PlayerScore, rank
from companion.history.corrections import TOTAL, correct_score, give_tie, redate, reseat
from companion.history.exchange import chosen_games, export_json, game_document, import_text
from companion.history.exchange_schema import check_game
from companion.log.entries import Edit, GameRecord, StoreError
from companion.log.history_edits import DAY, describe_edit
from companion.log.store import Store
from companion.ui.demo import demo_history

PLAYED = 1_760_000_000.0
#: the imported games: Bob and Dan never sat together (either merges into the other);
#: Carl and Dan are tied at the top of the third
LINE_UPS = ((("Ann", 12), ("Bob", 10)), (("Ann", 9), ("Dan", 12)),
            (("Carl", 7), ("Dan", 7), ("Eve", 3)))
COLOURS = ("red", "blue", "green")


@contextmanager
def opened(store: Store) -> Iterator[Store]:
    try:
        yield store
    finally:
        store.close()


_finished_here: list[str] = []


def finished_here() -> str:
    """The export of a game finished on a companion (its score kept with the entries it
    was worked out from), made once."""
    if not _finished_here:
        with opened(Store(":memory:")) as demo:
            first = demo_history(demo, start=PLAYED - DAY)[-1]
            _finished_here.append(export_json(demo, [demo.game(first)]))
    return _finished_here[0]


def small_history(store: Store) -> None:
    """Three games imported from another app (bare totals) and one finished here."""
    store.add_imported_games([{
        "game": "glory-to-rome", "options": {}, "created": PLAYED + number * DAY,
        "ended": PLAYED + number * DAY + 3600, "place": None, "note": None,
        "players": tuple(PlayerInfo(name, COLOURS[seat], seat + 1)
                         for seat, (name, _total) in enumerate(line_up)),
        "result": rank([PlayerScore(name, total, {}) for name, total in line_up]).to_json(),
        "source": "bgstats", "source_id": str(number)}
        for number, line_up in enumerate(LINE_UPS)])
    import_text(store, finished_here())


def in_order(store: Store) -> list[GameRecord]:
    """The finished games oldest first, two started at one time by their players and then
    by what they hold (their ids, which another folder numbers anew, aside)."""
    return sorted(chosen_games(store), key=lambda r: (
        r.created, [p.name for p in r.players], r.ended or 0.0,
        json.dumps(r.result, sort_keys=True), r.place or "", r.note or ""))


def games_of(store: Store) -> list[tuple[Any, ...]]:
    """The history as the export carries it (ids aside)."""
    return [(r.game, r.created, r.ended, r.players, r.result, r.place, r.note)
            for r in in_order(store)]


def edit_logs(store: Store) -> list[list[tuple[Any, ...]]]:
    """Each game's corrections as another folder shows them (its own numbering aside)."""
    logs = []
    for record in in_order(store):
        edits = list(reversed(store.edits(record.id)))
        number = {e.id: index for index, e in enumerate(edits)}
        logs.append([(e.kind, {"edit": number[e.before["edit"]]} if e.kind == "undo"
                      else e.before, e.after, number.get(e.undone_by or -1)) for e in edits])
    return logs


def everything(store: Store) -> tuple[Any, ...]:
    """All a correction or its undo may write: to see that a refused one wrote nothing."""
    return (games_of(store), store.edits(), store.profiles(limit=1000), store.tags())


def seats_and_score_agree(record: GameRecord) -> None:
    seated = sorted(p.name for p in record.players)
    assert len({name.casefold() for name in seated}) == len(seated), record
    if record.result is not None:
        assert sorted(p["name"] for p in record.result["players"]) == seated, record
        assert set(record.result["winners"]) <= set(seated), record


def each_game_would_import(store: Store) -> None:
    """Every game's export passes the import's checks (without writing a folder)."""
    for number, record in enumerate(chosen_games(store), start=1):
        seats_and_score_agree(record)
        check_game(json.loads(json.dumps(game_document(store, record))), number)


def export_imports_back(store: Store) -> None:
    """The folder's export, imported into an empty one, is the same history."""
    with opened(Store(":memory:")) as other:
        games = chosen_games(store)
        assert import_text(other, export_json(store, games)) == (len(games), 0)
        assert games_of(other) == games_of(store)
        assert edit_logs(other) == edit_logs(store)


def in_effect(store: Store) -> list[Edit]:
    """The corrections not undone, newest first."""
    return [e for e in store.edits() if e.kind != "undo" and e.undone_by is None]


def refused_without_a_trace(store: Store, step: Callable[[], object]) -> str | None:
    """Run ``step``: None if accepted, else its refusal (after checking that it wrote
    nothing and is one line)."""
    before = everything(store)
    try:
        step()
    except StoreError as exc:
        assert everything(store) == before
        message = str(exc)
        assert message and "\n" not in message
        return message
    return None


def undo_refused_naming_a_later_one(store: Store, edit_id: int) -> bool:
    """Undo ``edit_id``; a refusal must name a later correction still in effect."""
    message = refused_without_a_trace(store, lambda: store.undo_edit(edit_id))
    if message is None:
        return False
    later = [describe_edit(e) for e in in_effect(store) if e.id > edit_id]
    assert any(message.startswith(f"Undo '{words}' first") for words in later), message
    return True


def undo_all_newest_first(store: Store) -> None:
    for edit in in_effect(store):
        store.undo_edit(edit.id)
        each_game_would_import(store)


# -- the orders the issue found ------------------------------------------------------------

@pytest.fixture
def store() -> Iterator[Store]:
    with opened(Store(":memory:")) as store:
        small_history(store)
        yield store


def game_of(store: Store, *names: str) -> GameRecord:
    return next(r for r in chosen_games(store) if {p.name for p in r.players} == set(names))


def test_a_merge_waits_for_the_total_corrected_after_it(store: Store) -> None:
    original = games_of(store)
    first = game_of(store, "Ann", "Bob")
    merge = store.rename_player("Bob", "Dan")
    correct_score(store, first.id, "Dan", TOTAL, 14)
    refusal = refused_without_a_trace(store, lambda: store.undo_edit(merge))
    day = time.strftime("%Y-%m-%d", time.localtime(first.created))
    assert refusal == ("Undo 'Dan's total 10 -> 14' first, among the corrections of the "
                       f"game of {day}: it was made later and changed the same game.")
    # the correction is kept and can be undone, then the merge
    assert game_of(store, "Ann", "Dan").result["players"][0] == {  # type: ignore[index]
        "name": "Dan", "total": 14, "breakdown": {}}
    undo_all_newest_first(store)
    assert games_of(store) == original
    export_imports_back(store)


def test_a_rename_waits_for_the_total_corrected_after_it(store: Store) -> None:
    original = games_of(store)
    rename = store.rename_player("Bob", "Bert")
    correct_score(store, game_of(store, "Ann", "Bert").id, "Bert", TOTAL, 11)
    assert undo_refused_naming_a_later_one(store, rename)
    undo_all_newest_first(store)
    assert games_of(store) == original


def test_a_reseat_waits_for_the_merge_after_it(store: Store) -> None:
    original = games_of(store)
    first = game_of(store, "Ann", "Bob")
    moved = reseat(store, first.id, 1, "Fay")
    store.rename_player("Fay", "Dan")
    refusal = refused_without_a_trace(store, lambda: store.undo_edit(moved))
    assert refusal == ("Undo 'Fay is now Dan' first, on the Players screen: it was made "
                       "later and changed the same players.")
    undo_all_newest_first(store)
    assert games_of(store) == original
    assert [p.name for p in store.game(first.id).players] == ["Ann", "Bob"]


def test_a_correction_of_another_thing_is_undone_on_its_own(store: Store) -> None:
    """Waiting is only for a later correction of the same thing: a place, a date, another
    player's game are undone in any order."""
    first = game_of(store, "Ann", "Bob")
    merge = store.rename_player("Bob", "Dan")
    place = store.edit_game(first.id, {"place": "Club"})
    other = correct_score(store, game_of(store, "Carl", "Dan", "Eve").id, "Eve", TOTAL, 5)
    store.undo_edit(merge)
    store.undo_edit(place)
    assert [p.name for p in store.game(first.id).players] == ["Ann", "Bob"]
    assert in_effect(store)[0].id == other
    each_game_would_import(store)


def test_an_undo_that_would_not_fit_the_seats_is_refused(store: Store) -> None:
    """A log written before undos waited (a merge undone under a later correction): the
    correction's undo would name a player no longer seated, so it is refused."""
    first = game_of(store, "Ann", "Bob")
    merge = store.rename_player("Bob", "Dan")
    score = correct_score(store, first.id, "Dan", TOTAL, 14)
    with store._writing() as db:  # noqa: SLF001  (as the older companion left it)
        db.execute("UPDATE edits SET undone_by = ? WHERE id = ?", (score + 1, merge))
        db.execute("UPDATE players SET name = 'Bob' WHERE game_id = ? AND position = 1",
                   (first.id,))
        db.execute("UPDATE games SET result = ? WHERE id = ?",
                   (json.dumps(store.edits(first.id)[0].before["result"]).replace(
                       '"Dan"', '"Bob"'), first.id))
    refusal = refused_without_a_trace(store, lambda: store.undo_edit(score))
    assert refusal == ("The players seated and the players scored would not be the same; "
                       "correct a seat by its name.")


def test_a_seat_and_a_score_naming_other_players_are_refused(store: Store) -> None:
    first = game_of(store, "Ann", "Bob")
    seats = [[p.name, p.colour, p.seat, p.token] for p in first.players]
    seats[1][0] = "Fay"  # the seat alone: the score still names Bob
    assert refused_without_a_trace(store, lambda: store.edit_game(
        first.id, {"players": seats})) == ("The players seated and the players scored would "
                                           "not be the same; correct a seat by its name.")
    seats[1][0] = "ann"
    assert refused_without_a_trace(store, lambda: store.edit_game(
        first.id, {"players": seats})) == "Two players of this game would have the same name."


def test_a_rename_onto_a_player_of_the_same_game_without_a_profile_is_refused(
        store: Store) -> None:
    store.forget_profile("Bob")
    assert refused_without_a_trace(store, lambda: store.rename_player("Ann", "bob")) == (
        "Ann and Bob sat at the same game: they are two players.")


def test_a_reseat_to_a_typed_name_gives_it_a_profile_to_merge(store: Store) -> None:
    first = game_of(store, "Ann", "Bob")
    before = {p.name: p for p in store.profiles(limit=100)}
    moved = reseat(store, first.id, 1, "Fay")
    profiles = {p.name: p for p in store.profiles(limit=100)}
    assert set(profiles) - set(before) == {"Fay"}
    fay = profiles["Fay"]
    assert (fay.colour, fay.seat, fay.games, fay.last_played) == ("blue", 2, 1, first.created)
    assert profiles["Ann"] == before["Ann"]  # a player who sat there already is unchanged
    # Fay was Dan all along: merged like any profile, and undone in turn
    merge = store.rename_player("Fay", "Dan")
    assert [p.name for p in store.game(first.id).players] == ["Ann", "Dan"]
    store.undo_edit(merge)
    store.undo_edit(moved)
    assert [p.name for p in store.game(first.id).players] == ["Ann", "Bob"]


# -- every order of two and three changes ------------------------------------------------

def _target(store: Store) -> tuple[GameRecord, str]:
    """The game the changes below all touch, and who sits at its second seat now."""
    record = chosen_games(store)[1]  # the first imported: Ann and Bob
    return record, record.players[1].name


def _unused(store: Store, *names: str) -> str:
    taken = {p.name for r in chosen_games(store) for p in r.players}
    return next(name for name in names if name not in taken)


CHANGES: dict[str, Callable[[Store], int]] = {
    "rename": lambda s: s.rename_player(_target(s)[1], _unused(s, "Gus", "Hal", "Ida")),
    "merge": lambda s: s.rename_player(_target(s)[1], "Dan" if _target(s)[1] != "Dan"
                                       else "Carl"),
    "correct": lambda s: correct_score(s, _target(s)[0].id, _target(s)[1], TOTAL, 20 + len(
        s.edits())),
    "reseat": lambda s: reseat(s, _target(s)[0].id, 1, _unused(s, "Fay", "Joe", "Kim")),
    "place": lambda s: s.edit_game(_target(s)[0].id, {"place": f"Club {len(s.edits())}",
                                                      "note": "rain"}),
}
SEQUENCES = [*itertools.product(CHANGES, repeat=2),
             *itertools.permutations(CHANGES, 3)]


def _making(store: Store, change: str, made: list[int]) -> Callable[[], None]:
    """Make ``change``, keeping its number in ``made``."""
    return lambda: made.append(CHANGES[change](store))


@pytest.mark.parametrize("sequence", SEQUENCES, ids="-".join)
def test_every_order_of_changes_and_of_their_undos(sequence: tuple[str, ...]) -> None:
    """The changes made one after the other (each may be refused: a merge of two who sat
    together), then undone in every order: an undo refused waits for a later pass."""
    for order in itertools.permutations(range(len(sequence))):
        with opened(Store(":memory:")) as store:
            small_history(store)
            original = games_of(store)
            made: list[int] = []
            for change in sequence:
                refused = refused_without_a_trace(store, _making(store, change, made))
                assert refused is None or change == "merge", refused
                each_game_would_import(store)
            if order == tuple(range(len(sequence))):  # the same history in every order
                export_imports_back(store)
            waiting = [made[i] for i in order if i < len(made)]
            while waiting:
                left = [edit for edit in waiting
                        if undo_refused_naming_a_later_one(store, edit)]
                assert len(left) < len(waiting)  # the newest is never refused
                each_game_would_import(store)
                waiting = left
            assert games_of(store) == original
            export_imports_back(store)


# -- any sequence of changes and undos -----------------------------------------------------

NAMES = ("Ann", "Bob", "Dan", "Eve", "Gus", "Julia", "bob")
STEPS = st.one_of(
    st.tuples(st.just("rename"), st.integers(0, 9), st.sampled_from(NAMES)),
    st.tuples(st.just("correct"), st.integers(0, 3), st.integers(0, 2), st.integers(0, 30)),
    st.tuples(st.just("reseat"), st.integers(0, 3), st.integers(0, 2), st.sampled_from(NAMES)),
    st.tuples(st.just("tie"), st.integers(0, 3), st.integers(-1, 2)),
    st.tuples(st.just("date"), st.integers(0, 3), st.sampled_from((-2, 1))),
    st.tuples(st.just("place"), st.integers(0, 3), st.sampled_from(("Club", None))),
    st.tuples(st.just("undo"), st.integers(0, 9)),
)


def _step(store: Store, step: tuple[Any, ...]) -> Callable[[], object]:
    """The change ``step`` describes, on the history as it is now."""
    kind, *arguments = step
    games = chosen_games(store)
    if kind == "undo":
        live = in_effect(store)
        return lambda: store.undo_edit(live[arguments[0] % len(live)].id) if live else None
    if kind == "rename":
        names = sorted(p.name for p in store.profiles(limit=100))
        return lambda: store.rename_player(names[arguments[0] % len(names)], arguments[1])
    record = games[arguments[0] % len(games)]
    if kind == "date":
        return lambda: redate(store, record.id, arguments[1])
    if kind == "place":
        return lambda: store.edit_game(record.id, {"place": arguments[1]})
    seat = arguments[1] % len(record.players) if arguments[1] >= 0 else None
    name = record.players[seat].name if seat is not None else None
    if kind == "tie":
        return lambda: give_tie(store, record.id, name)
    if kind == "reseat":
        return lambda: reseat(store, record.id, seat or 0, arguments[2])
    entries = (record.result or {}).get("entries")
    part = TOTAL if entries is None else "influence"
    return lambda: correct_score(store, record.id, name or "", part, arguments[2])


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEPS, min_size=1, max_size=7))
def test_any_sequence_of_corrections_and_undos_keeps_the_history_whole(
        steps: list[tuple[Any, ...]]) -> None:
    with opened(Store(":memory:")) as store:
        small_history(store)
        original = games_of(store)
        for step in steps:
            change = _step(store, step)
            if step[0] == "undo" and in_effect(store):
                live = in_effect(store)
                refused = undo_refused_naming_a_later_one(store, live[step[1] % len(live)].id)
            else:
                refused = refused_without_a_trace(store, change) is not None
            event(f"{step[0]} {'refused' if refused else 'accepted'}")
            if refused:
                continue
            each_game_would_import(store)
            export_imports_back(store)
        undo_all_newest_first(store)
        assert games_of(store) == original
        export_imports_back(store)
