"""The Via Romana map as drawn with pieces on it, at both displays: no marker badge, piece,
city or signpost lies on a road space it is not part of, every road space is long enough
to see and tap, and a milestone or a piece beside a city is not hidden under anything.

Measured on what a frame draws (:mod:`companion.ui.drawn`, as the screen audit does),
over scripted evenings of every set-up the shipped board offers (two, three and four
players close different roads), at several moments of each evening.
"""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import frame_items  # noqa: E402

from bench.scripted_games import scripted_game  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.games.via_romana import ViaRomanaState  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.drawn import Item  # noqa: E402
from companion.ui.tables.via_romana import ViaRomanaView  # noqa: E402

#: scripted evenings of four, three and two players: every set of roads closed before play
SEEDS = (0, 1, 2)
#: frames drawn per evening, spread over its moves (the last one with the most pieces)
MOMENTS = 5
#: the shortest road space, along the road, a player tells apart and a finger finds
SHORTEST_SPACE = 12
#: what lies on the map beside the roads: discs, marker badges, pieces, signposts
COVERS = ("city", "badge", "chip", "signpost")


def map_rect(app: App) -> pygame.Rect:
    table = app.top
    view = getattr(table, "view")  # noqa: B009
    assert isinstance(view, ViaRomanaView)
    m = app.metrics
    info = table.areas()["info"].inflate(-m.gap * 2, -m.gap * 2)  # type: ignore[attr-defined]
    return view.areas(info)[1]


def drawn_map(app: App) -> list[Item]:
    """The items of a frame drawn afresh that lie on the map, in the order drawn."""
    board = map_rect(app)
    return [item for item in frame_items(app) if board.contains(item.rect)]


def evening_frames(app: App, seed: int) -> Iterator[tuple[str, ViaRomanaState, list[Item]]]:
    """The map drawn at ``MOMENTS`` moments of the scripted evening ``seed``."""
    players, options, moves, _entries = scripted_game("via-romana", seed)
    session = GameSession.create(app.store, "via-romana", players, options)
    app.start_session(session)
    app.step()
    # the game ends with the last move: the moments are before it
    stops = {round(len(moves) * k / MOMENTS) - 1 for k in range(1, MOMENTS + 1)}
    for number, (kind, payload, player) in enumerate(moves[:-1]):
        app.dispatch(kind, payload, player)
        if number in stops:
            app.settle()
            assert app.top.name == "table"
            state = app.session.state if app.session is not None else None
            assert isinstance(state, ViaRomanaState)
            yield f"{len(players)} players, move {number + 1} {kind}", state, drawn_map(app)
    app.settle()


def _spaces(items: list[Item]) -> list[Item]:
    return [item for item in items if item.segment is not None
            and item.target.startswith("road-")]


def _covers(items: list[Item]) -> list[Item]:
    return [item for item in items if item.kind in COVERS]


#: pieces drawn as discs in their rect (a city, a marker badge, a piece): measured round
ROUND = ("city", "badge", "chip")


def _from_band(point: tuple[float, float], segment: tuple[tuple[float, float],
                                                          tuple[float, float]],
               half: float) -> float:
    """How far ``point`` is from the band a road space draws: a line ``2 * half`` wide with
    flat ends (as pygame draws it)."""
    (ax, ay), (bx, by) = segment
    length = math.dist((ax, ay), (bx, by)) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    along = (point[0] - ax) * ux + (point[1] - ay) * uy
    across = abs(-(point[0] - ax) * uy + (point[1] - ay) * ux)
    return math.hypot(max(0.0, -along, along - length), max(0.0, across - half))


def on_segment(space: Item, cover: Item) -> bool:
    """Whether the band ``space`` draws reaches into what ``cover`` draws."""
    assert space.segment is not None
    half = space.width / 2
    rect = cover.rect
    if cover.kind in ROUND:
        return _from_band(rect.center, space.segment, half) < rect.width / 2
    (ax, ay), (bx, by) = space.segment
    length = math.dist((ax, ay), (bx, by)) or 1.0
    nx, ny = -(by - ay) / length, (bx - ax) / length
    steps = max(2, math.ceil(length * 2))
    for step in range(steps + 1):
        for across in range(-int(half), int(half) + 1):
            x = ax + (bx - ax) * step / steps + nx * across
            y = ay + (by - ay) * step / steps + ny * across
            if rect.left <= x < rect.right and rect.top <= y < rect.bottom:
                return True
    return False


def overlap(one: Item, other: Item) -> bool:
    """Whether two pieces' drawn shapes meet (discs as discs, the rest as rects)."""
    if one.kind in ROUND and other.kind in ROUND:
        return math.dist(one.rect.center, other.rect.center) < (one.rect.width
                                                                + other.rect.width) / 2
    return one.rect.colliderect(other.rect)


def _own_city(cover: Item, discs: list[Item]) -> Item:
    return min(discs, key=lambda disc: math.dist(disc.rect.center, cover.rect.center))


@pytest.mark.parametrize("seed", SEEDS)
def test_nothing_lies_on_a_road_space_it_is_not_part_of(app: App, seed: int) -> None:
    found = []
    for moment, _state, items in evening_frames(app, seed):
        spaces = _spaces(items)
        assert spaces and _covers(items)
        for cover in _covers(items):
            for space in spaces:
                if cover.target != space.target and on_segment(space, cover):
                    found.append((moment, cover.kind, cover.target, tuple(cover.rect),
                                  space.target))
    assert not found, f"{len(found)} on roads, e.g. {sorted(set(found))[:8]}"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_road_space_is_long_enough_to_see_and_tap(app: App, seed: int) -> None:
    short = set()
    for _moment, _state, items in evening_frames(app, seed):
        for space in _spaces(items):
            assert space.segment is not None
            length = math.dist(*space.segment)
            if length < SHORTEST_SPACE:
                short.add((space.target, round(length, 1)))
    assert not short, f"{len({t for t, _ in short})} roads with short spaces: {sorted(short)}"


@pytest.mark.parametrize("seed", SEEDS)
def test_milestones_and_pieces_beside_a_city_are_fully_visible(app: App, seed: int) -> None:
    """A built road space, a piece and a marker badge: nothing drawn after it covers it
    (a piece and a badge may only lean on their own city's disc)."""
    hidden = []
    for moment, state, items in evening_frames(app, seed):
        discs = [item for item in items if item.kind == "city"]
        assert len(discs) == len(state.board.cities)
        built = sum(owner is not None for road in state.roads for owner in road)
        shown = [item for item in items if item.kind == "built"]
        assert len(shown) == built  # every milestone on a road is drawn once
        for number, item in enumerate(items):
            if item.kind not in ("built", "badge", "chip"):
                continue
            own = None if item.kind == "built" else _own_city(item, discs)
            for later in _covers(items[number + 1:]):
                if later is own:
                    continue
                if item.segment is not None:
                    covered = on_segment(item, later)
                else:
                    covered = overlap(item, later)
                if covered:
                    hidden.append((moment, item.kind, item.target, tuple(item.rect),
                                   later.kind, later.target))
    assert not hidden, f"{len(hidden)} hidden, e.g. {hidden[:6]}"


def test_players_of_the_evenings_are_seated() -> None:
    """The evenings above are of two, three and four players (every road set-up)."""
    counts = set()
    for seed in SEEDS:
        players: tuple[PlayerInfo, ...] = scripted_game("via-romana", seed)[0]
        counts.add(len(players))
    assert counts == {2, 3, 4}
