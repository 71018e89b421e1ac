"""The dealer's outcomes are checked before they count: a hand-built log cannot inject an impossible one."""

from __future__ import annotations

import pytest

import domain.istanbul as game
from domain.core import ChanceDrawn, InvalidChanceOutcome
from domain.istanbul.commands import VisitTeaHouse

from .builders import acting, answer, drawn, play, setup


def refused(state, outcome) -> str:
    with pytest.raises(InvalidChanceOutcome) as error:
        game.decide(state, drawn(game.chance(state), outcome))
    return error.value.code


def test_a_die_of_seven_is_refused():
    state = acting(9)
    _, state = play(state, VisitTeaHouse(0, 8))
    assert refused(state, (7, 1)) == "invalid_chance_outcome"
    assert refused(state, (0, 3)) == "invalid_chance_outcome"
    assert refused(state, (3,)) == "invalid_chance_outcome"  # one die for a two-dice roll
    _, state = answer(state, (6, 6))
    assert state.players[0].lira == 2 + 8


def test_a_shuffle_must_be_a_permutation_of_the_right_size():
    state = game.initial_state({}, 2)
    _, state = answer(state, (0,))
    assert game.chance(state).label == "bonus_deck"
    assert refused(state, tuple(range(25))) == "invalid_chance_outcome"
    assert refused(state, (0,) * 26) == "invalid_chance_outcome"
    assert refused(state, tuple(range(1, 27))) == "invalid_chance_outcome"


def test_a_pick_beyond_the_seats_is_refused():
    state = game.initial_state({}, 3)
    assert refused(state, (3,)) == "invalid_chance_outcome"
    assert refused(state, (-1,)) == "invalid_chance_outcome"


def test_an_outcome_for_another_request_or_when_none_is_awaited_is_refused():
    state = game.initial_state({}, 2)
    wrong_label = ChanceDrawn(0, "pick", "smuggler", 2, 1, False, (0,))
    with pytest.raises(InvalidChanceOutcome):
        game.decide(state, wrong_label)
    ready = setup(2)
    assert game.chance(ready) is None
    with pytest.raises(InvalidChanceOutcome):
        game.decide(ready, ChanceDrawn(0, "roll", "tea_house", 6, 2, False, (3, 4)))
