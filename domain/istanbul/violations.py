"""Stable rule-violation codes of Istanbul (clients branch on them; tests check them, never messages)."""

from __future__ import annotations

from domain.core import RuleViolation

WRONG_PHASE = "istanbul.wrong_phase"
ILLEGAL_COMMAND = "istanbul.illegal_command"
PLACE_UNREACHABLE = "istanbul.place_unreachable"
CANNOT_PAY_MERCHANTS = "istanbul.cannot_pay_merchants"
NOT_ENOUGH_LIRA = "istanbul.not_enough_lira"
NOT_ENOUGH_GOODS = "istanbul.not_enough_goods"
NO_ASSISTANT = "istanbul.no_assistant"
ASSISTANT_PRESENT = "istanbul.assistant_present"
NO_ASSISTANT_HERE = "istanbul.no_assistant_here"
ACTION_UNAVAILABLE = "istanbul.action_unavailable"
ACTION_DONE = "istanbul.action_already_done"
NOT_AT_PLACE = "istanbul.not_at_place"
CARD_NOT_IN_HAND = "istanbul.card_not_in_hand"
CARD_TIMING = "istanbul.card_timing"
TILE_NOT_OWNED = "istanbul.tile_not_owned"
TILE_ALREADY_OWNED = "istanbul.tile_already_owned"
TILE_ALREADY_USED = "istanbul.tile_already_used"
MOSQUE_REQUIREMENT = "istanbul.mosque_requirement"
FAMILY_NOT_IN_POLICE = "istanbul.family_not_in_police"
FAMILY_IN_POLICE = "istanbul.family_in_police"
INVALID_TARGET = "istanbul.invalid_target"
INVALID_GOODS = "istanbul.invalid_goods"
INVALID_NUMBER = "istanbul.invalid_number"
FIGURE_NOT_HERE = "istanbul.figure_not_here"
FIGURE_ALREADY_USED = "istanbul.figure_already_used"
MUST_CATCH_FAMILY = "istanbul.must_catch_family"
NO_BONUS_CARDS = "istanbul.no_bonus_cards"
NO_RUBIES_LEFT = "istanbul.no_rubies_left"
WHEELBARROW_COMPLETE = "istanbul.wheelbarrow_complete"
DECISION_PENDING = "istanbul.decision_pending"
# Mocha & Baksheesh
NOT_ENOUGH_COFFEE = "istanbul.not_enough_coffee"
GUILD_CARD_NOT_IN_HAND = "istanbul.guild_card_not_in_hand"
GUILD_CARD_INCOMPLETE = "istanbul.guild_card_incomplete"  # cannot be carried out completely, or not yet done
MERCHANT_TURN_BEGUN = "istanbul.merchant_turn_begun"  # a movement card was played: no guild card this turn
NO_GUILD_CARDS = "istanbul.no_guild_cards"
TAVERN_TILE_OWNED = "istanbul.tavern_tile_owned"
NO_TAVERN_TILES = "istanbul.no_tavern_tiles"
INVALID_BARRIER = "istanbul.invalid_barrier"
NO_LETTERS = "istanbul.no_letters"  # Letters & Seals: no letter in the pile nor among the spent ones
WRONG_SEALS = "istanbul.wrong_seals"  # the letters given up do not show the seals asked (6 / 3-4) or are not held
BONUS_TURN_TAKEN = "istanbul.bonus_turn_taken"  # one bonus turn per player and round; a bonus turn earns none

ALL_CODES = (
    WRONG_PHASE,
    ILLEGAL_COMMAND,
    PLACE_UNREACHABLE,
    CANNOT_PAY_MERCHANTS,
    NOT_ENOUGH_LIRA,
    NOT_ENOUGH_GOODS,
    NO_ASSISTANT,
    ASSISTANT_PRESENT,
    NO_ASSISTANT_HERE,
    ACTION_UNAVAILABLE,
    ACTION_DONE,
    NOT_AT_PLACE,
    CARD_NOT_IN_HAND,
    CARD_TIMING,
    TILE_NOT_OWNED,
    TILE_ALREADY_OWNED,
    TILE_ALREADY_USED,
    MOSQUE_REQUIREMENT,
    FAMILY_NOT_IN_POLICE,
    FAMILY_IN_POLICE,
    INVALID_TARGET,
    INVALID_GOODS,
    INVALID_NUMBER,
    FIGURE_NOT_HERE,
    FIGURE_ALREADY_USED,
    MUST_CATCH_FAMILY,
    NO_BONUS_CARDS,
    NO_RUBIES_LEFT,
    WHEELBARROW_COMPLETE,
    DECISION_PENDING,
    NOT_ENOUGH_COFFEE,
    GUILD_CARD_NOT_IN_HAND,
    GUILD_CARD_INCOMPLETE,
    MERCHANT_TURN_BEGUN,
    NO_GUILD_CARDS,
    TAVERN_TILE_OWNED,
    NO_TAVERN_TILES,
    INVALID_BARRIER,
    NO_LETTERS,
    WRONG_SEALS,
    BONUS_TURN_TAKEN,
)


def violation(code: str, message: str = "") -> RuleViolation:
    return RuleViolation(code, message or code.split(".", 1)[1].replace("_", " "))
