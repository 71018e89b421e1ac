"""Every import of a module, read from its source (AST), for the architecture tests: statements at module level and
inside functions, classes, `if` and `try`, relative ones, and the string targets of `importlib.import_module` /
`__import__` (a target that is not a string literal is refused, as it cannot be checked). `from package import
name` depends on the submodule `name` when there is one, else on the package's `__init__`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Unreadable(Exception):
    """An import whose target the source does not state (import_module of a computed name)."""


def dotted(path: Path) -> str:
    """The module name of a file under the repository root: domain/istanbul/places/__init__.py -> domain.istanbul.places."""
    # the clients' distribution lives in client/ (its import root), the server's packages at the top
    base = ROOT / "client" if path.is_relative_to(ROOT / "client") else ROOT
    parts = path.relative_to(base).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_in(source: str, module: str, is_package: bool, known: set[str],
               tables: bool = False, plugins: bool = False) -> list[tuple[int, str]]:
    """(line, module imported) for every import in `source`, the source of `module`. A name taken from a package
    is the submodule when `known` has it, else the package. `tables`: a loader called with a computed name (a
    registry loading a module named in a table: games, blueprints, bots) imports every module the source names in a
    string literal (`"domain.jaipur"`, or `"bazaar_client.bots.greedy:GreedyBot"`'s module); without it, or when the source names
    none, it is refused as unreadable. `plugins`: the module is a plugin loader (it imports modules named after a
    game, which none of the project's modules imports): its computed imports are no edges of the graph."""
    tree = ast.parse(source)
    named = sorted({text.partition(":")[0] for node in ast.walk(tree) if isinstance(node, ast.Constant)
                    and isinstance(text := node.value, str) and text.partition(":")[0] in known})
    here = module if is_package else module.rpartition(".")[0]
    loaders = {"import_module", "__import__"}  # names bound to importlib's loaders (aliases included)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "importlib":
            loaders |= {alias.asname or alias.name for alias in node.names if alias.name in ("import_module", "__import__")}
    found: list[tuple[int, str]] = []

    def relative(level: int, name: str | None) -> str:
        base = here
        for _ in range(level - 1):
            base = base.rpartition(".")[0]
        return f"{base}.{name}" if name else base

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source_module = relative(node.level, node.module) if node.level else node.module
            for alias in node.names:
                candidate = f"{source_module}.{alias.name}"
                found.append((node.lineno, candidate if candidate in known else source_module))
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if called not in loaders and called not in ("import_module", "__import__"):
                continue
            target = node.args[0] if node.args else None
            if not (isinstance(target, ast.Constant) and isinstance(target.value, str)):
                if plugins:
                    continue
                if not (tables and named):
                    raise Unreadable(f"{module}:{node.lineno}: {called}() of a computed name")
                found += [(node.lineno, name) for name in named]
                continue
            name = target.value
            if name.startswith("."):
                package = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "package"), None)
                if isinstance(package, ast.Constant) and isinstance(package.value, str):
                    anchor = package.value
                elif isinstance(package, ast.Name) and package.id in ("__name__", "__package__"):
                    anchor = module if package.id == "__name__" and is_package else here
                else:
                    raise Unreadable(f"{module}:{node.lineno}: {called}() relative to a computed package")
                level = len(name) - len(name.lstrip("."))
                for _ in range(level - 1):
                    anchor = anchor.rpartition(".")[0]
                name = f"{anchor}.{name.lstrip('.')}" if name.lstrip(".") else anchor
            found.append((node.lineno, name))
    return found


