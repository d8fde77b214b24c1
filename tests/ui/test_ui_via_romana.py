"""Via Romana by touch: builds started on the map, cards paid picked as swatches and checked
by the rules, the tap budgets, seat buttons out of turn, ending early, the table's tie-break.

Every tap is a real FINGERDOWN/FINGERUP at a button's centre (``ui_driver``), at both sizes.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from ui_driver import Driver  # noqa: E402

from companion.games.base import PlayerInfo  # noqa: E402
from companion.games.via_romana import ViaRomanaState  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.screens.endgame import EndgameScreen  # noqa: E402
from companion.ui.tables.via_romana import ViaRomanaView  # noqa: E402
from companion.ui.tables.via_romana_map import ROAD_CLOSED  # noqa: E402

STRIP = """
name = "Strip"
symbols = ["eagle", "helmet"]
signposts = 1

[[province]]
name = "Belgica"
colour = "blue"
[[province]]
name = "Lugdunensis"
colour = "grey"

[[city]]
name = "Alpha"
colour = "blue"
symbol = "eagle"
markers = [3]
x = 0.1
y = 0.5
[[city]]
name = "Beta"
colour = "grey"
symbol = "helmet"
markers = [MARKER]
x = 0.9
y = 0.5
[[city]]
name = "Gamma"
colour = "grey"
symbol = "eagle"
markers = [1]
x = 0.5
y = 0.1

