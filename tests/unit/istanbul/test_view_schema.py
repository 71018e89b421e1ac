"""VIEW_SCHEMA describes every view: of every seat and the spectator, while the game runs and once it is over,
for every player count, layout and variant, of the base game and of Mocha & Baksheesh (coffee, guild cards,
tavern tiles, barrier, baksheesh tile, coffee trader, proposed rows in play); every property says what it means."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

import domain.istanbul as game
from domain.istanbul.commands import EndTurn
from tests.support.driver import Table

VALIDATOR = Draft202012Validator(game.VIEW_SCHEMA)
GAMES = [
    (2, "random", True), (3, "short_paths", False), (4, "long_paths", True), (5, "ordered", False),
    (2, "short_paths", False), (3, "random", True), (4, "random", False), (5, "random", False),
]
MOCHA_GAMES = [(2, "recommended", True), (3, "random", False), (4, "recommended", True), (5, "random", False)]
BOXES = [(seats, layout, neutral, ()) for seats, layout, neutral in GAMES]
BOXES += [(seats, layout, neutral, ("mocha_baksheesh",)) for seats, layout, neutral in MOCHA_GAMES]


def described(schema, where="view"):
    """Every property schema (and item, prefix item, alternative, map value) below `schema` has a description."""
    if not isinstance(schema, dict):
        return
    children = [(f"{where}.{name}", sub) for name, sub in schema.get("properties", {}).items()]
    children += [(f"{where}[]", schema["items"])] if isinstance(schema.get("items"), dict) else []
    children += [(f"{where}[{i}]", sub) for i, sub in enumerate(schema.get("prefixItems", []))]
    children += [(f"{where}|{i}", sub) for i, sub in enumerate(schema.get("oneOf", []))]
    if isinstance(schema.get("additionalProperties"), dict):
        children.append((f"{where}.*", schema["additionalProperties"]))
    for path, sub in children:
        assert sub.get("description"), f"{path} has no description"
        described(sub, path)


def test_the_schema_is_valid_and_every_property_is_described():
    Draft202012Validator.check_schema(game.VIEW_SCHEMA)
    described(game.VIEW_SCHEMA)


def check(state, seats, sample: int | None = None):
    """Every view of `state`; with `sample`, the spectator's and one seat's in rotation (validating a view is what
    costs here, and the seats' views differ only in their own hidden parts, so each seat is still checked often)."""
    for seat in (None, *(range(seats) if sample is None else (sample % seats,))):
        errors = sorted(VALIDATOR.iter_errors(game.view(state, seat)), key=lambda e: e.path)
        assert not errors, f"seat {seat}: {errors[0].json_path}: {errors[0].message}"


@pytest.mark.parametrize("seats, layout, neutral, expansions", BOXES)
def test_views_of_random_games_follow_the_schema(seats, layout, neutral, expansions):
    rng = random.Random(f"{seats}{layout}{neutral}")
    options = {"layout": layout, "neutral_assistants": neutral, "expansions": list(expansions)}
    table = Table.start(game, options, seats, b"schema-%d" % seats)
    check(table.initial, seats)
    steps = 0
    while not game.is_terminal(table.state):
        if steps % 40 == 0:
            check(table.state, seats, steps // 40)
        seat = game.to_act(table.state)[0]
        commands = game.legal_commands(table.state, seat)
        others = [c for c in commands if not isinstance(c, EndTurn)]
        table.play(rng.choice(others if others and rng.random() > 0.1 else commands))
        steps += 1
    check(table.state, seats)


def test_a_view_field_without_a_description_fails():
    broken = {**game.VIEW_SCHEMA, "properties": {**game.VIEW_SCHEMA["properties"], "extra": {"type": "integer"}}}
    with pytest.raises(AssertionError):
        described(broken)
    view = game.view(Table.start(game, {}, 2).state, 0)
    assert not VALIDATOR.is_valid({**view, "surprise": 1})
