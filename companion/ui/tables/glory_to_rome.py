"""Glory to Rome at the table: lead/follow/Think, role actions, vaults, clients, sites.

Building functions (Palace, Stairway, Colosseum, Prison, Basilica, Atrium) add their
buttons or questions only for a player who may use them, so the table stays uncluttered.
Actions a structure grants (Amphitheatre, Foundry, Garden, School, Bath, Academy) get one
button per holder and structure while they are pending, usable out of turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.games.base import Action
from companion.games.glory_to_rome_bonus import ROLE_KINDS, action_label
from companion.games.glory_to_rome_data import (
    BUILDING_MATERIAL,
    MATERIALS,
    ROLES,
    buildings_in_set,
    material_label,
    role_label,
)
from companion.games.glory_to_rome_state import (
    GloryState,
    actions_this_turn,
    has_function,
    sites_left,
    vault_limit,
    vault_view,
)
from companion.i18n import _, ngettext
from companion.store import TagMeaning
from companion.ui import theme
from companion.ui.form import Number, Pick, Step, Values
from companion.ui.intents import Tag
from companion.ui.layout import split_rows
from companion.ui.tables.base import GameView, MenuItem, Move
from companion.ui.text import draw_text

#: more payload for a form's move: a building action's {"bonus": NAME}
Extra = Mapping[str, object] | None


class GloryView(GameView):
    def __init__(self, table: object) -> None:
        super().__init__(table)  # type: ignore[arg-type]
        self.with_jack = False

    @property
    def glory(self) -> GloryState:
        state: GloryState = self.state
        return state

    # -- moves ----------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        state = self.glory
        me = self.current
        anytime = [*self._prison_moves(), *self._bonus_moves()]  # even out of turn
        if me is None:
            return anytime
        palace = has_function(state, me, "Palace")
        jack_label = _("Jack: yes") if self.with_jack else _("Jack: no")
        jack: list[Move] = [] if palace else [
            ("jack", jack_label, self._toggle_jack, state.players[me].jacks > 0)]
        if state.phase == "lead":
            return [*anytime, *((f"lead-{role}", _("Lead {role}").format(role=role_label(role)),
                                 self._lead(role), True) for role in ROLES),
                    ("think", _("Think"), self._think, True), *jack]
        if state.phase == "follow":
            return [*anytime, ("follow", _("Follow {role}").format(
                role=role_label(state.led_role or "")), self._follow, True),
                ("think", _("Think"), self._think, True), *jack]
        return [*anytime, *self._role_moves(me), ("done", _("Done"),
                                                  lambda: self._act(me, "done", {}), True)]

    def _role_moves(self, me: int) -> list[Move]:
        """The led role's actions; a building's special use only for its owner."""
        state = self.glory
        role = state.led_role or ""
        moves: list[Move] = []
        if role in ("architect", "craftsman"):
            own = [b for b in state.players[me].buildings if not b.completed]
            moves.append(("foundation", _("Lay foundation"), self._foundation, True))
            moves.append(("material", _("Add material"), self._material, bool(own)))
            if role == "architect" and has_function(state, me, "Stairway"):
                moves.append(("stairway", _("Stairway"), self._stairway,
                              bool(self._stairway_targets(me))))
        elif role == "patron":
            moves.append(("client", _("Hire client"), self._client, True))
        elif role == "merchant":
            moves.append(("vault", _("Vault a material"), self._vault, True))
        else:
            moves.append(("act", _("{role} action").format(role=role_label(role)),
                          lambda: self._act(me, "act", {}), True))
            if role == "legionary" and has_function(state, me, "Colosseum"):
                moves.append(("colosseum", _("Colosseum: take a client"), self._colosseum,
                              bool(self._client_holders(me))))
        return moves

    def menu_items(self) -> list[MenuItem]:
        return [("end-game", _("The game ends now..."), self._end_game)]

    def _toggle_jack(self) -> None:
        self.with_jack = not self.with_jack
        self.app.invalidate()

    def _cards(self) -> dict[str, int]:
        jacks = 1 if self.with_jack else 0
        self.with_jack = False
        return {"cards": 1, "jacks": jacks}

    def _play_cards(self, kind: str, extra: Mapping[str, object]) -> None:
        """Lead or follow; with a Palace the table says how many cards (and Jacks) it played."""
        me = self.current
        if me is None:
            return
        if not has_function(self.glory, me, "Palace"):
            self._act(me, kind, {**extra, **self._cards()})
            return
        held = self.glory.players[me].jacks

        def done(values: Values) -> None:
            self._act(me, kind, {**extra, "cards": values["cards"],
                                 "jacks": values.get("jacks", 0)})

        title = _("Lead {role}").format(role=role_label(str(extra["role"]))) \
            if kind == "lead" else _("Follow {role}").format(
                role=role_label(self.glory.led_role or ""))
        self.form(title, [
            Number("cards", _("Role cards played (Palace: one action each)"), 1, 20, 1),
            Number("jacks", _("How many of them are Jacks?"), 0, held, 0,
                   when=lambda v: held > 0)], done)

    def _lead(self, role: str) -> Callable[[], None]:
        return lambda: self._play_cards("lead", {"role": role})

    def _follow(self) -> None:
        self._play_cards("follow", {})

    def _act(self, player: int | None, kind: str, payload: Mapping[str, object]) -> None:
        self.dispatch(kind, dict(payload), player)

    def _think(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        labels = {"jack": _("Take a Jack"), "refill": _("Refill hand"),
                  "draw_one": _("Draw one card")}
        options = [("jack", labels["jack"]), ("refill", labels["refill"]),
                   ("draw_one", labels["draw_one"])]

        def done(values: Values) -> None:
            payload: dict[str, object] = {"option": values["option"]}
            if values["option"] != "jack":
                payload["hand"] = values["hand"]
            self._act(me, "think", {**payload, **(extra or {})})

        self.form(_("Think"), [Pick("option", _("How?"), options),
                               Number("hand", _("Cards in hand now"), 0, 30,
                                      when=lambda v: v.get("option") != "jack")], done)

    def _foundation(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        names = buildings_in_set(self.glory.card_set)

        def done(values: Values) -> None:
            payload: dict[str, object] = {"building": values["building"],
                                          "out_of_town": values["where"] == "out"}
            if "material" in values:
                payload["material"] = values["material"]
            self._act(me, "lay_foundation", {**payload, **(extra or {})})

        self.form(_("Lay foundation"), [
            Pick("building", _("Which building?"), [(n, n) for n in names]),
            # Crane, Domus Aurea, Tribunal: the card's material is the table's to say
            Pick("material", _("Which material is the card?"),
                 [(m, material_label(m)) for m in MATERIALS],
                 when=lambda v: BUILDING_MATERIAL.get(str(v["building"])) is None),
            Pick("where", _("On which site?"), [("in", _("In town")),
                                                ("out", _("Out of town"))])], done)

    def _unfinished(self, me: int) -> list[str]:
        return [b.name for b in self.glory.players[me].buildings if not b.completed]

    def _material(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        own = self._unfinished(me)
        self.form(_("Add material"), [Pick("building", _("To which foundation?"),
                                           [(n, n) for n in own])],
                  lambda v: self._act(me, "add_material", {"building": v["building"],
                                                           **(extra or {})}))

    def _client(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        self.form(_("Hire client"), [Pick("role", _("Which role?"),
                                          [(r, role_label(r)) for r in ROLES])],
                  lambda v: self._act(me, "hire_client", {"role": v["role"], **(extra or {})}))

    def _vault(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        sources = [("stockpile", _("From the stockpile"))]
        if has_function(self.glory, me, "Basilica"):
            sources.append(("hand", _("From the hand (Basilica)")))
        if has_function(self.glory, me, "Atrium"):
            sources.append(("deck", _("Top card of the deck (Atrium)")))

        def done(values: Values) -> None:
            source = values.get("source", "stockpile")
            payload: dict[str, object] = {"source": source}
            if source != "deck":
                payload["material"] = values["material"]
            self._act(me, "vault", {**payload, **(extra or {})})

        steps: list[Step] = [
            Pick("source", _("From where?"), sources, when=lambda v: len(sources) > 1),
            Pick("material", _("Which material?"), [(m, material_label(m)) for m in MATERIALS],
                 when=lambda v: v.get("source") != "deck")]
        self.form(_("Vault"), steps, done)

    # -- building functions ---------------------------------------------------------------

    def _completed(self, owner: int, keep: Callable[[str], bool]) -> list[tuple[str, str]]:
        return [(b.name, b.name) for b in self.glory.players[owner].buildings
                if b.completed and keep(b.name)]

    def _opponents_with(self, me: int, options: Callable[[int], list[tuple[str, str]]]
                        ) -> list[tuple[int, str]]:
        return [(i, p.name) for i, p in enumerate(self.glory.players)
                if i != me and options(i)]

    def _stairway_options(self, owner: int) -> list[tuple[str, str]]:
        return self._completed(owner, lambda name: name not in self.glory.public)

    def _stairway_targets(self, me: int) -> list[tuple[int, str]]:
        return self._opponents_with(me, self._stairway_options)

    def _stairway(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        self.form(_("Stairway"), [
            Pick("owner", _("Whose structure?"), self._stairway_targets(me)),
            Pick("building", _("Which structure opens to everyone?"),
                 lambda v: self._stairway_options(int(v["owner"])))],
            lambda v: self._act(me, "stairway", {"owner": v["owner"], "building": v["building"],
                                                 **(extra or {})}))

    def _client_roles(self, owner: int) -> list[tuple[str, str]]:
        player = self.glory.players[owner]
        return [(r, _("{role} ({n})").format(role=role_label(r), n=player.client_count(r)))
                for r in ROLES if player.client_count(r)]

    def _client_holders(self, me: int) -> list[tuple[int, str]]:
        return [(i, p.name) for i, p in enumerate(self.glory.players)
                if i != me and sum(p.clients) > 0]

    def _colosseum(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        self.form(_("Colosseum"), [
            Pick("from", _("Whose client?"), self._client_holders(me)),
            Pick("role", _("Which client?"), lambda v: self._client_roles(int(v["from"])))],
            lambda v: self._act(me, "colosseum", {"from": v["from"], "role": v["role"],
                                                  **(extra or {})}))

    def _prison_options(self, prisoner: int, owner: int) -> list[tuple[str, str]]:
        mine = self.glory.players[prisoner]
        return self._completed(owner, lambda name: mine.building(name) is None)

    def _prison_options_of(self, prisoner: int) -> Callable[[int], list[tuple[str, str]]]:
        return lambda owner: self._prison_options(prisoner, owner)

    def _prison_moves(self) -> list[Move]:
        """The Prison's exchange, open to whoever just completed one until their next move."""
        moves: list[Move] = []
        for prisoner in self.glory.prison_due:
            targets = self._opponents_with(prisoner, self._prison_options_of(prisoner))
            moves.append((f"prison-{prisoner}", _("{name}: Prison exchange").format(
                name=self.name(prisoner)), self._prison(prisoner, targets), bool(targets)))
        return moves

    def _prison(self, prisoner: int, targets: list[tuple[int, str]]) -> Callable[[], None]:
        def ask() -> None:
            self.form(_("{name}: Prison exchange").format(name=self.name(prisoner)), [
                Pick("from", _("Whose completed structure?"), targets),
                Pick("building", _("Which structure?"),
                     lambda v: self._prison_options(prisoner, int(v["from"])))],
                lambda v: self._act(prisoner, "prison_exchange", {"from": v["from"],
                                                                  "building": v["building"]}))
        return ask

    # -- building actions (Amphitheatre, Foundry, Garden, School, Bath, Academy) -----------

    def _bonus_moves(self) -> list[Move]:
        """One button per player and granting structure with actions still to take."""
        moves: list[Move] = []
        seen: list[tuple[int, str]] = []
        for grant in self.glory.bonus:
            if (grant.player, grant.building) not in seen:
                seen.append((grant.player, grant.building))
        for player, building in seen:
            grants = [g for g in self.glory.bonus
                      if g.player == player and g.building == building]
            what = ", ".join(f"{g.left} {action_label(g.role)}" for g in grants)
            moves.append((f"bonus-{player}-{building}", _("{name}: {building} ({what})").format(
                name=self.name(player), building=building, what=what),
                self._bonus(player, building), True))
        return moves

    def _bonus_kinds(self, me: int, building: str) -> list[tuple[str, str]]:
        """What a structure's pending actions may be entered as, for this player now."""
        state = self.glory
        roles = [g.role for g in state.bonus if g.player == me and g.building == building]
        labels = {"lay_foundation": _("Lay foundation"), "add_material": _("Add material"),
                  "stairway": _("Stairway"), "hire_client": _("Hire client"),
                  "vault": _("Vault a material"), "colosseum": _("Colosseum: take a client"),
                  "think": _("Think")}
        usable = {"add_material": bool(self._unfinished(me)),
                  "stairway": has_function(state, me, "Stairway")
                  and bool(self._stairway_targets(me)),
                  "colosseum": has_function(state, me, "Colosseum")
                  and bool(self._client_holders(me))}
        kinds: list[tuple[str, str]] = []
        for role in roles:
            for kind in ROLE_KINDS[role]:
                label = labels.get(kind) or _("Other {role} action").format(
                    role=action_label(role))
                if usable.get(kind, True) and kind not in (k for k, _l in kinds):
                    kinds.append((kind, label))
        return [*kinds, ("skip", _("Skip the rest"))]

    def _bonus(self, me: int, building: str) -> Callable[[], None]:
        def ask() -> None:
            extra = {"bonus": building}
            forms: dict[str, Callable[[int, Extra], None]] = {
                "lay_foundation": self._foundation, "add_material": self._material,
                "stairway": self._stairway, "hire_client": self._client, "vault": self._vault,
                "colosseum": self._colosseum, "think": self._think}

            def chosen(values: Values) -> None:
                kind = str(values["kind"])
                if kind == "skip":
                    self._act(me, "done", extra)
                elif kind in forms:
                    forms[kind](me, extra)
                else:
                    self._act(me, kind, extra)

            self.form(_("{name}: {building}").format(name=self.name(me), building=building),
                      [Pick("kind", _("Which action?"), self._bonus_kinds(me, building))],
                      chosen)
        return ask

    def _end_game(self) -> None:
        players = [(i, p.name) for i, p in enumerate(self.session.players)]
        reasons = [("deck", _("The deck ran out")), ("concede", _("The players concede")),
                   ("forum", _("A Forum win"))]

        def done(values: Values) -> None:
            payload: dict[str, object] = {"reason": values["reason"]}
            if values["reason"] == "forum":
                payload["player"] = values["player"]
            self.dispatch("end_game", payload, None)

        self.form(_("End of the game"), [
            Pick("reason", _("Why?"), reasons),
            Pick("player", _("Who has the Forum?"), players,
                 when=lambda v: v.get("reason") == "forum")], done)

    # -- buttons and tags -----------------------------------------------------------------

    def on_player(self, index: int) -> None:
        """A player's token or seat button: "my turn is done" in the action phase."""
        if self.glory.phase == "actions" and index == self.current:
            self._act(index, "done", {})
        elif self.glory.phase == "follow" and index == self.current:
            self._follow()
        else:
            super().on_player(index)

    def on_next(self) -> None:
        if self.glory.phase == "actions":
            self._act(self.current, "done", {})
        else:
            super().on_next()

    def on_tag(self, tag: Tag, meaning: TagMeaning) -> bool:
        if meaning.kind != "gtr-material":
            return False
        vault_reader = self.app.vault_reader
        if vault_reader is not None and tag.reader != vault_reader:
            self.app.message(_("{label} was read on the {reader} reader. To vault it with a "
                               "Merchant action, put it on the vault reader ({vault}).").format(
                label=meaning.label, reader=tag.reader, vault=vault_reader), error=False)
            return True
        if self.glory.phase != "actions" or self.glory.led_role != "merchant":
            self.app.message(_("A material goes into a vault only with a Merchant action."))
            return True
        self._act(self.current, "vault", {"material": meaning.value, "source": "stockpile"})
        return True

    # -- the panel ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        payload = action.payload
        role, material, option = payload.get("role"), payload.get("material"), payload.get("option")
        options = {"jack": _("Take a Jack"), "refill": _("Refill hand"),
                   "draw_one": _("Draw one card")}
        if isinstance(role, str) and role in ROLES:
            detail = role_label(role)
        elif payload.get("building"):
            detail = str(payload["building"])
        elif isinstance(material, str) and material in MATERIALS:
            detail = material_label(material)
        else:
            detail = options.get(str(option), "") if option else ""
        text = self.sentence(action, detail)
        granted = payload.get("bonus")
        return _("{move} ({building})").format(move=text, building=granted) if granted else text

    def move_names(self) -> dict[str, str]:
        return {"lead": _("Lead"), "follow": _("Follow"), "think": _("Think"),
                "lay_foundation": _("Lay foundation"), "add_material": _("Add material"),
                "stairway": _("Stairway"), "hire_client": _("Hire client"),
                "vault": _("Vault"), "colosseum": _("Colosseum"), "act": _("Action"),
                "done": _("Skip the rest"), "prison_exchange": _("Prison exchange"),
                "end_game": _("End of the game")}

    def player_note(self, index: int) -> str:
        state = self.glory
        choice = state.choices[index]
        counts = actions_this_turn(state)
        words = {"lead": _("leads"), "follow": _("follows"), "think": _("thinks")}
        note = words.get(choice or "", "")
        if counts[index] is not None:
            count = counts[index] or 0
            note = ngettext("{choice}, {n} action", "{choice}, {n} actions", count).format(
                choice=note, n=count)
        return note

    def table_prompt(self) -> str:
        return _("Final scoring")

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.table.metrics
        state = self.glory
        led = role_label(state.led_role) if state.led_role else _("none yet")
        head, players, sites = split_rows(rect, [-m.small, 1, -m.small * 2], m.gap)
        draw_text(surface, _("Leader: {name} · led role: {role} · Jacks left: {jacks}").format(
            name=state.players[state.leader].name, role=led, jacks=state.jacks_supply),
            head, m.small, theme.ACCENT, align="left")
        rows: list[str] = []
        for index, player in enumerate(state.players):
            clients = ", ".join(f"{role_label(r)} {n}" for r, n in
                                zip(ROLES, player.clients, strict=True) if n) or "-"
            shown = [material_label(v) for v in vault_view(state, index) if v]
            vault = _("vault {n}/{limit}").format(n=len(player.vault),
                                                  limit=vault_limit(state, index))
            if shown:
                vault += " (" + _("just placed: {m}").format(m=", ".join(shown)) + ")"
            built = ", ".join(b.name + ("" if b.completed else f" {b.materials}/{b.value}")
                              for b in player.buildings) or "-"
            rows.append(_("{name}: influence {influence} · {vault} · clients {clients}").format(
                name=player.name, influence=player.influence, vault=vault, clients=clients))
            rows.append("    " + _("buildings: {built}").format(built=built))
        self.lines(surface, players, rows)
        left = sites_left(state)
        text = "  ".join(f"{material_label(mat)} {left[mat][0]}+{left[mat][1]}"
                         for mat in MATERIALS)
        self.lines(surface, sites, [_("Sites left (in town + out of town):"), text],
                   colour=theme.MUTED)
