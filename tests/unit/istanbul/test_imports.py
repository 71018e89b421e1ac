"""The layout domain/istanbul/README.md states, checked against every import of every module of the package.

The README's two tables are this test's input (so the page and the code cannot drift apart): the module table gives
each module its layer, the composition table the boxes each base module may import. Every import is read from the
source (AST): statements at module level and inside functions, classes, `if` and `try`, relative ones, and the
string targets of `importlib.import_module` / `__import__` (a target that is not a string literal is refused, as
it cannot be checked). As in tests/unit/test_architecture.py, `from package import name` depends on the submodule
`name` when there is one, else on the package's `__init__`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.imports import Unreadable, dotted, imports_in

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "domain" / "istanbul"
README = PACKAGE / "README.md"
NAME = "domain.istanbul"
BOXES = ("mocha_baksheesh", "letters_seals", "great_bazaar")
# what each box may import besides the base and itself: the Great Bazaar is both boxes together
BOX_MAY_IMPORT = {"mocha_baksheesh": set(), "letters_seals": set(), "great_bazaar": {"mocha_baksheesh", "letters_seals"}}
NOTHING = "-"  # the layer cell of a box's package file, which imports nothing


def modules() -> dict[str, Path]:
    """Every module of the package, by its path relative to domain/istanbul (the README's spelling)."""
    return {path.relative_to(PACKAGE).as_posix(): path for path in sorted(PACKAGE.rglob("*.py"))}


def graph() -> dict[str, list[tuple[int, str]]]:
    """Module (README spelling) -> (line, module of the package it imports); imports from outside the package
    (domain.core, the standard library) are left out."""
    files = modules()
    by_name = {dotted(path): rel for rel, path in files.items()}
    out = {}
    for rel, path in files.items():
        found = imports_in(path.read_text(encoding="utf-8"), dotted(path), path.name == "__init__.py", set(by_name))
        out[rel] = [(line, by_name[name]) for line, name in found if name in by_name and by_name[name] != rel]
    return out


def box_of(rel: str) -> str | None:
    top = rel.split("/")[0]
    return top if top in BOXES else None


# --- the README's tables ----------------------------------------------------------------------------------------
def readme_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Layout of the package")
    return text[start:text.index("\n## ", start + 1)]


def table_rows(section: str, header: str) -> list[list[str]]:
    """The rows of the table whose header row starts with `header`, cells stripped of backticks."""
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def layers() -> list[str]:
    line = next(line for line in readme_section().splitlines() if line.startswith("- Layers, bottom to top:"))
    return re.findall(r"`(\w+)`", line)


def module_of(cell: str) -> str:
    path = cell.strip("`")
    return path + "__init__.py" if path.endswith("/") else path


def layer_table() -> dict[str, str]:
    rows = table_rows(readme_section(), "| module | layer |")
    named = [module_of(row[0]) for row in rows]
    assert len(named) == len(set(named)), "a module is listed twice in the README's layout table"
    return {module_of(row[0]): row[1] for row in rows}


def composition_table() -> dict[str, set[str]]:
    rows = table_rows(readme_section(), "| module | boxes |")
    return {module_of(row[0]): set(re.findall(r"`(\w+)`", row[1])) for row in rows}


# --- the layout -------------------------------------------------------------------------------------------------
def test_the_readme_lists_every_module_once_in_a_layer():
    table = layer_table()
    assert sorted(table) == sorted(modules()), "README's layout table and the package's files differ"
    assert set(table.values()) <= set(layers()) | {NOTHING}
    assert {rel for rel, layer in table.items() if layer == NOTHING} == {
        rel for rel in modules() if box_of(rel) and rel.endswith("__init__.py")}


def test_no_module_imports_a_higher_layer():
    table, rank = layer_table(), {name: i for i, name in enumerate(layers())}
    upwards = [f"{rel}:{line} ({table[rel]}) imports {target} ({table[target]})"
               for rel, found in graph().items() if table[rel] != NOTHING
               for line, target in found if table[target] != NOTHING and rank[table[target]] > rank[table[rel]]]
    assert not upwards, "\n".join(upwards)


def test_a_box_package_file_imports_nothing():
    """Importing any module of a box runs its package files: they load nothing, so one module loads no other."""
    loaded = [f"{rel}:{line} imports {target}" for rel, found in graph().items() if layer_table()[rel] == NOTHING
              for line, target in found]
    loaded += [f"{rel} imports {name}" for rel, path in modules().items() if layer_table()[rel] == NOTHING
               for _, name in imports_in(path.read_text(encoding="utf-8"), dotted(path), True, set())
               if name != "__future__"]
    assert not loaded, "\n".join(loaded)


def test_a_box_imports_only_the_base_and_itself():
    wrong = [f"{rel}:{line} imports {target}" for rel, found in graph().items() if box_of(rel)
             for line, target in found
             if box_of(target) not in (None, box_of(rel), *BOX_MAY_IMPORT[box_of(rel)])]
    assert not wrong, "\n".join(wrong)


def test_the_base_imports_a_box_only_at_its_composition_points():
    allowed = composition_table()
    reached = {rel: {box_of(target) for _, target in found if box_of(target)} for rel, found in graph().items()
               if not box_of(rel)}
    wrong = [f"{rel}:{line} imports {target}" for rel, found in graph().items() if not box_of(rel)
             for line, target in found if box_of(target) and box_of(target) not in allowed.get(rel, set())]
    assert not wrong, "import the box through a composition point, or add one to the README:\n" + "\n".join(wrong)
    stale = {rel: boxes - reached.get(rel, set()) for rel, boxes in allowed.items() if boxes - reached.get(rel, set())}
    assert not stale, f"the README names boxes these modules no longer import: {stale}"
    assert set(allowed) <= {rel for rel in modules() if not box_of(rel)}


def test_the_imports_have_no_cycle():
    edges = {rel: sorted({target for _, target in found}) for rel, found in graph().items()}
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]):
        state[node] = 1
        for nxt in edges[node]:
            if state.get(nxt) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(nxt):] + [node, nxt]))
            if nxt not in state:
                visit(nxt, path + [node])
        state[node] = 2

    for node in edges:
        if node not in state:
            visit(node, [])


