"""`VIEW_SCHEMA`: the JSON Schema (draft 2020-12) of what `view(state, seat)` returns, for every phase,
every seat and the spectator, every visibility option, and the finished match. Built from the component
data, so counts and names cannot drift from the rules. Every property carries a `description`; every
object has a fixed shape (`additionalProperties: false`).
"""

from __future__ import annotations

from domain.jaipur.components import (
    BONUS_TIERS,
    BONUS_VALUES,
    CAMEL,
    CARD_COUNTS,
    CARD_TYPES,
    CARDS_TOTAL,
    DEAL_PER_PLAYER,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    MARKET_DRAW,
    MARKET_SIZE,
    SEALS_TO_WIN,
    SHUFFLED_CARDS,
)

SEATS = 2
GOODS_CARDS = CARDS_TOTAL - CARD_COUNTS[CAMEL]
DECK_AFTER_SETUP = len(SHUFFLED_CARDS) - DEAL_PER_PLAYER * SEATS - MARKET_DRAW
TOKEN_VALUES = sorted({v for pile in GOODS_TOKENS.values() for v in pile})
BONUS_RANGE = sorted({v for values in BONUS_VALUES.values() for v in values})
PHASES = ("choosing_first_player", "dealing", "setting_up", "playing", "match_over")


def _ref(name: str, description: str) -> dict:
    return {"$ref": f"#/$defs/{name}", "description": description}


def _nullable(name: str, description: str) -> dict:
    return {"description": description, "oneOf": [{"$ref": f"#/$defs/{name}"}, {"type": "null"}]}


def _int(description: str, minimum: int = 0, maximum: int | None = None, nullable: bool = False) -> dict:
    out = {"type": ["integer", "null"] if nullable else "integer", "minimum": minimum, "description": description}
    if maximum is not None:
        out["maximum"] = maximum
    return out


def _pair(items: dict, description: str) -> dict:
    """One entry per seat."""
    return {"type": "array", "minItems": SEATS, "maxItems": SEATS, "items": items, "description": description}


def _object(description: str, properties: dict, required=None) -> dict:
    return {"type": "object", "description": description, "properties": properties,
            "required": list(properties if required is None else required), "additionalProperties": False}


