"""A snapshot is used only by the rules that wrote it: the fingerprint covers every file of the game's own code,
each under its path, wherever the game lives (a game registered from outside the tree included)."""

import shutil
import sys

from domain import registry
from events import snapshots


def fingerprint_of(name: str) -> str:
    snapshots.fingerprint.cache_clear()
    try:
        return snapshots.fingerprint(name)
    finally:
        snapshots.fingerprint.cache_clear()


def test_a_game_of_one_module_outside_the_tree_is_fingerprinted_by_its_own_file(tmp_path, monkeypatch):
    source = tmp_path / "outside_game.py"
    shutil.copy(sys.modules[registry.get("tiny").__name__].__file__, source)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.register("outside_game", "outside_game")
    try:
        before = fingerprint_of("outside_game")
        (tmp_path / "neighbour.py").write_text("X = 1\n")  # another module beside it is not its code
        assert fingerprint_of("outside_game") == before
        source.write_text(source.read_text() + "\nGOAL_NOTE = 'changed'\n")
        assert fingerprint_of("outside_game") != before
    finally:
        registry.forget("outside_game")
        sys.modules.pop("outside_game", None)


def test_a_packaged_game_is_fingerprinted_by_every_file_under_its_path(tmp_path, monkeypatch):
    package = tmp_path / "boxed_game"
    (package / "box").mkdir(parents=True)
    (package / "__init__.py").write_text("from tests.support.tiny_game import *  # noqa: F403\n"
                                         "from tests.support.tiny_game import NAME, MIN_SEATS, MAX_SEATS  # noqa: F401\n")
    (package / "box" / "__init__.py").write_text("")
    (package / "box" / "data.py").write_text("A = 1\n")
    (package / "data.py").write_text("A = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.register("boxed_game", "boxed_game")
    try:
        before = fingerprint_of("boxed_game")
        (package / "box" / "data.py").write_text("A = 2\n")
        changed = fingerprint_of("boxed_game")
        assert changed != before
        # the same bytes under another path are another file: moving code between boxes is a change of the rules
        (package / "box" / "data.py").unlink()
        (package / "data2.py").write_text("A = 2\n")
        assert fingerprint_of("boxed_game") not in (before, changed)
    finally:
        registry.forget("boxed_game")
        sys.modules.pop("boxed_game", None)
