"""The Ave Roma board picture: five players, both tracking levels, every phase, both sizes;
fresh, slid and empty region cards drawn differently; the move buttons a finger wide."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.games.ave_roma import AveRomaState, Region  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.layout import (
    MIN_TOUCH,  # noqa: E402
    metrics_for,  # noqa: E402
)
from companion.ui.tables.ave_roma_board import REGION_CARD, paint_region  # noqa: E402

FIVE = tuple(PlayerInfo(name, colour, seat) for seat, (name, colour) in enumerate(
    [("Livia", "red"), ("Marcus", "blue"), ("Julia", "yellow"), ("Titus", "green"),
     ("Gaius", "white")], start=1))

Move = tuple[str, dict[str, Any], int | None]

ROUND: list[Move] = [
    ("place", {"space": "aedilis", "worker": 2}, 0),
    ("place", {"space": "propraetor", "worker": 2, "bonus": "influence",
               "influence": {"2": 3}}, 1),
    ("place", {"space": "training", "worker": 4}, 2),
    ("place", {"space": "quaestor", "worker": 5}, 3),
    ("place", {"space": "rome", "worker": 1}, 4),
]


#: what the full-tracking placements above also carry
FULL_EXTRAS: dict[str, dict[str, Any]] = {
    "aedilis": {"gain": {"wheat": 2, "ore": 2}}, "propraetor": {"gain": {"stone": 2}},
    "training": {"coins": -1}, "rome": {"political": 1, "coins": -1}}


def shown(app: App, tracking: str, moves: list[Move], deck: int = 25) -> GameSession:
    session = GameSession.create(app.store, "ave-roma", FIVE, {"tracking": tracking,
                                                              "region_deck_size": deck})
    for seat in range(len(FIVE) if tracking == "full" else 0):
        session.dispatch("choose_start", {"resources": ["wood", "wine"]}, seat)
    for kind, payload, player in moves:
        if tracking == "full" and kind == "place":
            payload = {**payload, **FULL_EXTRAS.get(str(payload["space"]), {})}
        session.dispatch(kind, payload, player)
    app.start_session(session)
    app.step()
    app.settle()
    app.invalidate()
    app.step()
    return session


@pytest.mark.parametrize("tracking", ["essentials", "full"])
def test_every_phase_draws_with_five_players(app: App, tracking: str) -> None:
    passes: list[Move] = [("pass", {}, p) for p in range(5)]
    phases: dict[str, list[Move]] = {
        "action": ROUND,
        "refill": [*ROUND, *passes],
        "turn_order": [*ROUND, *passes, ("take_back", {"area": "rome"}, 4),
                       ("take_back", {"area": "quaestor"}, 3),
                       ("take_back", {"area": "propraetor"}, 1)],
        "over": [*ROUND, ("end_here", {}, None)],
    }
    for phase, moves in phases.items():
        session = shown(app, tracking, moves)
        state: AveRomaState = session.state
        assert state.phase == phase
        assert app.errors == 0
        for button in app.top.buttons:
            assert min(button.rect.width, button.rect.height) >= MIN_TOUCH, button.key
            assert app.surface.get_rect().contains(button.rect), button.key


def _drawn(region: Region) -> pygame.Surface:
    surface = pygame.Surface((120, 140))
    surface.fill((0, 0, 0))
    paint_region(surface, surface.get_rect(), 2, region, [(200, 50, 45)] * 5,
                 metrics_for((800, 480)))
    return surface


def test_fresh_slid_and_empty_cards_look_different(app: App) -> None:
    session = shown(app, "essentials", [
        ("place", {"space": "aedilis", "worker": 2}, 0),  # card 2 slides
        ("place", {"space": "aedilis", "worker": 3}, 1),
        ("place", {"space": "aedilis", "worker": 3}, 2),  # card 3 taken, deck out: empty
    ], deck=0)
    state: AveRomaState = session.state
    assert [r.card for r in state.regions[:3]] == ["fresh", "slid", "empty"]
    same_place = state.regions[0]
    pictures = [pygame.image.tobytes(_drawn(replace(same_place, card=card)), "RGB")
                for card in ("fresh", "slid", "empty")]
    assert len(set(pictures)) == 3
    empty = _drawn(replace(same_place, card="empty"))
    fresh = _drawn(replace(same_place, card="fresh"))
    centre = (30, 70)  # inside the card's face
    assert fresh.get_at(centre)[:3] == REGION_CARD
    assert empty.get_at(centre)[:3] != REGION_CARD  # only a dashed outline


def test_the_refill_puts_the_areas_on_the_panel_and_a_tap_moves_none(app: App) -> None:
    """Five players' refill: the eight areas are buttons on the board's panel (not nine
    move buttons squeezing the players' rows); taking back one area's workers leaves
    every other area button where the next finger goes."""
    from ui_driver import Driver

    from companion.ui.screens.table import TableScreen
    from companion.ui.tables.ave_roma_board import row_height

    passes: list[Move] = [("pass", {}, p) for p in range(5)]
    session = shown(app, "full", [*ROUND, *passes])
    table = app.top
    assert isinstance(table, TableScreen) and session.state.phase == "refill"
    areas = {b.key: pygame.Rect(b.rect) for b in table.buttons if b.key.startswith("move-area-")}
    assert len(areas) == 8
    assert all(table.info_rect().contains(rect) for rect in areas.values())
    assert [b.key for b in table.buttons if b.key.startswith("move-")
            and b.key not in areas] == []  # the row that ran out: in the menu
    assert row_height(app.metrics) >= 30 * app.metrics.unit // 48  # a row at reading size
    player = session.rules.current_player(session.state)
    Driver(app).tap("move-area-rome")
    assert session.rules.current_player(session.state) != player  # the tap took them back
    after = {b.key: b.rect for b in app.top.buttons if b.key.startswith("move-area-")}
    assert after == areas
    assert not next(b for b in app.top.buttons if b.key == "move-area-rome").enabled


def test_a_long_step_is_one_gold_line_that_opens_whole_in_what_now(app: App) -> None:
    """The refill's steps (several sentences) take one finger-high line over the board, not
    half of it: the line says a short call, and a tap shows the steps whole in "What now?";
    the area buttons stay inside the panel, clear of the players' boards."""
    from ui_driver import Driver

    from companion.ui.rules_cards import CardDialog
    from companion.ui.screens.table import TableScreen

    passes: list[Move] = [("pass", {}, p) for p in range(5)]
    session = shown(app, "full", [*ROUND, *passes])
    table = app.top
    assert isinstance(table, TableScreen) and session.state.phase == "refill"
    steps = table.view.prompt()  # type: ignore[attr-defined]
    assert len(steps) > 80  # several sentences: they cannot fit one line
    band = table.button("table-steps")
    assert band.rect.height == app.metrics.unit
    assert band.label == "Steps on the table: tap here"
    areas = [b.rect for b in table.buttons if b.key.startswith("move-area-")]
    assert all(not band.rect.colliderect(rect) for rect in areas)
    Driver(app).tap("table-steps")
    card = app.top
    assert isinstance(card, CardDialog) and card.title == "What now?"
    assert card.sections[0] == ("", steps)


def test_a_short_step_says_itself_on_the_line(app: App) -> None:
    """A step that fits the line at the reading size is the line's own words."""
    from companion.ui.screens.table import TableScreen

    session = shown(app, "full", [("place", {"space": "aedilis", "worker": 2}, 0)])
    table = app.top
    assert isinstance(table, TableScreen)
    steps = table.view.prompt()  # type: ignore[attr-defined]
    assert steps and session.state.phase == "action"
    assert table.button("table-steps").label == steps