[[road]]
cities = ["Alpha", "Beta"]
spaces = 1
[[road]]
cities = ["Alpha", "Gamma"]
spaces = 3
"""

PLAYERS = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "green", 2),
           PlayerInfo("Cato", "yellow", 3))


def done_on_board(driver: Driver) -> list[str]:
    """Tap the prompt of a physical step away ("done"); returns what it asked for."""
    asked = list(driver.app.prompts)
    if asked:
        driver.touch(driver.app.prompt_rect.center)
        assert driver.app.prompts == []
    return asked


def start(app: App, tmp_path: Path, players: int = 2, marker: int = 2,
          board: str | None = None, **options: object) -> GameSession:
    if board is None:
        path = tmp_path / "strip.toml"
        path.write_text(STRIP.replace("MARKER", str(marker)), encoding="utf-8")
        board = str(path)
    session = GameSession.create(app.store, "via-romana", PLAYERS[:players],
                                 {"board_file": board or None, "starting_castles": 1,
                                  **options})
    app.start_session(session)
    app.step()
    return session


def state(app: App) -> ViaRomanaState:
    assert app.session is not None
    result: ViaRomanaState = app.session.state
    return result


def logged(app: App) -> list[str]:
    assert app.session is not None
    return [e.action.type for e in app.store.log(app.session.game_id) if e.action is not None]


def city_key(app: App, name: str) -> str:
    index = state(app).board.city_index(name)
    assert index is not None
    return f"city-{index}"


def test_a_whole_game_by_touch_with_taps_on_the_map(app: App, tmp_path: Path) -> None:
    session = start(app, tmp_path)
    game_id = session.game_id
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))  # starting castles
    assert logged(app) == ["start_castle", "start_castle"]
    # Ana taps the road Alpha – Beta: both ends are built, but its one space is the same
    # space from either end, so no direction is asked: the card paid is next
    driver.tap("road-0")
    assert app.top.name == "cards"
    driver.tap("card-grey")  # either end's colour pays on a road between two provinces
    assert state(app).pending and state(app).signposts_left == 0
    assert app.top.name == "table"
    assert done_on_board(driver) == [
        "Alpha – Beta is complete: take the milestones off its road spaces and put up a Roma "
        "signpost.", "Ana placed the last signpost: give Ana the legion eagle."]
    driver.tap(city_key(app, "Alpha"))  # Ana has the most pieces: her marker pick, on the map
    assert state(app).collected[0][0].value == 3
    assert done_on_board(driver) == [
        "Ana takes the 3 marker from Alpha. Then Ben draws 1 card (open display first)."]
    driver.taps("move-end_turn", "move-end_turn")  # last turns: Ben, then Ana
    driver.tap("move-final-scoring")
    entry = app.top
    assert isinstance(entry, EndgameScreen)  # the secret order boards: yes or no, no digits
    assert [f.label for f in entry.fields] == [
        "Ana: all four order board colours collected?",
        "Ben: all four order board colours collected?"]
    assert entry.has_button("answer-yes") and entry.has_button("answer-no")
    driver.tap("score")
    record = app.store.game(game_id)
    assert record.status == "finished" and record.result is not None
    assert record.result["winners"] == ["Ana"]
    assert logged_types(app, game_id) == ["start_castle", "start_castle", "milestone_road",
                                          "pick_marker", "end_turn", "end_turn"]
    assert {"table", "cards", "endgame-entry", "scoreboard"} <= driver.seen


def logged_types(app: App, game_id: int) -> list[str]:
    return [e.action.type for e in app.store.log(game_id) if e.action is not None]


def test_tap_budgets_of_every_build_with_real_card_checks(app: App, tmp_path: Path) -> None:
    start(app, tmp_path, players=3, board="")  # the shipped map
    driver = Driver(app)  # counts every touch, so a move is held to its tap budget
    for name in ("Lutetia", "Narbo", "Massilia"):
        driver.tap(city_key(app, name))
    board = state(app).board

    def spent(*keys: str) -> int:
        before = driver.touches
        driver.taps(*keys)
        return driver.touches - before

    # castle: the city, "castle", the colour of the 2 cards paid
    rotomagus = city_key(app, "Rotomagus")
    index = int(rotomagus.split("-")[1])
    assert spent(rotomagus, f"pick-('castle', None, {index})", "card-grey") == 3
    built = state(app).cities[index]
    assert built is not None and built.castle
    driver.tap("move-end_turn")
    # milestone in a city: the city, "milestone", the card
    lemonum = int(city_key(app, "Lemonum").split("-")[1])
    assert spent(f"city-{lemonum}", f"pick-('milestone_city', None, {lemonum})",
                 "card-green") == 3
    driver.tap("move-end_turn")
    # a milestone with a joker: the city, "milestone", the pair of swatches
    tolosa = int(city_key(app, "Tolosa").split("-")[1])
    assert spent(f"city-{tolosa}", f"pick-('milestone_city', None, {tolosa})",
                 "card-blue+grey") == 3  # budget 4
    assert state(app).cities[tolosa] is not None
    driver.tap("move-end_turn")
    # two milestones at once: the road, "2 milestones from ...", the card (colour and symbol)
    lutetia = int(city_key(app, "Lutetia").split("-")[1])
    road = next(i for i, r in enumerate(board.roads) if lutetia in (r.a, r.b) and r.spaces >= 3
                and not state(app).closed[i])
    symbol = board.cities[lutetia].symbol
    assert spent(f"road-{road}", f"pick-('two_milestones', {road}, {lutetia})",
                 f"card-grey/{symbol}") == 3
    assert sum(owner == 0 for owner in state(app).roads[road]) == 2
    assert logged(app)[-7:] == ["castle", "end_turn", "milestone_city", "end_turn",
                                "milestone_city", "end_turn", "two_milestones"]


def test_a_wrong_symbol_paid_is_caught_and_nothing_is_recorded(app: App,
                                                             tmp_path: Path) -> None:
    start(app, tmp_path, players=3)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"), city_key(app, "Gamma"))
    before = logged(app)
    driver.tap("road-1")  # Alpha – Gamma: both ends built, so the table says from where
    driver.tap("pick-('two_milestones', 1, 0)")
    driver.tap("card-blue/helmet", allow_error=True)  # Alpha shows the eagle, not the helmet
    assert app.banner is not None and app.banner.error
    assert "colour AND symbol" in app.banner.text
    assert logged(app) == before and state(app).roads[1] == (None, None, None)


def test_a_castle_paid_in_the_wrong_colour_is_refused(app: App, tmp_path: Path) -> None:
    start(app, tmp_path, players=2)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))
    before = logged(app)
    gamma = city_key(app, "Gamma")
    driver.tap(gamma)
    driver.tap("pick-('castle', None, 2)")
    driver.tap("card-blue", allow_error=True)
    assert app.banner is not None and app.banner.error
    assert "A castle in Gamma needs 2 cards in grey" in app.banner.text
    assert logged(app) == before and state(app).cities[2] is None


def test_a_seat_button_out_of_turn_says_what_it_would_do(app: App, tmp_path: Path) -> None:
    start(app, tmp_path, players=2)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))
    from companion.ui.intents import Press

    app.top.handle(Press("seat2"))
    assert app.banner is not None and "Ben: it is Ana's turn" in app.banner.text
    assert "ends it" in app.banner.text
    assert logged(app) == ["start_castle", "start_castle"]
    app.top.handle(Press("seat1"))
    app.settle()
    assert logged(app)[-1] == "end_turn"


def test_end_here_and_score_then_the_table_breaks_the_tie(app: App, tmp_path: Path) -> None:
    session = start(app, tmp_path, players=2, marker=3)
    game_id = session.game_id
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))
    driver.taps("menu", "end-here", "yes")
    assert logged(app)[-1] == "end_game"
    driver.taps("move-final-scoring", "score")
    assert app.top.name == "scoreboard"
    record = app.store.game(game_id)
    assert record.result is not None and sorted(record.result["winners"]) == ["Ana", "Ben"]
    driver.tap("tie-Ben")
    record = app.store.game(game_id)
    assert record.result is not None and record.result["winners"] == ["Ben"]
    assert "the table gave the tie to Ben" in record.result["explanation"]
    assert app.top.has_button("done") and not app.top.has_button("tie-Ana")


def test_the_map_shows_builders_colours_and_greys_closed_roads(app: App,
                                                               tmp_path: Path) -> None:
    start(app, tmp_path, players=2)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))
    driver.taps("road-1", "pick-('milestone_road', 1, 0)", "card-blue")  # Ana: from Alpha
    app.render(force=True)
    table = app.top
    view = getattr(table, "view")  # noqa: B009
    assert isinstance(view, ViaRomanaView)
    m = app.metrics
    info = table.areas()["info"].inflate(-m.gap * 2, -m.gap * 2)  # type: ignore[attr-defined]
    geometry = view.geometry(view.areas(info)[1])
    surface = pygame.display.get_surface()
    assert surface is not None
    (ax, ay), (bx, by) = geometry.spaces[1][0]
    assert surface.get_at((round((ax + bx) / 2), round((ay + by) / 2)))[:3] == (200, 50, 45)
    driver.taps("move-end_turn")
    driver.taps("road-0", "card-grey")  # Ben completes it (one space: no direction asked)
    done_on_board(driver)
    driver.tap(city_key(app, "Beta"))  # ... and picks Beta's marker: the road is closed
    done_on_board(driver)
    app.render(force=True)
    (ax, ay), (bx, by) = geometry.spaces[0][0]
    x, y = round(ax + (bx - ax) / 4), round(ay + (by - ay) / 4)
    assert surface.get_at((x, y))[:3] == ROAD_CLOSED


def set_option(driver: Driver, key: str, answer: str) -> None:
    """An option on the new-game screen: in the column, or one tap further under "More
    options" when the column has no room for it."""
    if driver.app.top.has_button(f"option-{key}"):
        driver.tap(f"option-{key}")
    else:
        driver.taps("more-options", f"pick-{key}")
    driver.tap(f"pick-{answer}")


