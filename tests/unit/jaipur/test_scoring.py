"""Round scoring (rules 5, R-14, R-15, R-17, R-28)."""

from domain.jaipur.scoring import score_round
from tests.unit.jaipur.builders import position, sold_for


def scored(goods=((), ()), bonus=((), ()), herds=(0, 0), starter=0, options=None):
    state = position(
        hands=((), ()),
        herds=herds,
        market=("diamond", "gold", "silver", "cloth", "spice"),
        discard=sold_for(goods),
        goods_tokens=goods,
        bonus_tokens=bonus,
        starter=starter,
        options=options,
    )
    return score_round(state.phase, "deck", state.options)


def test_camel_token_goes_to_the_strictly_larger_herd():
    assert scored(herds=(5, 4)).camel_token == 0
    assert scored(herds=(2, 6)).camel_token == 1


def test_equal_herds_nobody_gets_the_camel_token():
    ended = scored(herds=(4, 4), goods=((("diamond", 7),), ()))
    assert ended.camel_token is None
    assert ended.totals == (7, 0)


def test_total_is_goods_plus_bonus_plus_camel_token():
    ended = scored(
        goods=((("diamond", 7), ("diamond", 7)), (("gold", 6),)),
        bonus=((("three", 2),), (("four", 5),)),
        herds=(1, 3),
    )
    assert ended.totals == (16, 16)  # 7+7+2 against 6+5+5 (camel token)
    assert ended.bonus_values == ((2,), (5,))


def test_higher_total_wins_and_the_loser_starts_the_next_round():
    ended = scored(goods=((("leather", 4),), (("diamond", 7),)))
    assert ended.winner == 1 and ended.next_starter == 0


def test_equal_totals_more_bonus_tokens_wins():
    ended = scored(goods=((("diamond", 7),), (("leather", 4),)), bonus=((), (("three", 3),)))
    assert ended.totals == (7, 7) and ended.bonus_counts == (0, 1)
    assert ended.winner == 1


def test_equal_totals_and_bonus_counts_more_goods_tokens_wins():
    ended = scored(goods=((("diamond", 7),), (("leather", 4), ("leather", 3))))
    assert ended.totals == (7, 7) and ended.bonus_counts == (0, 0) and ended.goods_counts == (1, 2)
    assert ended.winner == 1


def test_r17_the_loser_by_tie_break_starts_the_next_round():
    ended = scored(goods=((("diamond", 7),), (("leather", 4),)), bonus=((), (("three", 3),)), starter=1)
    assert ended.winner == 1 and ended.next_starter == 0


def test_r14_camel_token_is_not_a_goods_token_in_the_tie_break():
    # 10 each; seat 0 holds 1 goods token and the camel token, seat 1 holds 2 goods tokens
    ended = scored(goods=((("cloth", 5),), (("gold", 6), ("leather", 4))), herds=(1, 0))
    assert ended.totals == (10, 10) and ended.goods_counts == (1, 2)
    assert ended.winner == 1


def test_r14_camel_token_is_not_a_bonus_token_in_the_tie_break():
    ended = scored(goods=((("cloth", 5),), (("gold", 6),)), bonus=((), (("four", 4),)), herds=(1, 0))
    assert ended.totals == (10, 10) and ended.bonus_counts == (0, 1)
    assert ended.winner == 1


def test_r28_the_tie_compares_totals_with_the_camel_token():
    # without the camel token seat 1 would lead 10 to 6
    ended = scored(goods=((("gold", 6),), (("diamond", 7),)), bonus=((), (("three", 3),)), herds=(2, 1))
    assert ended.totals == (11, 10) and ended.winner == 0


def test_r15_residual_tie_no_seal_and_the_non_starter_starts_next():
    ended = scored(goods=((("diamond", 7),), (("diamond", 7),)), starter=1)
    assert ended.winner is None and ended.next_starter == 0
    ended = scored(goods=((("diamond", 7),), (("diamond", 7),)), starter=0)
    assert ended.winner is None and ended.next_starter == 1


def test_r15_option_seal_to_non_starter():
    options = {"residual_tie": "seal_to_non_starter"}
    ended = scored(goods=((("diamond", 7),), (("diamond", 7),)), starter=1, options=options)
    assert ended.winner == 0 and ended.next_starter == 1


def test_an_empty_round_is_a_residual_tie():
    assert scored().winner is None
