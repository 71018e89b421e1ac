"""D. Sell (rules 3.4, R-04..R-07, R-26, R-27)."""

import pytest

from domain.jaipur.commands import Sell
from domain.jaipur.events import GoodsSold
from tests.unit.jaipur.builders import code_of, count_cards, play, position


def at(hand, **kw):
    return position(hands=(hand, ("cloth",)), **kw)


def test_goods_tokens_come_off_the_top_of_the_pile():
    state = at(("diamond", "diamond", "leather"))
    after, events = play(state, Sell(0, "diamond", 2))
    assert events == [GoodsSold(0, "diamond", 2, (7, 7), None, None)]
    r = after.phase
    assert r.players[0].hand == ("leather",)
    assert r.discard == ("diamond", "diamond")
    assert r.goods_piles[0] == (5, 5, 5)
    assert [(t.good, t.value) for t in r.players[0].goods_tokens] == [("diamond", 7), ("diamond", 7)]
    assert r.to_move == 1
    assert count_cards(after) == count_cards(state)


@pytest.mark.parametrize("count,tier,pile", [(3, "three", 0), (4, "four", 1), (5, "five_plus", 2)])
def test_bonus_by_cards_sold(count, tier, pile):
    state = at(("leather",) * count, bonus_piles={"three": (2, 3, 3, 2, 2, 1, 1), "four": (5, 6, 6, 5, 4, 4),
                                                   "five_plus": (9, 10, 10, 8, 8)})
    top = state.phase.bonus_piles[pile][0]
    after, events = play(state, Sell(0, "leather", count))
    assert events[0].bonus_tier == tier and events[0].bonus == top
    assert after.phase.bonus_piles[pile] == state.phase.bonus_piles[pile][1:]
    assert [(t.tier, t.value) for t in after.phase.players[0].bonus_tokens] == [(tier, top)]


@pytest.mark.parametrize("count", [6, 7])
def test_r26_six_or_seven_cards_use_the_five_plus_tier(count):
    after, events = play(at(("leather",) * count), Sell(0, "leather", count))
    assert events[0].bonus_tier == "five_plus"


@pytest.mark.parametrize("count", [1, 2])
def test_no_bonus_below_three(count):
    _, events = play(at(("spice",) * 2), Sell(0, "spice", count))
    assert events[0].bonus_tier is None and events[0].bonus is None


@pytest.mark.parametrize("good", ["diamond", "gold", "silver"])
def test_precious_goods_sell_at_least_two(good):
    assert code_of(at((good,) * 3), Sell(0, good, 1)) == "jaipur.too_few_precious"


@pytest.mark.parametrize("good", ["cloth", "spice", "leather"])
def test_common_goods_sell_one(good):
    _, events = play(at((good,)), Sell(0, good, 1))
    assert events[0].count == 1


def test_r06_the_seller_chooses_how_many():
    after, _ = play(at(("spice",) * 4), Sell(0, "spice", 2))
    assert after.phase.players[0].hand == ("spice", "spice")


def test_cannot_sell_more_than_held():
    assert code_of(at(("spice",) * 2), Sell(0, "spice", 3)) == "jaipur.not_in_hand"
    assert code_of(at(("spice",) * 2), Sell(0, "gold", 2)) == "jaipur.not_in_hand"


def test_camels_can_never_be_sold():
    assert code_of(at(("spice",), herds=(3, 0)), Sell(0, "camel", 1)) == "jaipur.camel_not_allowed"


def test_zero_or_negative_count():
    assert code_of(at(("spice",)), Sell(0, "spice", 0)) == "jaipur.invalid_count"
    assert code_of(at(("spice",)), Sell(0, "spice", -2)) == "jaipur.invalid_count"


def test_unknown_good():
    assert code_of(at(("spice",)), Sell(0, "tea", 1)) == "jaipur.unknown_card"


def test_short_pile_pays_what_is_left_and_the_bonus_by_cards_sold():
    # rules 3.4 worked example: 2 leather tokens left (7 leather sold), sell 3 leather
    state = at(("leather",) * 3, discard=("leather",) * 7, bonus_piles={"three": (2, 3, 3, 2, 2, 1, 1)})
    assert state.phase.goods_piles[5] == (1, 1)
    after, events = play(state, Sell(0, "leather", 3))
    assert events == [GoodsSold(0, "leather", 3, (1, 1), "three", 2)]
    assert after.phase.goods_piles[5] == ()


def test_r27_precious_minimum_holds_with_one_token_left():
    # 4 gold sold: one gold token left, the last 2 gold cards in hand
    state = at(("gold", "gold"), discard=("gold",) * 4, market=("camel",) * 3 + ("diamond", "spice"))
    assert state.phase.goods_piles[1] == (5,)
    assert code_of(state, Sell(0, "gold", 1)) == "jaipur.too_few_precious"
    _, events = play(state, Sell(0, "gold", 2))
    assert events[0].tokens == (5,)


def test_builder_refuses_tokens_that_do_not_match_the_cards_sold():
    with pytest.raises(AssertionError):
        position(hands=(("cloth",), ()), discard=("cloth",) * 6,
                 goods_tokens=(tuple(("cloth", v) for v in (5, 3, 3, 2, 2, 1, 1)), ()))


def test_r04_empty_pile_sale():
    state = position(hands=(("cloth",), ()), discard=("cloth",) * 7)
    assert state.phase.goods_piles[3] == ()
    after, events = play(state, Sell(0, "cloth", 1))
    assert events == [GoodsSold(0, "cloth", 1, (), None, None)]
    assert after.phase.players[0].hand == ()


def test_r04_option_forbids_the_empty_pile_sale():
    state = position(hands=(("cloth",), ()), discard=("cloth",) * 7, options={"allow_sale_into_empty_pile": False})
    assert code_of(state, Sell(0, "cloth", 1)) == "jaipur.pile_empty"


def test_r05_empty_bonus_tier_pays_no_bonus_and_no_other_tier():
    five = (("five_plus", 10), ("five_plus", 10), ("five_plus", 9), ("five_plus", 8), ("five_plus", 8))
    state = at(("leather",) * 5, bonus_tokens=(five, ()))
    assert state.phase.bonus_piles[2] == ()
    after, events = play(state, Sell(0, "leather", 5))
    assert events[0].bonus_tier is None and events[0].bonus is None
    assert after.phase.bonus_piles == state.phase.bonus_piles
    assert events[0].tokens == (4, 3, 2, 1, 1)
