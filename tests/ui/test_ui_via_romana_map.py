"""The Via Romana map's names: placed by a search against everything the map draws, so a
name covers no road, city, marker, piece or other name on the shipped board at either
display size, and a name set apart is joined to its city by a short leader line."""

from __future__ import annotations

import math
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.games.base import PlayerInfo  # noqa: E402
from companion.games.via_romana import RULES, ViaRomanaState  # noqa: E402
from companion.ui.tables import via_romana_names as vn  # noqa: E402
from companion.ui.tables.via_romana_geometry import marker_side  # noqa: E402
from companion.ui.tables.via_romana_layout import layout  # noqa: E402

#: the map's rect on the 7" panel and on the 720x1280 portrait panel, and their units
MAPS = (((225, 66, 370, 348), 48), ((18, 347, 684, 477), 72))


@pytest.fixture(scope="module")
def state() -> ViaRomanaState:
    pygame.font.init()
    players = tuple(PlayerInfo(f"P{i}", "red", i) for i in range(4))
    shipped: ViaRomanaState = RULES.setup(players, RULES.default_options())
    return shipped


@pytest.mark.parametrize(("rect", "unit"), MAPS)
def test_no_name_covers_anything_drawn(state: ViaRomanaState, rect: tuple[int, ...],
                                       unit: int) -> None:
    geometry = layout(state, pygame.Rect(rect), unit)
    obstacles = vn._Obstacles.of(geometry)
    assert len(geometry.labels) == len(state.board.cities)
    for city, label in enumerate(geometry.labels):
        for box in label.boxes:
            assert geometry.rect.contains(box), (state.board.cities[city].name, box)
            assert obstacles.hits(box) == 0, (state.board.cities[city].name, box)
            for other, placed in enumerate(geometry.labels):
                if other != city:
                    assert not any(box.colliderect(o) for o in placed.boxes), (
                        state.board.cities[city].name, state.board.cities[other].name)


@pytest.mark.parametrize(("rect", "unit"), MAPS)
def test_names_stay_near_their_cities_and_mostly_whole(state: ViaRomanaState,
                                                       rect: tuple[int, ...], unit: int) -> None:
    geometry = layout(state, pygame.Rect(rect), unit)
    whole = 0
    for city, label in enumerate(geometry.labels):
        name = state.board.cities[city].name
        shown = " ".join(label.lines)
        whole += shown == name
        # a shortened name is the start of the name, at least four letters, with a full
        # stop
        start = shown.rstrip(".").split(" ")[0]
        assert shown == name or (name.startswith(start) and len(start) >= 4), shown
        centre = geometry.centres[city]
        nearest = (min(max(centre[0], label.rect.left), label.rect.right),
                   min(max(centre[1], label.rect.top), label.rect.bottom))
        assert math.dist(centre, nearest) <= geometry.radius + unit * 2, name
        if label.leader is not None:
            assert math.dist(*label.leader) <= unit * 2, name
    # at the reading size the 7" map has room for a third of the names whole (each
    # shortened one still names its city: its colour and symbol are beside it)
    assert whole >= len(state.board.cities) // 3


def test_marker_values_are_drawn_at_the_reading_size(state: ViaRomanaState) -> None:
    geometry = layout(state, pygame.Rect(MAPS[0][0]), MAPS[0][1])
    assert geometry.name_size == 20
    assert marker_side(geometry) >= 20


def test_a_name_is_set_just_clear_of_its_city_at_every_angle() -> None:
    """The name's box, centred the found distance out along any angle, has its nearest
    point exactly the asked distance from the city's centre (not nearer, not farther)."""
    chooser = random.Random(7)
    for _case in range(2000):
        angle = chooser.random() * 2 * math.pi
        dx, dy = math.cos(angle), math.sin(angle)
        half_width, half_height = chooser.uniform(5, 80), chooser.uniform(4, 20)
        clear = chooser.uniform(10, 60)
        out = vn._distance_out(dx, dy, half_width, half_height, clear)
        at = vn._gap(0, 0, dx * out, dy * out, 2 * half_width, 2 * half_height)
        nearer = vn._gap(0, 0, dx * (out - 0.5), dy * (out - 0.5), 2 * half_width,
                         2 * half_height)
        assert abs(at - clear) < 1e-3 and nearer < clear
