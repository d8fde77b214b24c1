"""``companion screenshot``: render one screen of a demo game to a PNG, headless.

The README's pictures and the tests' look at every screen come from here, so they show
exactly what the app draws.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from companion.core.i18n import _


def _screens() -> dict[str, Callable[[object], None]]:
    """Screen name -> how to bring the app (an ``App``) to it."""
    from companion.ui import places
    from companion.ui.app_loop import App
    from companion.ui.demo import (
        DEMO_ENTRIES,
        DEMO_PLAYERS,
        demo_five,
        demo_history,
        demo_session,
    )
    from companion.ui.screens.endgame import EndgameScreen
    from companion.ui.screens.replay import ReplayScreen

    def table(game: str) -> Callable[[object], None]:
        def show(app: object) -> None:
            assert isinstance(app, App)
            app.start_session(demo_session(app.store, game))
        return show

    def via_romana_scoring(app: object) -> None:
        from companion.ui.tables.via_romana_demo import scoring_session

        assert isinstance(app, App)
        app.start_session(scoring_session(app.store))

    def home(app: object) -> None:
        assert isinstance(app, App)
        demo_session(app.store, "glory-to-rome")
        app.go(places.Home())

    def endgame(app: object) -> None:
        assert isinstance(app, App)
        app.session = demo_session(app.store, "glory-to-rome", ended=True)
        app.go(places.Endgame())
        screen = app.top
        assert isinstance(screen, EndgameScreen)
        for key, value in DEMO_ENTRIES.items():
            if key in screen.digits:
                screen.set_value(key, value)

    def scoreboard(app: object) -> None:
        assert isinstance(app, App)
        session = demo_session(app.store, "glory-to-rome", ended=True)
        result = session.rules.final_score(session.state, DEMO_ENTRIES)
        session.finish(result, DEMO_ENTRIES)
        app.go(places.Scoreboard(result, session.rules.title,
                                 colours={p.name: p.colour for p in session.players}))

    def history(app: object) -> None:
        assert isinstance(app, App)
        demo_history(app.store)
        app.go(places.History())

    def stats(app: object) -> None:
        assert isinstance(app, App)
        demo_history(app.store)
        app.go(places.Stats())

    def player_stats(app: object) -> None:
        assert isinstance(app, App)
        demo_history(app.store)
        app.go(places.PlayerStats(DEMO_PLAYERS[0].name))

    def players(app: object) -> None:
        assert isinstance(app, App)
        demo_history(app.store)
        app.go(places.Players())

    def finished(app: object) -> None:
        assert isinstance(app, App)
        app.go(places.FinishedGame(demo_history(app.store)[0]))

    def players_merge(app: object) -> None:
        """A profile typed under another spelling, about to be merged into the right one."""
        from companion.history.corrections import reseat
        from companion.log.entries import Profile
        from companion.ui.screens.players import PlayersScreen

        assert isinstance(app, App)
        game_id = demo_history(app.store)[0]
        first = app.store.game(game_id).players[0]
        other = {"Julia": "Iulia", "Livia": "Livvia", "Marcus": "Markus"}.get(
            first.name, first.name + "e")
        reseat(app.store, game_id, 0, other)
        app.store.save_profile(Profile(other, "green", 1, None, 0.0, 1))
        app.go(places.Players())
        screen = app.top
        assert isinstance(screen, PlayersScreen)
        screen.build()
        screen._chosen(next(p for p in app.store.profiles() if p.name == other), first.name)

    def player_game_stats(app: object) -> None:
        assert isinstance(app, App)
        demo_history(app.store)
        app.go(places.PlayerGame(DEMO_PLAYERS[0].name, "glory-to-rome"))

    def import_summary(app: object) -> None:
        """The history after a BG Stats file came in: three plays, one of another game,
        one already here, a name kept apart from a close profile."""
        import json

        from companion.history.bgstats import import_plays, parse
        from companion.history.bgstats_cli import summary_lines
        from companion.history.exchange import export_text
        from companion.log.entries import Profile
        from companion.log.store import Store
        from companion.ui.screens.dialogs import MessageDialog

        assert isinstance(app, App)
        elsewhere = Store(":memory:")
        demo_history(elsewhere)
        plays = json.loads(export_text(elsewhere, "bgstats"))
        plays.append(dict(plays[0], game={"name": "Carcassonne", "bggId": 822},
                          sourcePlayId="other"))
        plays.append(dict(plays[1], sourcePlayId="again"))
        for player in plays[2]["players"]:
            if player["name"] == "Livia":
                player["name"] = "Livvia"
        app.store.save_profile(Profile("Livia", "red", 1, None, 0.0, 0))
        summary = import_plays(app.store, *parse(json.dumps(plays)))
        app.go(places.History())
        app.push(MessageDialog(app, _("Imported from {file}").format(
            file="BGStatsExport.json"), "\n".join(summary_lines(summary))))

    def edit_game(app: object) -> None:
        """A finished game with one number corrected (the ranking changed by it)."""
        from companion.history.corrections import correct_score

        assert isinstance(app, App)
        game_id = demo_history(app.store)[0]
        last = (app.store.game(game_id).result or {})["players"][-1]
        correct_score(app.store, game_id, last["name"], "influence",
                      last["breakdown"]["influence"] + 9, "table")
        app.go(places.EditGame(game_id))

    def edit_number(app: object) -> None:
        """Correcting a number: the ones the game's scoring works from, to pick one."""
        from companion.ui.screens.edit_game import EditGameScreen

        edit_game(app)
        assert isinstance(app, App)
        app.step()
        screen = app.top
        assert isinstance(screen, EditGameScreen)
        screen.button("score-0").on_tap()

    def replay(app: object) -> None:
        assert isinstance(app, App)
        app.go(places.Replay(demo_history(app.store)[0]))
        screen = app.top
        assert isinstance(screen, ReplayScreen)
        screen.replay.step(4)

    def new_game_of(game: str) -> Callable[[object], None]:
        def new_game(app: object) -> None:
            """With the players of an earlier evening remembered, one of them seated,
            ``game`` chosen (its options shown)."""
            from companion.ui.screens.new_game import NewGameScreen

            assert isinstance(app, App)
            demo_session(app.store, "glory-to-rome")
            app.go(places.NewGame())
            screen = app.top
            assert isinstance(screen, NewGameScreen)
            screen.seat_profile(screen.recent[0])
            if game != "glory-to-rome":
                screen.build()
                screen.button(f"game-{game}").on_tap()
        return new_game

    def rules_card(app: object) -> None:
        """A long press on the Statue in the demo game's camps."""
        from companion.ui.rules_cards import open_rules_card

        assert isinstance(app, App)
        session = demo_session(app.store, "glory-to-rome")
        app.start_session(session)
        open_rules_card(app, session.rules.key, "building:Statue", session.state)

    def what_now(app: object) -> None:
        from companion.ui.rules_cards import open_what_now

        assert isinstance(app, App)
        session = demo_session(app.store, "glory-to-rome")
        app.start_session(session)
        open_what_now(app, session.rules.key, session.state)

    def shown(action: Callable[[App], object]) -> Callable[[object], None]:
        def show(app: object) -> None:
            assert isinstance(app, App)
            action(app)
        return show

    return {
        "home": home,
        "new-game": new_game_of("glory-to-rome"),
        "new-game-via-romana": new_game_of("via-romana"),
        "table-glory-to-rome": table("glory-to-rome"),
        "table-glory-to-rome-5": shown(lambda app: app.start_session(demo_five(app.store))),
        "table-ave-roma": table("ave-roma"),
        "table-via-romana": table("via-romana"),
        "table-via-romana-scoring": via_romana_scoring,
        "endgame-entry": endgame,
        "scoreboard": scoreboard,
        "history": history,
        "history-game": finished,
        "edit-game": edit_game,
        "edit-number": edit_number,
        "players-merge": players_merge,
        "import-summary": import_summary,
        "player-game-stats": player_game_stats,
        "replay": replay,
        "stats": stats,
        "player-stats": player_stats,
        "players": players,
        "settings": shown(lambda app: app.go(places.Settings())),
        "display-settings": shown(lambda app: app.go(places.Display())),
        "rules-card": rules_card,
        "what-now": what_now,
    }


