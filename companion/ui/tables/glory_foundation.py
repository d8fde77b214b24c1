"""Laying a foundation in one pick: every building of the card set on one page, a column
per material in that material's colour, so the building names its material (and its site)
and only the Statue, which may go on any site, asks one more question."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from companion.core.i18n import _
from companion.games.base import Action, Rejected
from companion.games.glory_to_rome import (
    BUILDING_MATERIAL,
    MATERIALS,
    RULES,
    GloryState,
    building_label,
    buildings_in_set,
)
from companion.ui import theme
from companion.ui.board import abbreviate, reading_size
from companion.ui.form import PickDialog
from companion.ui.layout import grid, inset, split_cols, split_rows
from companion.ui.text import draw_paragraph

if TYPE_CHECKING:
    from companion.ui.screen import ScreenHost

#: (name, label, enabled): a building the picker offers
Offer = tuple[str, str, bool]


def material_columns(offers: Sequence[Offer]) -> list[tuple[str | None, list[Offer]]]:
    """The offers by material in table order, those without a published material last."""
    columns: list[tuple[str | None, list[Offer]]] = []
    for material in (*MATERIALS, None):
        column = [offer for offer in offers if BUILDING_MATERIAL.get(offer[0]) == material]
        if column:
            columns.append((material, column))
    return columns


def out_of_town(state: GloryState, site: str) -> bool:
    """In town while a site of its material is left; out of town only after."""
    return state.in_town[MATERIALS.index(site)] == 0


def _accepted(state: GloryState, me: int, trial: Mapping[str, object]) -> bool:
    try:
        RULES.apply(state, Action("lay_foundation", dict(trial), me))
    except Rejected:
        return False
    return True


def _site_trials(name: str, material: str | None) -> list[dict[str, object]]:
    """The ways a building may be laid: on the site its material names; a Statue on any
    site; a building without a published material as any material."""
    if material is None:
        return [{"building": name, "material": site} for site in MATERIALS]
    if name == "Statue":
        return [{"building": name, **({} if site == material else {"site": site})}
                for site in MATERIALS]
    return [{"building": name}]


def foundation_offers(state: GloryState, me: int, extra: Mapping[str, object] | None
                      ) -> list[Offer]:
    """Every building of the card set, enabled where the rules accept it now on some
    site it may go on (the rules are asked, nothing is worked out here)."""
    offers: list[Offer] = []
    for name in buildings_in_set(state.card_set):
        material = BUILDING_MATERIAL.get(name)
        label = building_label(name)  # one without published data stands apart, grey
        enabled = any(_accepted(state, me, {
            **trial, **(extra or {}),
            "out_of_town": out_of_town(state, str(trial.get("site", trial.get(
                "material", material))))}) for trial in _site_trials(name, material))
        offers.append((name, label, enabled))
    return offers


class FoundationPicker(PickDialog):
    """Which building: all of them at once, greyed where the rules refuse it now."""

    def __init__(self, app: ScreenHost, title: str, offers: Sequence[Offer],
                 on_pick: Callable[[str], None]) -> None:
        super().__init__(app, title, [(name, label) for name, label, _on in offers], on_pick)
        self.offers = list(offers)

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The title beside Cancel on top, so the columns get the rest of the height."""
        m = self.metrics
        box = m.rect().inflate(-2 * m.gap, -2 * m.gap)
        top, body = split_rows(box, [-m.unit, 1], m.gap)
        title, cancel = split_cols(top, [1, -m.unit * 2.6], m.gap)
        return inset(title, m.gap // 2), body, cancel

    def build(self) -> None:
        """A column per material; on the portrait screen three columns a band, so
        every name keeps its width."""
        self.buttons = []
        m = self.metrics
        _title, body, cancel = self._areas()
        columns = material_columns(self.offers)
        size = reading_size(m)
        if not m.portrait and len(columns) > 6:  # the unchecked ones under the shortest
            extra = columns.pop()[1]
            shortest = min(columns, key=lambda column: len(column[1]))
            shortest[1].extend(extra)
        across = 3 if m.portrait else len(columns)
        bands = [columns[i:i + across] for i in range(0, len(columns), across)]
        row_gap = max(2, m.gap // 3)  # eight finger-high rows fit the 7" panel's height
        rows = sum(max(len(column) for _m, column in band) for band in bands)
        height = (body.height - row_gap * (rows - 1) - m.gap * (len(bands) - 1)) // rows
        top = body.top
        for band in bands:
            cells = grid(pygame.Rect(body.left, top, body.width, height), across, across,
                         m.gap)
            for (_material, column), cell in zip(band, cells, strict=False):
                for row, (name, label, enabled) in enumerate(column):
                    material = BUILDING_MATERIAL.get(name)
                    fill = theme.THING_COLOURS[material] if material else None
                    rect = pygame.Rect(cell.left, top + row * (height + row_gap),
                                       cell.width, height)
                    # a name at the reading size, shortened by rule where it is too long
                    # for its column (the card it lays says it whole)
                    pad = max(6, min(rect.height, rect.width) // 5)
                    self.add(f"pick-{name}", rect, abbreviate(label, size, rect.width - pad),
                             self._picker(name), enabled=enabled, fill=fill, size=size)
            tallest = max(len(column) for _m, column in band)
            top += tallest * (height + row_gap) - row_gap + m.gap
        self.add("cancel", cancel, _("Cancel"), self._cancel, fill=theme.PANEL)

    def shown_title(self) -> str:
        return self.title

    def paint(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.BACKGROUND)
        title, _body, _cancel = self._areas()
        draw_paragraph(surface, self.title, title, m.body, theme.TEXT)
