"""domain.istanbul imports form a layered graph: every import at module top, no cycle (issue 9).

A function-local import hides a cycle instead of removing it; the graph is read from the source (AST), so a
cycle that Python happens to tolerate at import time still fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import domain.istanbul

PACKAGE = "domain.istanbul"
ROOT = Path(domain.istanbul.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def modules() -> dict[str, ast.Module]:
    return {module_name(path): ast.parse(path.read_text(), str(path)) for path in sorted(ROOT.rglob("*.py"))}


def imported(tree: ast.Module, known: set[str]) -> set[str]:
    """The package's modules that `tree` imports anywhere: `from a.b import c` is an edge to the module a.b.c when
    there is one (as import linters read it), else to a.b."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                out.add(name if name in known else node.module)
    return {name for name in out if name in known}


def graph() -> dict[str, set[str]]:
    trees = modules()
    known = set(trees)
    return {name: imported(tree, known) - {name} for name, tree in trees.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (a path that ends where it starts), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_no_function_local_imports():
    for name, tree in modules().items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                local = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not local, f"{name}.{node.name} imports inside a function"


def test_the_import_graph_is_acyclic():
    found = cycle(graph())
    assert found is None, " -> ".join(found)


def test_the_cycle_check_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
