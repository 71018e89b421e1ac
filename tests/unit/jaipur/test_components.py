"""Component data (rules 1, cross-checked in rules 10)."""

from pathlib import Path

import pytest

from domain.jaipur import violations
from domain.jaipur.components import (
    BONUS_TIERS,
    BONUS_VALUES,
    CARD_COUNTS,
    GOODS,
    GOODS_TOKENS,
    MIN_SALE,
    PRECIOUS,
    bonus_tier,
)


def test_55_cards():
    assert sum(CARD_COUNTS.values()) == 55
    assert CARD_COUNTS == {"diamond": 6, "gold": 6, "silver": 6, "cloth": 8, "spice": 8, "leather": 10, "camel": 11}


def test_38_goods_tokens_most_valuable_on_top():
    assert sum(len(p) for p in GOODS_TOKENS.values()) == 38
    assert sum(sum(p) for p in GOODS_TOKENS.values()) == 130
    for pile in GOODS_TOKENS.values():
        assert list(pile) == sorted(pile, reverse=True)
    assert {g: sum(p) for g, p in GOODS_TOKENS.items()} == {
        "diamond": 29, "gold": 27, "silver": 25, "cloth": 17, "spice": 17, "leather": 15}


def test_every_goods_type_has_one_more_card_than_tokens():
    assert all(CARD_COUNTS[g] == len(GOODS_TOKENS[g]) + 1 for g in GOODS)


def test_18_bonus_tokens_in_the_rulebook_ranges():
    assert sum(len(v) for v in BONUS_VALUES.values()) == 18
    assert [len(BONUS_VALUES[t]) for t in BONUS_TIERS] == [7, 6, 5]
    assert set(BONUS_VALUES["three"]) == {1, 2, 3}
    assert set(BONUS_VALUES["four"]) == {4, 5, 6}
    assert set(BONUS_VALUES["five_plus"]) == {8, 9, 10}
    assert [sum(BONUS_VALUES[t]) for t in BONUS_TIERS] == [14, 30, 45]


@pytest.mark.parametrize("n,tier", [(1, None), (2, None), (3, "three"), (4, "four"), (5, "five_plus"),
                                    (6, "five_plus"), (7, "five_plus")])
def test_bonus_tier_by_cards_sold(n, tier):
    assert bonus_tier(n) == tier


def test_precious_minimum():
    assert PRECIOUS == {"diamond", "gold", "silver"}
    assert MIN_SALE == {"diamond": 2, "gold": 2, "silver": 2, "cloth": 1, "spice": 1, "leather": 1}


def test_violation_codes_are_unique_stable_snake_case():
    codes = violations.ALL_CODES
    assert len(codes) == len(set(codes))
    for code in codes:
        name = code.removeprefix("jaipur.")
        assert name.replace("_", "").isalpha() and name == name.lower()
    assert {"jaipur.hand_limit", "jaipur.too_few_precious", "jaipur.exchange_same_type",
            "jaipur.no_camels_in_market", "not_your_turn", "game_over", "awaiting_chance"} <= set(codes)


def test_every_violation_code_is_exercised_by_a_test():
    """Each code in ALL_CODES appears in an assertion of the Jaipur tests (codes, never messages)."""
    here = Path(__file__).parent
    text = "".join(p.read_text() for p in here.glob("test_*.py"))
    missing = [code for code in violations.ALL_CODES if f'"{code}"' not in text.replace("'", '"')]
    assert missing == []
