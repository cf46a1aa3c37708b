"""No import circle in tabletop: the module graph, function-local imports included, is acyclic.

A function-local import only hides a circle (it still ties both modules together);
imports under ``if TYPE_CHECKING:`` are for annotations only and are not counted.
A module's parent packages are not counted either (importing ``a.b`` runs ``a``'s
``__init__`` first, which every submodule shares).
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "tabletop"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(source: str, name: str, is_package: bool, modules: set[str]) -> dict[str, int]:
    """The modules of ``modules`` that module ``name`` imports anywhere, -> first line."""
    found: dict[str, int] = {}
    package = name if is_package else name.rpartition(".")[0]

    def add(target: str, line: int) -> None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.setdefault(target, line)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit_node(other)
                continue
            visit_node(child)

    def visit_node(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                if node.level > 1:
                    up = up[:-(node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in modules else base, node.lineno)
        else:
            visit(node)

    visit(ast.parse(source))
    return found


def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, dict[str, int]]:
    """Module -> {imported module -> line}, from ``{module: (source, is_package)}``."""
    modules = set(sources)
    return {name: _imported(source, name, is_package, modules)
            for name, (source, is_package) in sources.items()}


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a self-loop), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found)


def _tabletop_sources() -> dict[str, tuple[str, bool]]:
    return {_module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for path in sorted(PACKAGE.rglob("*.py"))}


def test_tabletop_has_no_import_cycle() -> None:
    graph = import_graph(_tabletop_sources())
    assert len(graph) > 50
    report = []
    for component in cycles(graph):
        edges = [f"  {a} -> {b} (line {graph[a][b]})"
                 for a in component for b in sorted(graph[a]) if b in component]
        report.append("cycle: " + ", ".join(component) + "\n" + "\n".join(edges))
    assert report == [], "\n".join(report)


def test_the_graph_counts_local_imports_and_skips_type_checking() -> None:
    sources = {
        "pkg": ("", True),
        "pkg.a": ("from pkg.b import f\n", False),
        "pkg.b": ("def f():\n    from pkg import a\n    return a\n", False),
        "pkg.c": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.d import x\n"
                  "else:\n    import pkg.e\n", False),
        "pkg.d": ("from . import c\n", False),
        "pkg.e": ("", False),
    }
    graph = import_graph(sources)
    assert graph["pkg.b"] == {"pkg.a": 2}
    assert graph["pkg.c"] == {"pkg.e": 5}
    assert graph["pkg.d"] == {"pkg.c": 1}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
