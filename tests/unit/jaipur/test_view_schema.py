"""VIEW_SCHEMA describes exactly what `view` returns: every phase, seat and spectator, every visibility option,
the finished match."""

import copy
import random

import pytest
from jsonschema import Draft202012Validator

from domain import jaipur
from domain.jaipur import VIEW_SCHEMA
from tests.support.driver import Table
from tests.unit.jaipur.builders import dealt

VALIDATOR = Draft202012Validator(VIEW_SCHEMA)
CONDITIONALS = ("if", "then", "else")  # refinements of properties declared elsewhere in the schema
VISIBILITY = [
    {**sizes, "owner_sees_own_bonus_values": own}
    for sizes in ({}, {"opponent_sees_hand_size": False, "opponent_sees_herd_size": False})
    for own in (True, False)
]


def schemas(node, path="#"):
    """(path, schema) for every subschema that declares properties, conditionals left out."""
    if isinstance(node, dict):
        if "properties" in node:
            yield path, node
        for key, value in node.items():
            if key not in CONDITIONALS:
                yield from schemas(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schemas(value, f"{path}/{i}")


def test_the_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(VIEW_SCHEMA)
    assert VIEW_SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_property_is_described_and_every_object_has_a_fixed_shape():
    declared = list(schemas(VIEW_SCHEMA))
    assert len(declared) >= 8
    for path, schema in declared:
        assert schema.get("additionalProperties") is False, path
        for name, prop in schema["properties"].items():
            assert prop.get("description"), f"{path}/properties/{name}"


def errors(view) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(view)]


def check(state) -> None:
    for seat in (0, 1, None):
        view = jaipur.view(state, seat)
        assert errors(view) == [], (seat, view)


def random_match(options: dict, seed: bytes, rng: random.Random) -> list:
    """Every state of a random match, chance steps included (replayed from its events)."""
    table = Table.start(jaipur, options, 2, seed=seed)
    while not jaipur.is_terminal(table.state):
        (seat,) = jaipur.to_act(table.state)
        table.play(rng.choice(jaipur.legal_commands(table.state, seat)))
    states, state = [table.initial], table.initial
    for event in table.events:
        state = jaipur.evolve(state, event)
        states.append(state)
    return states


@pytest.mark.parametrize("options", VISIBILITY, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", [b"schema-1", b"schema-2"])
def test_views_of_random_matches_follow_the_schema(options, seed):
    states = random_match(options, seed, random.Random(seed))
    phases = set()
    for i, state in enumerate(states):
        name = jaipur.view(state, None)["phase"]
        if name != "playing" or i % 7 == 0 or i == len(states) - 1:
            check(state)
            phases.add(name)
    assert phases == {"choosing_first_player", "dealing", "setting_up", "playing", "match_over"}


@pytest.mark.parametrize("options", [{"safety_cap_turns_without_progress": 2, "first_player": 0},
                                     {"residual_tie": "seal_to_non_starter", "deck_end_trigger": "deck_empty_immediately",
                                      "allow_sale_into_empty_pile": False}])
def test_views_under_the_other_options_follow_the_schema(options):
    for state in random_match(options, b"schema-other", random.Random(3))[::5]:
        check(state)


def test_views_of_forfeited_matches_follow_the_schema():
    for state in (jaipur.initial_state({}, 2), dealt()[0]):
        for event in jaipur.forfeit(state, 0):
            state = jaipur.evolve(state, event)
        check(state)


def test_the_schema_refuses_what_view_never_returns():
    good = jaipur.view(dealt()[0], 0)
    assert errors(good) == []

    def broken(change):
        view = copy.deepcopy(good)
        change(view)
        return errors(view)

    assert broken(lambda v: v.update(extra=1))
    assert broken(lambda v: v["players"][1].update(extra=1))
    assert broken(lambda v: v["players"][1].update(herd=None))  # the herd hidden but the hand size shown
    assert broken(lambda v: v["players"][1].update(hand_size=None))
    assert broken(lambda v: v["players"][1].pop("hand_and_herd_size"))
    assert broken(lambda v: v["players"][0].update(hand=["camel"]))
    assert broken(lambda v: v.update(market=["gold"] * 4))
    assert broken(lambda v: v.update(phase="match_over"))  # the result is missing, a turn is shown
    assert broken(lambda v: v.update(goods_tokens={"gold": [6]}))
    assert not broken(lambda v: v["players"][0].update(bonus_tokens=[{"tier": "three", "value": 3}]))
    assert broken(lambda v: v["players"][0].update(bonus_tokens=[{"tier": "three", "value": 7}]))
