"""Wheel build hook: compile every catalog's .po to .mo so the .mo files ship in the wheel."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "catalogs"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        locale = Path(self.root) / "companion" / "locale"
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalog = read_po(source)
            out = io.BytesIO()
            write_mo(out, catalog, use_fuzzy=False)
            po.with_suffix(".mo").write_bytes(out.getvalue())
        build_data["artifacts"].append("companion/locale/*/LC_MESSAGES/*.mo")
