import domain.istanbul as game
from domain.istanbul.commands import SellGoods
from domain.istanbul.events import GoodsSold
from domain.istanbul.goods import Goods

from ..builders import acting, codes, play

# identity shuffles: the small market shows S1 (1 red, 2 green, 1 yellow, 1 blue) then S2; large L1 then L2


def test_small_market_pays_by_count_and_rotates_the_demand_tile():
    state = acting(11, player={"goods": {"red": 2, "green": 2, "yellow": 2, "blue": 2}, "lira": 0})
    events, state = play(state, SellGoods(0, {"red": 1, "green": 2, "yellow": 1, "blue": 1}))
    assert events == [GoodsSold(0, 11, {"red": 1, "green": 2, "yellow": 1, "blue": 1}, 20, "S2")]
    assert state.players[0].lira == 20 and state.players[0].goods == {"red": 1, "yellow": 1, "blue": 1}
    assert state.places["markets"].stacks[11] == ("S2", "S3", "S4", "S5", "S1")


def test_large_market_payout_table():
    for goods, lira in [({"red": 1}, 3), ({"red": 1, "green": 1}, 7), ({"red": 1, "green": 1, "yellow": 1}, 12),
                        ({"red": 1, "green": 1, "yellow": 1, "blue": 1}, 18),
                        ({"red": 1, "green": 1, "yellow": 1, "blue": 2}, 25)]:
        state = acting(10, player={"goods": {"red": 2, "green": 2, "yellow": 2, "blue": 2}, "lira": 0})
        events, state = play(state, SellGoods(0, goods))
        assert events[0].lira == lira and events[0].next_top == "L2"


def test_only_pictured_goods_and_at_most_as_many():
    state = acting(11, player={"goods": {"red": 2, "green": 2, "yellow": 2, "blue": 2}})
    assert codes(lambda: game.decide(state, SellGoods(0, {"red": 2}))) == "istanbul.invalid_goods"
    assert codes(lambda: game.decide(state, SellGoods(0, {}))) == "istanbul.invalid_goods"


def test_cannot_sell_goods_not_held():
    state = acting(11, player={"goods": {}})
    assert codes(lambda: game.decide(state, SellGoods(0, {"red": 1}))) == "istanbul.invalid_goods"
    assert not [c for c in game.legal_commands(state, 0) if isinstance(c, SellGoods)]


def test_listed_sales_are_every_fitting_combination():
    state = acting(11, player={"goods": {"red": 1, "green": 1}})
    sales = {c.goods for c in game.legal_commands(state, 0) if isinstance(c, SellGoods)}
    assert sales == {Goods({"red": 1}), Goods({"green": 1}), Goods({"red": 1, "green": 1})}
