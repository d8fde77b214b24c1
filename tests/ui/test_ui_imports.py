"""The screens know the app only by its interface, and ``companion/ui`` imports in one direction.

Every ``import`` statement counts: at the top, inside functions (imported when first
needed) and under ``TYPE_CHECKING`` (a cycle there is still two modules that cannot be
read one without the other).
"""

from __future__ import annotations

import ast
from pathlib import Path

from import_graph import find_cycle, import_graph
from paths import REPO

from companion.ui.app_loop import App

UI = REPO / "companion" / "ui"
APP_MODULE = "companion.ui.app_loop"
#: the modules that make an App: the wiring itself, and the screenshots' start-up (the
#: app's own start-up, companion.app, is outside companion/ui)
MAKE_THE_APP = {APP_MODULE, "companion.ui.screenshot"}


def ui_graph() -> dict[str, set[str]]:
    return import_graph(UI)


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = ui_graph()
    assert "companion.ui.screen" in graph["companion.ui.screens.home"]  # at the top
    assert "companion.ui.screens.home" in graph["companion.ui.navigation"]  # in a function
    assert "companion.ui.screen" in graph["companion.ui.tables.base"]  # under TYPE_CHECKING
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_no_module_under_ui_but_the_wiring_imports_the_app_module() -> None:
    importers = {name for name, targets in ui_graph().items() if APP_MODULE in targets}
    assert importers <= MAKE_THE_APP, (
        f"{sorted(importers - MAKE_THE_APP)} import {APP_MODULE}: a screen asks the app only "
        "for what companion.ui.screen.ScreenHost names")


def test_companion_ui_has_no_import_cycle() -> None:
    assert find_cycle(ui_graph()) == []


def interface_names(path: Path, protocol: str) -> set[str]:
    """The members ``protocol`` (a class in ``path``) names: its methods and attributes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = next(node for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef) and node.name == protocol)
    return {node.name if isinstance(node, ast.FunctionDef) else ast.unparse(node.target)
            for node in found.body if isinstance(node, ast.FunctionDef | ast.AnnAssign)}


def test_the_app_offers_everything_the_screens_interface_names() -> None:
    named = interface_names(UI / "screen.py", "ScreenHost")
    missing = {name for name in named
               if not hasattr(App, name) and name not in App.__init__.__code__.co_names}
    assert {"go", "push", "pop", "dispatch", "message", "session"} <= named and not missing