SCREEN_NAMES = ("home", "new-game", "table-glory-to-rome", "table-glory-to-rome-5",
                "table-ave-roma", "table-via-romana", "table-via-romana-scoring",
                "endgame-entry", "scoreboard", "history", "history-game", "edit-game",
                "edit-number", "replay",
                "stats", "player-stats", "player-game-stats", "players", "players-merge",
                "import-summary", "settings", "display-settings")
#: more screens the command draws for a look, outside the catalog and touch-target sweeps
EXTRA_SCREEN_NAMES = ("new-game-via-romana", "rules-card", "what-now")


def show_screen(app: object, screen: str) -> None:
    """Bring a started ``App`` with an empty store to ``screen`` of the demo game."""
    _screens()[screen](app)


def run_screenshot(screen: str, size: tuple[int, int], out: Path,
                   language: str | None = None, rotate: int = 0) -> int:
    """Write ``screen`` at ``size`` to ``out`` (in ``language``, if given; turned by
    ``rotate`` degrees); 2 for an unknown screen or language, 1 if it cannot write."""
    if screen not in (*SCREEN_NAMES, *EXTRA_SCREEN_NAMES):
        print(_("companion screenshot: unknown screen {name!r}; choose one of: {names}").format(
            name=screen, names=", ".join((*SCREEN_NAMES, *EXTRA_SCREEN_NAMES))),
            file=sys.stderr)
        return 2
    if language is not None:
        from companion.core import i18n

        if i18n.match_language(language) is None:
            print(_("companion screenshot: unknown language {name!r}; choose one of: {names}")
                  .format(name=language, names=", ".join(i18n.LANGUAGES)), file=sys.stderr)
            return 2
        i18n.set_language(language)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from companion.core.events import new_input_queue
    from companion.log.store import Store
    from companion.ui.app_loop import App

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as data_dir:
        store = Store.open(Path(data_dir))
        try:
            surface = pygame.Surface(size)
            app = App(store, new_input_queue(), surface, present=lambda rects: None,
                      rotation=rotate)
            app.start()
            show_screen(app, screen)
            app.render(force=True)
            try:
                pygame.image.save(surface, str(out))
            except (pygame.error, OSError) as exc:
                print(_("companion screenshot: cannot write {path}: {error}").format(
                    path=out, error=exc), file=sys.stderr)
                return 1
        finally:
            store.close()
    return 0
