"""The keys the service writes fit a Redis Cluster: each game's keys, each rate window and the index sit in one
slot, so every script and pipeline touches one slot. Run against one Redis and (Makefile) against a cluster
of three masters, where a script touching two slots fails outright (CROSSSLOT)."""

import threading
from collections import defaultdict

import pytest
import requests
from redis.cluster import RedisCluster, key_slot

from events.redis_log import RedisGameLog
from service import create_app
from service.operations.connections import POOL_MAX
from tests.api.client import Api
from tests.support.processes import wait_for

pytestmark = pytest.mark.cluster


def keys(redis_client, pattern: str) -> list[bytes]:
    return list(redis_client.scan_iter(match=pattern, count=1000))


def test_the_service_plays_through_the_worker_with_one_slot_per_game(server, running_worker, redis_client):
    api = Api(server)
    gid, tokens = api.create("tiny", 2, seed="cluster")
    view = api.view(gid)
    seat, version = view["to_act"][0], view["version"]
    ids = []  # a live stream: a blocking read of the game's stream on its node, fanned out

    def listen():
        with requests.get(f"{server}/v1/games/{gid}/events", headers={"Accept": "text/event-stream",
                          "Last-Event-ID": str(version)}, stream=True, timeout=(5, 30)) as r:
            for line in r.iter_lines(decode_unicode=True):
                if line.startswith("id: "):
                    ids.append(int(line[4:]))
                    if len(ids) >= 2:
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert api.command(gid, tokens[seat], {"type": "call_dealer"}, headers={"Idempotency-Key": "k1"}).status_code == 201
    wait_for(lambda: api.view(gid)["awaiting_chance"] is None)  # the worker's roll, through RQ's own Redis
    listener.join(timeout=20)
    assert ids == [version + 1, version + 2]  # the command's event, then the worker's roll
    assert any(e["type"] == "chance_drawn" and e["payload"]["label"] == "dealer" for e in api.events(gid))

    game_keys = keys(redis_client, f"game:{{game:{gid}}}:*")
    assert {k.rsplit(b":", 1)[1] for k in game_keys} >= {b"events", b"meta", b"idem"}
    assert len({key_slot(k) for k in game_keys}) == 1
    index_keys = keys(redis_client, "bazaar:{index}:*")
    assert index_keys and len({key_slot(k) for k in index_keys}) == 1
    windows = defaultdict(set)  # the rate limits' sliding windows: a window and its previous one, one slot
    for k in keys(redis_client, "*bazaar-rate*"):
        windows[k.removesuffix(b"/-1")].add(key_slot(k))
    assert windows and all(len(slots) == 1 for slots in windows.values())


def test_every_pool_of_the_games_client_may_open_as_many_connections_as_a_plain_ones(redis_client):
    """A cluster client keeps a pool per node, which kept redis-py 8's default of 100: a burst of live streams
    would run out of them as the plain client's pool once did (service/operations/connections.py POOL_MAX)."""
    if isinstance(redis_client, RedisCluster):
        pools = [node.redis_connection.connection_pool for node in redis_client.get_nodes()]
    else:
        pools = [redis_client.connection_pool]
    assert pools and all(pool.max_connections == POOL_MAX for pool in pools)


def test_appends_are_published_on_one_redis_and_not_on_a_cluster(redis_client, redis_url):
    """On a cluster, Redis 6 sends every PUBLISH to every node: there the live streams' feeds read each game's
    stream (XREAD on the game's node) instead, as the first test's stream does."""
    on_a_cluster = "+cluster" in redis_url or isinstance(redis_client, RedisCluster)
    assert RedisGameLog(redis_client).publishes is not on_a_cluster
    hub = create_app({"REDIS_URL": redis_url}).extensions["bazaar.hub"]
    assert (hub.channels is None) is on_a_cluster
