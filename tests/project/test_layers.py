"""The companion's layers import downwards only, no import circle, no module over 600 lines.

The layers are the folders of ``companion/`` (its ``__init__`` docstring lists them): a
module may import its own layer and the ones its layer is allowed below. An import
under ``TYPE_CHECKING`` or inside a function counts like one at the top.
"""

from __future__ import annotations

from import_graph import find_cycle, import_graph
from paths import REPO

COMPANION = REPO / "companion"
#: the layer of each folder of companion/; the modules at its root are the top
LAYER_OF_FOLDER = {
    "core": "core", "locale": "core", "games": "games", "devices": "devices", "log": "log",
    "history": "history", "system": "system", "ui": "ui",
}
#: what each layer may import besides itself
BELOW = {
    "core": set(),
    "games": {"core"},
    "devices": {"core"},
    "log": {"core", "games"},
    "history": {"core", "games", "log"},
    "system": {"core", "devices"},
    "ui": {"core", "games", "devices", "log", "history", "system"},
    "top": {"core", "games", "devices", "log", "history", "system", "ui"},
}


def layer(module: str) -> str:
    parts = module.split(".")
    if parts == ["companion"]:
        return "core"  # the package itself holds its version and nothing else
    if len(parts) > 2 or (COMPANION / parts[1]).is_dir():
        return LAYER_OF_FOLDER[parts[1]]
    return "top"


def wrong_way(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{module} ({layer(module)}) imports {target} ({layer(target)})"
                  for module, targets in graph.items() for target in targets
                  if layer(target) != layer(module)
                  and layer(target) not in BELOW[layer(module)])


def test_every_folder_of_the_package_is_a_known_layer_and_says_what_it_may_import() -> None:
    folders = {path.name for path in COMPANION.iterdir()
               if path.is_dir() and (path / "__init__.py").exists()}
    assert folders == set(LAYER_OF_FOLDER)
    for folder in folders - {"locale"}:
        doc = (COMPANION / folder / "__init__.py").read_text(encoding="utf-8")
        assert doc.startswith('"""') and "import" in doc.split('"""')[1], folder


def test_the_root_holds_only_the_top() -> None:
    root = {path.stem for path in COMPANION.glob("*.py")}
    assert root == {"__init__", "__main__", "app", "cli", "device_reload", "scoring"}


def test_the_layers_import_downwards_only() -> None:
    assert wrong_way(import_graph(COMPANION)) == []


def test_the_check_sees_an_upward_import() -> None:
    assert wrong_way({"companion.log.store": {"companion.history.exchange"}}) == [
        "companion.log.store (log) imports companion.history.exchange (history)"]
    assert wrong_way({"companion.ui.frame": {"companion.app"}})
    assert not wrong_way({"companion.app": {"companion.ui.frame"}})


def test_companion_has_no_import_cycle() -> None:
    assert find_cycle(import_graph(COMPANION)) == []


def test_bench_has_no_import_cycle() -> None:
    assert find_cycle(import_graph(REPO / "bench")) == []


#: the longest a module of companion/ or bench/ may be: past it, split it by job
MAX_MODULE_LINES = 600


def test_no_module_is_over_600_lines() -> None:
    long = {str(path.relative_to(REPO)): lines
            for folder in (COMPANION, REPO / "bench") for path in folder.rglob("*.py")
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}
