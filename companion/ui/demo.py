"""Demo game nights for screenshots and for trying the app: a few real moves per game.

Every move goes through the session like a touch would, so a demo that the rules refuse
fails loudly instead of showing an impossible table.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import PlayerInfo
from companion.log.session import GameSession
from companion.log.store import Store

DEMO_PLAYERS = (
    PlayerInfo("Livia", "red", 1),
    PlayerInfo("Marcus", "blue", 2),
    PlayerInfo("Julia", "yellow", 3),
)

#: (action type, payload, player) per game, played in order
DEMO_MOVES: dict[str, list[tuple[str, dict[str, Any], int | None]]] = {
    "glory-to-rome": [
        ("lead", {"role": "architect"}, 0),
        ("follow", {}, 1),
        ("think", {"option": "refill", "hand": 3}, 2),
        ("lay_foundation", {"building": "Wall"}, 0),
        ("lay_foundation", {"building": "Statue"}, 1),
        ("lead", {"role": "merchant"}, 1),
        ("follow", {}, 2),
        ("follow", {}, 0),
        ("vault", {"material": "stone", "source": "stockpile"}, 1),
    ],
    "ave-roma": [
        ("place", {"space": "quaestor", "worker": 3}, 0),
        ("place", {"space": "aedilis", "worker": 2}, 1),
        ("place", {"space": "propraetor", "worker": 2, "bonus": "influence",
                   "influence": {"2": 2}}, 2),
        ("place", {"space": "propraetor", "worker": 4, "bonus": "influence",
                   "influence": {"4": 1}}, 0),
        ("place", {"space": "senatus", "worker": 1}, 1),
        ("place", {"space": "training", "worker": 5}, 2),
        ("place", {"space": "rome", "worker": 1}, 0),
    ],
    "via-romana": [
        ("start_castle", {"city": "Durocortorum"}, 0),
        ("start_castle", {"city": "Samarobriva"}, 1),
        ("start_castle", {"city": "Bagacum"}, 2),
    ],
}

#: a fuller Glory to Rome table: five players in the fourth turn, Merchant actions under way
FIVE_PLAYERS = (*DEMO_PLAYERS, PlayerInfo("Gaius", "green", 4), PlayerInfo("Octavia", "purple", 5))
FIVE_MOVES: list[tuple[str, dict[str, Any], int | None]] = [
    ("lead", {"role": "craftsman"}, 0), ("follow", {}, 1), ("follow", {}, 2),
    ("think", {"option": "jack"}, 3), ("follow", {}, 4),
    ("lay_foundation", {"building": "Insula"}, 0), ("lay_foundation", {"building": "Market"}, 1),
    ("lay_foundation", {"building": "Atrium"}, 2), ("lay_foundation", {"building": "Road"}, 4),
    ("lead", {"role": "patron"}, 1), ("follow", {}, 2), ("follow", {}, 3),
    ("think", {"option": "refill", "hand": 3}, 4), ("follow", {}, 0),
    ("hire_client", {"role": "architect"}, 1), ("hire_client", {"role": "merchant"}, 2),
    ("hire_client", {"role": "craftsman"}, 3), ("hire_client", {"role": "laborer"}, 0),
    ("lead", {"role": "craftsman"}, 2), ("follow", {}, 3), ("follow", {}, 4), ("follow", {}, 0),
    ("follow", {}, 1),
    ("add_material", {"building": "Atrium"}, 2), ("lay_foundation", {"building": "Temple"}, 3),
    ("lay_foundation", {"building": "Wall"}, 3), ("add_material", {"building": "Road"}, 4),
    ("add_material", {"building": "Insula"}, 0), ("add_material", {"building": "Market"}, 1),
    ("lead", {"role": "merchant", "jacks": 1}, 3), ("follow", {}, 4),
    ("think", {"option": "draw_one", "hand": 5}, 0), ("follow", {}, 1), ("follow", {}, 2),
    ("vault", {"material": "stone"}, 3), ("vault", {"material": "wood"}, 4),
]


def demo_five(store: Store) -> GameSession:
    """The five-player Glory to Rome demo table (for the README's pictures)."""
    session = GameSession.create(store, "glory-to-rome", FIVE_PLAYERS, {})
    for kind, payload, player in FIVE_MOVES:
        session.dispatch(kind, payload, player)
    return session


#: the numbers typed in at the end of the demo Glory to Rome game
DEMO_ENTRIES: dict[str, int] = {"0.hand": 4, "0.stockpile": 3, "1.hand": 2, "1.stockpile": 5,
                                "2.hand": 6, "2.stockpile": 1}


def demo_session(store: Store, game: str, ended: bool = False,
                 players: tuple[PlayerInfo, ...] = DEMO_PLAYERS) -> GameSession:
    """A session of ``game`` with the demo moves played (and ended, if asked)."""
    session = GameSession.create(store, game, players, {})
    for kind, payload, player in DEMO_MOVES[game]:
        session.dispatch(kind, payload, player)
    if ended:
        session.dispatch("end_game", {"reason": "concede"}, None)
    return session


#: the endgame numbers of the demo evening's games, one dict per game
DEMO_EVENING: tuple[dict[str, int], ...] = (
    DEMO_ENTRIES,
    {"0.hand": 2, "0.stockpile": 6, "1.hand": 5, "1.stockpile": 2, "2.hand": 1,
     "2.stockpile": 3},
    {"0.hand": 3, "0.stockpile": 1, "1.hand": 1, "1.stockpile": 7, "2.hand": 4,
     "2.stockpile": 4},
)


def demo_history(store: Store, start: float | None = None) -> list[int]:
    """A demo evening in the history: three finished games an hour apart, with their turns
    timed. Played through the session like the other demos (the players sit one place
    further round each game, so the wins go round too), then put back with times of an
    evening (through the same import a second device would use)."""
    import json
    import time

    from companion.history.exchange import export_json, import_text

    begin = (start if start is not None else time.time() - 4 * 3600)
    for number, entries in enumerate(DEMO_EVENING):
        seats = DEMO_PLAYERS[number:] + DEMO_PLAYERS[:number]
        session = demo_session(store, "glory-to-rome", ended=True, players=seats)
        session.finish(session.rules.final_score(session.state, entries), entries)
        document = json.loads(export_json(store, [store.game(session.game_id)]))
        store.delete_game(session.game_id)
        game = document["games"][0]
        created = begin + number * 3600
        length = 40 * 60 + number * 9 * 60
        game["created"], game["ended"] = created, created + length
        turns = len(game["players"]) * 6
        game["turn_times"] = [[turn % len(game["players"]),
                               created + turn * length / turns,
                               created + (turn + 1) * length / turns - 5 * (turn % 3)]
                              for turn in range(turns)]
        import_text(store, json.dumps(document))
    return [record.id for record in store.finished_games()]
