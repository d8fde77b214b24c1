"""The prompt for an unknown tag: "What is this tag?" with choices, never an error."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.core.i18n import _
from companion.games.glory_to_rome.data import MATERIALS, material_label
from companion.log.entries import TagMeaning
from companion.ui.form import Pick, run_form
from companion.ui.keyboard import KeyboardScreen
from companion.ui.screens.dialogs import ChoiceDialog
from companion.ui.theme import colour_names

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

#: the province colours of the shipped Via Romana map (a board file may name others)
CITY_MARKER_COLOURS = ("blue", "grey", "green", "violet", "yellow")
#: the marker numbers offered when no Via Romana game tells which exist
CITY_MARKER_NUMBERS = (1, 2, 3, 4)


def city_marker_choices(app: ScreenHost) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Colour -> (label, marker numbers) for the city-marker prompt.

    From the loaded board while a Via Romana game is on (its colours and the values its
    cities' stacks start with); otherwise the shipped map's colours.
    """
    names = colour_names()
    session = app.session
    if session is None or session.rules.key != "via-romana":
        return {c: (names.get(c, c), CITY_MARKER_NUMBERS) for c in CITY_MARKER_COLOURS}
    board = session.state.board
    provinces = dict(zip(board.colours, board.province_names, strict=False))
    choices: dict[str, tuple[str, tuple[int, ...]]] = {}
    for colour in board.colours:
        values = sorted({v for city in board.cities if city.colour == colour
                         for v in city.markers})
        if values:
            label = names.get(colour, colour)
            if provinces.get(colour):
                label = f"{label} ({provinces[colour]})"
            choices[colour] = (label, tuple(values))
    return choices


def enrol_tag_dialog(app: ScreenHost, uid: str) -> ChoiceDialog:
    def save(meaning: TagMeaning) -> None:
        app.store.enrol_tag(uid, meaning)
        app.message(_("Tag saved as {label}.").format(label=meaning.label), error=False)

    def player() -> None:
        names = [p.name for p in app.session.players] if app.session else []
        options = [(name, name) for name in names] + [("__type__", _("type a name"))]

        def typed(text: str) -> None:
            if text:
                save(TagMeaning("player", text, text))

        def chosen(values: dict[str, object]) -> None:
            name = str(values["name"])
            if name == "__type__":
                app.push(KeyboardScreen(app, _("Whose token is this?"), "", typed,
                                        max_length=16))
            else:
                save(TagMeaning("player", name, name))
        run_form(app, _("Player token"), [Pick("name", _("Whose?"), options)], chosen)

    def material() -> None:
        run_form(app, _("Glory to Rome material"),
                 [Pick("material", _("Which material?"),
                       [(m, material_label(m)) for m in MATERIALS])],
                 lambda v: save(TagMeaning("gtr-material", str(v["material"]),
                                           material_label(str(v["material"])))))

    def marker() -> None:
        names = colour_names()
        choices = city_marker_choices(app)
        run_form(app, _("City marker"),
                 [Pick("colour", _("Colour"), [(c, label) for c, (label, _n) in
                                                choices.items()]),
                  Pick("number", _("Number"),
                       lambda v: [(n, str(n)) for n in choices[str(v["colour"])][1]])],
                 lambda v: save(TagMeaning("vr-city-marker", f"{v['colour']}:{v['number']}",
                                           _("city marker {colour} {number}").format(
                                               colour=names.get(str(v["colour"]),
                                                                str(v["colour"])),
                                               number=v["number"]))))

    choices: list[tuple[str, str, Callable[[], object]]] = [
        ("player", _("A player's token"), player),
        ("gtr-material", _("A Glory to Rome material"), material),
        ("vr-city-marker", _("A Via Romana city marker"), marker),
    ]
    return ChoiceDialog(app, _("What is this tag?"), choices,
                        _("This tag is new here. Say what it stands for, or cancel to "
                          "ignore it."))
