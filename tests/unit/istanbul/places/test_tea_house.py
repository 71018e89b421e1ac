import pytest

import domain.istanbul as game
from domain.istanbul.commands import VisitTeaHouse
from domain.istanbul.events import RollResolved, TeaHouseVisited

from ..builders import acting, codes, play, roll


@pytest.mark.parametrize("number, dice, lira", [(7, (3, 4), 7), (7, (3, 3), 2), (12, (6, 6), 12), (3, (1, 1), 2),
                                                (3, (1, 2), 3)])
def test_announce_then_roll(number, dice, lira):
    state = acting(9, player={"lira": 0})
    events, state = play(state, VisitTeaHouse(0, number))
    assert events == [TeaHouseVisited(0, number)]
    events, state = roll(state, *dice)
    assert events[-1] == RollResolved(0, "tea_house", sum(dice), 0, lira)
    assert state.players[0].lira == lira


@pytest.mark.parametrize("number", [2, 13, 0])
def test_only_3_to_12(number):
    state = acting(9)
    assert codes(lambda: game.decide(state, VisitTeaHouse(0, number))) == "istanbul.invalid_number"
