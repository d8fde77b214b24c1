"""Helpers shared by the Glory to Rome tests: arranging positions and playing turns."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.games.base import Action, PlayerInfo
from companion.games.glory_to_rome import RULES, GloryState
from companion.games.glory_to_rome.state import Building
from companion.log.session import GameSession

if TYPE_CHECKING:
    from ui_driver import Driver

    from companion.ui.app_loop import App

NAMES = ("Livia", "Marcus", "Tullia", "Gaius", "Octavia")
PLAYERS = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2))
Move = tuple[str, dict[str, Any]]


def play(state: GloryState, kind: str, player: int | None, /, **payload: Any) -> GloryState:
    return RULES.apply(state, Action(kind, payload, player))


def give(state: GloryState, seat: int, **changes: Any) -> GloryState:
    """Arrange a position directly (tests only): replace fields of one player."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def structure(name: str, material: str) -> Building:
    return Building(name, material, False, materials=3, completed=True)


def foundation(name: str, material: str, materials: int = 0) -> Building:
    return Building(name, material, False, materials=materials)


def clients(**per_role: int) -> tuple[int, ...]:
    roles = ("laborer", "craftsman", "legionary", "architect", "merchant", "patron")
    return tuple(per_role.get(role, 0) for role in roles)


def new_game(app: App, options: dict[str, Any] | None = None) -> GameSession:
    return GameSession.create(app.store, "glory-to-rome", PLAYERS, options or {})


def play_turn(session: GameSession, role: str, moves: dict[int, list[Move]]) -> None:
    """The Leader leads ``role``, everyone follows, each acts from ``moves`` then is done."""
    state = session.state
    leader = state.leader
    session.dispatch("lead", {"role": role}, leader)
    for step in range(1, len(state.players)):
        session.dispatch("follow", {}, (leader + step) % len(state.players))
    while session.state.phase == "actions" and session.state.acting is not None:
        actor = session.state.acting  # None: every action taken, granted ones still wait
        queue = moves.get(actor, [])
        kind, payload = queue.pop(0) if queue else ("done", {})
        session.dispatch(kind, payload, actor)


def build(session: GameSession, buildings: dict[int, str], turns: int = 4) -> None:
    """Each player lays a foundation and adds materials for ``turns`` Craftsman turns."""
    for turn in range(turns):
        moves: dict[int, list[Move]] = {}
        for player, name in buildings.items():
            building = session.state.players[player].building(name)
            if turn == 0:
                moves[player] = [("lay_foundation", {"building": name})]
            elif building is not None and not building.completed:
                moves[player] = [("add_material", {"building": name})]
        play_turn(session, "craftsman", moves)


def open_table(app: App, session: GameSession) -> Driver:
    from ui_driver import Driver

    app.start_session(session)
    app.step()
    app.settle()
    return Driver(app)
