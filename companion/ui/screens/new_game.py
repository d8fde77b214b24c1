"""New game: pick the game, 2-5 players (name, colour, seat button, optional tag), options.

Players the companion has seen are offered as chips in their usual colour: one tap puts
one at the table with their colour, seat and token; another tap takes them off again.
"The same as last time" brings back the last game's game, line-up and options at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.i18n import _
from companion.core.records import mutable
from companion.games import GAME_MODULES, get_rules
from companion.games.base import PlayerInfo
from companion.log.entries import GameRecord, Profile, TagMeaning
from companion.log.limits import history_full
from companion.log.session import MAX_PLAYERS, MIN_PLAYERS, GameSession
from companion.ui import places, theme
from companion.ui.form import PickDialog
from companion.ui.intents import Press, Tag
from companion.ui.keyboard import KeyboardScreen
from companion.ui.layout import grid, mirror, split_cols, split_rows
from companion.ui.numpad import NumberDialog
from companion.ui.screen import Screen
from companion.ui.screens.dialogs import ChoiceDialog, ConfirmDialog
from companion.ui.text import draw_text
from companion.ui.text_fit import parts_that_fit
from companion.ui.text_shaping import measure

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost


#: the longest player name the keyboard takes (it says so when a name reaches it)
NAME_LENGTH = 24


@mutable
class PlayerRow:
    name: str
    colour: str
    seat: int
    token: str | None = None


def option_labels() -> dict[str, str]:
    """The options the screen offers, in words; the others keep the game's defaults."""
    return {
        "card_set": _("Card set"), "jacks": _("Jacks in the supply"),
        "leader": _("First Leader"), "tracking": _("What the companion tracks"),
        "region_scoring": _("Region scoring"),
        "region_deck_size": _("Region cards in the deck"),
        "surplus_cap": _("Surplus limit"), "board_file": _("Board file"),
        "starting_castles": _("Starting castles"), "castles_per_player": _("Castles each"),
        "milestones_per_player": _("Milestones each"),
        "last_turns": _("Turns after the last signpost"),
        "order_board_bonus": _("Order-board bonus (VP)"),
        "eagle_bonus": _("Legion eagle (VP)"),
    }


def option_choices(key: str, players: list[PlayerRow]) -> list[tuple[Any, str]] | None:
    """Fixed answers for an option, or None when it is typed in."""
    if key == "card_set":
        return [("imperium", _("Imperium")), ("republic", _("Republic"))]
    if key == "tracking":
        return [("essentials", _("essentials: placements, order, influence")),
                ("full", _("full: also coins, resources, surplus, VP"))]
    if key == "region_scoring":
        return [("level", _("influence level after the push-down")),
                ("table", _("the table enters the points"))]
    if key == "jacks":
        return [(5, "5"), (6, "6")]
    if key == "leader":
        return [(i, row.name or _("Player {n}").format(n=i + 1)) for i, row in enumerate(players)]
    if key == "starting_castles":
        return [(None, _("by player count")), (1, "1"), (2, "2")]
    if key == "surplus_cap":
        return [(None, _("the table decides")), *((n, str(n)) for n in range(1, 11))]
    if key == "last_turns":
        return [(None, _("as the board file says")), (True, _("one more each")),
                (False, _("none: the game ends"))]
    if key in ("order_board_bonus", "eagle_bonus"):
        return [(None, _("as the board file says")), *((n, str(n)) for n in range(11))]
    if key == "board_file":
        return [(None, _("the shipped map")), ("__type__", _("type a file path"))]
    return None


