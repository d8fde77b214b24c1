"""What every game module provides, and the records they share.

A game is its set-up plus moves that are pure functions of state (as in boardgame.io):
``state = rules.setup(players, options)`` and then ``state = rules.apply(state, action)``
for each action in the log. ``apply`` never mutates its input and never does I/O, so
the session can keep every intermediate state for undo and replay the log on resume.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any, Generic, Protocol, TypeVar

from companion.core.i18n import _
from companion.core.records import frozen

S = TypeVar("S")


class Rejected(Exception):
    """A move the rules refuse. The message is shown to the table as is.

    It says which rule was broken and, where it helps, what to do instead. ``field``
    optionally names the payload key that was wrong, so a form can go back to that step.
    """

    def __init__(self, message: str = "", field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class ScoreInputError(ValueError):
    """A malformed endgame description: names the offending field in one line."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field_name = field_name
        self.message = message


@frozen
class PlayerInfo:
    """A seat at the table. ``index`` in the players tuple is the seat order."""

    name: str
    colour: str
    seat: int
    token: str | None = None


@frozen
class Action:
    """One recorded happening at the table: a small, JSON-serialisable, immutable record.

    ``player`` is the index (in seat order) of the player who did it, or None for the table.
    """

    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    player: int | None = None
    at: float = field(default_factory=time.time)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "payload": dict(self.payload), "player": self.player,
                "at": self.at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(type=str(data["type"]), payload=dict(data.get("payload") or {}),
                   player=data.get("player"), at=float(data.get("at", 0.0)))


@frozen
class EntryField:
    """One number the table types in at the end (number pad, never a keyboard).

    ``key`` is unique within the form; player-specific keys are ``"<index>.<name>"``.
    """

    key: str
    label: str
    player: int | None = None
    minimum: int = 0
    maximum: int = 999
    default: int = 0


@frozen
class PlayerScore:
    name: str
    total: int
    breakdown: Mapping[str, int]


@frozen
class ScoreResult:
    """Final scores, ranked best first, with the winners and the tie-break in words.

    ``places`` is each player's place as the game's tie-break leaves it (equal places: a
    tie the rules leave standing); empty, :meth:`placings` works it out from the totals
    and the winners (a result kept before places were, or a tie the table gave).
    ``said`` is what the explanation says, as keys and numbers (see :func:`say`), put in
    words in the language of the moment by :meth:`words`; ``explanation`` is the same in
    the words of the moment it was scored (all an older result keeps).
    """

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    explanation: str = ""
    places: tuple[int, ...] = ()
    said: tuple[Mapping[str, Any], ...] = ()

    def words(self) -> str:
        """The explanation in the language of the moment."""
        return explain(self.said) if self.said else self.explanation

    def placings(self) -> tuple[int, ...]:
        """One place per player, in the order of ``players`` (1 = first)."""
        if len(self.places) == len(self.players):
            return self.places
        keys = [(p.total, p.name in self.winners) for p in self.players]
        return tuple(1 + sum(other > key for other in keys) for key in keys)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "players": [
                {"name": p.name, "total": p.total, "breakdown": dict(p.breakdown)}
                for p in self.players
            ],
            "winners": list(self.winners),
            "explanation": self.explanation,
        }
        if self.places:
            document["places"] = list(self.places)
        if self.said:
            document["said"] = [dict(item) for item in self.said]
        return document

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoreResult:
        players = tuple(PlayerScore(p["name"], int(p["total"]), dict(p["breakdown"]))
                        for p in data["players"])
        places = data.get("places")
        said = data.get("said")
        return cls(
            players=players,
            winners=tuple(data["winners"]),
            explanation=str(data.get("explanation", "")),
            places=(tuple(int(p) for p in places)
                    if isinstance(places, list) and len(places) == len(players) else ()),
            said=(tuple(dict(item) for item in said if isinstance(item, Mapping))
                  if isinstance(said, list) else ()),
        )


def _names(names: Sequence[str]) -> str:
    return ", ".join(str(name) for name in names)


def _rule(key: str) -> str:
    """A tie-break rule by its key (an older caller's words are shown as they are)."""
    rules = {"hand": _("most cards in hand"), "coins": _("most coins"),
             "resources": _("most resources")}
    return rules.get(key, key)


def say(item: Mapping[str, Any]) -> str:
    """One sentence of a score's explanation, kept as ``{"say": key, ...numbers and
    names}``, in the language of the moment (a key or a shape it does not know: nothing)."""
    try:
        return _say(item)
    except (KeyError, TypeError, ValueError):
        return ""


def _say(item: Mapping[str, Any]) -> str:
    kind = item.get("say")
    if kind == "tie_goes":
        return _("{names} tied on {total}; the tie goes to {winners} ({rule}). ").format(
            names=_names(item["names"]), total=item["total"], winners=_names(item["winners"]),
            rule=_rule(str(item["rule"]))).strip()
    if kind == "shared":
        return _("{names} share the victory.").format(names=_names(item["names"]))
    if kind == "forum":
        return _("{name} completed the Forum's victory condition and wins regardless of "
                 "score.").format(name=item["name"])
    if kind == "table_gave":
        return _("{names} tied on {total}; the table gave the victory to {winner}.").format(
            names=_names(item["names"]), total=item["total"], winner=item["winner"])
    if kind == "table_gave_tie":
        return _("{tied} tied on {total}; the table gave the tie to {name}.").format(
            tied=_names(item["names"]), total=item["total"], name=item["winner"])
    if kind == "table_kept_shared":
        return _("By the table's choice, the table kept the tie shared.")
    if kind == "push_down":
        moves = [_("{name} {before}→{after}").format(
            name=name, before=before, after=_("off the track") if after is None else after)
            for name, before, after in item["moves"]]
        return _("Region {position} (marker {marker}): {moves}").format(
            position=item["region"], marker=item["marker"], moves=", ".join(moves))
    return ""


