"""Jaipur's options as data: the choices, flags and seats `setup.parse_options` checks, and `OPTIONS_SCHEMA`, the
same options as JSON Schema (2020-12), which service/http/contract.py puts into openapi.yaml. The schema is built from
these tables, so a choice added here is published; `parse_options` states the one rule that links two options,
and tests/api/test_create_schema.py holds the schema and the parser to the same answers."""

from __future__ import annotations

CHOICES = {
    "residual_tie": ("no_seal_replay", "seal_to_non_starter"),
    "deck_end_trigger": ("failed_refill", "deck_empty_immediately"),
    "bonus_when_tier_empty": ("none",),
}
FLAGS = ("allow_sale_into_empty_pile", "owner_sees_own_bonus_values", "opponent_sees_hand_size",
         "opponent_sees_herd_size")
FIRST_PLAYERS = (0, 1)  # a seat, or null for the lot
# hand and herd sizes are shown or hidden together (their sum is public)
LINKED_FLAGS = ("opponent_sees_hand_size", "opponent_sees_herd_size")

_DESCRIPTIONS = {
    "residual_tie": "Who gets the seal when points, bonus and goods tokens all tie.",
    "deck_end_trigger": "When an empty deck ends the round.",
    "bonus_when_tier_empty": "A sale of 3+ whose bonus tier is empty earns no bonus.",
    "allow_sale_into_empty_pile": "May a good be sold when its token pile is empty.",
    "owner_sees_own_bonus_values": "false: your own bonus values stay hidden until scoring.",
    "opponent_sees_hand_size": "false together with `opponent_sees_herd_size` only.",
    "opponent_sees_herd_size": "false together with `opponent_sees_hand_size` only.",
    "safety_cap_turns_without_progress": "Abort a self-play match that stalls this many turns (null: never).",
    "first_player": "The seat that starts (null: drawn by lot).",
}

OPTIONS_SCHEMA = {
    "properties": {
        **{name: {"enum": list(values), "description": _DESCRIPTIONS[name]} for name, values in CHOICES.items()},
        **{name: {"type": "boolean", "description": _DESCRIPTIONS[name]} for name in FLAGS},
        "safety_cap_turns_without_progress": {"type": ["integer", "null"], "minimum": 1,
                                              "description": _DESCRIPTIONS["safety_cap_turns_without_progress"]},
        "first_player": {"enum": [None, *FIRST_PLAYERS], "description": _DESCRIPTIONS["first_player"]},
    },
    "anyOf": [  # both shown (true or left out), or both hidden
        {"properties": {name: {"const": True} for name in LINKED_FLAGS}},
        {"required": list(LINKED_FLAGS), "properties": {name: {"const": False} for name in LINKED_FLAGS}},
    ],
}
