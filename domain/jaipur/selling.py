"""Selling (rules 3.4): goods tokens from the top of the type's pile, a bonus token by cards sold."""

from __future__ import annotations

from domain.jaipur.components import BONUS_TIERS, GOODS, bonus_tier
from domain.jaipur.state import Round

GOODS_INDEX = {good: i for i, good in enumerate(GOODS)}
TIER_INDEX = {tier: i for i, tier in enumerate(BONUS_TIERS)}


def goods_pile(round_: Round, good: str) -> tuple[int, ...]:
    return round_.goods_piles[GOODS_INDEX[good]]


def sale_tokens(round_: Round, good: str, count: int) -> tuple[tuple[int, ...], str | None, int | None]:
    """(goods token values taken, bonus tier, bonus value) for selling `count` cards of `good`.

    A short pile pays what it has (the rulebook: the bonus is still paid by cards sold); an empty bonus
    tier pays nothing and no other tier stands in (R-05)."""
    tokens = goods_pile(round_, good)[:count]
    tier = bonus_tier(count)
    if tier is None:
        return tokens, None, None
    pile = round_.bonus_piles[TIER_INDEX[tier]]
    if not pile:
        return tokens, None, None
    return tokens, tier, pile[0]


def empty_goods_piles(round_: Round) -> int:
    return sum(1 for pile in round_.goods_piles if not pile)
