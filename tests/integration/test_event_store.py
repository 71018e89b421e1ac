"""The Redis game log's own costs: its reads take one round trip each, the seed and the checkpoint they need
included. What every store does (compare-and-append, idempotency, windows, the index) is
tests/integration/test_store_contract.py, run on this store and the in-memory one."""

import uuid

import pytest

from events.envelope import GENESIS
from events.keys import key
from events.redis_log import RedisGameLog
from tests.support.round_trips import count_round_trips

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)


@pytest.fixture
def store(redis_client):
    return RedisGameLog(redis_client)


def gid():
    return uuid.uuid4().hex[:16]  # the form of every game id (events/ids.py)


def test_a_read_and_a_tail_batch_each_take_one_round_trip_the_seed_with_the_entries(store, monkeypatch):
    """Compact entries are decoded with the game's seed: it is read in the same pipeline as the entries, not in a
    round trip of its own (every page of events, every load, every batch of a live stream)."""
    g = gid()
    # every field the service writes, in its order: stored in the compact layout, which decodes with the seed
    docs = [{"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
             "visibility": "public", "payload": {"n": n}} for n in range(3)]
    store.append(g, docs, 0, GENESIS)
    sent = count_round_trips(monkeypatch)
    assert [e["version"] for e in store.read(g)] == [1, 2, 3] and len(sent) == 1
    sent.clear()
    assert [e["version"] for e in store.tail(g, after=0, block_ms=10)] == [1, 2, 3] and len(sent) == 1


def test_a_read_from_the_middle_of_the_log_takes_one_round_trip_from_a_cold_store(redis_client, monkeypatch):
    """A page that starts at an event this process never met chains from the checkpoint below it, read in the same
    round trip as the page (not in one of its own): a client catching up, a time travel, a restarted process."""
    g = gid()
    docs = [{"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
             "visibility": "public", "payload": {"n": n}} for n in range(40)]
    RedisGameLog(redis_client).append(g, docs, 0, GENESIS)
    whole = RedisGameLog(redis_client).read(g)
    sent = count_round_trips(monkeypatch)
    for after, limit, until in ((5, 3, None), (16, 4, None), (20, 5, None), (31, None, None), (33, 2, 34),
                                (39, 10, None), (40, 10, None), (45, 5, None)):
        sent.clear()
        cold = RedisGameLog(redis_client)
        assert cold.read(g, after, until, limit) == whole[after:until][:limit]
        assert len(sent) == 1, (after, limit)
    warm = RedisGameLog(redis_client)
    assert warm.read(g, 30, limit=2) == whole[30:32]
    sent.clear()
    assert warm.read(g, 32) == whole[32:] and len(sent) == 1  # chained from the hash it remembered


def test_an_append_without_an_idempotency_key_keeps_no_record(store, redis_client):
    """append.lua records a key's range only when a key was given: an append without one writes no idem hash (the
    contract's idempotency tests, test_store_contract.py, hold both stores to the rest of the script's branches)."""
    g = gid()
    store.append(g, [{"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None,
                      "visibility": "public", "payload": {"n": 1}}], 0, GENESIS)
    assert store.version(g) == 1 and redis_client.exists(key(g, "idem")) == 0
