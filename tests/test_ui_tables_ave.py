"""Ave Roma table: the trained worker, choosing workers to take back, the five worker
numbers, and every part of a card effect, driven by injected touch."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from ui_driver import Driver  # noqa: E402

from companion.games.base import PlayerInfo  # noqa: E402
from companion.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402

PLAYERS = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2))




def started(app: App) -> tuple[GameSession, Driver]:
    """A two-player game past set-up (Ana: wood and wine, Ben: stone and ore), on screen."""
    session = GameSession.create(app.store, "ave-roma", PLAYERS, {})
    session.dispatch("choose_start", {"resources": ["wood", "wine"]}, 0)
    session.dispatch("choose_start", {"resources": ["stone", "ore"]}, 1)
    app.start_session(session)
    app.step()
    app.settle()
    return session, Driver(app)


def test_a_trained_worker_is_used_with_the_number_it_counts_as(app: App) -> None:
    session, driver = started(app)
    driver.taps("move-place", "pick-training", "pick-2")
    driver.number_dialog(1)  # the training cost
    ana = session.state.seats[0]
    assert ana.trained == 2 and ana.coins == 2
    driver.tap("move-pass")  # Ben is done; Ana acts again
    driver.taps("move-place", "pick-training")
    assert not app.top.has_button("pick-trained")  # not back onto the training space
    driver.tap("cancel")
    driver.taps("move-place", "pick-quaestor", "pick-trained")
    driver.number_dialog(4)
    assert session.actions[-1].payload == {"space": "quaestor", "trained": True, "acts_as": 4}
    ana = session.state.seats[0]
    assert ana.trained is None and ana.coins == 2 + 2 * 4
    assert session.state.area("quaestor") == (2,)


def test_take_back_names_workers_when_too_many_then_five_numbers(app: App) -> None:
    session, driver = started(app)
    for space, worker in (("quaestor", 1), ("quaestor", 3), ("quaestor", 2)):
        driver.taps("move-place", f"pick-{space}", f"pick-{worker}")
    driver.taps("move-pass", "move-pass")
    assert session.state.phase == "refill"
    # Ben (last in order) is called first, with room for one of the Quaestor's 1, 2, 3
    assert session.rules.current_player(session.state) == 1
    driver.taps("move-take_back", "pick-quaestor")
    assert {b.key for b in app.top.buttons} >= {"pick-1", "pick-2", "pick-3"}
    driver.tap("pick-2")
    assert session.actions[-1].payload == {"area": "quaestor", "workers": [2]}
    # Ana has room for the two left: no question about which
    driver.taps("move-take_back", "pick-quaestor")
    assert session.actions[-1].payload == {"area": "quaestor"}
    assert session.state.phase == "turn_order"
    assert session.state.seats[0].hand == (1, 3, 3, 4, 5)
    # Ana's numbers are offered as she holds them; Ben corrects one of his
    driver.taps("move-workers", "pick-numbers", "done")
    assert session.actions[-1].payload == {"numbers": [1, 3, 3, 4, 5]}
    assert session.state.seats[0].entered_numbers == (1, 3, 3, 4, 5)
    driver.taps("move-workers", "pick-numbers", "dec-2", "inc-3", "done")
    assert session.actions[-1].payload == {"numbers": [1, 2, 3, 4, 5]}
    state = session.state
    assert state.phase == "action" and state.order == (1, 0)  # sums 15 before 16
    assert state.seats[1].hand == (1, 2, 3, 4, 5)


def test_the_sum_alone_can_still_be_entered(app: App) -> None:
    session, driver = started(app)
    session.dispatch("pass", {}, 0)
    session.dispatch("pass", {}, 1)
    app.invalidate()
    app.step()
    assert session.state.phase == "turn_order"
    driver.taps("move-workers", "pick-sum")
    driver.number_dialog(15)
    assert session.actions[-1].payload == {"sum": 15}


def test_card_effect_asks_only_the_ticked_parts(app: App) -> None:
    session, driver = started(app)
    driver.taps("move-effect", "pick-0")
    assert not app.top.button("done").enabled  # nothing ticked yet
    driver.taps("toggle-pay", "toggle-sell", "toggle-coins_paid", "toggle-influence", "done")
    assert app.top.name == "counts"
    driver.taps("inc-wood", "done")  # paid
    driver.taps("inc-wine", "done")  # sold for 2
    driver.number_dialog(1)  # coins paid
    driver.taps("inc-2", "inc-2", "inc-2", "done")  # influence in region 2
    assert session.actions[-1].payload == {"pay": {"wood": 1}, "sell": {"wine": 1},
                                           "influence": {"2": 3}, "coins": -1}
    ana = session.state.seats[0]
    assert (ana.amount("wood"), ana.amount("wine"), ana.coins) == (1, 1, 3 + 2 - 1)
    assert session.state.regions[1].cubes[0] == 3


def test_card_effect_for_another_player_with_gains(app: App) -> None:
    session, driver = started(app)
    driver.taps("move-effect", "pick-1", "toggle-vp", "toggle-political", "toggle-gain",
                "done")
    driver.taps("inc-wheat", "done")
    driver.number_dialog(2)  # VP
    driver.number_dialog(3)  # political influence
    assert session.actions[-1].player == 1
    assert session.actions[-1].payload == {"gain": {"wheat": 1}, "vp": 2, "political": 3}
    ben = session.state.seats[1]
    assert (ben.amount("wheat"), ben.track_vp, ben.political) == (1, 2, 3)
