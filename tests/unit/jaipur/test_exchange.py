"""A. Exchange: take several goods, pay as many cards (rules 3.1, R-08, R-09, R-10)."""

import pytest

from domain.jaipur.commands import Exchange
from domain.jaipur.events import GoodsExchanged
from tests.unit.jaipur.builders import code_of, count_cards, play, position

MARKET = ("camel", "diamond", "gold", "gold", "leather")


def at(hand=("cloth", "spice"), herd=2, market=MARKET, **kw):
    return position(hands=(hand, ("silver",)), herds=(herd, 1), market=market, **kw)


def test_take_two_goods_for_two_hand_goods():
    state, events = play(at(), Exchange(0, ("diamond", "gold"), ("cloth", "spice")))
    assert events == [
        GoodsExchanged(0, ("diamond", "gold"), ("cloth", "spice"), 0, ("camel", "cloth", "spice", "gold", "leather"))
    ]
    r = state.phase
    assert r.players[0].hand == ("diamond", "gold")
    assert r.to_move == 1


def test_pay_with_camels_from_the_herd():
    state, events = play(at(), Exchange(0, ("gold", "gold", "leather"), ("cloth",), 2))
    r = state.phase
    assert r.market == ("camel", "diamond", "cloth", "camel", "camel")
    assert r.players[0].herd == 0
    assert r.players[0].hand == ("gold", "gold", "leather", "spice")


def test_same_type_taken_twice_is_fine():
    state, _ = play(at(), Exchange(0, ("gold", "gold"), (), 2))
    assert state.phase.players[0].hand.count("gold") == 2


def test_no_card_is_drawn_and_the_round_never_ends():
    before = at(deck=None)
    state, events = play(before, Exchange(0, ("diamond", "gold"), (), 2))
    assert len(events) == 1
    assert state.phase.deck == before.phase.deck
    assert len([c for c in state.phase.market if c]) == 5


def test_one_for_one_is_never_allowed():
    assert code_of(at(), Exchange(0, ("diamond",), ("cloth",))) == "jaipur.exchange_too_small"
    assert code_of(at(), Exchange(0, ("diamond",), (), 1)) == "jaipur.exchange_too_small"


def test_counts_must_match():
    assert code_of(at(), Exchange(0, ("diamond", "gold"), ("cloth",))) == "jaipur.exchange_unbalanced"
    assert code_of(at(), Exchange(0, ("diamond", "gold"), ("cloth",), 2)) == "jaipur.exchange_unbalanced"


def test_camels_can_never_be_taken_in_an_exchange():
    assert code_of(at(), Exchange(0, ("camel", "diamond"), ("cloth", "spice"))) == "jaipur.camel_not_allowed"


def test_camels_are_paid_through_the_camels_field_only():
    assert code_of(at(), Exchange(0, ("diamond", "gold"), ("camel", "cloth"))) == "jaipur.camel_not_allowed"


def test_no_goods_type_on_both_sides():
    state = at(hand=("gold", "spice"))
    assert code_of(state, Exchange(0, ("diamond", "gold"), ("gold", "spice"))) == "jaipur.exchange_same_type"


def test_r09_example_cloth_and_leather_for_cloth_and_a_camel():
    state = at(hand=("cloth",), market=("camel", "cloth", "leather", "gold", "gold"))
    assert code_of(state, Exchange(0, ("cloth", "leather"), ("cloth",), 1)) == "jaipur.exchange_same_type"


def test_taken_goods_must_be_in_the_market():
    assert code_of(at(), Exchange(0, ("diamond", "diamond"), (), 2)) == "jaipur.not_in_market"
    assert code_of(at(), Exchange(0, ("silver", "spice"), ("cloth",), 1)) == "jaipur.not_in_market"


def test_given_goods_must_be_in_the_hand():
    assert code_of(at(), Exchange(0, ("diamond", "gold"), ("cloth", "cloth"))) == "jaipur.not_in_hand"


def test_camels_paid_must_be_in_the_herd():
    assert code_of(at(herd=1), Exchange(0, ("diamond", "gold"), (), 2)) == "jaipur.not_enough_camels"


def test_negative_camels_are_refused():
    assert code_of(at(), Exchange(0, ("diamond", "gold", "leather"), ("cloth", "spice"), -1)) == "jaipur.invalid_count"


def test_hand_limit_counts_the_hand_after_the_exchange():
    full = ("cloth", "cloth", "cloth", "spice", "spice", "silver", "silver")
    state = at(hand=full, herd=3)
    # 7 in hand: paying with camels would make 8 or more
    assert code_of(state, Exchange(0, ("diamond", "gold"), ("cloth",), 1)) == "jaipur.hand_limit"
    assert code_of(state, Exchange(0, ("diamond", "gold"), (), 2)) == "jaipur.hand_limit"
    # returning as many hand goods as taken keeps 7
    after, _ = play(state, Exchange(0, ("diamond", "gold"), ("cloth", "cloth")))
    assert len(after.phase.players[0].hand) == 7


def test_six_in_hand_may_pay_one_camel():
    hand = ("cloth", "cloth", "cloth", "spice", "spice", "silver")
    after, _ = play(at(hand=hand, herd=3), Exchange(0, ("diamond", "gold"), ("cloth",), 1))
    assert len(after.phase.players[0].hand) == 7


def test_up_to_five_goods_may_be_taken():
    market = ("diamond", "gold", "gold", "leather", "silver")
    hand = ("cloth", "cloth", "spice")
    state = position(hands=(hand, ()), herds=(2, 0), market=market)
    after, _ = play(state, Exchange(0, ("diamond", "gold", "gold", "leather", "silver"), hand, 2))
    assert after.phase.market == ("cloth", "cloth", "spice", "camel", "camel")
    assert count_cards(after) == count_cards(state)


@pytest.mark.parametrize(
    "command",
    [
        Exchange(0, ("gold", "diamond"), ("cloth", "spice")),
        Exchange(0, ("diamond", "gold"), ("spice", "cloth")),
    ],
)
def test_card_lists_are_sorted_by_name(command):
    assert code_of(at(), command) == "jaipur.not_canonical"


def test_unknown_card_names_are_refused():
    assert code_of(at(), Exchange(0, ("diamond", "ruby"), ("cloth", "spice"))) == "jaipur.unknown_card"


def test_cards_just_taken_cannot_be_paid_back():
    # the exchange is simultaneous: the gold taken is not in hand to give
    state = at(hand=("spice",), herd=0)
    assert code_of(state, Exchange(0, ("diamond", "gold"), ("gold", "spice"))) == "jaipur.exchange_same_type"
    assert code_of(at(hand=("spice",), herd=0), Exchange(0, ("diamond", "gold"), ("leather", "spice"))) == (
        "jaipur.not_in_hand"
    )


def test_returned_cards_fill_freed_slots_in_ascending_order_goods_first():
    market = ("gold", "camel", "gold", "camel", "diamond")
    state = position(hands=(("spice",), ()), herds=(1, 0), market=market)
    after, events = play(state, Exchange(0, ("diamond", "gold"), ("spice",), 1))
    assert events[0].market == ("spice", "camel", "gold", "camel", "camel")
    assert after.phase.market == events[0].market
