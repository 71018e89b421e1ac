"""Every rule-violation code Jaipur raises, defined once. Clients branch on codes, never on messages."""

from __future__ import annotations

# common codes (domain.core)
NOT_YOUR_TURN = "not_your_turn"
GAME_OVER = "game_over"
AWAITING_CHANCE = "awaiting_chance"
INVALID_OPTIONS = "invalid_options"
INVALID_CHANCE_OUTCOME = "invalid_chance_outcome"  # a draw nobody awaits, for another request, or impossible

# Jaipur rules
UNKNOWN_COMMAND = "jaipur.unknown_command"  # not one of the four actions
UNKNOWN_CARD = "jaipur.unknown_card"  # not a card type
CAMEL_NOT_ALLOWED = "jaipur.camel_not_allowed"  # camels are never taken singly, exchanged for, given as goods, sold
NOT_CANONICAL = "jaipur.not_canonical"  # card lists must be sorted by name
INVALID_COUNT = "jaipur.invalid_count"  # a negative camel count, a sale of fewer than 1 card
NOT_IN_MARKET = "jaipur.not_in_market"
NOT_IN_HAND = "jaipur.not_in_hand"
NOT_ENOUGH_CAMELS = "jaipur.not_enough_camels"  # paying more camels than the herd holds
EXCHANGE_TOO_SMALL = "jaipur.exchange_too_small"  # fewer than 2 goods taken
EXCHANGE_UNBALANCED = "jaipur.exchange_unbalanced"  # cards paid != cards taken
EXCHANGE_SAME_TYPE = "jaipur.exchange_same_type"  # a goods type both taken and given
HAND_LIMIT = "jaipur.hand_limit"  # more than 7 cards in hand at the end of the turn
NO_CAMELS_IN_MARKET = "jaipur.no_camels_in_market"
TOO_FEW_PRECIOUS = "jaipur.too_few_precious"  # diamond, gold, silver sell 2 or more
PILE_EMPTY = "jaipur.pile_empty"  # only with allow_sale_into_empty_pile = false

ALL_CODES = (
    NOT_YOUR_TURN,
    GAME_OVER,
    AWAITING_CHANCE,
    INVALID_OPTIONS,
    INVALID_CHANCE_OUTCOME,
    UNKNOWN_COMMAND,
    UNKNOWN_CARD,
    CAMEL_NOT_ALLOWED,
    NOT_CANONICAL,
    INVALID_COUNT,
    NOT_IN_MARKET,
    NOT_IN_HAND,
    NOT_ENOUGH_CAMELS,
    EXCHANGE_TOO_SMALL,
    EXCHANGE_UNBALANCED,
    EXCHANGE_SAME_TYPE,
    HAND_LIMIT,
    NO_CAMELS_IN_MARKET,
    TOO_FEW_PRECIOUS,
    PILE_EMPTY,
)

