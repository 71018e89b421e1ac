"""B. Take one good (rules 3.2, R-12) and the market refill (rules 3.6, R-13)."""

from domain.jaipur.commands import TakeOne
from domain.jaipur.events import GoodTaken, MarketRefilled
from tests.unit.jaipur.builders import code_of, count_cards, play, position

MARKET = ("camel", "gold", "diamond", "gold", "leather")


def at(hand=("cloth",), deck=None, market=MARKET, **kw):
    return position(hands=(hand, ("silver",)), herds=(1, 1), market=market, deck=deck, **kw)


def test_take_one_refills_from_the_top_of_the_deck():
    state = at(deck=None)
    top = state.phase.deck[0]
    after, events = play(state, TakeOne(0, "gold"))
    assert events == [GoodTaken(0, "gold", 1), MarketRefilled((top,), (1,), len(state.phase.deck) - 1)]
    r = after.phase
    assert r.players[0].hand == ("cloth", "gold")
    assert r.market == ("camel", top, "diamond", "gold", "leather")
    assert r.deck == state.phase.deck[1:]
    assert r.to_move == 1
    assert count_cards(after) == count_cards(state)


def test_a_camel_can_never_be_taken_alone():
    assert code_of(at(), TakeOne(0, "camel")) == "jaipur.camel_not_allowed"


def test_the_good_must_be_in_the_market():
    assert code_of(at(), TakeOne(0, "silver")) == "jaipur.not_in_market"


def test_unknown_good():
    assert code_of(at(), TakeOne(0, "tea")) == "jaipur.unknown_card"


def test_seven_in_hand_may_not_take_one():
    hand = ("cloth",) * 4 + ("spice",) * 3
    assert code_of(at(hand=hand), TakeOne(0, "gold")) == "jaipur.hand_limit"


def test_six_in_hand_may_take_one():
    hand = ("cloth",) * 3 + ("spice",) * 3
    after, _ = play(at(hand=hand), TakeOne(0, "gold"))
    assert len(after.phase.players[0].hand) == 7


def test_the_last_deck_card_refills_and_the_round_goes_on():
    hands = (("cloth", "diamond", "diamond", "gold", "gold", "silver"),
             ("cloth", "cloth", "leather", "leather", "silver", "spice", "spice"))
    state = position(hands=hands, herds=(5, 5), market=MARKET, deck=("spice",), discard=None)
    after, events = play(state, TakeOne(0, "diamond"))
    assert [type(e).__name__ for e in events] == ["GoodTaken", "MarketRefilled"]
    assert after.phase.deck == () and None not in after.phase.market
