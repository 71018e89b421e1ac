"""A game's Meta names its game module once, when it is made: reading `meta.game` asks the registry nothing."""

import pytest

from domain import registry
from service.games.repository import Meta

registry.register("tiny", "tests.support.tiny_game")


def test_a_meta_resolves_its_game_when_it_is_made_and_never_again(monkeypatch):
    meta = Meta("0" * 16, "tiny", 2, "seed", ())
    tiny = registry.get("tiny")

    def looked_up(name):
        raise AssertionError(f"the registry was asked for {name!r} after the meta was made")

    monkeypatch.setattr(registry, "get", looked_up)
    assert meta.game is tiny and meta.game.NAME == "tiny"


def test_a_meta_of_a_game_the_registry_lacks_cannot_be_made():
    with pytest.raises(registry.UnknownGame):
        Meta("0" * 16, "no-such-game", 2, "seed", ())


def test_the_resolved_game_is_not_one_of_the_facts():
    """Two metas of the same facts are equal and hash alike, and the module is not printed with them."""
    a, b = Meta("0" * 16, "tiny", 2, "seed", ()), Meta("0" * 16, "tiny", 2, "seed", ())
    assert a == b and hash(a) == hash(b) and "module" not in repr(a)
