"""Glory to Rome table: building functions, Palace cards, vault sources, site materials.

Each test plays the turns that build the structures through the session (as earlier
touches would have), then drives the new part of the table by injected touch only.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from glory_support import build, new_game, open_table, play_turn  # noqa: E402

from companion.core.events import TagArrived  # noqa: E402
from companion.games.base import PlayerInfo  # noqa: E402
from companion.log.entries import TagMeaning  # noqa: E402
from companion.log.session import GameSession  # noqa: E402
from companion.ui.app_loop import App  # noqa: E402
from companion.ui.demo import demo_session  # noqa: E402


def test_palace_asks_how_many_cards_and_jacks(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Palace"})
    assert session.state.players[0].building("Palace").completed
    session.dispatch("think", {"option": "jack"}, 0)  # Ana leads: takes a Jack, turn ends
    session.dispatch("think", {"option": "refill", "hand": 3}, 1)
    driver = open_table(app, session)
    assert session.state.leader == 0 and session.state.players[0].jacks == 1 + 1
    # with a Palace the Jack toggle gives way to the questions after the lead
    assert not app.top.has_button("move-jack")
    supply = session.state.jacks_supply
    driver.tap("move-lead-craftsman")
    driver.number_dialog(3)
    driver.number_dialog(1)
    state = session.state
    assert session.actions[-1].payload == {"role": "craftsman", "cards": 3, "jacks": 1}
    assert state.cards_played[0] == 3 and state.players[0].jacks == 1
    assert state.jacks_supply == supply and state.jacks_played[0] == 1  # back after the turn
    # Ben has no Palace: one card, straight away, and his Jack toggle is there
    assert app.top.has_button("move-jack")
    driver.tap("move-follow")
    assert session.actions[-1].payload == {"cards": 1, "jacks": 0}
    assert session.state.actions_left[0] == 3


def test_vault_from_deck_with_atrium_and_from_hand_with_basilica(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Atrium", 1: "Basilica"})
    assert session.state.players[0].building("Atrium").completed
    assert session.state.players[1].building("Basilica").completed
    driver = open_table(app, session)
    driver.taps("move-lead-merchant", "move-follow", "move-vault")
    # Ana has an Atrium, no Basilica: stockpile or deck
    assert app.top.has_button("pick-deck") and not app.top.has_button("pick-hand")
    driver.tap("pick-deck")
    assert session.actions[-1].payload == {"source": "deck"}
    assert session.state.players[0].vault[-1].material is None
    driver.taps("move-vault", "pick-hand", "pick-wood")
    assert session.actions[-1].payload == {"source": "hand", "material": "wood"}
    assert session.state.players[1].vault[-1].source == "hand"


def test_stairway_and_colosseum_only_for_their_owners(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Stairway", 1: "Colosseum"})
    driver = open_table(app, session)
    # Legionary: nobody has a client yet, so Ben's Colosseum cannot take one
    driver.taps("move-lead-legionary", "move-follow")
    assert not app.top.has_button("move-colosseum")  # Ana has no Colosseum
    driver.tap("move-done")  # Ana's Legionary action is not tracked: done ends it
    assert not app.top.button("move-colosseum").enabled
    driver.tap("move-done")
    play_turn(session, "patron", {0: [("hire_client", {"role": "laborer"})]})
    app.invalidate()
    app.step()
    # Architect: Ana opens Ben's Colosseum to everyone; Ben has no Stairway
    driver.taps("move-lead-architect", "move-follow", "move-stairway", "pick-1")
    driver.tap("pick-Colosseum")
    assert session.state.public == ("Colosseum",)
    assert not app.top.has_button("move-stairway")
    driver.tap("move-done")
    # Legionary led by Ben: his Colosseum takes Ana's Laborer client into his vault
    driver.taps("move-lead-legionary", "move-follow", "move-colosseum")
    assert not app.top.has_button("pick-patron")
    driver.taps("pick-laborer", "pick-0")  # one role, one player to take from: not asked
    assert session.actions[-1].type == "colosseum"
    assert session.state.players[0].client_count("laborer") == 0
    assert session.state.players[1].vault[-1].source == "client"


def test_prison_exchange_is_offered_to_who_completed_it(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Prison", 1: "Wall"})
    state = session.state
    assert state.prison_due == (0,) and state.players[1].building("Wall").completed
    influence = (state.players[0].influence, state.players[1].influence)
    driver = open_table(app, session)
    driver.taps("move-prison-0", "pick-1", "pick-Wall")
    state = session.state
    assert session.actions[-1].type == "prison_exchange"
    assert state.players[0].building("Wall") is not None
    assert state.players[1].building("Wall") is None
    assert (state.players[0].influence, state.players[1].influence) == (influence[0] - 3,
                                                                        influence[1] + 3)
    assert not app.top.has_button("move-prison-0")


def test_crane_foundation_asks_for_the_material(app: App) -> None:
    session = new_game(app, {"card_set": "republic"})
    driver = open_table(app, session)
    driver.taps("move-lead-architect", "move-follow", "move-foundation")
    # the cards without published data stand apart, grey; their material is asked
    assert app.top.button("pick-Crane").fill is None
    assert app.top.button("pick-Wall").fill is not None
    driver.taps("pick-Crane", "pick-wood")
    assert session.actions[-1].payload == {"building": "Crane", "out_of_town": False,
                                           "material": "wood"}
    assert session.state.players[0].building("Crane").material == "wood"
    # a building with its own material goes straight to the site question
    driver.taps("move-foundation", "pick-Wall")  # no material or site question
    assert session.state.players[1].building("Wall").material == "concrete"


def tap_tag(app: App, reader: str, uid: str) -> None:
    app.inputs.put(TagArrived(reader, uid))
    app.step()
    app.settle()


def test_material_tag_vaults_only_on_the_vault_reader(app: App) -> None:
    session = demo_session(app.store, "glory-to-rome")
    app.store.enrol_tag("6B4DAF82", TagMeaning("gtr-material", "wood", "Wood"))
    open_table(app, session)
    app.vault_reader = "vault"
    julia = session.state.players[2]
    tap_tag(app, "table", "6B4DAF82")
    assert session.state.players[2].vault == julia.vault
    assert app.banner is not None and "vault reader" in app.banner.text
    tap_tag(app, "vault", "6B4DAF82")
    assert len(session.state.players[2].vault) == len(julia.vault) + 1
    assert session.actions[-1].payload == {"material": "wood", "source": "stockpile"}


def test_without_a_vault_reader_any_reader_vaults(app: App) -> None:
    session = demo_session(app.store, "glory-to-rome")
    app.store.enrol_tag("6B4DAF82", TagMeaning("gtr-material", "wood", "Wood"))
    open_table(app, session)
    assert app.vault_reader is None
    vaulted = len(session.state.players[2].vault)
    tap_tag(app, "table", "6B4DAF82")
    assert len(session.state.players[2].vault) == vaulted + 1


THREE = (PlayerInfo("Ana", "red", 1), PlayerInfo("Ben", "blue", 2),
         PlayerInfo("Cato", "green", 3))


def test_one_colosseum_action_takes_from_both_neighbours(app: App) -> None:
    """At 3 to 5 players one Legionary action demands from the neighbours on both sides:
    with a Colosseum each gives a matching client, both offered as the first answer."""
    session = GameSession.create(app.store, "glory-to-rome", THREE, {})
    build(session, {0: "Colosseum", 1: "Market", 2: "Market"})
    play_turn(session, "patron", {1: [("hire_client", {"role": "laborer"})],
                                  2: [("hire_client", {"role": "laborer"})]})
    driver = open_table(app, session)
    while session.state.leader != 0:
        play_turn(session, "laborer", {})
    app.invalidate()
    app.step()
    driver.taps("move-lead-legionary", "move-follow", "move-follow", "move-colosseum")
    driver.tap("pick-laborer")  # the only role on offer: not asked
    assert app.top.has_button("pick-1,2") and app.top.has_button("pick-1")
    driver.tap("pick-1,2")
    assert session.actions[-1].payload == {"from": [1, 2], "role": "laborer"}
    state = session.state
    assert [c.source for c in state.players[0].vault] == ["client", "client"]
    assert state.players[1].client_count("laborer") == 0 == state.players[2].client_count(
        "laborer")
    assert state.acting == 1  # the one action took both


def test_the_stairway_question_only_when_the_move_could_use_it(app: App) -> None:
    session = new_game(app)
    build(session, {0: "Stairway", 1: "Market"})
    build(session, {0: "Market"})
    driver = open_table(app, session)
    while session.state.leader != 0:
        play_turn(session, "laborer", {})
    app.invalidate()
    app.step()
    # Ben's only structure is a Market, and Ana has her own: nothing to ask
    driver.taps("move-lead-architect", "move-follow")
    assert not app.top.button("move-stairway").enabled
    driver.taps("move-foundation", "pick-Road")
    assert session.actions[-1].payload == {"building": "Road", "out_of_town": False}
