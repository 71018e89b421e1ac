"""Random and mutated commands posted to live games of both titles over HTTP, by the seat whose turn it is and
by others: every refusal is a 4xx problem+json that leaves the version where it was, nothing is ever a 5xx,
and the game goes on. Seeded (a failure names its seed and body); the game's state drives what is mutated,
which is why this is a loop over a seeded generator rather than a hypothesis test."""

import json
import random

import pytest
import requests

from tests.api.client import Api
from tests.conftest import sized

LEAVES = [None, True, False, 0, -1, 1, 7, 2**63, -2**70, 1.5, 1e308, "", "red", "B01", "\u00e9", "x" * 300]


def junk(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth < 3 and roll < 0.15:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 3 and roll < 0.3:
        return {rng.choice(["type", "good", "place", "card", "", "seat"]): junk(rng, depth + 1)
                for _ in range(rng.randrange(4))}
    return rng.choice(LEAVES)


def mutated(rng: random.Random, moves: list[dict]) -> dict:
    """A legal move with one thing changed, or something random with a known or unknown type."""
    move = dict(rng.choice(moves))
    kind = rng.choice(["field", "drop", "extra", "type", "random", "legal", "swap"])
    fields = [k for k in move if k != "type"]
    if kind == "legal":
        return move
    if kind == "random":
        return {"type": move["type"], **{rng.choice(["good", "count", "take", "place", "x"]): junk(rng)
                                         for _ in range(rng.randrange(1, 4))}}
    if kind == "type":
        return {**move, "type": junk(rng)}
    if kind == "extra" or not fields:
        return {**move, rng.choice(["seat", "expected_version", "zzz", "type2"]): junk(rng)}
    field = rng.choice(fields)
    if kind == "drop":
        return {k: v for k, v in move.items() if k != field}
    if kind == "swap":  # a value that is legal elsewhere in the list, in the wrong command
        other = rng.choice(moves)
        return {**move, field: other.get(field, junk(rng))}
    return {**move, field: junk(rng)}


@pytest.fixture(scope="module")
def api(server):
    return Api(server)


@pytest.mark.parametrize("game,seats", [("jaipur", 2), ("istanbul", 3)])
def test_random_and_mutated_commands_never_break_a_game(api, game, seats):
    gid, tokens = api.create(game, seats, seed=f"fuzz-{game}", open_game=True)
    rng = random.Random(f"fuzz-{game}")
    accepted = refused = 0
    for _ in range(sized(150, 2000)):
        view = api.view(gid)
        if view["status"] == "finished":
            break
        if not view["to_act"]:
            continue  # the worker is rolling for a neutral figure
        seat = rng.choice([*view["to_act"], *view["to_act"], *range(seats)])
        moves = api.moves(gid, tokens[seat]) or [{"type": "end_turn"}]
        body = mutated(rng, moves)
        r = requests.post(f"{api.base}/v1/games/{gid}/commands", data=json.dumps(body),
                          headers={"Authorization": f"Bearer {tokens[seat]}", "Content-Type": "application/json"},
                          timeout=30)
        assert r.status_code < 500, (body, r.status_code, r.text)
        if r.status_code == 201:
            accepted += 1
            continue
        assert r.headers["Content-Type"] == "application/problem+json" and r.json()["code"], (body, r.text)
        after = api.view(gid)["version"]
        assert after == view["version"], (body, r.text)
        refused += 1
    assert accepted and refused, (accepted, refused)
