import pytest

from domain.istanbul.commands import FillGoods
from domain.istanbul.events import GoodsFilled

from ..builders import acting, play


@pytest.mark.parametrize("place, good, index", [(2, "red", 0), (3, "green", 1), (4, "yellow", 2)])
def test_fill_up_to_capacity(place, good, index):
    goods = [0, 0, 0, 0]
    goods[index] = 1
    state = acting(place, player={"goods": goods, "extensions": 1})
    events, state = play(state, FillGoods(0))
    assert events == [GoodsFilled(0, good, 2)]
    assert state.players[0].goods[index] == 3


def test_already_full_gains_nothing():
    state = acting(2, player={"goods": (2, 0, 0, 0)})
    events, _ = play(state, FillGoods(0))
    assert events == [GoodsFilled(0, "red", 0)]