def test_the_new_game_screen_offers_the_last_turns_reading(app: App) -> None:
    driver = Driver(app)
    driver.taps("new-game", "game-via-romana")
    driver.name_players(["Ana", "Ben"])
    set_option(driver, "last_turns", "False")
    driver.tap("start")
    assert app.session is not None
    assert app.session.record.options["last_turns"] is False
    assert state(app).settings.last_turns is False
    assert app.session.record.options["board"] is not None  # the game's own board copy


def test_the_new_game_screen_offers_the_order_board_bonus_and_the_eagle(app: App) -> None:
    driver = Driver(app)
    driver.taps("new-game", "game-via-romana")
    driver.name_players(["Ana", "Ben"])
    set_option(driver, "order_board_bonus", "4")
    set_option(driver, "eagle_bonus", "0")
    driver.tap("start")
    assert app.session is not None
    options = app.session.record.options
    assert (options["order_board_bonus"], options["eagle_bonus"]) == (4, 0)
    assert (state(app).settings.order_board_bonus, state(app).settings.eagle_bonus) == (4, 0)


def test_the_last_signpost_asks_for_the_legion_eagle_in_a_banner(app: App,
                                                                 tmp_path: Path) -> None:
    start(app, tmp_path, players=3)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"), city_key(app, "Gamma"))
    driver.taps("road-0", "card-blue")
    table = app.top
    view = getattr(table, "view")  # noqa: B009
    assert isinstance(view, ViaRomanaView)
    assert any("Ana picks a city marker from Alpha" in line for line in view.banner_lines())
    assert app.prompts[0].startswith("Alpha – Beta is complete: take the milestones off")
    assert len(done_on_board(driver)) == 2
    driver.tap(city_key(app, "Alpha"))
    done_on_board(driver)
    lines = view.banner_lines()
    assert lines[0] == "Ana placed the last signpost: take the legion eagle."
    assert lines[1] == "2 more turns after this one, then the final scoring."
    driver.taps("move-end_turn", "move-end_turn", "move-end_turn")
    assert view.banner_lines() == [] and app.session is not None
    assert app.session.rules.is_over(state(app))


