"""Jaipur's components as data (rules reference section 1.5, cross-checked in section 10). No logic here.

Canonical orders (the items a shuffle outcome permutes, see `domain.core.apply_permutation`):
- `SHUFFLED_CARDS`: the 52 cards shuffled at each round's set-up (all cards but the 3 market camels),
  sorted by name: 8 camel, 8 cloth, 6 diamond, 6 gold, 10 leather, 6 silver, 8 spice.
- `BONUS_VALUES[tier]`: each tier's values sorted ascending; the shuffled pile's index 0 is its top.
Goods-token piles are listed in taking order (index 0 = top = taken first).
"""

from __future__ import annotations

CAMEL = "camel"
GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather")
PRECIOUS = frozenset({"diamond", "gold", "silver"})
COMMON = frozenset({"cloth", "spice", "leather"})
CARD_TYPES = GOODS + (CAMEL,)

CARD_COUNTS = {
    "diamond": 6,
    "gold": 6,
    "silver": 6,
    "cloth": 8,
    "spice": 8,
    "leather": 10,
    "camel": 11,
}
CARDS_TOTAL = 55

# index 0 = top of the pile = taken first (values rise from bottom to top)
GOODS_TOKENS = {
    "diamond": (7, 7, 5, 5, 5),
    "gold": (6, 6, 5, 5, 5),
    "silver": (5, 5, 5, 5, 5),
    "cloth": (5, 3, 3, 2, 2, 1, 1),
    "spice": (5, 3, 3, 2, 2, 1, 1),
    "leather": (4, 3, 2, 1, 1, 1, 1, 1, 1),
}
GOODS_TOKENS_TOTAL = 38

BONUS_TIERS = ("three", "four", "five_plus")
# canonical (ascending) order; each round shuffles every tier on its own
BONUS_VALUES = {
    "three": (1, 1, 2, 2, 2, 3, 3),
    "four": (4, 4, 5, 5, 6, 6),
    "five_plus": (8, 8, 9, 10, 10),
}
BONUS_TOKENS_TOTAL = 18

CAMEL_TOKEN_VALUE = 5
SEALS_TO_WIN = 2

HAND_LIMIT = 7
MARKET_SIZE = 5
MARKET_CAMELS = 3  # placed face up before the shuffle
DEAL_PER_PLAYER = 5
MARKET_DRAW = 2  # cards drawn after the deal to complete the market
EXCHANGE_MIN = 2
EMPTY_PILES_TO_END = 3
MIN_SALE = {good: (2 if good in PRECIOUS else 1) for good in GOODS}

SHUFFLED_CARDS = tuple(
    sorted(
        card
        for card, count in CARD_COUNTS.items()
        for _ in range(count - (MARKET_CAMELS if card == CAMEL else 0))
    )
)
assert len(SHUFFLED_CARDS) == 52


def bonus_tier(cards_sold: int) -> str | None:
    """The bonus pile a sale of `cards_sold` cards draws from (R-26: 6 and 7 use the 5+ tier)."""
    if cards_sold >= 5:
        return "five_plus"
    if cards_sold == 4:
        return "four"
    if cards_sold == 3:
        return "three"
    return None
