"""Glory to Rome at the table: lead/follow/Think, role actions, vaults, clients, sites.

The panel is a picture of the players' camps (:mod:`glory_camps`). The buttons are few
and direct: a foundation is its building, picked among all of them coloured by material
(:mod:`glory_foundation`; only a Statue asks its site); a material goes onto a foundation
with one touch on its button; a follower Thinks with one touch, with the hand the
entered moves leave them (:func:`glory_think.likely_hand`), or says another hand or
takes a Jack in the Think dialog. A seat button works the turn: a short press follows
(or ends one's actions), a long press Thinks.

Building functions (Palace, Stairway, Colosseum, Prison, Basilica, Atrium, Aqueduct,
Bar) add their buttons or questions only for a player who may use them (the Stairway's
only when it could give the player a function they lack). Actions a structure grants
(Amphitheatre, Foundry, Garden, School, Bath, Academy) get one button per holder and
structure while they are pending, usable out of turn; once every regular action is
taken the turn waits for them, and the holder's buttons (take, or skip the rest) are
all the table is offered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.core.i18n import _
from companion.games.base import Action
from companion.games.glory_to_rome import (
    BUILDING_MATERIAL,
    MATERIALS,
    ROLE_KINDS,
    ROLES,
    RULES,
    action_label,
    building_label,
    hand_limit,
    has_function,
    material_label,
    now,
    pending,
    role_label,
    vault_view,
)
from companion.log.entries import TagMeaning
from companion.ui import theme
from companion.ui.form import Number, Pick, Step, Values, run_form
from companion.ui.intents import Tag
from companion.ui.tables.base import MenuItem, Move
from companion.ui.tables.glory_camps import paint_table, sites_note, table_layout
from companion.ui.tables.glory_foundation import FoundationPicker, foundation_offers, out_of_town
from companion.ui.tables.glory_functions import NO, Extra, GloryFunctions
from companion.ui.tables.glory_think import ThinkDialog, likely_hand


def LEGEND() -> str:  # noqa: N802 (a text, translated when asked)
    return _("Top: the leader, the led role, J: the Jacks in the supply. A camp: name and "
             "influence; a chip in the led role's colour: the actions this turn (left while "
             "acting); two face-down cards: Thinks; chips edged in gold: actions a structure "
             "still grants, by role. J: the Jacks held. Bust: clients in their roles' "
             "colours, held/limit. Strongbox: vault cards, held/limit. Cards: buildings in "
             "their material, materials added/needed on a foundation, grey edge out of town; "
             "+2: two more. Bottom: the sites, in town + out of town.")


#: the place of a move button gone in the middle of a task: drawn as nothing
EMPTY_SLOT: Move = ("", "", lambda: None, False)


class GloryView(GloryFunctions):
    def __init__(self, table: object) -> None:
        super().__init__(table)  # type: ignore[arg-type]
        self.with_jack = False
        #: the buttons' places in this turn's phase: (turn, phase), then a key per slot
        #: ("" where a button went away)
        self._slots: tuple[tuple[int, str], list[str]] = ((0, ""), [])

    # -- moves ----------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        """The move buttons, each kept in its place while the turn's phase goes on."""
        return self._in_slots(self._live_moves())

    def _in_slots(self, live: list[Move]) -> list[Move]:
        """``live`` laid out in the places the phase's buttons had: a button gone (a
        foundation completed, a building's actions taken, the next player without a
        Jack) leaves its place empty, so no other button moves from under the finger that
        goes on with the task; a new one takes the first empty place, else goes last."""
        task = (self.glory.turn, self.glory.phase)
        by_key = {move[0]: move for move in live}
        was_task, was = self._slots
        places = [key if key in by_key else "" for key in was] if task == was_task else []
        for key in by_key:
            if key not in places:
                if "" in places:
                    places[places.index("")] = key
                else:
                    places.append(key)
        self._slots = (task, places)
        return [by_key[key] if key else EMPTY_SLOT for key in places]

    def _live_moves(self) -> list[Move]:
        state = self.glory
        me = self.current
        anytime = [*self._prison_moves(), *self._bonus_moves()]  # even out of turn
        if me is None:
            return anytime
        palace = has_function(state, me, "Palace")
        # a toggle: whether the lead or follow about to be tapped is played with a Jack
        jack_label = (_("Lead/follow with a Jack: yes") if self.with_jack
                      else _("Lead/follow with a Jack: no"))
        jack: list[Move] = [] if palace else [
            ("jack", jack_label, self._toggle_jack, state.players[me].jacks > 0)]
        if pending(state, me):  # their granted actions first: taken or skipped, never lost
            return [*anytime, *((f"skip-{building}", _("Skip {building}").format(
                building=building_label(building)), self._skip(me, building), True)
                for building in dict.fromkeys(g.building for g in pending(state, me)))]
        if state.phase == "lead":
            return [*anytime, *((f"lead-{role}", _("Lead {role}").format(role=role_label(role)),
                                 self._lead(role), True) for role in ROLES),
                    ("think", _("Think"), self._think, True), *jack]
        if state.phase == "follow":
            hand = self.likely_hand(me)
            return [*anytime, ("follow", _("Follow {role}").format(
                role=role_label(state.led_role or "")), self._follow, True),
                ("think-hand", _("Think with {n} in hand").format(n=hand),
                 lambda: self._think_with(me, hand), True),
                ("think", _("Think: a Jack or another hand"), self._think, True), *jack]
        return [*anytime, *self._role_moves(me), ("done", _("Done"),
                                                  lambda: self._act(me, "done", {}), True)]

    def _role_moves(self, me: int) -> list[Move]:
        """The led role's actions; a building's special use only for its owner.

        Laborer and Legionary actions the companion does not track need no button of
        their own: "Done" (or the seat button) ends them.
        """
        state = self.glory
        role = state.led_role or ""
        allowed = set(now.options(state).moves)  # greyed as "What now?" says it
        moves: list[Move] = []
        if role in ("architect", "craftsman"):
            own = self._unfinished(me)
            moves.append(("foundation", _("Lay foundation"), self._foundation,
                          "lay_foundation" in allowed))
            if len(own) <= 3:
                moves += [(f"material-{name}", _("Add to {name}").format(
                    name=building_label(name)), self._add_to(me, name), True) for name in own]
            else:
                moves.append(("material", _("Add material"), self._material, True))
            if role == "architect" and has_function(state, me, "Stairway"):
                moves.append(("stairway", _("Only the Stairway"), self._stairway,
                              "stairway" in allowed))
        elif role == "patron":
            moves.append(("client", _("Hire client"), self._client, "hire_client" in allowed))
        elif role == "merchant":
            moves.append(("vault", _("Vault a material"), self._vault, "vault" in allowed))
        elif role == "legionary" and has_function(state, me, "Colosseum"):
            moves.append(("colosseum", _("Colosseum: take a client"), self._colosseum,
                          "colosseum" in allowed))
        return moves

    def _skip(self, me: int, building: str) -> Callable[[], None]:
        return lambda: self._act(me, "done", {"bonus": building})

    def menu_items(self) -> list[MenuItem]:
        return [("legend", _("What the camps show"), self._legend),
                ("end-game", _("The game ends now..."), self._end_game)]

    def _legend(self) -> None:
        """Every row and badge of a camp named, for a newcomer."""
        from companion.ui.screens.dialogs import MessageDialog

        self.app.push(MessageDialog(self.app, _("What the camps show"), LEGEND()))

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

    def likely_hand(self, player: int) -> int:
        """The next Think's default: the hand the moves entered leave this player."""
        return likely_hand(self.session.actions, player, hand_limit(self.glory, player))

    def _think_with(self, me: int, hand: int) -> None:
        """Think with the hand the moves entered leave: a refill below the limit, else
        one card (the Think dialog takes another count, or a Jack)."""
        option = "refill" if hand < hand_limit(self.glory, me) else "draw_one"
        self._act(me, "think", {"option": option, "hand": hand})

    def _think(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        state = self.glory
        limit = hand_limit(state, me)

        def by_hand(hand: int) -> None:
            option = "refill" if hand < limit else "draw_one"
            self._act(me, "think", {"option": option, "hand": hand, **(extra or {})})

        def jack() -> None:
            self._act(me, "think", {"option": "jack", **(extra or {})})

        title = _("{name}: cards in hand (max {limit})").format(
            name=self.name(me), limit=limit)
        self.app.push(ThinkDialog(self.app, title, self.likely_hand(me), state.jacks_supply > 0,
                                  by_hand, jack))

    # -- building -------------------------------------------------------------------------

    def _foundation(self, player: int | None = None, extra: Extra = None) -> None:
        """The building (its material and site follow from it), then only what it leaves
        open: a Statue's site, the material of a building the data gives none, the
        Stairway."""
        me = self.current if player is None else player
        if me is None:
            return

        def done(values: Values) -> None:
            name = str(values["building"])
            material = BUILDING_MATERIAL.get(name) or str(values["material"])
            site = str(values.get("site", material))
            payload: dict[str, object] = {"building": name}
            if BUILDING_MATERIAL.get(name) is None:
                payload["material"] = material
            if site != material:
                payload["site"] = site
            payload["out_of_town"] = out_of_town(self.glory, site)
            self._act(me, "lay_foundation", {**self._with_stairway(payload, values),
                                             **(extra or {})})

        def picked(name: str) -> None:
            run_form(self.app, building_label(name), [
                Pick("material", _("Which material?"),
                     [(m, material_label(m)) for m in MATERIALS],
                     when=lambda v: BUILDING_MATERIAL.get(name) is None),
                Pick("site", _("On which site? (a Statue goes on any)"),
                     [(m, material_label(m)) for m in ("marble", *MATERIALS[:-1])],
                     when=lambda v: name == "Statue"),
                *self._stairway_step(me, extra)], done, {"building": name})

        self.app.push(FoundationPicker(self.app, _("Lay foundation: which building?"),
                                       foundation_offers(self.glory, me, extra), picked))

    def _unfinished(self, me: int) -> list[str]:
        return [b.name for b in self.glory.players[me].buildings if not b.completed]

    def _add_to(self, me: int, name: str) -> Callable[[], None]:
        def add() -> None:
            steps = self._stairway_step(me, None)
            if not steps:
                self._act(me, "add_material", {"building": name})
                return
            self.form(_("Add to {name}").format(name=building_label(name)), steps,
                      lambda v: self._act(me, "add_material",
                                          self._with_stairway({"building": name}, v)))
        return add

    def _material(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        own = self._unfinished(me)
        self.form(_("Add material"), [
            Pick("building", _("To which foundation?"), [(n, building_label(n)) for n in own]),
            *self._stairway_step(me, extra)],
            lambda v: self._act(me, "add_material", {
                **self._with_stairway({"building": v["building"]}, v), **(extra or {})}))

    def _client(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        roles = [(r, role_label(r)) for r in ROLES]
        also = [(NO, _("No")), *roles]
        aqueduct = has_function(self.glory, me, "Aqueduct")
        bar = has_function(self.glory, me, "Bar")

        def done(values: Values) -> None:
            payload: dict[str, object] = {"role": values["role"]}
            for key in ("hand", "deck"):
                if values.get(key, NO) != NO:
                    payload[key] = values[key]
            self._act(me, "hire_client", {**payload, **(extra or {})})

        self.form(_("Hire client"), [
            Pick("role", _("Which role?"), roles),
            Pick("hand", _("Also one from the hand (Aqueduct)?"), also, when=lambda v: aqueduct),
            Pick("deck", _("Also one from the deck (Bar)?"), also, when=lambda v: bar)], done)

    def _vault(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        sources = [("stockpile", _("From the stockpile"))]
        if has_function(self.glory, me, "Basilica"):
            sources.append(("hand", _("From the hand (Basilica)")))
        if has_function(self.glory, me, "Atrium"):
            sources.append(("deck", _("Top card of the deck (Atrium)")))
        basilica = has_function(self.glory, me, "Basilica")
        materials = [(m, material_label(m)) for m in MATERIALS]

        def done(values: Values) -> None:
            source = values.get("source", "stockpile")
            payload: dict[str, object] = {"source": source}
            if source != "deck":
                payload["material"] = values["material"]
            if values.get("also_hand", NO) != NO:
                payload["also_hand"] = values["also_hand"]
            self._act(me, "vault", {**payload, **(extra or {})})

        steps: list[Step] = [
            Pick("source", _("From where?"), sources, when=lambda v: len(sources) > 1),
            Pick("material", _("Which material?"), materials,
                 when=lambda v: v.get("source") != "deck"),
            Pick("also_hand", _("Also one from the hand (Basilica)?"), [(NO, _("No")),
                                                                       *materials],
                 when=lambda v: basilica and v.get("source") != "hand")]
        self.form(_("Vault"), steps, done)

    # -- building actions (Amphitheatre, Foundry, Garden, School, Bath, Academy) -----------

    def _bonus_moves(self) -> list[Move]:
        """One button per player and granting structure with actions still to take."""
        moves: list[Move] = []
        seen: list[tuple[int, str]] = []
        for grant in self.glory.bonus:
            if (grant.player, grant.building) not in seen:
                seen.append((grant.player, grant.building))
        for player, building in seen:
            # what it still grants is in its holder's camp (the status line says it too)
            moves.append((f"bonus-{player}-{building}", _("{name}: {building}").format(
                name=self.name(player), building=building_label(building)),
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

            self.form(_("{name}: {building}").format(name=self.name(me),
                                                     building=building_label(building)),
                      [Pick("kind", _("Which action?"), self._bonus_kinds(me, building))],
                      chosen)
        return ask

    def _end_game(self) -> None:
        players = [(i, p.name) for i, p in enumerate(self.session.players)]
        romanum = self.glory.card_set == "republic"
        reasons = [("deck", _("The deck ran out")), ("concede", _("The players concede")),
                   ("forum", _("A Forum Romanum win") if romanum else _("A Forum win"))]

        def done(values: Values) -> None:
            payload: dict[str, object] = {"reason": values["reason"]}
            if values["reason"] == "forum":
                payload["player"] = values["player"]
                if romanum:
                    payload["stockpile"] = values.get("stockpile") == 1
            self.dispatch("end_game", payload, None)

        self.form(_("End of the game"), [
            Pick("reason", _("Why?"), reasons),
            Pick("player", _("Who has the Forum?"), players,
                 when=lambda v: v.get("reason") == "forum"),
            # the Forum Romanum also asks a material of each type, which only the table sees
            Number("stockpile", _("A material of each type in their stockpile?"), 0, 1,
                   when=lambda v: romanum and v.get("reason") == "forum")], done)

    # -- buttons and tags -----------------------------------------------------------------

    def on_seat(self, index: int, long: bool) -> None:
        """A seat button works the turn: short follows (or ends one's actions), long Thinks.

        Pressed out of turn, it says in words what it would do.
        """
        state = self.glory
        current = self.current
        if index != current:
            self.app.message(self._seat_help(index), error=False)
        elif state.phase == "lead":
            if long:
                self._think(index)
            else:
                self.app.message(_("{name}: lead a role on the screen, or hold your button to "
                                   "Think.").format(name=self.name(index)), error=False)
        elif state.phase == "follow":
            if long:
                self._think(index)
            else:
                self._follow()
        elif long:
            self.app.message(_("{name}: your actions are on the screen; a short press ends "
                               "them.").format(name=self.name(index)), error=False)
        else:
            self._act(index, "done", {})

    def _seat_help(self, index: int) -> str:
        """What a seat button would do for a player whose move it is not."""
        state = self.glory
        name = self.name(index)
        who = self.name(self.current) if self.current is not None else _("the table")
        if state.phase == "follow" and state.choices[index] is None:
            return _("{name}: it is {who}'s move. On your turn a short press follows "
                     "{role}, a long press Thinks.").format(
                         name=name, who=who, role=role_label(state.led_role or ""))
        if state.phase == "actions" and state.actions_left[index] == 0 and \
                state.choices[index] is not None and self._before(index):
            return _("{name}: your actions this turn are over; it is {who}'s move.").format(
                name=name, who=who)
        return _("{name}: it is {who}'s move. On your turn a short press follows the led "
                 "role or ends your actions, a long press Thinks.").format(name=name, who=who)

    def _before(self, index: int) -> bool:
        """Whether a player acts before the current one in this turn's order."""
        order = RULES.turn_order(self.glory)
        current = self.current
        return current is not None and order.index(index) < order.index(current)

    def on_player(self, index: int) -> None:
        """A player's token: as a short press of their seat button."""
        self.on_seat(index, False)

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
        """The last move in words, saying only what the table may see: a vault card's
        material only while it is still face up (the turn it was placed)."""
        who = self.name(action.player) if action.player is not None else _("table")
        payload = action.payload
        role = role_label(str(payload["role"])) if payload.get("role") in ROLES else ""
        building = building_label(str(payload.get("building", "")))
        texts = {
            "lead": _("leads {role}").format(role=role),
            "follow": _("follows"),
            "think": _("Thinks"),
            "lay_foundation": _("lays {building}").format(building=building),
            "add_material": _("adds to {building}").format(building=building),
            "stairway": _("Stairway: {building}").format(building=building),
            "hire_client": _("hires {role}").format(role=role),
            "vault": self._vault_words(action),
            "colosseum": _("Colosseum: {role}").format(role=role),
            "act": _("acts"),
            "done": _("done"),
            "prison_exchange": _("Prison: {building}").format(building=building),
            "end_game": _("the game ends"),
        }
        text = _("{who}: {what}").format(who=who, what=texts.get(action.type, action.type))
        granted = payload.get("bonus")
        return _("{text} ({building})").format(
            text=text, building=building_label(str(granted))) if granted else text

    def shorter_descriptions(self, action: Action) -> list[str]:
        """Without the structure that granted the move, and a vaulted card as the vault
        alone ("Marcus: Vault")."""
        labels = []
        if action.payload.get("bonus"):
            labels.append(self.describe(Action(action.type, {
                k: v for k, v in action.payload.items() if k != "bonus"}, action.player)))
        if action.type == "vault" and action.player is not None:
            labels.append(_("{who}: {what}").format(who=self.name(action.player),
                                                   what=_("Vault")))
        return labels

    def _vault_words(self, action: Action) -> str:
        shown = vault_view(self.glory, action.player) if action.player is not None else ()
        material = action.payload.get("material")
        if shown and shown[-1] is not None and material in MATERIALS:
            return _("vaults {material}").format(material=material_label(str(material)))
        return _("vaults a card")

    def player_note(self, index: int) -> str:
        """The choice beside a name in the turn order: the choice alone for up to three
        players, nothing for more (the camps say it, with the actions: the whole note
        beside a name did not fit at the reading size)."""
        if len(self.glory.players) > 3:
            return ""
        words = {"lead": _("leads"), "follow": _("follows"), "think": _("thinks")}
        return words.get(self.glory.choices[index] or "", "")

    def table_prompt(self) -> str:
        return _("Final scoring")

    def covered(self, rect: pygame.Rect) -> list[pygame.Rect]:
        strip, cells, sites = table_layout(rect, len(self.glory.players), self.table.metrics,
                                           bool(sites_note(self.glory)))
        return [strip, *cells, sites]  # each a kept picture, blitted whole

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        colours = [theme.colour_rgb(p.colour) for p in self.session.players]
        paint_table(surface, rect, self.glory, colours, self.table.metrics, self.layers)
