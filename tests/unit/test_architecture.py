"""The layers and the import graph, read from the source (AST) by tests/support/imports.py: every import, at module
level or inside functions, classes, `if` and `try`, relative ones and importlib's string targets. No cycles, no
imports hidden in functions, and each layer imports only the layers below it (domain <- events <- service); inside
the service, each part imports only the parts below it (service/README.md). The clients (client/, the
`bazaar_client` distribution) stand apart from the server: the SDK imports nothing of it (a third party gets only
HTTP), bots only the SDK (and domain as a rules simulator), the MCP server only the SDK, the CLI all three; the
service's worker runs bots in bot seats."""

import ast
from pathlib import Path

from tests.support.imports import dotted, imports_in

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT / "domain", ROOT / "events", ROOT / "service", ROOT / "client" / "bazaar_client")
# A module's layer: its top package, or for a client module its part (bazaar_client.sdk -> "sdk").
CLIENT = "bazaar_client"
# bots -> domain: a search bot needs a rules simulator, and `domain` is one (pure, no I/O); it runs it only on
# states it builds from a seat's view, never on the server's (it imports neither service nor events).
# service -> bots: the worker plays the seats bots hold, handing them the seat's view (service/scheduling/bot_seats.py)
ALLOWED = {"domain": {"domain"}, "events": {"domain", "events"}, "service": {"domain", "events", "service", "bots", "sdk"},
           "sdk": {"sdk", CLIENT}, "bots": {"sdk", "bots", "domain", CLIENT}, "mcp": {"sdk", "mcp", CLIENT},
           "cli": {"sdk", "bots", "mcp", "cli", CLIENT}, CLIENT: {"sdk", CLIENT}}
LAYERS = set(ALLOWED)


CLIENT_PARTS = ("sdk", "bots", "mcp", "cli")
# Plugin loaders: they import, by a game's name, a client's add-on for it (a board, a bot's evaluation), which
# nothing imports statically; what they load is below whoever asks them, so they add no edge.
PLUGIN_LOADERS = {"bazaar_client.games"}


def layer(module: str) -> str:
    """A module's layer: its top package; a client's, its part (bazaar_client.sdk...), or the client's root."""
    parts = module.split(".")
    if parts[0] == CLIENT:
        return parts[1] if len(parts) > 1 and parts[1] in CLIENT_PARTS else CLIENT
    return parts[0]


# The service's parts, top to bottom (service/README.md): each imports only itself and the parts after it.
SERVICE_PARTS = ("operations", "http", "tournaments", "feed", "scheduling", "streams", "games", "access", "pictures")


def modules() -> dict[str, Path]:
    return {dotted(p): p for source in SOURCES for p in source.rglob("*.py")}


def graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports, anywhere in its source."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        found = imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", set(known), tables=True,
                           plugins=name in PLUGIN_LOADERS)
        edges[name] = {target for _line, target in found if target in known} - {name}
    return edges


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
                if name.split(".")[0] in ("domain", "events", "service", CLIENT):
                    yield child.lineno, name


def part_of(module: str) -> str | None:
    """The service part a module belongs to (None: the `service` package itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in SERVICE_PARTS else None


def test_every_service_module_is_in_a_part():
    loose = [m for m in modules() if m.startswith("service.") and part_of(m) is None]
    assert not loose, f"group these under a part of service/ (service/README.md): {sorted(loose)}"


def test_each_service_part_imports_only_the_parts_below_it():
    wrong = []
    for module, targets in graph().items():
        here = part_of(module)
        if here is None:  # `service` itself: its lazy create_app names the composition root
            continue
        below = SERVICE_PARTS[SERVICE_PARTS.index(here):]
        wrong += [f"{module} ({here}) imports {target} ({part_of(target)})" for target in targets
                  if target.startswith("service.") and part_of(target) not in below]
    assert not wrong, "\n".join(sorted(wrong))


def test_no_project_import_hides_inside_a_function():
    hidden = []
    for source in SOURCES:
        for path in source.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            hidden += [f"{path.relative_to(ROOT)}:{line} imports {name}"
                       for line, name in project_imports(tree, inside_functions=True)]
    assert not hidden, "move the shared piece down a layer instead:\n" + "\n".join(sorted(set(hidden)))


def test_layers_import_only_the_layers_below():
    wrong = [f"{module} imports {target}" for module, targets in graph().items() for target in targets
             if layer(target) not in ALLOWED[layer(module)]]
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


def test_the_names_tools_outside_the_project_use_still_resolve():
    """The peer benchmark and deployment scripts start the service through `from service import serving,
    embedded_redis` (their place before the service was grouped by part)."""
    import service  # noqa: PLC0415 - the package's lazy names, asked for here only

    assert callable(service.serving.gunicorn_command) and callable(service.embedded_redis.binary)
