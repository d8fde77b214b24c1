"""Via Romana, second pass: two-colour roads, an end that is a race, options, real card
checks, board-file checks, the table's tie-break, an early end, and the board's own copy."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from test_via_romana import SMALL_BOARD, act, card, new_game, players, write_board

from companion.games.base import Action, Rejected, ScoreResult
from companion.games.via_romana import (
    RULES,
    Phase,
    ViaRomanaState,
    load_board,
    parse_board,
    road_colours,
)
from companion.log.session import GameSession
from companion.log.store import Store


def refused(state: ViaRomanaState, type_: str, player: int | None = None,
            **payload: Any) -> str:
    with pytest.raises(Rejected) as info:
        act(state, type_, player, **payload)
    return str(info.value)


def milestone(state: ViaRomanaState, road: int, origin: str, colour: str) -> ViaRomanaState:
    """A milestone on ``road`` built from the city ``origin``, paid with one card."""
    return RULES.apply(state, Action("milestone_road", {"road": road, "from": origin,
                                                        "cards": [card(colour)]}))


def milestone_refused(state: ViaRomanaState, road: int, origin: str, colour: str) -> str:
    with pytest.raises(Rejected) as info:
        milestone(state, road, origin, colour)
    return str(info.value)


def four(board_file: str, **options: Any) -> ViaRomanaState:
    """Livia in Aquae, Marcus in Burgus, Julia in Castra, Titus in Emporium; Durum empty."""
    return new_game(board_file, 4, ["Aquae", "Burgus", "Castra", "Emporium"], **options)


# --- two-colour roads ------------------------------------------------------------------------


def test_a_road_between_two_provinces_takes_either_end_colour(tmp_path: Path) -> None:
    state = four(write_board(tmp_path))
    aquae = state.board.city_index("Aquae")
    assert aquae is not None
    assert road_colours(state, 0, aquae) == ("blue", "grey")
    paid_grey = milestone(state, 0, "Aquae", "grey")
    assert paid_grey.roads[0][0] == 0
    message = milestone_refused(state, 0, "Aquae", "green")
    assert "blue or grey" in message


def test_a_road_inside_one_province_takes_only_that_colour(tmp_path: Path) -> None:
    text = SMALL_BOARD + '[[road]]\ncities = ["Aquae", "Emporium"]\nspaces = 2\n'
    state = four(write_board(tmp_path, text.replace("signposts = 5", "signposts = 6")))
    assert road_colours(state, 5, 0) == ("blue",)
    assert "card in blue, not grey" in milestone_refused(state, 5, "Aquae", "grey")


def test_the_board_file_still_overrides_a_road_s_colours(tmp_path: Path) -> None:
    state = four(write_board(tmp_path))
    emporium = state.board.city_index("Emporium")
    assert emporium is not None
    assert road_colours(state, 4, emporium) == ("grey", "violet")


# --- signposts and roads are separate numbers ------------------------------------------------


def test_the_default_board_has_more_roads_than_signposts() -> None:
    board = load_board(None)
    assert board.signposts == 20
    assert len(board.roads) > board.signposts
    for count in (2, 3, 4):
        assert len(board.roads) - len(board.closed_at_start(count)) > \
            board.signposts - len(board.closed_at_start(count))


def test_the_game_ends_at_the_last_signpost_with_roads_still_open(tmp_path: Path) -> None:
    state = four(write_board(tmp_path, SMALL_BOARD.replace("signposts = 5", "signposts = 1")))
    # Marcus on turn? Livia is first: she ends, Marcus completes Burgus–Castra (1 space).
    state = act(state, "end_turn")
    state = milestone(state, 1, "Burgus", "grey")
    assert state.signposts_left == 0 and state.phase is Phase.LAST_TURNS
    assert state.eagle == 1
    open_roads = [i for i, closed in enumerate(state.closed) if not closed]
    assert open_roads == [0, 2, 3, 4]
    assert state.last_turns == (2, 3, 0)


# --- options ---------------------------------------------------------------------------------


def _last_signpost(tmp_path: Path, **options: Any) -> ViaRomanaState:
    state = four(write_board(tmp_path, SMALL_BOARD.replace("signposts = 5", "signposts = 1")),
                 **options)
    state = act(state, "end_turn")
    return milestone(state, 1, "Burgus", "grey")


def test_without_last_turns_the_game_ends_once_the_last_scoring_is_picked(
        tmp_path: Path) -> None:
    state = _last_signpost(tmp_path, last_turns=False)
    assert state.pending and not RULES.is_over(state)
    assert RULES.current_player(state) == state.pending[0].chooser
    state = act(state, "pick_marker", state.pending[0].chooser, city="Burgus")
    assert RULES.is_over(state) and state.phase is Phase.OVER
    assert "over" in refused(state, "end_turn")


def test_with_last_turns_the_others_play_once_more(tmp_path: Path) -> None:
    state = _last_signpost(tmp_path)
    state = act(state, "pick_marker", state.pending[0].chooser, city="Burgus")
    assert not RULES.is_over(state)
    for _player in range(4):
        state = act(state, "end_turn")
    assert RULES.is_over(state)


def test_the_bonuses_are_options(tmp_path: Path) -> None:
    state = _last_signpost(tmp_path, order_board_bonus=3, eagle_bonus=4)
    state = act(state, "pick_marker", state.pending[0].chooser, city="Burgus")
    result = RULES.final_score(state, {"0.order_board": 1})
    by_name = {p.name: p.breakdown for p in result.players}
    assert by_name["Livia"]["order_board"] == 3
    assert by_name["Marcus"]["eagle"] == 4
    (tmp_path / "x").mkdir()
    defaults = RULES.final_score(_finish(_last_signpost(tmp_path / "x")), {"0.order_board": 1})
    assert {p.name: p.breakdown for p in defaults.players}["Livia"]["order_board"] == 5


def _finish(state: ViaRomanaState) -> ViaRomanaState:
    return act(state, "pick_marker", state.pending[0].chooser, city="Burgus")


@pytest.mark.parametrize(("key", "value"), [("order_board_bonus", -1), ("eagle_bonus", "2"),
                                            ("last_turns", 1)])
def test_bad_option_values_are_refused(tmp_path: Path, key: str, value: object) -> None:
    with pytest.raises(Rejected, match=key):
        RULES.setup(players(3), {"board_file": write_board(tmp_path), key: value})


def test_an_order_board_may_repeat_a_colour_which_then_needs_two_markers(
        tmp_path: Path) -> None:
    state = four(write_board(tmp_path))
    state = act(state, "order_board", 0, colours=["blue", "blue", "grey", "green"])
    assert state.order_boards[0] == ("blue", "blue", "grey", "green")
    assert "exactly four" in refused(state, "order_board", 1, colours=["blue", "grey"])


def test_a_repeated_colour_counts_only_with_as_many_markers() -> None:
    document: Mapping[str, Any] = {"players": [
        {"name": "Livia", "order_board": ["blue", "blue", "grey", "green"],
         "markers": [{"colour": "blue", "value": 2}, {"colour": "grey", "value": 1},
                     {"colour": "green", "value": 1}, {"colour": "violet", "value": 1}]},
        {"name": "Marcus", "order_board": ["blue", "blue", "grey", "green"],
         "markers": [{"colour": "blue", "value": 2}, {"colour": "blue", "value": 1},
                     {"colour": "grey", "value": 1}, {"colour": "green", "value": 1}]}]}
    result = RULES.score_input(document)
    boards = {p.name: p.breakdown["order_board"] for p in result.players}
    assert boards == {"Livia": 0, "Marcus": 5}


# --- board-file checks -----------------------------------------------------------------------


@pytest.mark.parametrize(("extra", "problem"), [
    ('[[road]]\ncities = ["Aquae", "Burgus"]\nspaces = 1\n',
     "[[road]] number 6: Aquae – Burgus is listed twice"),
    ('[[road]]\ncities = ["Burgus", "Aquae"]\nspaces = 3\n',
     "[[road]] number 6: Aquae – Burgus is listed twice"),
    ('[[city]]\nname = "Fanum"\ncolour = "grey"\nsymbol = "eagle"\n',
     "city 'Fanum' has no road"),
])
def test_bad_board_files_are_refused(extra: str, problem: str) -> None:
    text = SMALL_BOARD.replace("[[road]]", extra + "[[road]]", 1) if "[[city]]" in extra \
        else SMALL_BOARD + extra
    with pytest.raises(Rejected) as info:
        parse_board(text, "mine.toml")
    assert str(info.value).startswith("Board file mine.toml: ")
    assert problem in str(info.value)


def test_a_marker_stack_must_run_highest_on_top() -> None:
    with pytest.raises(Rejected, match=r"city 'Aquae': markers must run highest on top "
                                       r"\(top first\), not \[2, 3, 4\]"):
        parse_board(SMALL_BOARD.replace("markers = [4, 3, 2]", "markers = [2, 3, 4]"), "m")
    board = parse_board(SMALL_BOARD.replace("markers = [4, 3, 2]", "markers = [4, 4, 2]"), "m")
    assert board.cities[0].markers == (4, 4, 2)


def test_cities_have_map_positions() -> None:
    board = parse_board(SMALL_BOARD.replace('name = "Aquae"', 'name = "Aquae"\nx = 0.25\n'
                                                              'y = 0.75'), "m")
    assert board.cities[0].position == (0.25, 0.75)
    assert all(0 <= c.position[0] <= 1 and 0 <= c.position[1] <= 1 for c in board.cities)
    with pytest.raises(Rejected, match="city 'Aquae': x must be a number from 0 to 1"):
        parse_board(SMALL_BOARD.replace('name = "Aquae"', 'name = "Aquae"\nx = 1.5'), "m")
    shipped = load_board(None)
    positions = [c.position for c in shipped.cities]
    assert len(set(positions)) == len(positions)  # the shipped map places every city apart


# --- the table breaks a tie ------------------------------------------------------------------


def _tied() -> ScoreResult:
    return RULES.score_input({"players": [
        {"name": "Livia", "order_board": ["blue", "grey", "green", "violet"],
         "markers": [{"colour": "blue", "value": 3}]},
        {"name": "Marcus", "order_board": ["blue", "grey", "green", "violet"],
         "markers": [{"colour": "grey", "value": 3}]},
        {"name": "Julia", "order_board": ["blue", "grey", "green", "violet"],
         "markers": [{"colour": "grey", "value": 1}]}]})


def test_the_table_gives_a_tie_to_one_player() -> None:
    tied = _tied()
    assert set(tied.winners) == {"Livia", "Marcus"}
    broken = RULES.break_tie(tied, "Marcus")
    assert broken.winners == ("Marcus",)
    assert broken.players[0].name == "Marcus"
    assert "the table gave the tie to Marcus" in broken.explanation


def test_the_table_keeps_a_tie_shared_and_refuses_a_player_not_tied() -> None:
    tied = _tied()
    shared = RULES.break_tie(tied, None)
    assert set(shared.winners) == {"Livia", "Marcus"}
    assert "the table kept the tie shared" in shared.explanation
    with pytest.raises(Rejected, match="Julia is not among the tied players"):
        RULES.break_tie(tied, "Julia")


# --- end here and score ----------------------------------------------------------------------


def test_end_here_and_score_is_recorded_and_undoable(tmp_path: Path) -> None:
    state = four(write_board(tmp_path))
    ended = act(state, "end_game")
    assert RULES.is_over(ended) and ended.phase is Phase.OVER
    assert RULES.final_score(ended, {}).players
    setup = RULES.setup(players(2), {"board_file": write_board(tmp_path)})
    assert "Set-up" in refused(setup, "end_game")


def test_end_here_waits_for_a_pending_pick(tmp_path: Path) -> None:
    state = four(write_board(tmp_path))
    state = act(state, "end_turn")
    state = milestone(state, 1, "Burgus", "grey")
    assert state.pending
    assert "road scoring" in refused(state, "end_game")


# --- a game keeps its own copy of the board --------------------------------------------------


def _start_game(tmp_path: Path, board_file: str) -> Store:
    store = Store.open(tmp_path / "data")
    session = GameSession.create(store, "via-romana", players(2),
                                 {"board_file": board_file, "starting_castles": 1})
    for city in ("Aquae", "Burgus"):
        session.dispatch("start_castle", {"city": city})
    session.dispatch("milestone_road", {"road": 0, "from": "Aquae", "cards": [card("blue")]})
    return store


@pytest.mark.parametrize("change", ["edit", "delete", "break"])
def test_a_changed_or_missing_board_file_does_not_touch_a_started_game(
        tmp_path: Path, change: str) -> None:
    board_file = write_board(tmp_path)
    store = _start_game(tmp_path, board_file)
    store.close()
    path = Path(board_file)
    if change == "delete":
        path.unlink()
    elif change == "edit":
        path.write_text(SMALL_BOARD.replace('name = "Aquae"', 'name = "Aquincum"'),
                        encoding="utf-8")
    else:
        path.write_text("[[city]\n", encoding="utf-8")
    store = Store.open(tmp_path / "data")
    session = GameSession.resume(store)
    assert session is not None
    state: ViaRomanaState = session.state
    assert state.board.cities[0].name == "Aquae"
    assert state.roads[0][0] == 0
    session.dispatch("end_turn", {})
    assert session.state.current == 1
    store.close()


def test_the_board_copy_is_in_the_game_s_options(tmp_path: Path) -> None:
    store = _start_game(tmp_path, write_board(tmp_path))
    record = store.unfinished_game()
    assert record is not None
    assert parse_board(record.options["board"], "copy").cities[0].name == "Aquae"
    store.close()


def test_an_action_names_an_unknown_type_clearly(tmp_path: Path) -> None:
    state = four(write_board(tmp_path))
    with pytest.raises(Rejected, match="no action 'fly'"):
        RULES.apply(state, Action("fly", {}))


def test_the_board_file_sets_the_uncertain_readings_and_options_override_it(
        tmp_path: Path) -> None:
    text = SMALL_BOARD.replace("signposts = 5", "signposts = 5\nlast_turns = false\n"
                                                "order_board_bonus = 6\neagle_bonus = 3")
    board = parse_board(text, "m")
    assert (board.last_turns, board.order_board_bonus, board.eagle_bonus) == (False, 6, 3)
    path = write_board(tmp_path, text)
    from_file = RULES.setup(players(2), {"board_file": path})
    assert (from_file.settings.last_turns, from_file.settings.order_board_bonus,
            from_file.settings.eagle_bonus) == (False, 6, 3)
    chosen = RULES.setup(players(2), {"board_file": path, "last_turns": True,
                                      "eagle_bonus": 1})
    assert (chosen.settings.last_turns, chosen.settings.order_board_bonus,
            chosen.settings.eagle_bonus) == (True, 6, 1)
    plain = load_board(None)
    assert (plain.last_turns, plain.order_board_bonus, plain.eagle_bonus) == (True, 5, 2)
    with pytest.raises(Rejected, match="last_turns must be true or false"):
        parse_board(SMALL_BOARD.replace("signposts = 5", "signposts = 5\nlast_turns = 1"), "m")


def test_a_new_game_reads_the_board_file_afresh_even_with_an_old_copy(tmp_path: Path) -> None:
    """Options copied from an earlier game (its line-up and options) carry its board copy;
    a new game still reads the file as it is now."""
    path = write_board(tmp_path)
    old = RULES.prepare_options({"board_file": path})
    Path(path).write_text(SMALL_BOARD.replace("Aquae", "Aquincum"), encoding="utf-8")
    fresh = RULES.prepare_options(old)
    assert "Aquincum" in fresh["board"] and "Aquae" not in fresh["board"]
