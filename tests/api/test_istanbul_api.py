"""A whole 4-player Istanbul game played only through the HTTP API, with the real RQ worker dealing the
neutral figures' rolls."""

import random

import pytest

from tests.api.client import Api, MostlyGreedy, play_to_the_end


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker


@pytest.mark.slow(seconds=15)
def test_a_four_player_game_through_the_api(server, worker):
    api = Api(server)
    gid, tokens = api.create("istanbul", 4, seed="api-istanbul")
    final = play_to_the_end(api, gid, tokens, random.Random(11), choose=MostlyGreedy())
    assert final["status"] == "finished" and final["result"]["winners"]
    events = api.call("GET", f"/v1/games/{gid}/events?limit=10000").json()["events"]
    assert [e["version"] for e in events] == list(range(1, final["version"] + 1))
    dealt = [e for e in events if e["command"] == {"type": "deal"}]
    assert dealt, "the worker dealt the neutral figures' rolls"
    assert events[-1]["type"] == "seed_revealed"
