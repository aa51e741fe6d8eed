"""The client has no import circle: scenes know the scene stack and the registries, not each other.

Every ``import`` in ``game/client`` counts, wherever it stands (module level, inside a function,
under ``TYPE_CHECKING``): a circle hidden in a function is still a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "game" / "client"


def module_name(path: Path) -> str:
    """``game/client/match/scenes.py`` -> ``game.client.match.scenes`` (a package is its folder)."""
    parts = path.relative_to(CLIENT.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> Iterator[str]:
    """The client modules ``path`` imports (``from package import module`` names the module)."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    yield f"{base}.{alias.name}"
                elif base in modules:
                    yield base


def import_graph() -> dict[str, set[str]]:
    """Each client module and the client modules it imports."""
    paths = {module_name(path): path for path in CLIENT.rglob("*.py")}
    modules = set(paths)
    return {name: set(imported(path, modules)) - {name} for name, path in paths.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` as its modules in order (first repeated last), or []."""
    done: set[str] = set()
    trail: list[str] = []

    def visit(name: str) -> list[str]:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return []
        trail.append(name)
        for target in sorted(graph[name]):
            cycle = visit(target)
            if cycle:
                return cycle
        trail.pop()
        done.add(name)
        return []

    for name in sorted(graph):
        cycle = visit(name)
        if cycle:
            return cycle
    return []


def test_the_client_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 40 and graph["game.client.scenes.menus"], "the client's modules were not found"
    cycle = find_cycle(graph)
    assert not cycle, "import circle: " + " -> ".join(cycle)


def test_the_cycle_finder_sees_a_circle_through_a_function_level_import() -> None:
    graph = import_graph()
    # what the app's menus did before the screen registry: the title opened the save slots directly
    graph["game.client.match.scenes"].add("game.client.scenes.menus")
    graph["game.client.scenes.menus"].add("game.client.match.scenes")
    assert find_cycle(graph)[0] in ("game.client.match.scenes", "game.client.scenes.menus")


def test_function_level_and_type_checking_imports_count() -> None:
    graph = import_graph()
    assert "game.client.scenes.menus" in graph["game.client.app"]  # imported inside App.start
    assert "game.client.options" in graph["game.client.scenes.base"]  # under TYPE_CHECKING
