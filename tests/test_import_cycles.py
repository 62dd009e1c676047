"""No import cycle between maintext's modules.

Reads every module of the package with :mod:`ast` (nothing is imported or run) and builds the
graph "module A imports module B" from every ``import`` statement: at module level, inside
functions (a deferred import still ties A to B) and under ``if TYPE_CHECKING`` alike. A
package's ``__init__`` is a module like the others, tied to what names it (``from .lcs import
x``, ``import maintext``), not to every import of one of its submodules. The test fails on any
strongly connected component of more than one module, and names the edges that close it.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "maintext"
ROOT = Path(__file__).resolve().parents[1] / PACKAGE


def module_names(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> source file, for every .py file of the package."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """``name`` or its closest enclosing module of the package (``a.b.func`` -> ``a.b``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``module`` imports, anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            hits = [_known(alias.name, modules) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            # "from pkg import mod" is the submodule pkg.mod when there is one, else pkg's name
            hits = [_known(f"{base}.{alias.name}", modules) for alias in node.names]
        else:
            continue
        found.update(hit for hit in hits if hit and hit != module)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = module_names(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def describe(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    edges = [f"{a} -> {b}" for a in component for b in sorted(graph[a] & members)]
    return "cycle: " + "; ".join(edges)


def test_graph_sees_known_imports():
    """The walk resolves relative and absolute imports (else the cycle test proves nothing)."""
    graph = import_graph()
    assert "maintext.html.document" in graph["maintext.api"]
    assert "maintext.options" in graph["maintext.api"]
    assert "maintext.errors" in graph["maintext.registry"]
    assert "maintext.html.walk" in graph["maintext.html.segment"]  # from . import walk
    assert "maintext.methods.lcs" in graph["maintext.site.learn"]  # a package's __init__, imported in a function


def test_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_resolve_relative_imports():
    assert _resolve("maintext.html.segment", False, 1, "markers") == "maintext.html.markers"
    assert _resolve("maintext.html.segment", False, 2, "options") == "maintext.options"
    assert _resolve("maintext.methods.auto", True, 1, "filter") == "maintext.methods.auto.filter"
    assert _resolve("maintext.methods.auto", True, 2, None) == "maintext.methods"


def test_no_import_cycle():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "\n".join(describe(c, graph) for c in found)