_DEFS = {
    "seat": {"type": "integer", "minimum": 0, "maximum": SEATS - 1, "description": "A seat: 0 or 1."},
    "good": {"enum": list(GOODS), "description": "A goods type (camels are not goods)."},
    "card": {"enum": list(CARD_TYPES), "description": "A card type: a goods type or `camel`."},
    "tier": {"enum": list(BONUS_TIERS), "description": "A bonus tier by cards sold: 3, 4, or 5 and more."},
    "goods_token": _object("A collected goods token; its value is printed on the front, so it is public (R-21).", {
        "good": _ref("good", "The goods type of the token."),
        "value": {"enum": TOKEN_VALUES, "description": "Rupees."},
    }),
    "bonus_token": _object("A collected bonus token: the tier is public, the value is printed on the back.", {
        "tier": _ref("tier", "The tier it was drawn from (a sale of 3, 4, or 5 and more cards)."),
        "value": {"description": "Rupees; null where the viewer may not see it: another seat's token, or "
                                 "the viewer's own if owner_sees_own_bonus_values is false (R-18), until "
                                 "the round is scored. Always shown once the match is over.",
                  "oneOf": [{"enum": BONUS_RANGE}, {"type": "null"}]},
    }),
    "player": _object("One seat's holdings in the round on the table.", {
        "seat": _ref("seat", "Which seat this is."),
        "hand": {"description": "The goods cards in hand, sorted by name; null unless the viewer is this seat "
                                "or the match is over.",
                 "oneOf": [{"type": "array", "maxItems": HAND_LIMIT, "items": {"$ref": "#/$defs/good"}},
                           {"type": "null"}]},
        "hand_size": _int("Cards in hand (camels excluded); null for others when opponent_sees_hand_size "
                          "is false (R-20).", maximum=HAND_LIMIT, nullable=True),
        "herd": _int("Camels in the herd; null for others when opponent_sees_herd_size is false (R-19).",
                     maximum=CARD_COUNTS[CAMEL], nullable=True),
        "hand_and_herd_size": _int("Cards held in hand and herd together: always public (5 at the deal, "
                                   "then only public moves change it).", maximum=HAND_LIMIT + CARD_COUNTS[CAMEL]),
        "goods_tokens": {"type": "array", "items": {"$ref": "#/$defs/goods_token"},
                         "maxItems": sum(len(p) for p in GOODS_TOKENS.values()),
                         "description": "The goods tokens collected this round, in the order taken."},
        "goods_total": _int("The sum of the collected goods tokens (public, R-21)."),
        "bonus_tokens": {"type": "array", "items": {"$ref": "#/$defs/bonus_token"},
                         "maxItems": sum(len(v) for v in BONUS_VALUES.values()),
                         "description": "The bonus tokens collected this round, in the order taken."},
        "seals": _int("Seals of excellence won so far in the match.", maximum=SEALS_TO_WIN),
    }) | {
        # hand size and herd are shown or hidden together (either gives the other away)
        "if": {"properties": {"hand_size": {"type": "null"}}},
        "then": {"properties": {"herd": {"type": "null"}}},
        "else": {"properties": {"herd": {"type": "integer"}}},
    },
    "round_summary": _object("A scored round (rules 5).", {
        "round": _int("The round's number (from 1).", minimum=1),
        "starter": _ref("seat", "The seat that started the round."),
        "reason": {"enum": ["goods_piles", "deck"],
                   "description": "Why it ended: three goods piles empty, or the deck could not refill the market."},
        "totals": _pair({"type": "integer", "minimum": 0}, "Rupees per seat, camel token included."),
        "camel_token": _nullable("seat", "The seat with strictly more camels (+5); null on equal herds."),
        "bonus_counts": _pair({"type": "integer", "minimum": 0}, "Bonus tokens per seat (first tie-break)."),
        "goods_counts": _pair({"type": "integer", "minimum": 0}, "Goods tokens per seat (second tie-break)."),
        "bonus_values": _pair({"type": "array", "items": {"enum": BONUS_RANGE}},
                              "Each seat's bonus-token values, revealed at scoring."),
        "winner": _nullable("seat", "The seat awarded a seal; null after a full tie with no seal (R-15)."),
    }),
    "result": _object("How the match ended.", {
        "winners": {"type": "array", "items": {"$ref": "#/$defs/seat"}, "maxItems": 1,
                    "description": "The winner; empty if the match was aborted (R-22)."},
        "scores": _pair(_int("Seals.", maximum=SEALS_TO_WIN), "Seals per seat."),
        "rounds": {"type": "array", "items": {"$ref": "#/$defs/round_summary"},
                   "description": "Every scored round, in order."},
        "aborted": {"type": "boolean", "description": "True if the self-play safety cap stopped the match (R-22)."},
        "forfeited_by": _nullable("seat", "The seat that forfeited (its clock ran out), else null."),
    }),
}

