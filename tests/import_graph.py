"""The import graph of the checkout's packages, read from the source (nothing is imported).

Every ``import`` statement counts: at the top, inside functions (imported when first
needed) and under ``TYPE_CHECKING`` (a cycle there is still two modules that cannot be
read one without the other). ``from package import name`` depends on the submodule
``package.name`` where there is one, else on the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

from paths import REPO


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in known:
                    found.add(target)
                elif base in known:
                    found.add(base)
    return found


def import_graph(*folders: Path) -> dict[str, set[str]]:
    """Each module under ``folders`` -> the modules under them it imports."""
    files = {module_name(path): path for folder in folders for path in folder.rglob("*.py")}
    known = set(files)
    return {name: imported(path, known) - {name} for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (its modules in order, the first repeated), or []."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = "open"
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                return [*path[path.index(target):], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        state[name] = "done"
        path.pop()
        return []

    for name in sorted(graph):
        if name not in state:
            cycle = visit(name)
            if cycle:
                return cycle
    return []
