import pytest

from domain.istanbul.commands import FillGoods
from domain.istanbul.events import GoodsFilled

from ..builders import acting, play


@pytest.mark.parametrize("place, good", [(2, "red"), (3, "green"), (4, "yellow")])
def test_fill_up_to_capacity(place, good):
    state = acting(place, player={"goods": {good: 1}, "extensions": 1})
    events, state = play(state, FillGoods(0))
    assert events == [GoodsFilled(0, good, 2)]
    assert state.players[0].goods == {good: 3}


def test_already_full_gains_nothing():
    state = acting(2, player={"goods": {"red": 2}})
    events, _ = play(state, FillGoods(0))
    assert events == [GoodsFilled(0, "red", 0)]
