"""Istanbul's neutral figures re-placed by the real worker, through the real HTTP server."""

import random

import pytest

from tests.api.client import Api
from tests.support.processes import wait_for

FIGURES = ("use_governor", "pay_governor", "use_smuggler")


@pytest.fixture(scope="module")
def worker(running_worker):
    return running_worker


def dealt_labels(api, gid):
    events = api.call("GET", f"/v1/games/{gid}/events?limit=10000").json()["events"]
    deals = [e for e in events if e["command"] == {"type": "deal"}]
    assert all(e["type"] == "chance_drawn" and e["seat"] is None for e in deals)
    return {e["payload"]["label"] for e in deals}


def test_governor_and_smuggler_are_re_placed_by_the_worker(server, worker):
    api = Api(server)
    gid, tokens = api.create("istanbul", 3, seed="figures")
    rng = random.Random(2)
    for played in range(3000):
        view = api.view(gid)
        if view["status"] == "finished":
            break
        if view["awaiting_chance"] is not None:
            assert view["to_act"] == [] and view["awaiting_chance"]["by_dealer"]
            wait_for(lambda: api.view(gid)["awaiting_chance"] is None)  # usually lands within milliseconds
            continue
        if played % 25 == 0 and {"governor", "smuggler"} <= dealt_labels(api, gid):
            break
        seat = view["to_act"][0]
        moves = api.moves(gid, tokens[seat])
        # meet the figures: use them where offered, else walk to where they stand (random play took minutes)
        figures = {view["state"]["governor"], view["state"]["smuggler"]}
        preferred = [m for m in moves if m["type"] in FIGURES] or \
            [m for m in moves if m["type"] == "move" and m["place"] in figures]
        assert api.command(gid, tokens[seat], rng.choice(preferred or moves)).status_code == 201
    assert {"governor", "smuggler"} <= dealt_labels(api, gid)


def test_forfeit_policy_skips_the_seat_and_the_game_goes_on(server, worker):
    api = Api(server)
    gid, tokens = api.create("istanbul", 3, seed="forfeit", options={"clock": {"per_move_s": 1},
                                                                    "timeout_policy": "forfeit"})
    first = api.view(gid)["to_act"][0]
    wait_for(lambda: any(e["type"] == "seat_forfeited" for e in
                         api.call("GET", f"/v1/games/{gid}/events?limit=10000").json()["events"]))
    view = api.view(gid)
    assert view["status"] == "active" and view["to_act"] and view["to_act"] != [first]
    final = wait_for(lambda: (v := api.view(gid))["status"] == "finished" and v, timeout=30)
    assert len(final["result"]["winners"]) == 1 and len(final["result"]["forfeited"]) == 2
    assert first in final["result"]["forfeited"]
