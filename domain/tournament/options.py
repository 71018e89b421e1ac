"""A tournament's settings as JSON Schema (2020-12), for openapi.yaml (service/http/contract.py): the formats, table
sizes, rounds and advance that `decide.decide_create` accepts, from the same constants; each game states its own
options (`OPTIONS_SCHEMA`), the table its clock and timeout policies. tests/api/test_create_schema.py holds
the schema and the Decider to the same answers."""

from __future__ import annotations

from types import ModuleType

from domain.tournament.decide import MAX_ROUNDS
from domain.tournament.seating import MAX_TABLE, MIN_TABLE
from domain.tournament.state import FORMATS

HEAD_TO_HEAD = 2
ADVANCE_AT_TABLES = (1, 2)  # an elimination at tables of 3-5: one or two of each table go on; else one


def table_sizes(game: ModuleType) -> tuple[int, ...]:
    """Head-to-head, or tables of MIN_TABLE to MAX_TABLE, within the game's seats."""
    return tuple(size for size in range(game.MIN_SEATS, game.MAX_SEATS + 1)
                 if size == HEAD_TO_HEAD or MIN_TABLE <= size <= MAX_TABLE)


def _when(**values) -> dict:
    return {"required": list(values), "properties": {name: {"const": value} for name, value in values.items()}}


ROUNDS = {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS}
FORMAT_RULES = [
    {"properties": {"format": {"enum": list(FORMATS)}}},
    {"if": _when(format="swiss"), "then": {"required": ["rounds"], "properties": {"rounds": ROUNDS}}},
    {"if": _when(format="elimination"), "then": {"properties": {"rounds": {"type": "null"}}}},
    {"if": _when(format="round_robin", table_size=HEAD_TO_HEAD), "then": {"properties": {"rounds": {"type": "null"}}}},
    {"if": {"required": ["format", "table_size"], "properties": {"format": {"const": "elimination"},
                                                                  "table_size": {"minimum": MIN_TABLE}}},
     "then": {"properties": {"advance": {"enum": list(ADVANCE_AT_TABLES)}}},
     "else": {"properties": {"advance": {"const": 1}}}},
]