def test_the_card_dialog_offers_every_colour_not_only_the_right_one(app: App,
                                                                    tmp_path: Path) -> None:
    start(app, tmp_path, players=2)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))
    driver.taps(city_key(app, "Gamma"), "pick-('milestone_city', None, 2)")
    dialog = app.top
    assert dialog.name == "cards"
    keys = {b.key for b in dialog.buttons}
    assert {"card-blue", "card-grey", "card-blue+grey"} <= keys
    assert all(min(b.rect.size) >= 48 for b in dialog.buttons)
    driver.tap("cancel")
    assert logged(app) == ["start_castle", "start_castle"]  # cancelling records nothing


def test_the_map_takes_no_taps_once_the_game_is_over(app: App, tmp_path: Path) -> None:
    start(app, tmp_path, players=2)
    driver = Driver(app)
    driver.taps(city_key(app, "Alpha"), city_key(app, "Beta"))
    assert app.top.has_button("road-0") and app.top.has_button("city-2")
    driver.taps("menu", "end-here", "yes")
    assert not app.top.has_button("road-0") and not app.top.has_button("city-2")
    assert app.top.has_button("move-final-scoring")


def test_the_hint_follows_the_builds_left_this_turn(app: App, tmp_path: Path) -> None:
    """Once the turn's three cards are played no build is left: the hint above the map
    asks for the end of the turn instead of a tap on the map (and comes back next turn)."""
    start(app, tmp_path, players=3, board="")  # the shipped map
    driver = Driver(app)
    for name in ("Lutetia", "Narbo", "Massilia"):
        driver.tap(city_key(app, name))
    table = app.top
    view = getattr(table, "view")  # noqa: B009
    assert isinstance(view, ViaRomanaView)
    assert "tap a city or a road to build" in view.hint()
    rotomagus = int(city_key(app, "Rotomagus").split("-")[1])
    driver.taps(f"city-{rotomagus}", f"pick-('castle', None, {rotomagus})", "card-grey")
    assert state(app).cards_this_turn == 2
    assert "tap a city or a road to build" in view.hint()  # one card: a milestone still
    lemonum = int(city_key(app, "Lemonum").split("-")[1])
    driver.taps(f"city-{lemonum}", "card-green")  # a castle needs 2 cards: no choice asked
    assert state(app).cards_this_turn == 3
    assert view.hint() == "Ana: all 3 cards played · tap End turn · 17 signposts left"
    driver.tap("move-end_turn")
    assert view.hint().startswith("Ben: tap a city or a road to build")
