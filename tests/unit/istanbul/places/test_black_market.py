import pytest

import domain.istanbul as game
from domain.istanbul.commands import VisitBlackMarket
from domain.istanbul.events import BlackMarketVisited, DiceRolled, RollResolved

from ..builders import acting, codes, play, roll


@pytest.mark.parametrize("dice, blue", [((1, 1), 0), ((3, 3), 0), ((3, 4), 1), ((4, 4), 1), ((4, 5), 2),
                                        ((5, 5), 2), ((5, 6), 3), ((6, 6), 3)])
def test_blue_goods_by_the_sum(dice, blue):
    state = acting(8, player={"extensions": 1})
    events, state = play(state, VisitBlackMarket(0, "green"))
    assert events == [BlackMarketVisited(0, "green", 1)]
    request = game.chance(state)
    assert request.label == "black_market" and request.by_dealer is False
    events, state = roll(state, *dice)
    assert events[1:] == [DiceRolled(0, "black_market", dice), RollResolved(0, "black_market", sum(dice), blue, 0)]
    assert state.players[0].goods == (0, 1, 0, blue)
    assert state.phase.step is None


def test_blue_is_not_the_single_good():
    state = acting(8)
    assert codes(lambda: game.decide(state, VisitBlackMarket(0, "blue"))) == "istanbul.invalid_target"


def test_blue_goods_are_capped():
    state = acting(8, player={"goods": (0, 0, 0, 1)})
    _, state = play(state, VisitBlackMarket(0, "red"))
    events, state = roll(state, 6, 6)
    assert events[-1] == RollResolved(0, "black_market", 12, 1, 0)
    assert state.players[0].goods == (1, 0, 0, 2)