class NewGameScreen(Screen):
    name = "new-game"

    def __init__(self, app: ScreenHost, game: str | None = None) -> None:
        super().__init__(app)
        self.last: GameRecord | None = app.store.last_game()
        if self.last is not None and self.last.game not in GAME_MODULES:
            self.last = None
        self.game = game or (self.last.game if self.last else next(iter(GAME_MODULES)))
        colours = list(theme.PLAYER_COLOURS)
        self.players = [PlayerRow("", colours[i], i + 1) for i in range(MIN_PLAYERS)]
        self.options: dict[str, Any] = get_rules(self.game).default_options()
        self.selected = 0
        self.waiting_tag_for: int | None = None
        #: players seen before, most recent first (fixed while the screen is open, so
        #: a chip never moves under the finger)
        self.recent: list[Profile] = app.store.profiles(limit=10)
        #: where it is played: the last game's place until the table says otherwise
        self.place, self.last_note = app.store.last_place()
        #: a line about this game; the last game's is offered again, never copied unasked
        self.note: str | None = None

    # -- layout ---------------------------------------------------------------------------

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """Game tabs, recent players, players, options, and the bottom bar."""
        m = self.metrics
        area = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        chip_rows = min(2, -(-len(self.recent) // 4)) if m.portrait else min(1, len(self.recent))
        recent_height = chip_rows * m.unit + max(0, chip_rows - 1) * m.gap
        if m.portrait:
            tabs, recent, players, options, bottom = split_rows(
                area, [-m.unit, -recent_height, -(MAX_PLAYERS + 1) * (m.unit + m.gap), 1,
                       -(2 * m.unit + m.gap)], m.gap * 2)
            return tabs, recent, players, options, bottom
        tabs, recent, middle, bottom = split_rows(area, [-m.unit, -recent_height, 1, -m.unit],
                                                  m.gap)
        players, options = split_cols(middle, [3, 2], m.gap * 2)
        return tabs, recent, players, options, bottom

    def build(self) -> None:
        super().build()
        m = self.metrics
        tabs, recent, players, options, bottom = self._areas()
        keys = list(GAME_MODULES)
        for key, cell in zip(keys, grid(tabs, len(keys), len(keys), m.gap), strict=True):
            self.add(f"game-{key}", cell, get_rules(key).title, self._game_setter(key),
                     selected=key == self.game)
        self._recent_chips(recent)
        row_height = max(m.unit, min(m.unit, (players.height - m.gap * MAX_PLAYERS)
                                     // (MAX_PLAYERS + 1)))
        for index, row in enumerate(self.players):
            rect = pygame.Rect(players.left, players.top + index * (row_height + m.gap),
                               players.width, row_height)
            self._player_row(index, row, rect)
        if len(self.players) < MAX_PLAYERS:
            top = players.top + len(self.players) * (row_height + m.gap)
            # on the side the seats' rows start on (the right in Arabic)
            self.add("add-player", mirror(pygame.Rect(players.left, top, players.width // 2,
                                                      row_height), players),
                     _("+ Add player"), self._add_player)
        # where and a note: the options panel's last row (the options above it)
        options, where = split_rows(options, [1, -m.unit], m.gap)
        self.add("where", where, self.where_text(), self._where, fill=theme.PANEL_LIGHT)
        self._option_rows(options)
        if m.portrait:  # the start names the game: a row of its own, at the reading size
            choices, start = split_rows(bottom, [1, 1], m.gap)
            back, again = split_cols(choices, [1, 1.5], m.gap * 2)
        else:
            back, again, start = split_cols(bottom, [1, 1.5, 1.8], m.gap * 2)
        self.add("back", back, _("Back"), self.goes_to(places.Home()), fill=theme.PANEL)
        if self.last is not None:
            self.add("same-again", again, _("Same as last time"), self.same_as_last_time,
                     fill=theme.PANEL_LIGHT)
        self.add("start", start, _("Start {title}").format(title=get_rules(self.game).title),
                 self._start, selected=True)

    def _recent_chips(self, area: pygame.Rect) -> None:
        """One chip per remembered player, in their colour; selected when at the table."""
        m = self.metrics
        if not self.recent or area.height <= 0:
            return
        rows = max(1, (area.height + m.gap) // (m.unit + m.gap))
        columns = 4 if m.portrait else 6
        cells = grid(area, min(len(self.recent), rows * columns), columns, m.gap,
                     row_height=m.unit)
        seated = {row.name.casefold() for row in self.players}
        for profile, cell in zip(self.recent, cells, strict=False):
            self.add(f"recent-{profile.name}", cell, profile.name, self._recent_toggle(profile),
                     fill=theme.colour_rgb(profile.colour),
                     selected=profile.name.casefold() in seated)

    def _player_row(self, index: int, row: PlayerRow, rect: pygame.Rect) -> None:
        m = self.metrics
        # the seat and tag at the small size, the tag as wide as its word needs there
        # (Marke, Etichetă); the name keeps the room for "Tap to name" on two lines
        colour, name, seat, tag, remove = split_cols(rect, [-rect.height, 3.6, 1.4, 2.1,
                                                            -rect.height], m.gap)
        self.add(f"colour-{index}", colour, "", self._cycle_colour(index),
                 fill=theme.colour_rgb(row.colour))
        self.add(f"name-{index}", name, row.name or _("Tap to name"), self._edit_name(index),
                 selected=index == self.selected and len(self.players) > 1,
                 fill=theme.PANEL_LIGHT if row.name else theme.BUTTON)
        self.add(f"seat-{index}", seat, _("Seat {n}").format(n=row.seat), self._cycle_seat(index),
                 size=m.small)
        tag_label = _("Tag set") if row.token else (
            _("Tap tag...") if self.waiting_tag_for == index else _("Tag"))
        self.add(f"tag-{index}", tag, tag_label, self._wait_tag(index),
                 selected=self.waiting_tag_for == index, size=m.small)
        self.add(f"remove-{index}", remove, "×", self._remove(index),
                 enabled=len(self.players) > MIN_PLAYERS, fill=theme.PANEL)

    def _option_rows(self, area: pygame.Rect) -> None:
        m = self.metrics
        labels = option_labels()
        keys = [k for k in self.options if k in labels]
        # a row holds the option's name and its value, each on a line at the reading size
        # (a little less when that lets every option have its row)
        height = max(m.unit * 4 // 3, min(m.unit * 3 // 2,
                                          (area.height + m.gap) // max(1, len(keys)) - m.gap))
        rows = max(1, (area.height + m.gap) // (height + m.gap))
        shown = keys if len(keys) <= rows else keys[:rows - 1]
        for index, key in enumerate(shown):
            rect = pygame.Rect(area.left, area.top + index * (height + m.gap), area.width, height)
            self.add(f"option-{key}", rect, labels[key], self._edit_option(key),
                     sublabel=self._option_text(key), fill=theme.PANEL_LIGHT, size=m.small)
        rest = keys[len(shown):]
        if rest:  # what does not fit is one tap further, never left out
            rect = pygame.Rect(area.left, area.top + len(shown) * (height + m.gap), area.width,
                               height)
            button = self.add("more-options", rect, _("More options"),
                              self._more_options(rest), fill=theme.PANEL_LIGHT, size=m.small)
            # the names that fit at the reading size; the pick lists them all
            names = [labels[k] for k in rest]
            width = button.inner().width - measure(", …", m.small)[0]
            named = parts_that_fit(names, m.small * 3 // 4, width, round(16 * m.unit / 48),
                                   joint=", ")
            button.sublabel = named if named == ", ".join(names) else named + ", …"

    def _more_options(self, keys: list[str]) -> Callable[[], None]:
        """The options the column has no room for, each with its value, in one pick."""
        def ask() -> None:
            labels = option_labels()
            choices = [(key, _("{option}: {value}").format(option=labels[key],
                                                           value=self._option_text(key)))
                       for key in keys]
            self.app.push(PickDialog(self.app, _("More options"), choices,
                                     lambda key: self._edit_option(str(key))()))
        return ask

    def _option_text(self, key: str) -> str:
        value = self.options.get(key)
        for choice, label in option_choices(key, self.players) or []:
            if choice == value:
                return label
        return str(value)

    def where_text(self) -> str:
        """The place and note in one line, for the button (one line: a typed place in any
        script keeps to the button's face)."""
        given = " · ".join(text for text in (self.place, self.note) if text)
        return _("Place: {where}").format(where=given) if given else _("Place and note")

    # -- actions --------------------------------------------------------------------------

    def _where(self) -> None:
        from companion.ui.screens.place import choose_place

        def chosen(place: str | None, note: str | None) -> None:
            self.place, self.note = place, note
            self.app.invalidate()

        choose_place(self.app, self.place, self.note, chosen,
                     notes=[self.last_note] if self.last_note else [])

    def _game_setter(self, key: str) -> Callable[[], None]:
        def set_game() -> None:
            self.game = key
            self.options = get_rules(key).default_options()
            self.app.invalidate()
        return set_game

    def _recent_toggle(self, profile: Profile) -> Callable[[], None]:
        def toggle() -> None:
            seated = [i for i, row in enumerate(self.players)
                      if row.name.casefold() == profile.name.casefold()]
            if seated:
                self._take_off(seated[0])
            else:
                self.seat_profile(profile)
            self.app.invalidate()
        return toggle

    def seat_profile(self, profile: Profile) -> None:
        """Put a remembered player at the table: the first unnamed row, else a new one."""
        index = next((i for i, row in enumerate(self.players) if not row.name), None)
        if index is None:
            if len(self.players) >= MAX_PLAYERS:
                self.app.message(_("The table is full (5 players); remove a player first."))
                return
            self._add_player()
            index = len(self.players) - 1
        row = self.players[index]
        row.name = profile.name
        named = [r for r in self.players if r.name and r is not row]
        if profile.colour not in {r.colour for r in named}:
            self._give(index, "colour", profile.colour)
        if profile.seat not in {r.seat for r in named} and 1 <= profile.seat <= MAX_PLAYERS:
            self._give(index, "seat", profile.seat)
        if profile.token and all(r.token != profile.token for r in self.players):
            row.token = profile.token
        self.selected = index

    def _give(self, index: int, what: str, value: Any) -> None:
        """Set a row's colour or seat; an unnamed row that had it takes this row's old one."""
        row = self.players[index]
        for other in self.players:
            if other is not row and getattr(other, what) == value:
                setattr(other, what, getattr(row, what))
        setattr(row, what, value)

    def _take_off(self, index: int) -> None:
        if len(self.players) > MIN_PLAYERS:
            del self.players[index]
        else:
            self.players[index].name = ""
            self.players[index].token = None
        self.selected = min(self.selected, len(self.players) - 1)
        self.waiting_tag_for = None

    def same_as_last_time(self) -> None:
        """The line-up (names, colours, seats, tokens) and options of the last game of the
        game chosen (the tab stays: a tap on Ave Roma's never turns it to another game);
        never played, the last game's line-up with this game's own options."""
        last = self.app.store.last_game(self.game) or self.last
        if last is None:
            return
        self.players = [PlayerRow(p.name, p.colour, p.seat, p.token) for p in last.players]
        if last.game == self.game:
            defaults = get_rules(last.game).default_options()
            self.options = {**defaults,
                            **{k: v for k, v in last.options.items() if k in defaults}}
        self.selected = 0
        self.waiting_tag_for = None
        self.app.invalidate()

    def _add_player(self) -> None:
        used_colours = {row.colour for row in self.players}
        used_seats = {row.seat for row in self.players}
        colour = next(c for c in theme.PLAYER_COLOURS if c not in used_colours)
        seat = next(s for s in range(1, MAX_PLAYERS + 1) if s not in used_seats)
        self.players.append(PlayerRow("", colour, seat))
        self.selected = len(self.players) - 1
        self.app.invalidate()

    def _remove(self, index: int) -> Callable[[], None]:
        def remove() -> None:
            if len(self.players) > MIN_PLAYERS:
                del self.players[index]
                self.selected = min(self.selected, len(self.players) - 1)
                self.waiting_tag_for = None
                self.app.invalidate()
        return remove

    def _cycle_colour(self, index: int) -> Callable[[], None]:
        def cycle() -> None:
            names = list(theme.PLAYER_COLOURS)
            taken = {row.colour for i, row in enumerate(self.players) if i != index}
            position = names.index(self.players[index].colour) \
                if self.players[index].colour in names else -1
            for step in range(1, len(names) + 1):
                candidate = names[(position + step) % len(names)]
                if candidate not in taken:
                    self.players[index].colour = candidate
                    break
            self.selected = index
            self.app.invalidate()
        return cycle

    def _cycle_seat(self, index: int) -> Callable[[], None]:
        def cycle() -> None:
            self.players[index].seat = self.players[index].seat % MAX_PLAYERS + 1
            self.selected = index
            self.app.invalidate()
        return cycle

    def _edit_name(self, index: int) -> Callable[[], None]:
        def edit() -> None:
            self.selected = index

            def done(text: str) -> None:
                self.players[index].name = text
                self.app.invalidate()

            taken = {p.name for p in self.players}
            names = [name for name in self.app.store.recent_player_names() if name not in taken]
            self.app.push(KeyboardScreen(self.app, _("Name of player {n}").format(n=index + 1),
                                         self.players[index].name, done, max_length=NAME_LENGTH,
                                         names=names))
        return edit

    def _wait_tag(self, index: int) -> Callable[[], None]:
        def wait() -> None:
            if self.players[index].token:
                self.players[index].token = None
                self.waiting_tag_for = None
            else:
                self.waiting_tag_for = None if self.waiting_tag_for == index else index
                if self.waiting_tag_for is not None and self.app.simulated_reader is not None:
                    self.app.pick_demo_tag()  # no reader in a window: a demo tag stands in
                elif self.waiting_tag_for is not None:
                    self.app.message(_("Put the token of {name} on a reader.").format(
                        name=self.players[index].name or _("player {n}").format(n=index + 1)),
                        error=False)
            self.selected = index
            self.app.invalidate()
        return wait

    def _edit_option(self, key: str) -> Callable[[], None]:
        def edit() -> None:
            choices = option_choices(key, self.players)
            if choices is not None:
                self.app.push(PickDialog(self.app, option_labels()[key], choices,
                                         lambda value: self._set_option(key, value)))
                return
            current = self.options.get(key)
            self.app.push(NumberDialog(self.app, option_labels()[key],
                                       current if isinstance(current, int) else None, 0, 999,
                                       lambda value: self._set_option(key, value)))
        return edit

    def _set_option(self, key: str, value: Any) -> None:
        if value == "__type__":
            self.app.push(KeyboardScreen(self.app, option_labels()[key],
                                         str(self.options.get(key) or ""),
                                         lambda text: self._set_option(key, text or None),
                                         max_length=120, capitalise=False))
            return
        self.options[key] = value
        self.app.invalidate()

    def _start(self) -> None:
        """Start the game; first, where it could not be saved, say so and ask; with the
        history full, say so and start nothing."""
        full = history_full(self.app.store.finished_count())
        if full is not None:
            self.app.message(full)
            return
        unsaved = self.app.store.unsaved
        if unsaved is None:
            self._begin()
            return
        self.app.push(ConfirmDialog(
            self.app, _("This game will not be saved"),
            unsaved + " " + _("Moves played now are lost when the companion stops."),
            _("Play without saving"), self._begin, no_label=_("Back")))

    def _begin(self) -> None:
        players = [PlayerInfo(row.name.strip(), row.colour, row.seat, row.token)
                   for row in self.players]
        session = GameSession.create(self.app.store, self.game, players, self.options,
                                     self.place, self.note)
        for player in players:
            if player.token:
                self.app.store.enrol_tag(player.token, TagMeaning("player", player.name,
                                                                  player.name))
        self.app.start_session(session)

    # -- buttons and tags -----------------------------------------------------------------

    def on_press(self, press: Press) -> None:
        if press.button.startswith("seat") and press.button[4:].isdigit():
            self.players[self.selected].seat = int(press.button[4:])
            self.app.invalidate()
        elif press.button == "next":
            self._start()
        else:
            super().on_press(press)

    def on_tag(self, tag: Tag) -> None:
        if self.waiting_tag_for is not None:
            self._give_token(self.waiting_tag_for, tag.uid)
            return
        meaning = self.app.store.tag_meaning(tag.uid)
        if meaning is not None and meaning.kind == "player":
            self._claim(meaning.value, tag.uid)
            return
        if meaning is not None:
            super().on_tag(tag)
            return
        choices = [(f"token-{i}", _("Token of {name}").format(
            name=row.name or _("player {n}").format(n=i + 1)), self._giver(i, tag.uid))
                   for i, row in enumerate(self.players) if not row.token]
        choices.append(("other", _("Something else..."),
                        lambda: self.app.tag_default(tag)))
        self.app.push(ChoiceDialog(self.app, _("What is this tag?"), choices))

    def _giver(self, index: int, uid: str) -> Callable[[], None]:
        return lambda: self._give_token(index, uid)

    def _give_token(self, index: int, uid: str) -> None:
        for row in self.players:
            if row.token == uid:
                row.token = None
        self.players[index].token = uid
        self.waiting_tag_for = None
        self.app.message(_("Tag saved for {name}.").format(
            name=self.players[index].name or _("player {n}").format(n=index + 1)), error=False)
        self.app.invalidate()

    def _claim(self, name: str, uid: str) -> None:
        """A known player token claims a place: the row with that name, or a new row."""
        for index, row in enumerate(self.players):
            if row.name.casefold() == name.casefold() or not row.name:
                row.name = row.name or name
                self._give_token(index, uid)
                return
        if len(self.players) < MAX_PLAYERS:
            self._add_player()
            self.players[-1].name = name
            self._give_token(len(self.players) - 1, uid)
        else:
            self.app.message(_("The table is full (5 players); remove a player first."))

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        _tabs, _recent, _players, options, _bottom = self._areas()
        pygame.draw.rect(surface, theme.PANEL, options.inflate(m.gap, m.gap),
                         border_radius=m.gap)
        if not any(k in option_labels() for k in self.options):
            draw_text(surface, _("No options for this game."), options, m.small, theme.MUTED)