# --- the reader reads every kind of import ----------------------------------------------------------------------
KNOWN = {"domain.istanbul", "domain.istanbul.places", "domain.istanbul.places.dice", "domain.istanbul.data",
         "domain.istanbul.mocha_baksheesh", "domain.istanbul.mocha_baksheesh.data", "domain.istanbul.letters_seals",
         "domain.istanbul.letters_seals.data"}


def read(source: str, module: str = "domain.istanbul.letters_seals.cards", is_package: bool = False) -> list[str]:
    return [name for _, name in imports_in(source, module, is_package, KNOWN)]


@pytest.mark.parametrize("source, expected", [
    ("from domain.istanbul.mocha_baksheesh.data import COFFEE_HOUSE", ["domain.istanbul.mocha_baksheesh.data"]),
    ("from domain.istanbul.mocha_baksheesh import data as m", ["domain.istanbul.mocha_baksheesh.data"]),
    ("from domain.istanbul import decide", ["domain.istanbul"]),  # not a known submodule: the package's __init__
    ("import domain.istanbul.mocha_baksheesh.data as m", ["domain.istanbul.mocha_baksheesh.data"]),
    ("def f():\n    from domain.istanbul.mocha_baksheesh import data", ["domain.istanbul.mocha_baksheesh.data"]),
    ("class C:\n    import domain.istanbul.places.dice", ["domain.istanbul.places.dice"]),
    ("if X:\n    pass\nelse:\n    from domain.istanbul.places import dice", ["domain.istanbul.places.dice"]),
    ("try:\n    import a\nexcept ImportError:\n    from domain.istanbul import data", ["a", "domain.istanbul.data"]),
    ("from ..mocha_baksheesh import data", ["domain.istanbul.mocha_baksheesh.data"]),
    ("from . import data", ["domain.istanbul.letters_seals.data"]),
    ("from .data import LETTERS", ["domain.istanbul.letters_seals.data"]),
    ("import importlib\nm = importlib.import_module('domain.istanbul.mocha_baksheesh.data')",
     ["importlib", "domain.istanbul.mocha_baksheesh.data"]),
    ("from importlib import import_module as load\nload('domain.istanbul.places.dice')",
     ["importlib", "domain.istanbul.places.dice"]),
    ("__import__('domain.istanbul.mocha_baksheesh')", ["domain.istanbul.mocha_baksheesh"]),
    ("import importlib\nimportlib.import_module('..mocha_baksheesh.data', __package__)",
     ["importlib", "domain.istanbul.mocha_baksheesh.data"]),
])
def test_the_reader_finds_every_kind_of_import(source, expected):
    assert read(source) == expected


@pytest.mark.parametrize("source", [
    "import importlib\nimportlib.import_module('domain.istanbul.' + name)",
    "from importlib import import_module as load\nload(NAMES[0])",
    "import importlib\nimportlib.import_module('.data', package=where)",
])
def test_an_import_of_a_computed_name_is_refused(source):
    with pytest.raises(Unreadable):
        read(source)


def test_a_relative_import_in_a_package_file_starts_from_the_package():
    assert read("from .places import dice", "domain.istanbul", is_package=True) == ["domain.istanbul.places.dice"]
