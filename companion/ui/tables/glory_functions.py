"""Glory to Rome building functions at the table: who may use a Stairway, a Colosseum or
a Prison on whom, and the forms that ask it; every move dispatched with its physical steps.

Kept apart from :mod:`glory_to_rome` (the turn's buttons) so each function's questions
are found in one place. A function's button or question appears only for a player who
may use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.core.i18n import _, pgettext
from companion.games.base import Action, Rejected
from companion.games.glory_to_rome import (
    ROLES,
    RULES,
    GloryState,
    building_label,
    has_function,
    physical_steps,
    role_label,
    stairway_targets,
)
from companion.ui.form import Pick, Step, Values
from companion.ui.tables.base import GameView, Move

#: more payload for a form's move: a building action's {"bonus": NAME}
Extra = Mapping[str, object] | None
#: the answer "no" to an optional extra ("also from the hand?")
NO = "-"


class GloryFunctions(GameView):
    """The building-function half of the Glory to Rome view."""

    @property
    def glory(self) -> GloryState:
        state: GloryState = self.state
        return state

    def likely_hand(self, player: int) -> int:
        """The hand the moves entered leave ``player`` (the view works it out)."""
        raise NotImplementedError

    def move_words(self, key: str, label: str, fits: Callable[[str], bool]) -> str:
        """A move button's label, else the first shorter way of saying it that keeps the
        reading size on its button: the building's card and the turn panel say the rest
        (the last way whatever its size)."""
        if key.startswith("lead-"):
            return self._lead_words(key.removeprefix("lead-"), fits)
        words = label
        for words in (label, *self._shorter_words(key)):
            if fits(words):
                break
        return words

    @staticmethod
    def _lead_words(role: str, fits: Callable[[str], bool]) -> str:
        """"Lead Architect" where every lead button's words fit at the reading size, else
        the role alone on each (the status line says a role is led), cut by rule."""
        if all(fits(_("Lead {role}").format(role=role_label(r))) for r in ROLES):
            return _("Lead {role}").format(role=role_label(role))
        names = abbreviations(role_label(role))
        return next((name for name in names if fits(name)), names[-1])

    def _shorter_words(self, key: str) -> list[str]:
        """Shorter labels of the move button ``key``, fullest first: a material added
        "+ Temple", a structure's
        actions its name (with its holder's when two hold one), names cut by rule."""
        kind, _sep, rest = key.partition("-")
        if key == "stairway":
            return abbreviations(building_label("Stairway"))
        if key == "think-hand" and self.current is not None:
            hand = self.likely_hand(self.current)
            return [_("Think ({n} in hand)").format(n=hand),
                    # Translators: a Think button: {n} is the cards in hand after the moves
                    pgettext("think button", "Think ({n})").format(n=hand)]
        if kind == "material":
            # Translators: a button adding a material to the foundation {name}
            return [_("+ {name}").format(name=short)
                    for short in abbreviations(building_label(rest))]
        if kind == "skip":
            return [_("Skip {building}").format(building=short)
                    for short in abbreviations(building_label(rest))[1:]]
        if kind == "bonus":
            seat, _sep, building = rest.partition("-")
            names = abbreviations(building_label(building))
            holders = {grant.player for grant in self.glory.bonus if grant.building == building}
            if len(holders) == 1:
                return names
            return [_("{name}: {building}").format(name=self.name(int(seat)), building=short)
                    for short in names[1:]]
        return []

    def pending_steps(self) -> list[str]:
        last = self.session.last_move()
        return [] if last is None else physical_steps(last[0], last[2])

    def _act(self, player: int | None, kind: str, payload: Mapping[str, object]) -> None:
        """Dispatch a move; then put the physical steps it asks for in front of the table."""
        before = self.glory
        if not self.dispatch(kind, dict(payload), player):
            return
        try:
            after = RULES.apply(before, Action(kind, dict(payload), player))
        except Rejected:  # an earlier move is still being saved: no steps to say
            return
        for step in physical_steps(before, after):
            self.app.prompt(step)

    def _stairway_step(self, me: int, extra: Extra) -> list[Step]:
        """With a Stairway, an Architect action may also open an opponent's structure:
        asked only when one could give this player a function they do not have yet."""
        targets = stairway_targets(self.glory, me)
        if extra or self.glory.led_role != "architect" or not has_function(
                self.glory, me, "Stairway") or not targets:
            return []
        options = [(NO, _("No"))] + [
            (f"{owner}:{name}", _("{owner}: {building}").format(owner=self.name(owner),
                                                               building=building_label(name)))
            for owner, name in targets]
        return [Pick("stairway", _("Use the Stairway too?"), options)]

    @staticmethod
    def _with_stairway(payload: dict[str, object], values: Values) -> dict[str, object]:
        use = str(values.get("stairway", NO))
        if use != NO:
            owner, name = use.split(":", 1)
            payload["stairway"] = {"owner": int(owner), "building": name}
        return payload

    # -- building functions ---------------------------------------------------------------

    def _completed(self, owner: int, keep: Callable[[str], bool]) -> list[tuple[str, str]]:
        return [(b.name, building_label(b.name)) for b in self.glory.players[owner].buildings
                if b.completed and keep(b.name)]

    def _opponents_with(self, me: int, options: Callable[[int], list[tuple[str, str]]]
                        ) -> list[tuple[int, str]]:
        return [(i, p.name) for i, p in enumerate(self.glory.players)
                if i != me and options(i)]

    def _stairway_options(self, me: int, owner: int) -> list[tuple[str, str]]:
        return [(name, building_label(name)) for seat, name in stairway_targets(self.glory, me)
                if seat == owner]

    def _stairway_targets(self, me: int) -> list[tuple[int, str]]:
        """Opponents with a structure whose function a Stairway would give ``me``."""
        return self._opponents_with(me, lambda owner: self._stairway_options(me, owner))

    def _stairway(self, player: int | None = None, extra: Extra = None) -> None:
        me = self.current if player is None else player
        if me is None:
            return
        self.form(_("Stairway"), [
            Pick("owner", _("Whose structure?"), self._stairway_targets(me)),
            Pick("building", _("Which structure opens to everyone?"),
                 lambda v: self._stairway_options(me, int(v["owner"])))],
            lambda v: self._act(me, "stairway", {"owner": v["owner"], "building": v["building"],
                                                 **(extra or {})}))

    def _client_holders(self, me: int) -> list[tuple[int, str]]:
        """Opponents whose clients the Colosseum reaches: neighbours, anyone with a Bridge."""
        count = len(self.glory.players)
        reach = {(me - 1) % count, (me + 1) % count}
        bridge = has_function(self.glory, me, "Bridge")
        return [(i, p.name) for i, p in enumerate(self.glory.players)
                if i != me and sum(p.clients) > 0 and (bridge or i in reach)]

    def _colosseum_roles(self, me: int) -> list[tuple[str, str]]:
        """The roles of the clients the Colosseum could take (the card the taker shows)."""
        players = self.glory.players
        return [(r, role_label(r)) for r in ROLES
                if any(players[i].client_count(r) for i, _name in self._client_holders(me))]

    def _colosseum_sources(self, me: int, role: str) -> list[tuple[str, str]]:
        """Whom one Legionary action takes a ``role`` client from: everyone it reaches who
        has one (first, the usual answer), or one of them alone."""
        players = self.glory.players
        givers = [(i, name) for i, name in self._client_holders(me)
                  if players[i].client_count(role)]
        alone = [(str(i), name) for i, name in givers]
        if len(givers) < 2:
            return alone
        everyone = (",".join(str(i) for i, _name in givers),
                    _(" and ").join(name for _i, name in givers))
        return [everyone, *alone]

    def _colosseum(self, player: int | None = None, extra: Extra = None) -> None:
        """One Legionary action: the role shown, then whom it takes from (both neighbours
        as one answer; not asked when only one has such a client)."""
        me = self.current if player is None else player
        if me is None:
            return

        def done(values: Values) -> None:
            seats = [int(seat) for seat in str(values["from"]).split(",")]
            taken: object = seats if len(seats) > 1 else seats[0]
            self._act(me, "colosseum", {"from": taken, "role": values["role"],
                                        **(extra or {})})

        self.form(_("Colosseum"), [
            Pick("role", _("Which client role?"), self._colosseum_roles(me)),
            Pick("from", _("From whom?"),
                 lambda v: self._colosseum_sources(me, str(v["role"])))], done)

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



def abbreviations(name: str) -> list[str]:
    """``name`` whole, then ever shorter by the cards' rule (:func:`board.abbreviate`): its
    later words cut to their first letter ("Circus M."), then its first word cut after
    fewer and fewer letters, with a full stop ("Amphith.")."""
    words = name.split()
    shorter = [name]
    if len(words) > 1:
        shorter.append(" ".join([words[0], *(word[:1] + "." for word in words[1:])]))
    first = words[0] if words else name
    shorter += [first[:end] + "." for end in range(len(first) - 1, 1, -1)]
    return shorter