def explain(said: Sequence[Mapping[str, Any]]) -> str:
    """Every sentence of ``said`` (the push-downs of several regions as one list)."""
    text = ""
    previous: object = None
    for item in said:
        words = say(item)
        if words:
            joint = "; " if previous == "push_down" == item.get("say") else " "
            text = f"{text}{joint}{words}" if text else words
            previous = item.get("say")
    return text


def rank(scores: Sequence[PlayerScore],
         tiebreaks: Sequence[tuple[str, Sequence[int]]] = ()) -> ScoreResult:
    """Rank by total, then by each tie-break in turn (higher wins); the rest share.

    ``tiebreaks`` are ``(rule, values)`` with one value per entry of ``scores``, e.g.
    ``("hand", [3, 1, 4])`` (a key of :func:`_rule`). The explanation says how a tie at
    the top was settled, or that it is shared (``said``, and in words).
    """
    order = list(range(len(scores)))
    keyed = {i: (scores[i].total, *(values[i] for _d, values in tiebreaks)) for i in order}
    order.sort(key=lambda i: keyed[i], reverse=True)
    ranked = tuple(scores[i] for i in order)
    places = tuple(1 + sum(keyed[j] > keyed[i] for j in order) for i in order)
    if not scores:
        return ScoreResult((), ())
    best_total = ranked[0].total
    contenders = [i for i in range(len(scores)) if scores[i].total == best_total]
    said: list[dict[str, Any]] = []
    names = lambda idx: [scores[i].name for i in idx]  # noqa: E731
    for rule, values in tiebreaks:
        if len(contenders) < 2:
            break
        top = max(values[i] for i in contenders)
        narrowed = [i for i in contenders if values[i] == top]
        if len(narrowed) < len(contenders):
            said.append({"say": "tie_goes", "names": names(contenders), "total": best_total,
                         "winners": names(narrowed), "rule": rule})
        contenders = narrowed
    if len(contenders) > 1:
        said.append({"say": "shared", "names": names(contenders)})
    return ScoreResult(ranked, tuple(scores[i].name for i in contenders), explain(said),
                       places, tuple(said))


class GameRules(Protocol, Generic[S]):
    """The interface the session, the UI and the ``score`` command use."""

    key: str  # "glory-to-rome", "ave-roma", "via-romana"
    title: str
    min_players: int
    max_players: int

    def default_options(self) -> dict[str, Any]:
        """Options the new-game screen offers, with their defaults (JSON values)."""
        ...

    def setup(self, players: Sequence[PlayerInfo], options: Mapping[str, Any]) -> S:
        """The state before the first action. Raises Rejected for bad options."""
        ...

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``. Pure: never mutates ``state``. Raises Rejected."""
        ...

    def current_player(self, state: S) -> int | None:
        """Index of the player whose turn it is (None when it is the table's)."""
        ...

    def turn_order(self, state: S) -> list[int]:
        """Player indices in the order they act this round/turn."""
        ...

    def status_line(self, state: S) -> str:
        """Round and phase in words, e.g. "Round 3 · Action phase"."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended and only the final scoring remains."""
        ...

    def endgame_fields(self, state: S) -> list[EntryField]:
        """The numbers the table must enter for the final score (may be empty)."""
        ...

    def final_score(self, state: S, entries: Mapping[str, int]) -> ScoreResult:
        """Score the ended game from the tracked state plus the entered numbers."""
        ...

    def score_input(self, data: Mapping[str, Any]) -> ScoreResult:
        """Score an endgame described in the ``companion score`` JSON format.

        Raises ScoreInputError naming the field for anything malformed.
        """
        ...

    def final_entries(self, state: S, entries: Mapping[str, int]) -> dict[str, Any]:
        """The per-seat numbers the final score is worked out from (JSON, no names), kept
        with the result so a corrected number is scored again by the same function."""
        ...

    def rescore(self, entries: Mapping[str, Any], names: Sequence[str]) -> ScoreResult:
        """Score :meth:`final_entries` again (seat order ``names``) through the function
        ``companion score`` ends in. Raises ScoreInputError for entries it cannot read."""
        ...

    def correctable(self, entries: Mapping[str, Any], player: int) -> list[EntryField]:
        """The numbers of seat ``player`` a correction may change: ``key`` a path into its
        entries (see :func:`with_entry`), ``label`` what it is, ``default`` the value now."""
        ...


def with_entry(entries: Mapping[str, Any], player: int, key: str, value: int) -> dict[str, Any]:
    """``entries`` with one number of seat ``player`` set: ``key`` is a dotted path in its
    record (``influence``, ``vault.stone``, ``markers.2.value``); a yes/no stays one.
    Raises ScoreInputError for a path that names no number."""
    document = copy.deepcopy(dict(entries))
    node: Any = document.get("players")
    *path, last = [str(player), *key.split(".")]
    try:
        for step in path:
            node = node[int(step)] if isinstance(node, list) else node[step]
        index: Any = int(last) if isinstance(node, list) else last
        current = node[index]
    except (KeyError, IndexError, TypeError, ValueError):
        raise ScoreInputError(key, _("no such number in this score")) from None
    if isinstance(current, bool):
        node[index] = bool(value)
    elif isinstance(current, int):
        node[index] = value
    else:
        raise ScoreInputError(key, _("no such number in this score"))
    return document
