"""The fast record tools keep the dataclass contract: frozen, equal by fields, validated field names."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

import domain.istanbul as game
from domain.istanbul.frozen import MISSING, FrozenDict, recall, record, remember, replace
from domain.istanbul.goods import Goods, freeze

from .builders import setup


@record
class Sample:
    seat: int
    goods: dict
    card: str | None = None

    def __post_init__(self):
        freeze(self, "goods")


def test_records_build_like_frozen_dataclasses():
    made = Sample(1, {"red": 1, "blue": 0})
    assert made == Sample(seat=1, goods={"red": 1}, card=None) and type(made.goods) is Goods
    assert Sample(0, {}, "B01").card == "B01" and hash(made) == hash(Sample(1, {"red": 1}))
    with pytest.raises(FrozenInstanceError):
        made.seat = 2
    with pytest.raises(TypeError):
        Sample(1)
    assert pickle.loads(pickle.dumps(made)) == made and copy.deepcopy(made) == made


def test_replace_copies_and_never_touches_the_original():
    made = Sample(1, {"red": 1})
    other = replace(made, seat=2, card="B02")
    assert other == Sample(2, {"red": 1}, "B02") and made == Sample(1, {"red": 1})
    with pytest.raises(TypeError):
        replace(made, sear=2)


def test_frozen_dicts_never_change():
    places = FrozenDict({"a": 1})
    assert places.set("b", 2) == {"a": 1, "b": 2} and places == {"a": 1}
    with pytest.raises(TypeError):
        places["a"] = 2
    assert hash(places) == hash(FrozenDict({"a": 1})) and pickle.loads(pickle.dumps(places)) == places


def test_a_remembered_value_stays_with_its_record_only():
    made = Sample(1, {"red": 1})
    assert recall(made, "k") is MISSING
    assert remember(made, "k", 42) == 42 and recall(made, "k") == 42
    assert made == Sample(1, {"red": 1}) and hash(made) == hash(Sample(1, {"red": 1}))
    assert recall(replace(made, seat=2), "k") is MISSING  # a changed copy computes its own
    assert recall(pickle.loads(pickle.dumps(made)), "k") is MISSING
    assert recall(copy.deepcopy(made), "k") is MISSING


def test_legal_commands_are_listed_once_per_state_and_handed_out_as_fresh_lists():
    state = setup(2)
    first = game.legal_commands(state, 0)
    first.clear()
    assert game.legal_commands(state, 0) and game.legal_commands(state, 0) == game.legal_commands(setup(2), 0)
    assert game.legal_commands(state, 1) == []
