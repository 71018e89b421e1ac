"""A whole 5-player Mocha & Baksheesh game played only through the HTTP API (every body checked against
openapi.yaml), with the real RQ worker dealing the neutral figures' rolls, the coffee trader's included."""

import random

import pytest

from tests.api.client import Api, MostlyGreedy, play_to_the_end

OPTIONS = {"expansions": ["mocha_baksheesh"], "layout": "random"}


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker


@pytest.mark.slow(seconds=30)
def test_a_five_player_mocha_and_baksheesh_game_through_the_api(server, worker):
    api = Api(server)
    # an open game deals from the seed as given, so this game is the one the seed and Random(16) make (mostly
    # the greedy bot's moves: about 1,000 commands instead of a random game's 1,600)
    gid, tokens = api.create("istanbul", 5, seed="api-mocha", options=OPTIONS, open_game=True)
    first = api.view(gid, tokens[0])["state"]
    assert {"guild_hall", "tavern", "coffee_house"} <= set(first["places"])  # the roastery keeps no state
    assert first["proposed_rows"], "the proposed guild cards and tiles in play are listed"
    final = play_to_the_end(api, gid, tokens, random.Random(16), choose=MostlyGreedy())
    assert final["status"] == "finished" and final["result"]["winners"]
    assert max(final["result"]["scores"]) >= 6 or final["result"].get("ended_by") is not None
    events = api.events(gid)
    assert [e["version"] for e in events] == list(range(1, final["version"] + 1))
    dealt = [e for e in events if e["command"] == {"type": "deal"}]
    assert any("coffee_trader" in str(e["payload"]) for e in dealt), "the worker moved the coffee trader"
    played = {e["type"] for e in events}
    assert {"coffee_taken", "guild_card_played"} & played
    assert events[-1]["type"] == "seed_revealed"
