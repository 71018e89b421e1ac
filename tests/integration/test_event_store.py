"""The event store against a real redis-server: compare-and-append, idempotency, chain, tail, index."""

import threading
import uuid

import pytest

from events.envelope import GENESIS, verify_chain
from events.redis_index import RedisGameIndex
from events.redis_log import RedisGameLog
from events.store import VersionConflict
from tests.support.round_trips import count_round_trips

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)


@pytest.fixture
def store(redis_client):
    return RedisGameLog(redis_client)


def gid():
    return uuid.uuid4().hex[:16]  # the form of every game id (events/ids.py)


def doc(n):
    return {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None,
            "visibility": "public", "payload": {"n": n}}


def test_append_assigns_gapless_versions_and_chains_hashes(store):
    g = gid()
    first, sealed = store.append(g, [doc(1), doc(2)], 0, GENESIS)
    assert (first.first, first.last) == (1, 2)
    second, _ = store.append(g, [doc(3)], 2, sealed[-1]["hash"])
    assert second.last == 3
    envelopes = store.read(g)
    assert [e["version"] for e in envelopes] == [1, 2, 3]
    assert verify_chain(envelopes) is None
    assert store.head_hash(g) == envelopes[-1]["hash"]


def test_conflicting_append_writes_nothing(store):
    g = gid()
    store.append(g, [doc(1)], 0, GENESIS)
    with pytest.raises(VersionConflict) as err:
        store.append(g, [doc(2), doc(3)], 0, GENESIS)
    assert err.value.current == 1
    assert store.version(g) == 1


def test_sixteen_racing_appends_exactly_one_lands(store):
    g = gid()
    store.append(g, [doc(0)], 0, GENESIS)
    head = store.head_hash(g)
    barrier = threading.Barrier(16)
    outcomes = []

    def race(n):
        barrier.wait()
        try:
            store.append(g, [doc(n), doc(n + 100)], 1, head)
            outcomes.append("ok")
        except VersionConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=race, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict"] * 15 + ["ok"]
    envelopes = store.read(g)
    assert [e["version"] for e in envelopes] == [1, 2, 3]
    assert verify_chain(envelopes) is None


def test_idempotency_key_returns_first_result_and_appends_nothing(store):
    g = gid()
    first, _ = store.append(g, [doc(1), doc(2)], 0, GENESIS, "key-1", "fp")
    again, sealed = store.append(g, [doc(9)], 2, store.head_hash(g), "key-1", "fp")
    assert again.duplicate and (again.first, again.last, again.fingerprint) == (1, 2, "fp") and sealed == []
    assert store.version(g) == 2


def test_read_windows_and_tail(store):
    g = gid()
    store.append(g, [doc(n) for n in range(5)], 0, GENESIS)
    assert [e["version"] for e in store.read(g, after=2)] == [3, 4, 5]
    assert [e["version"] for e in store.read(g, after=1, until=3)] == [2, 3]
    assert [e["version"] for e in store.tail(g, after=3, block_ms=10)] == [4, 5]
    assert store.tail(g, after=5, block_ms=10) == []

    def later():
        store.append(g, [doc(6)], 5, store.head_hash(g))

    timer = threading.Timer(0.1, later)
    timer.start()
    assert [e["version"] for e in store.tail(g, after=5, block_ms=5000)] == [6]
    timer.join()


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


def test_tampered_log_names_the_broken_link(store):
    g = gid()
    store.append(g, [doc(n) for n in range(4)], 0, GENESIS)
    envelopes = store.read(g)
    envelopes[2]["payload"]["n"] = 99
    assert verify_chain(envelopes) == 3
    swapped = [envelopes[0], store.read(g)[2], store.read(g)[1], envelopes[3]]
    assert verify_chain(swapped) == 2


def test_index_never_moves_a_game_backwards(redis_client):
    store = RedisGameIndex(redis_client, index_key=f"test-index:{{{gid()}}}")  # one hash tag: one cluster slot
    g = gid()
    store.record(g, {"version": 5, "status": "active"})
    store.record(g, {"version": 3, "status": "stale"})
    assert store.list_games()[g]["status"] == "active"
    store.record(g, {"version": 7, "status": "finished"})
    assert store.list_games()[g]["status"] == "finished"


def test_the_index_pages_in_id_order_and_by_status(redis_client):
    store = RedisGameIndex(redis_client, index_key=f"test-index:{{{gid()}}}")  # one hash tag: one cluster slot
    ids = sorted(f"{n:016x}" for n in range(0, 250, 7))
    for n, g in enumerate(ids):
        store.record(g, {"version": 1, "status": "active"})
        if n % 3 == 0:
            store.record(g, {"version": 2, "status": "finished"})  # moves from one status list to the other
    pages, after = [], None
    while True:
        page, after = store.page_games(after=after, limit=10)
        pages.append(page)
        if after is None:
            break
    assert [e["id"] for page in pages for e in page] == ids and all(len(p) <= 10 for p in pages)
    finished = [e["id"] for e in store.page_games("finished", limit=500)[0]]
    active = [e["id"] for e in store.page_games("active", limit=500)[0]]
    assert finished == ids[::3] and sorted(active + finished) == ids
    assert store.page_games("paused")[0] == []
