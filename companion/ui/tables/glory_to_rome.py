"""Glory to Rome at the table: lead/follow/Think, role actions, vaults, clients, sites."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.games.base import Action
from companion.games.glory_to_rome_data import (
    MATERIALS,
    ROLES,
    buildings_in_set,
    material_label,
    role_label,
)
from companion.games.glory_to_rome_state import (
    GloryState,
    actions_this_turn,
    sites_left,
    vault_limit,
    vault_view,
)
from companion.i18n import _
from companion.store import TagMeaning
from companion.ui import theme
from companion.ui.form import Number, Pick, Values
from companion.ui.intents import Tag
from companion.ui.layout import split_rows
from companion.ui.tables.base import GameView, MenuItem, Move
from companion.ui.text import draw_text


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
        if me is None:
            return []
        jack_label = _("Jack: yes") if self.with_jack else _("Jack: no")
        jack: Move = ("jack", jack_label, self._toggle_jack, state.players[me].jacks > 0)
        if state.phase == "lead":
            return [*((f"lead-{role}", _("Lead {role}").format(role=role_label(role)),
                       self._lead(role), True) for role in ROLES),
                    ("think", _("Think"), self._think, True), jack]
        if state.phase == "follow":
            return [("follow", _("Follow {role}").format(role=role_label(state.led_role or "")),
                     self._follow, True), ("think", _("Think"), self._think, True), jack]
        role = state.led_role or ""
        moves: list[Move] = []
        if role in ("architect", "craftsman"):
            own = [b for b in state.players[me].buildings if not b.completed]
            moves.append(("foundation", _("Lay foundation"), self._foundation, True))
            moves.append(("material", _("Add material"), self._material, bool(own)))
        elif role == "patron":
            moves.append(("client", _("Hire client"), self._client, True))
        elif role == "merchant":
            moves.append(("vault", _("Vault a material"), self._vault, True))
        else:
            moves.append(("act", _("{role} action").format(role=role_label(role)),
                          lambda: self._act(me, "act", {}), True))
        moves.append(("done", _("Done"), lambda: self._act(me, "done", {}), True))
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

    def _lead(self, role: str) -> Callable[[], None]:
        return lambda: self._act(self.current, "lead", {"role": role, **self._cards()})

    def _follow(self) -> None:
        self._act(self.current, "follow", self._cards())

    def _act(self, player: int | None, kind: str, payload: Mapping[str, object]) -> None:
        self.dispatch(kind, dict(payload), player)

    def _think(self) -> None:
        me = self.current
        labels = {"jack": _("Take a Jack"), "refill": _("Refill hand"),
                  "draw_one": _("Draw one card")}
        options = [("jack", labels["jack"]), ("refill", labels["refill"]),
                   ("draw_one", labels["draw_one"])]

        def done(values: Values) -> None:
            payload: dict[str, object] = {"option": values["option"]}
            if values["option"] != "jack":
                payload["hand"] = values["hand"]
            self._act(me, "think", payload)

        self.form(_("Think"), [Pick("option", _("How?"), options),
                               Number("hand", _("Cards in hand now"), 0, 30,
                                      when=lambda v: v.get("option") != "jack")], done)

    def _foundation(self) -> None:
        me = self.current
        names = buildings_in_set(self.glory.card_set)

        def done(values: Values) -> None:
            self._act(me, "lay_foundation", {"building": values["building"],
                                             "out_of_town": values["where"] == "out"})

        self.form(_("Lay foundation"), [
            Pick("building", _("Which building?"), [(n, n) for n in names]),
            Pick("where", _("On which site?"), [("in", _("In town")),
                                                ("out", _("Out of town"))])], done)

    def _material(self) -> None:
        me = self.current
        if me is None:
            return
        own = [b.name for b in self.glory.players[me].buildings if not b.completed]
        self.form(_("Add material"), [Pick("building", _("To which foundation?"),
                                           [(n, n) for n in own])],
                  lambda v: self._act(me, "add_material", {"building": v["building"]}))

    def _client(self) -> None:
        me = self.current
        self.form(_("Hire client"), [Pick("role", _("Which role?"),
                                          [(r, role_label(r)) for r in ROLES])],
                  lambda v: self._act(me, "hire_client", {"role": v["role"]}))

    def _vault(self) -> None:
        me = self.current
        self.form(_("Vault"), [Pick("material", _("Which material?"),
                                    [(m, material_label(m)) for m in MATERIALS])],
                  lambda v: self._act(me, "vault", {"material": v["material"],
                                                    "source": "stockpile"}))

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
        if self.glory.phase != "actions" or self.glory.led_role != "merchant":
            self.app.message(_("A material goes into a vault only with a Merchant action."))
            return True
        self._act(self.current, "vault", {"material": meaning.value, "source": "stockpile"})
        return True

    # -- the panel ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        who = self.name(action.player) if action.player is not None else _("table")
        detail = action.payload.get("role") or action.payload.get("building") or \
            action.payload.get("material") or action.payload.get("option") or ""
        return f"{who}: {action.type.replace('_', ' ')} {detail}".strip()

    def player_note(self, index: int) -> str:
        state = self.glory
        choice = state.choices[index]
        counts = actions_this_turn(state)
        words = {"lead": _("leads"), "follow": _("follows"), "think": _("thinks")}
        note = words.get(choice or "", "")
        if counts[index] is not None:
            note = _("{choice}, {n} actions").format(choice=note, n=counts[index])
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
