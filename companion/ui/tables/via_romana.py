"""Via Romana at the table: the board as a map to tap, each player's supply, the scoring.

A tap on a city or a road starts the build there; the cards paid are picked as swatches
and checked by the rules (the questions are :mod:`via_romana_moves`'). What the players
must now do on the board (pick a marker, put up a signpost, take the legion eagle) is a
banner beside the map.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from companion.core import i18n
from companion.core.i18n import _, ngettext
from companion.games.base import Action
from companion.games.via_romana import (
    MAX_CARDS_PER_ROUND,
    Phase,
    allowed_actions,
    cards_left,
    scoring_prompt,
)
from companion.games.via_romana.state import order_from
from companion.log.entries import TagMeaning
from companion.ui import drawn, theme
from companion.ui.intents import Tag
from companion.ui.layout import MIN_TOUCH, split_cols, split_rows
from companion.ui.screens.dialogs import ConfirmDialog
from companion.ui.tables.base import Hotspot, MenuItem, Move, TableHost
from companion.ui.tables.via_romana_geometry import MapLayout
from companion.ui.tables.via_romana_layout import layout
from companion.ui.tables.via_romana_map import MapFacts, changed_area, draw_map, map_facts
from companion.ui.tables.via_romana_moves import ViaRomanaMoves
from companion.ui.tables.via_romana_panel import (
    banner_height,
    hint_height,
    hint_rows_height,
    paint_banner,
    paint_hint,
    paint_players,
    player_cells,
)
from companion.ui.text import fonts_generation
from companion.ui.theme import RGB
from companion.ui.widgets import Button


class ViaRomanaView(ViaRomanaMoves):
    def __init__(self, table: TableHost) -> None:
        super().__init__(table)
        self._geometries: dict[tuple[int, int, int, int, int, int], MapLayout] = {}
        #: the map picture kept: (size, unit, board, language, fonts), what it shows, the
        #: picture
        self._map: tuple[Hashable, MapFacts, pygame.Surface] | None = None
        self._scratch: pygame.Surface | None = None

    def colours(self) -> list[RGB]:
        return [theme.colour_rgb(p.colour) for p in self.session.players]

    # -- the panel's parts ----------------------------------------------------------------

    def areas(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The hint line, the map, and the side (players, and the banner of what to do)."""
        m = self.table.metrics
        if not m.portrait:
            # the map the whole height (the 7" map needs it for its names at the reading
            # size); atop the side the hint, or the eagle's banner in its place, wrapped
            # at the reading size over the players, who keep a finger's height each
            board, side = split_cols(rect, [2, 1], m.gap)
            count = len(self.session.players)
            room = side.height - count * m.unit - count * (m.gap // 2)
            banner = [] if self.via.pending else self.banner_lines()
            wanted = (banner_height(banner, side.width, m) if banner
                      else hint_height(self.hint_within(side.width, room), m, side.width))
            hint, side = split_rows(side, [-max(0, min(room, wanted)), 1], m.gap // 2)
            return hint, board, side
        # the hint at the reading size with room for two lines (a long translation wraps
        # rather than shrinks); Arabic reaches high and low
        hint, rest = split_rows(rect, [-hint_rows_height(m), 1], m.gap)
        # one fixed height for the players or, while a road is scored, the banner over
        # them (the eagle's takes the hint's place): the map never moves under a finger
        rows = -(-len(self.session.players) // 2)
        # a player's two rows each hold a name at the reading size
        players = rows * int(m.unit * 1.3) + (rows - 1) * (m.gap // 2)
        board, side = split_rows(rest, [1, -max(players, int(m.unit * 3.4))], m.gap)
        return hint, board, side

    def geometry(self, rect: pygame.Rect) -> MapLayout:
        """The map's layout in ``rect``, kept until the board, the window or the area change."""
        key = (*rect, self.table.metrics.unit, id(self.via.board))
        if key not in self._geometries:
            if len(self._geometries) > 8:  # a resize or a new board: start afresh
                self._geometries.clear()
            self._geometries[key] = layout(self.via, rect, self.table.metrics.unit)
        return self._geometries[key]

    def forget_pictures(self) -> None:
        """Draw the map and the banner afresh on the next frame (after a font change)."""
        self.layers.clear()
        self._map = None

    def _layer(self, name: str, key: Hashable, size: tuple[int, int],
               draw: Callable[[pygame.Surface], None]) -> pygame.Surface:
        """A picture drawn once on the panel's colour and reused while ``key`` holds."""
        return self.layers.picture(name, key, size, theme.PANEL, draw)

    # -- touch targets on the map -------------------------------------------------------

    def hotspots(self, rect: pygame.Rect) -> list[Button]:
        """A road answers a finger along its drawn spaces, a city on its disc (at least a
        finger wide); where two reach, the nearest wins (see :meth:`Hotspot.reach`)."""
        if self.via.phase is Phase.OVER and not self.via.pending:
            return []
        _hint, board, _side = self.areas(rect)
        geometry = self.geometry(board)
        finger = max(MIN_TOUCH, self.table.metrics.unit) // 2
        spots: list[Button] = []
        for index in range(len(self.via.board.roads)):
            segments = geometry.spaces[index]
            ends = (segments[0][0], segments[-1][1])
            bounds = pygame.Rect(min(x for x, _ in ends), min(y for _, y in ends),
                                 abs(ends[1][0] - ends[0][0]) + 1,
                                 abs(ends[1][1] - ends[0][1]) + 1).inflate(2 * finger,
                                                                           2 * finger)
            spots.append(Hotspot(f"road-{index}", bounds.clip(board),
                                 self.via.board.road_label(index), self._road_tapped(index),
                                 extra={"segments": ((ends[0], ends[1]),),
                                        "half_width": finger}))
        for index, centre in enumerate(geometry.centres):
            radius = max(finger, geometry.radius)
            bounds = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius,
                                 2 * radius)
            # a city by the map's edge keeps a finger-wide target, moved inside the map
            spots.append(Hotspot(f"city-{index}", bounds.clamp(board), self.city(index),
                                 self._city_tapped(index),
                                 extra={"circle": (centre, radius)}))
        return spots

    # -- buttons --------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        state = self.via
        moves: list[Move] = []
        for chooser in sorted({c.chooser for c in state.pending}):
            moves.append((f"pick-{chooser}", _("{name} picks a marker").format(
                name=self.name(chooser)), self._pick_marker(chooser), True))
        if state.pending or state.phase is Phase.OVER:
            return moves
        if "end_turn" in allowed_actions(state, state.current):
            moves.append(("end_turn", _("End turn"),
                          lambda: self.dispatch("end_turn", {}, self.via.current), True))
        return moves

    def menu_items(self) -> list[MenuItem]:
        missing = [i for i, board in enumerate(self.via.order_boards) if board is None]
        items: list[MenuItem] = [
            (f"order-board-{i}", _("Order board of {name}").format(name=self.name(i)),
             self._order_board(i)) for i in missing]
        if self.via.phase in (Phase.PLAY, Phase.LAST_TURNS) and not self.via.pending:
            items.append(("end-here", _("End here and score"), self._ask_end_here))
        return items

    def _ask_end_here(self) -> None:
        self.app.push(ConfirmDialog(
            self.app, _("End the game here and score it?"),
            _("The game ends now and goes to the final scoring, as if the last signpost had "
              "been placed. Undo takes it back."),
            _("End and score"), self._end_here))

    def _end_here(self) -> None:
        self.dispatch("end_game", {}, None)

    # -- seat buttons and tags ------------------------------------------------------------

    def on_next(self) -> None:
        if "end_turn" in allowed_actions(self.via, self.via.current):
            self.dispatch("end_turn", {}, self.via.current)
        else:
            super().on_next()

    def on_player(self, index: int) -> None:
        """A seat button: on one's own turn it ends the turn; out of turn it says so."""
        state = self.via
        if state.pending:
            chooser = state.pending[0].chooser
            if index == chooser:
                self._pick_marker(chooser)()
            else:
                self.app.message(_("{name}: {chooser} picks a city marker first; tap a city of "
                                   "the highlighted road.").format(
                    name=self.name(index), chooser=self.name(chooser)), error=False)
            return
        if state.phase is Phase.OVER:
            self.app.message(_("{name}: the game is over; tap Final scoring.").format(
                name=self.name(index)), error=False)
        elif index == state.current and "end_turn" in allowed_actions(state, index):
            self.dispatch("end_turn", {}, index)
        elif state.phase is Phase.SETUP:
            self.app.message(_("{name}: it is {current}'s turn to place a starting castle; "
                               "tap a city on the map.").format(
                name=self.name(index), current=self.name(state.current)), error=False)
        else:
            self.app.message(_("{name}: it is {current}'s turn. On your own turn this button "
                               "ends it.").format(name=self.name(index),
                                                  current=self.name(state.current)),
                             error=False)

    def on_tag(self, tag: Tag, meaning: TagMeaning) -> bool:
        if meaning.kind != "vr-city-marker":
            return False
        if not self.via.pending:
            self.app.message(_("No road is waiting for its marker pick."))
            return True
        colour, _sep, number = meaning.value.partition(":")
        connection = self.via.pending[0]
        road = self.via.board.roads[connection.road]
        for city in (road.a, road.b):
            stack = self.via.stacks[city]
            if self.via.board.cities[city].colour == colour and stack and str(stack[0]) == number:
                self.act("pick_marker", {"city": self.city(city), "road": connection.road},
                              connection.chooser)
                return True
        self.app.message(_("That marker ({label}) is not on top of either city of this "
                           "road.").format(label=meaning.label))
        return True

    # -- words ----------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        where = action.payload.get("city") or action.payload.get("from") or ""
        return self.sentence(action, str(where))

    def shorter_descriptions(self, action: Action) -> list[str]:
        """Who and which kind of move ("Julia: Milestone"): a city's name beside the move's
        seldom fits the undo button at the reading size, and the map shows where."""
        short = {"milestone_city": _("Milestone"), "milestone_road": _("Milestone")}
        return [self.sentence(action, move=short.get(action.type))]

    def move_names(self) -> dict[str, str]:
        return {"start_castle": _("Starting castle"), "order_board": _("Order board"),
                "castle": _("Castle"), "milestone_city": _("Milestone in a city"),
                "milestone_road": _("Milestone on a road"), "two_milestones": _("Two milestones"),
                "pick_marker": _("City marker"), "end_turn": _("End turn"),
                "end_game": _("End here and score")}

    def hint(self) -> str:
        state = self.via
        left = state.signposts_left
        posts = ngettext("{n} signpost left", "{n} signposts left", left).format(n=left)
        if state.pending:
            return _("Road scoring · {posts}").format(posts=posts)
        if state.phase is Phase.SETUP:
            return _("{name}: tap an empty city for a starting castle").format(
                name=self.name(state.current))
        if state.phase is Phase.OVER:
            return _("Game over · tap Final scoring")
        name = self.name(state.current)
        # what the engine still allows this turn: the map's taps, or the end of the turn
        allowed = allowed_actions(state, state.current)
        on_city = {"castle", "milestone_city"} & set(allowed)
        on_road = {"milestone_road", "two_milestones"} & set(allowed)
        if on_city and on_road:
            return _("{name}: tap a city or a road to build · {posts}").format(
                name=name, posts=posts)
        if on_city:
            return _("{name}: tap a city to build · {posts}").format(name=name, posts=posts)
        if on_road:
            return _("{name}: tap a road to build · {posts}").format(name=name, posts=posts)
        if cards_left(state) == 0:
            return ngettext("{name}: {n} card played · tap End turn · {posts}",
                            "{name}: all {n} cards played · tap End turn · {posts}",
                            MAX_CARDS_PER_ROUND).format(name=name, n=MAX_CARDS_PER_ROUND,
                                                        posts=posts)
        return _("{name}: nothing more to build this turn · tap End turn · {posts}").format(
            name=name, posts=posts)

    def side_hint(self) -> str:
        """The hint as shown: in landscape without the player's name in front, which the
        turn box beside it shows large (the hint wraps in the narrow side)."""
        text = self.hint()
        if self.table.metrics.portrait or self.via.pending:
            return text
        name = self.name(self.via.current)
        for colon in (": ", "："):
            if text.startswith(name + colon):
                rest = text[len(name + colon):].lstrip()
                return rest[:1].upper() + rest[1:]
        return text

    def hint_within(self, width: int, height: int) -> str:
        """The hint as shown in ``width`` x ``height`` at the reading size: its leading parts
        where the whole would not fit (the last, the signposts left, goes first), never
        its words shrunk or cut."""
        parts = self.side_hint().split(" · ")
        while len(parts) > 1 and hint_height(" · ".join(parts), self.table.metrics,
                                             width) > height:
            parts.pop()
        return " · ".join(parts)

    def banner_lines(self) -> list[str]:
        """The physical steps the table must do now, or nothing."""
        state = self.via
        prompt = scoring_prompt(state)
        if prompt:
            # the last line (milestones off, signpost up) is the big prompt's job
            return prompt[:-1]
        if state.phase is Phase.LAST_TURNS and state.eagle is not None:
            return [_("{name} placed the last signpost: take the legion eagle.").format(
                name=self.name(state.eagle)),
                ngettext("{n} more turn after this one, then the final scoring.",
                         "{n} more turns after this one, then the final scoring.",
                         len(state.last_turns)).format(n=len(state.last_turns))]
        return []

    def scoring_banner(self) -> list[str]:
        """The pending road scoring in short lines for the side: the road, the pieces on
        it, who picks a marker, who draws; the whole reasoning (a tie, the order of
        drawing) is the "What now?" card's."""
        state = self.via
        connection = state.pending[0]
        counts = ", ".join(f"{self.name(p)} {connection.pieces[p]}"
                           for p in order_from(state, connection.trigger)
                           if connection.pieces[p])
        lines = [state.board.road_label(connection.road),
                 _("{name} picks a city marker").format(name=self.name(connection.chooser)),
                 _("Pieces on the connection: {counts}.").format(counts=counts)]
        draws = ", ".join(ngettext("{name} draws {n} card", "{name} draws {n} cards", n)
                          .format(name=self.name(p), n=n) for p, n in connection.draws)
        if draws:
            lines.insert(2, draws)
        return lines

    # -- drawing --------------------------------------------------------------------------

    def covered(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """The hint, the map and, while no scoring takes the side, the players' panels:
        each a kept picture on the panel's colour, blitted whole."""
        hint, board, side = self.areas(rect)
        if self.via.pending:
            return [hint, board]
        return [hint, board, *player_cells(self.table.metrics, side, len(self.session.players))]

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.table.metrics
        state = self.via
        hint, board, side = self.areas(rect)
        text = self.hint_within(hint.width, hint.height)
        banner = self.banner_lines()
        if banner and not state.pending:  # the eagle in the hint's place
            self._blit_banner(surface, hint, banner, heading=False)
        else:
            self.layers.blit(surface, hint, "hint", (text, m), theme.PANEL,
                             lambda picture, area: paint_hint(picture, m, area, text))
        highlight = state.pending[0].road if state.pending else None
        picture = self._map_picture(board.size, highlight)
        drawn.placed(picture, surface, board.topleft)
        surface.blit(picture, board)
        if state.pending:  # a scoring: what to do takes the whole side
            self._blit_banner(surface, side, self.scoring_banner(), heading=True)
            return
        paint_players(surface, m, side, state, [self.name(i) for i in range(len(
            self.session.players))], self.colours(), self.layers)

    def _map_picture(self, size: tuple[int, int], highlight: int | None) -> pygame.Surface:
        """The map, kept between frames; a move repaints only the area of the roads and
        cities it changed (with whatever else reaches into it)."""
        state, m = self.via, self.table.metrics
        geometry = self.geometry(pygame.Rect((0, 0), size))
        colours = self.colours()
        facts = map_facts(state, colours, highlight)
        base = (size, m.unit, id(state.board), i18n.language(), fonts_generation())
        kept = self._map
        if kept is not None and kept[0] == base:
            area = changed_area(geometry, kept[1], facts)
            picture = kept[2]
            if area is not None:
                area = area.clip(picture.get_rect())
                if area.width and area.height:
                    # drawn unclipped on a spare map and copied: a line clipped at the
                    # area's edge is rasterised a pixel off from the same line drawn whole
                    scratch = self._scratch
                    if scratch is None or scratch.get_size() != size:
                        scratch = self._scratch = pygame.Surface(size)
                    scratch.fill(theme.PANEL, area)
                    draw_map(scratch, state, geometry, colours, highlight, within=area)
                    picture.blit(scratch, area, area)
                self._map = (base, facts, picture)
                return picture
        picture = pygame.Surface(size)
        picture.fill(theme.PANEL)
        draw_map(picture, state, geometry, colours, highlight)
        self._map = (base, facts, picture)
        return picture

    def _blit_banner(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[str],
                     heading: bool) -> None:
        """The banner's wrapped text is the costly part of a frame: drawn once per text."""
        m = self.table.metrics
        picture = self._layer("banner", (tuple(lines), rect.size, m.unit, heading), rect.size,
                              lambda layer: paint_banner(layer, m, layer.get_rect(), lines,
                                                         heading=heading))
        drawn.placed(picture, surface, rect.topleft)
        surface.blit(picture, rect)
