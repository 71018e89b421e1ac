"""The layers and the import graph, read from the source (AST): no cycles, no imports hidden in functions,
and each layer imports only the layers below it (domain <- events <- service). The clients stand apart from the
server: the SDK imports nothing of it (a third party gets only HTTP), bots only the SDK (and domain as a rules
simulator), the agents' MCP server only the SDK, the CLI all three; the service's worker runs bots in bot seats."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "events", "service", "sdk", "bots", "agents", "cli")
# bots -> domain: a search bot needs a rules simulator, and `domain` is one (pure, no I/O); it runs it only on
# states it builds from a seat's view, never on the server's (it imports neither service nor events).
# service -> bots: the worker plays the seats bots hold, handing them the seat's view (service/bot_seats.py)
ALLOWED = {"domain": {"domain"}, "events": {"domain", "events"}, "service": {"domain", "events", "service", "bots"},
           "sdk": {"sdk"}, "bots": {"sdk", "bots", "domain"}, "agents": {"sdk", "agents"},
           "cli": {"sdk", "bots", "agents", "cli"}}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_imports(tree: ast.AST, inside_functions: bool):
    """(line, imported module) for every import of a project module, at module level or inside functions."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) != inside_functions:
            continue
        body = ast.walk(node) if inside_functions else ast.iter_child_nodes(node)
        for child in body:
            if isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                names = [child.module] + [f"{child.module}.{alias.name}" for alias in child.names]
            else:
                continue
            for name in names:
                if name.split(".")[0] in PACKAGES:
                    yield child.lineno, name


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = set()
        for node in ast.iter_child_nodes(tree):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names if alias.name in modules}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module in modules:
                submodules = {f"{node.module}.{alias.name}" for alias in node.names} & set(modules)
                # `from package import submodule` depends on the submodule (and the package's __init__ only
                # when a name that is not a submodule is taken from it)
                targets |= submodules
                if len(submodules) < len(node.names):
                    targets.add(node.module)
        edges[name] = targets - {name}
    return edges


def test_no_project_import_hides_inside_a_function():
    hidden = []
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            hidden += [f"{path.relative_to(ROOT)}:{line} imports {name}"
                       for line, name in project_imports(tree, inside_functions=True)]
    assert not hidden, "move the shared piece down a layer instead:\n" + "\n".join(sorted(set(hidden)))


def test_layers_import_only_the_layers_below():
    wrong = [f"{module} imports {target}" for module, targets in graph().items() for target in targets
             if target.split(".")[0] not in ALLOWED[module.split(".")[0]]]
    assert not wrong, "\n".join(sorted(wrong))


def test_the_import_graph_has_no_cycle():
    edges = graph()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str):
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if state.get(nxt) is None:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if state.get(node) is None:
            visit(node)