VIEW_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "urn:bazaar:jaipur:view",
    "title": "Jaipur view",
    "type": "object",
    "description": "A Jaipur match as one seat (or a spectator) may see it. The board fields describe the round "
                   "in play; they are empty or null before the first deal and between rounds, and describe the "
                   "last round as it ended once the match is over, when nothing is secret any more.",
    "properties": {
        "game": {"const": "jaipur", "description": "The game's name."},
        "you": _nullable("seat", "The viewer's seat; null for a spectator."),
        "phase": {"enum": list(PHASES), "description": "choosing_first_player (round 1's starter is drawn by lot), "
                  "dealing (a round's shuffle is due), setting_up (bonus piles being shuffled), playing, "
                  "match_over."},
        "round": _int("The round on the table, being dealt, or last played; null before the first deal.",
                      minimum=1, nullable=True),
        "starter": _nullable("seat", "The seat that starts (or started) that round; null before it is known."),
        "turn": _nullable("seat", "The seat to move; null unless a round is being played."),
        "to_act": {"type": "array", "maxItems": 1, "items": {"$ref": "#/$defs/seat"},
                   "description": "The seats whose decision is awaited now (empty during chance steps and at the end)."},
        "seals": _pair(_int("Seals.", maximum=SEALS_TO_WIN), "Seals of excellence per seat; 2 win the match."),
        "market": {"description": "The market's 5 slots, face up (null: a slot a failed refill left empty at the "
                                  "end of a round); null when no round is on the table.",
                   "oneOf": [{"type": "array", "minItems": MARKET_SIZE, "maxItems": MARKET_SIZE,
                              "items": {"oneOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]}},
                             {"type": "null"}]},
        "deck_size": _int("Cards left in the face-down deck (its order is never shown); null when no round is "
                          "on the table.", maximum=DECK_AFTER_SETUP, nullable=True),
        "discard": {"type": "array", "items": {"$ref": "#/$defs/good"}, "maxItems": GOODS_CARDS,
                    "description": "The sold cards, face up, in the order sold."},
        "goods_tokens": {
            "type": "object", "additionalProperties": False,
            "description": "Each goods type's remaining tokens, top (taken next) first; empty when no round is on "
                           "the table.",
            "properties": {good: {"type": "array", "items": {"enum": TOKEN_VALUES},
                                  "maxItems": len(GOODS_TOKENS[good]),
                                  "description": f"The {good} tokens left, top first."} for good in GOODS},
            "anyOf": [{"maxProperties": 0}, {"required": list(GOODS)}],
        },
        "bonus_tokens": {
            "type": "object", "additionalProperties": False,
            "description": "How many face-down tokens each bonus pile still holds (values never shown); a tier "
                           "appears once its pile has been shuffled in the round's set-up.",
            "properties": {tier: _int(f"Tokens left in the {tier} pile.", maximum=len(BONUS_VALUES[tier]))
                           for tier in BONUS_TIERS},
        },
        "players": {"type": "array", "items": {"$ref": "#/$defs/player"},
                    "description": "Both seats' holdings, by seat; empty when no round is on the table.",
                    "anyOf": [{"maxItems": 0}, {"minItems": SEATS, "maxItems": SEATS}]},
        "rounds": {"type": "array", "items": {"$ref": "#/$defs/round_summary"},
                   "description": "Every round scored so far, in order."},
        "result": _nullable("result", "How the match ended; null until it is over."),
    },
    "required": ["game", "you", "phase", "round", "starter", "turn", "to_act", "seals", "market", "deck_size",
                 "discard", "goods_tokens", "bonus_tokens", "players", "rounds", "result"],
    "additionalProperties": False,
    "allOf": [
        {   # while a round is being played, its board is on the table and there is no result
            "if": {"properties": {"phase": {"enum": ["setting_up", "playing"]}}},
            "then": {"properties": {"market": {"type": "array"}, "deck_size": {"type": "integer"},
                                    "players": {"minItems": SEATS}, "result": {"type": "null"}}},
        },
        {   # before a deal and between rounds no board is on the table
            "if": {"properties": {"phase": {"enum": ["choosing_first_player", "dealing"]}}},
            "then": {"properties": {"market": {"type": "null"}, "players": {"maxItems": 0}, "turn": {"type": "null"},
                                    "result": {"type": "null"}}},
        },
        {   # at the end nothing is secret: every hand, herd and bonus value is shown, with the result
            "if": {"properties": {"phase": {"const": "match_over"}}},
            "then": {"properties": {
                "turn": {"type": "null"}, "to_act": {"maxItems": 0}, "result": {"type": "object"},
                "players": {"items": {"properties": {
                    "hand": {"type": "array"}, "hand_size": {"type": "integer"}, "herd": {"type": "integer"},
                    "bonus_tokens": {"items": {"properties": {"value": {"type": "integer"}}}},
                }}},
            }},
        },
    ],
    "$defs": _DEFS,
}
