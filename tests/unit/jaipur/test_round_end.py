"""End of a round (rules 4, R-01, R-02, R-03, R-29, R-30)."""

from dataclasses import replace

from domain import jaipur
from domain.core import Shuffle
from domain.jaipur.commands import Exchange, Sell, TakeCamels, TakeOne
from domain.jaipur.events import GoodsSold, MarketRefilled, RoundEnded
from domain.jaipur.state import Dealing
from tests.unit.jaipur.builders import FULL_HANDS, drawn, play, position, short_deck


def types(events):
    return [e.TYPE for e in events]


def two_piles_empty(**kw):
    """cloth and spice piles empty; seat 0 holds the last leather card for the last leather token."""
    return position(
        hands=(("leather",), ("gold",)),
        herds=(2, 3),
        market=("camel", "camel", "camel", "diamond", "gold"),
        discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 8,
        **kw,
    )


def test_the_sale_that_empties_a_third_pile_ends_the_round_at_once():
    state = two_piles_empty()
    assert state.phase.goods_piles[5] == (1,)
    after, events = play(state, Sell(0, "leather", 1))
    assert types(events)[:2] == ["goods_sold", "round_ended"]
    ended = events[1]
    assert ended.reason == "goods_piles" and ended.round == 1
    # the opponent gets no further turn: the next round's deal is awaited
    assert replace(after.phase, previous_round=None) == Dealing(2, ended.next_starter)
    assert jaipur.to_act(after) == ()
    assert jaipur.chance(after) == Shuffle("deck", 52)


def test_two_empty_piles_do_not_end_the_round():
    state = position(hands=(("leather",), ("gold",)), discard=("cloth",) * 8 + ("spice",) * 7)
    _, events = play(state, Sell(0, "leather", 1))
    assert types(events) == ["goods_sold"]


def test_r29_any_three_piles_count():
    state = position(
        hands=(("silver", "silver"), ()),
        herds=(3, 3),
        market=("camel", "camel", "leather", "leather", "leather"),
        discard=("diamond",) * 6 + ("gold",) * 6 + ("silver",) * 4,
    )
    _, events = play(state, Sell(0, "silver", 2))
    assert types(events)[:2] == ["goods_sold", "round_ended"]


def test_r01_take_one_with_an_empty_deck_ends_the_round_after_taking():
    state = short_deck(deck=())
    after, events = play(state, TakeOne(0, "gold"))
    assert types(events)[:3] == ["good_taken", "market_refilled", "round_ended"]
    assert events[1] == MarketRefilled((), (), 0)
    assert events[2].reason == "deck"


def test_r01_take_camels_draws_what_is_left_then_ends():
    state = short_deck(deck=("silver",), market=("camel", "camel", "gold", "diamond", "leather"))
    _, events = play(state, TakeCamels(0))
    assert events[1] == MarketRefilled(("silver",), (0,), 0)
    assert events[2].TYPE == "round_ended" and events[2].reason == "deck"


def test_r01_a_deck_reaching_zero_with_a_full_market_does_not_end_the_round():
    state = short_deck(deck=("silver",))
    after, events = play(state, TakeOne(0, "gold"))
    assert types(events) == ["good_taken", "market_refilled"]
    assert after.phase.deck == () and jaipur.to_act(after) == (1,)
    # exchanges and sales are still possible; the next draw ends the round
    after, events = play(after, Sell(1, "spice", 2))
    assert types(events) == ["goods_sold"]
    after, events = play(after, TakeCamels(0))
    assert types(events)[:3] == ["camels_taken", "market_refilled", "round_ended"]


def test_option_deck_empty_immediately_ends_when_the_last_card_is_drawn():
    state = short_deck(deck=("silver",), options={"deck_end_trigger": "deck_empty_immediately"})
    _, events = play(state, TakeOne(0, "gold"))
    assert types(events)[:3] == ["good_taken", "market_refilled", "round_ended"]


def test_an_exchange_never_ends_the_round_even_with_an_empty_deck():
    state = short_deck(deck=(), market=("gold", "gold", "diamond", "leather", "camel"))
    assert {"cloth", "silver"} <= set(FULL_HANDS[0])
    _, events = play(state, Exchange(0, ("diamond", "leather"), ("cloth", "silver")))
    assert types(events) == ["goods_exchanged"]


def test_r02_the_round_is_scored_after_the_bonus_of_the_ending_sale():
    state = position(
        hands=(("leather",) * 3, ()),
        herds=(2, 3),
        discard=("cloth",) * 8 + ("spice",) * 7 + ("leather",) * 6,
        bonus_piles={"three": (3, 3, 2, 2, 2, 1, 1)},
    )
    _, events = play(state, Sell(0, "leather", 3))
    sold, ended = events[0], events[1]
    assert sold == GoodsSold(0, "leather", 3, (1, 1, 1), "three", 3)
    assert isinstance(ended, RoundEnded)
    assert ended.bonus_values[0] == (3,)
    cloth_and_spice = 17 + 17
    leather = (4 + 3 + 2 + 1 + 1 + 1) + (1 + 1 + 1)
    assert ended.totals[0] == cloth_and_spice + leather + 3  # seat 1 has the larger herd


def test_r30_the_next_round_starts_from_a_fresh_full_deck():
    state = two_piles_empty()
    after, _ = play(state, Sell(0, "leather", 1))
    request = jaipur.chance(after)
    (dealt,) = jaipur.decide(after, drawn(request.label, tuple(range(request.size))))
    fresh = jaipur.evolve(after, dealt)
    assert len(fresh.phase.deck) == 40 and fresh.phase.discard == ()
    assert fresh.phase.goods_piles[3] == (5, 3, 3, 2, 2, 1, 1)

