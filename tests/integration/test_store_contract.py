"""The store's contract (events/store.py), one test per behaviour, run on every implementation: Redis (the suite's
real redis-server, or the cluster in the cluster pass) and in memory (events/memory.py). What is Redis's own
(layout bytes, round trips, the checkpoint walk, cluster slots, the archive) stays in test_event_store.py,
test_storage_layout.py, test_snapshots.py, test_cluster.py and test_archive*.py.

Expected answers come from the test's own counting and from events/envelope.py's chain checks, never from a
second store: neither implementation is the other's oracle."""

import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from domain import registry
from events.envelope import GENESIS, check_sealed, verify_chain
from events.ids import BadId
from events.memory import memory_store
from events.redis_store import redis_store
from events.snapshots import Snapshot
from events.store import Appended, GameExists, TokenReplaced, VersionConflict, seal_all
from tests.support.driver import Table

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)

registry.register("tiny", "tests.support.tiny_game")
ROOT = Path(__file__).resolve().parents[2]
KEEP_EVERY = 10
NOT_IDS = ["../x", "x}:meta", "0123456789ABCDEF", "0123456789abcdef\n", "f" * 17]


@pytest.fixture(params=["redis", "memory"])
def store(request):
    if request.param == "memory":
        return memory_store(snapshot_keep_every=KEEP_EVERY)
    # an index of the test's own (one hash tag: one cluster slot), so its pages hold only this test's games
    return redis_store(request.getfixturevalue("redis_client"), index_key=f"test-index:{{{gid()}}}",
                       snapshot_keep_every=KEEP_EVERY)


def gid():
    return uuid.uuid4().hex[:16]  # the form of every game id (events/ids.py)


def doc(n, visibility="public"):
    return {"type": "thing_happened", "v": 1, "at": "2026-11-29T00:00:00.000Z", "seat": None, "command": None,
            "visibility": visibility, "payload": {"n": n}}


def numbers(envelopes):
    return [e["payload"]["n"] for e in envelopes]


def created(store, docs=(), seed="seed") -> str:
    """A new game whose first events are `docs`; its facts name its seed."""
    g = gid()
    store.log.create(g, {"game": "tiny", "seed": seed}, seal_all(g, list(docs), 0, GENESIS, seed))
    return g


# --- the log: creating and appending ------------------------------------------------------------------------------


def test_create_stores_the_facts_and_the_first_events_together(store):
    g = gid()
    first = seal_all(g, [doc(1), doc(2)], 0, GENESIS, "seed")
    assert store.log.create(g, {"game": "tiny", "seed": "seed"}, first) == Appended(1, 2)
    assert store.facts.meta(g) == {"game": "tiny", "seed": "seed"}
    assert store.log.read(g) == first and store.log.version(g) == 2 and store.log.head_hash(g) == first[-1]["hash"]
    assert g in set(store.facts.game_ids())


def test_create_refuses_a_taken_id_and_writes_nothing(store):
    g = created(store, [doc(1)])
    with pytest.raises(GameExists):
        store.log.create(g, {"game": "other", "seed": "other"}, seal_all(g, [doc(7), doc(8)], 0, GENESIS, "other"))
    assert store.facts.meta(g) == {"game": "tiny", "seed": "seed"} and numbers(store.log.read(g)) == [1]
    facts_only = created(store)  # facts and no events yet: taken too
    with pytest.raises(GameExists):
        store.log.create(facts_only, {"game": "tiny", "seed": "x"}, seal_all(facts_only, [doc(1)], 0, GENESIS, "x"))
    assert store.log.version(facts_only) == 0 and store.facts.meta(facts_only)["seed"] == "seed"
    events_only = gid()  # events and no facts (what a half-written game of an old release left): taken too
    store.log.append(events_only, [doc(1)], 0, GENESIS)
    with pytest.raises(GameExists):
        store.log.create(events_only, {"game": "tiny", "seed": "x"}, [])
    assert store.facts.meta(events_only) == {} and numbers(store.log.read(events_only)) == [1]


def test_append_assigns_gapless_versions_and_chains_hashes(store):
    g = created(store, [doc(1)])
    first, sealed = store.log.append(g, [doc(2), doc(3)], 1, store.log.head_hash(g))
    assert (first.first, first.last, first.duplicate) == (2, 3, False)
    assert [e["version"] for e in sealed] == [2, 3] and sealed[0]["prev_hash"] == store.log.read(g)[0]["hash"]
    second, _ = store.log.append(g, [doc(4)], 3, sealed[-1]["hash"])
    assert second.last == 4
    envelopes = store.log.read(g)
    assert [e["version"] for e in envelopes] == [1, 2, 3, 4] and numbers(envelopes) == [1, 2, 3, 4]
    assert verify_chain(envelopes) is None and envelopes[1:3] == sealed
    assert store.log.head_hash(g) == envelopes[-1]["hash"] and store.log.version(g) == 4


def test_a_private_event_is_sealed_with_the_game_seed_and_read_back_whole(store):
    g = created(store, [doc(1)], seed="the-seed")
    _, sealed = store.log.append(g, [doc(2, "seat:0"), doc(3, "hidden")], 1, store.log.head_hash(g),
                                 seed="the-seed")
    envelopes = store.log.read(g)
    assert envelopes[1:] == sealed and [list(e) for e in envelopes[1:]] == [list(e) for e in sealed]  # key order too
    assert all("sealed" in e and check_sealed(e, "the-seed") for e in envelopes[1:])
    assert not any(check_sealed(e, "another-seed") for e in envelopes[1:])
    assert verify_chain(envelopes) is None


def test_a_conflicting_append_writes_nothing(store):
    g = created(store, [doc(1)])
    with pytest.raises(VersionConflict) as err:
        store.log.append(g, [doc(2), doc(3)], 0, GENESIS)
    assert (err.value.expected, err.value.current) == (0, 1)
    with pytest.raises(VersionConflict):
        store.log.append(g, [doc(2)], 2, store.log.head_hash(g))  # ahead of the log: refused too
    assert store.log.version(g) == 1 and numbers(store.log.read(g)) == [1]


def race(count, attempt):
    """Run `attempt(n)` in `count` threads released together; their outcomes."""
    barrier, outcomes = threading.Barrier(count), []

    def run(n):
        barrier.wait()
        try:
            outcomes.append(attempt(n))
        except VersionConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_concurrent_updates_to_version_are_not_allowed(store):
    """Two writers read version 1 and append at it: exactly one commits, the log holds its events only."""
    g = created(store, [doc(0)])
    head = store.log.head_hash(g)
    outcomes = race(2, lambda n: store.log.append(g, [doc(10 + n), doc(20 + n)], 1, head)[0].last)
    assert sorted(outcomes, key=str) == [3, "conflict"]
    envelopes = store.log.read(g)
    assert len(envelopes) == 3 and numbers(envelopes)[1] + 10 == numbers(envelopes)[2]  # one writer's pair
    assert verify_chain(envelopes) is None


def test_sixteen_racing_appends_exactly_one_lands(store):
    g = created(store, [doc(0)])
    head = store.log.head_hash(g)
    outcomes = race(16, lambda n: store.log.append(g, [doc(n), doc(n + 100)], 1, head) and "ok")
    assert sorted(outcomes) == ["conflict"] * 15 + ["ok"]
    envelopes = store.log.read(g)
    assert [e["version"] for e in envelopes] == [1, 2, 3] and verify_chain(envelopes) is None


def test_an_idempotency_key_returns_the_first_result_and_appends_nothing(store):
    g = created(store, [doc(0)])
    first, _ = store.log.append(g, [doc(1), doc(2)], 1, store.log.head_hash(g), "key-1", "fp")
    store.log.append(g, [doc(3)], 3, store.log.head_hash(g))  # the log moves on
    again, sealed = store.log.append(g, [doc(9)], 4, store.log.head_hash(g), "key-1", "fp")
    assert again == Appended(2, 3, True, "fp") and sealed == [] and first == Appended(2, 3, False, "fp")
    stale, _ = store.log.append(g, [doc(9)], 1, GENESIS, "key-1", "other")  # looked at before the version
    assert stale == Appended(2, 3, True, "fp")
    assert store.log.version(g) == 4 and numbers(store.log.read(g)) == [0, 1, 2, 3]
    assert store.log.seen(g, "key-1") == Appended(2, 3, True, "fp") and store.log.seen(g, "key-2") is None
    fresh, _ = store.log.append(g, [doc(4)], 4, store.log.head_hash(g), "key-2", "second")  # its own fingerprint
    assert fresh == Appended(5, 5, False, "second")
    assert store.log.append(g, [doc(9)], 0, GENESIS, "key-2", "third")[0] == Appended(5, 5, True, "second")
    store.log.append(g, [doc(5)], 5, store.log.head_hash(g), "key-3")  # a key without a fingerprint
    assert store.log.seen(g, "key-3") == Appended(6, 6, True, "") and store.log.version(g) == 6
    store.log.append(g, [doc(6)], 6, store.log.head_hash(g), "key-4", "sha256:a:b")  # a fingerprint is any text
    assert store.log.seen(g, "key-4") == Appended(7, 7, True, "sha256:a:b")
    assert store.log.append(g, [doc(9)], 0, GENESIS, "key-4", "other")[0] == Appended(7, 7, True, "sha256:a:b")


def test_racing_retries_under_one_key_append_once(store):
    g = created(store, [doc(0)])
    head = store.log.head_hash(g)
    outcomes = race(8, lambda n: store.log.append(g, [doc(n), doc(n + 100)], 1, head, "retry", "fp")[0])
    assert sorted(o.duplicate for o in outcomes) == [False] + [True] * 7
    assert {(o.first, o.last, o.fingerprint) for o in outcomes} == {(2, 3, "fp")} and store.log.version(g) == 3


def test_a_replaced_seat_token_is_refused_at_append(store):
    g = created(store, [doc(0)])
    store.facts.replace_seat_token(g, 0, "new-hash")
    with pytest.raises(TokenReplaced):
        store.log.append(g, [doc(1)], 1, store.log.head_hash(g), "k", "fp", seat_token=(0, "old-hash"))
    assert store.log.version(g) == 1 and store.log.seen(g, "k") is None  # the refused request did not spend its key
    assert not store.log.append(g, [doc(1)], 1, store.log.head_hash(g), "k", seat_token=(0, "new-hash"))[0].duplicate
    store.log.append(g, [doc(2)], 2, store.log.head_hash(g), seat_token=(1, "never-replaced"))
    store.log.append(g, [doc(3)], 3, store.log.head_hash(g))  # no seat's token asks (the dealer, a timer)
    assert store.log.version(g) == 4
    replay, _ = store.log.append(g, [doc(1)], 1, GENESIS, "k", seat_token=(0, "old-hash"))
    assert replay.duplicate  # a retry under a seen key is answered first, as its first try was


# --- the log: reading ---------------------------------------------------------------------------------------------


def test_read_windows_and_tail(store):
    g = created(store, [doc(n) for n in range(1, 6)])
    assert [e["version"] for e in store.log.read(g, after=2)] == [3, 4, 5]
    assert [e["version"] for e in store.log.read(g, after=1, until=3)] == [2, 3]
    assert [e["version"] for e in store.log.read(g, after=1, limit=2)] == [2, 3]
    assert store.log.read(g, after=5) == [] and store.log.read(g, after=9) == []
    assert [e["version"] for e in store.log.tail(g, after=3, block_ms=10)] == [4, 5]
    assert [e["version"] for e in store.log.tail(g, after=0, block_ms=10, count=2)] == [1, 2]
    assert store.log.tail(g, after=5, block_ms=10) == []

    def later():
        store.log.append(g, [doc(6)], 5, store.log.head_hash(g))

    timer = threading.Timer(0.1, later)
    timer.start()
    waited = time.monotonic()
    assert [e["version"] for e in store.log.tail(g, after=5, block_ms=60_000)] == [6]
    assert time.monotonic() - waited < 30  # woken by the append, not by the end of its wait
    timer.join()


def test_windows_and_the_replaced_seat_tokens_come_together(store):
    g = created(store, [doc(n) for n in range(1, 6)])
    store.facts.replace_seat_token(g, 1, "new-hash")
    (page, tail), replaced = store.log.windows(g, [(0, None, 2), (3, None, None)], seats=True)
    assert [e["version"] for e in page] == [1, 2] and [e["version"] for e in tail] == [4, 5]
    assert replaced == {1: "new-hash"}
    assert store.log.windows(g, [(4, None, None)])[1] == {}  # not asked for


def test_reads_hand_out_copies(store):
    g = created(store, [doc(1), doc(2)])
    store.log.read(g)[0]["payload"]["n"] = 99
    store.log.windows(g, [(0, None, None)])[0][0][1]["type"] = "forged"
    assert numbers(store.log.read(g)) == [1, 2] and store.log.read(g)[1]["type"] == "thing_happened"


def test_versions_of_many_games_at_once(store):
    a, b = created(store, [doc(1), doc(2)]), created(store, [doc(1)])
    assert store.log.versions([a, b, gid()]) == [2, 1, 0] and store.log.versions([]) == []


def test_heads_of_many_games_at_once_say_their_last_events_time(store):
    g = gid()
    later = {**doc(2), "at": "2026-11-30T12:34:56.789Z"}
    store.log.create(g, {"game": "tiny", "seed": "seed"}, seal_all(g, [doc(1)], 0, GENESIS, "seed"))
    store.log.append(g, [later], 1, store.log.head_hash(g), seed="seed")
    b = created(store, [doc(1)])
    assert store.log.heads([g, b, gid()]) == [(2, "2026-11-30T12:34:56.789Z"), (1, "2026-11-29T00:00:00.000Z"),
                                              (0, None)]
    assert store.log.heads([]) == []


def test_an_unknown_game_is_empty_everywhere(store):
    g = gid()
    assert store.log.version(g) == 0 and store.log.read(g) == [] and store.log.head_hash(g) == GENESIS
    assert store.log.tail(g, 0, 10) == [] and store.log.seen(g, "k") is None
    assert store.facts.meta(g) == {} and store.facts.replaced_seat_tokens(g) == {}


def test_the_chain_names_a_tampered_envelope(store):
    g = created(store, [doc(n) for n in range(4)])
    envelopes = store.log.read(g)
    envelopes[2]["payload"]["n"] = 99
    assert verify_chain(envelopes) == 3
    assert verify_chain([envelopes[0], store.log.read(g)[2], store.log.read(g)[1], envelopes[3]]) == 2


@pytest.mark.parametrize("bad", NOT_IDS)
def test_an_id_not_of_the_services_form_names_nothing(store, bad):
    calls = [lambda: store.log.create(bad, {"game": "tiny"}, []), lambda: store.log.append(bad, [doc(1)], 0, GENESIS),
             lambda: store.log.read(bad), lambda: store.log.version(bad), lambda: store.log.head_hash(bad),
             lambda: store.log.tail(bad, 0, 1), lambda: store.log.seen(bad, "k"), lambda: store.facts.meta(bad),
             lambda: store.facts.replace_seat_token(bad, 0, "h"), lambda: store.index.record(bad, {"version": 1}),
             lambda: store.index.record_players(gid(), [bad]), lambda: store.snapshots.load(bad, tiny())]
    for call in calls:
        with pytest.raises(BadId):
            call()


# --- the facts ----------------------------------------------------------------------------------------------------


def test_replaced_seat_tokens_are_the_newest_per_seat(store):
    g = created(store, [doc(1)])
    assert store.facts.replaced_seat_tokens(g) == {}
    store.facts.replace_seat_token(g, 0, "first")
    store.facts.replace_seat_token(g, 2, "other")
    store.facts.replace_seat_token(g, 0, "second")
    assert store.facts.replaced_seat_tokens(g) == {0: "second", 2: "other"}
    assert store.facts.meta(g) == {"game": "tiny", "seed": "seed"}  # the facts as created stay


# --- the index ----------------------------------------------------------------------------------------------------


def entry(version, status="active", **more):
    return {"game": "tiny", "version": version, "seats": 2, "status": status, **more}


def test_the_index_never_moves_a_game_backwards(store):
    g = gid()
    store.index.record(g, entry(5))
    store.index.record(g, entry(3, "finished"))
    assert store.index.list_games()[g]["status"] == "active"
    assert [e["id"] for e in store.index.page_games("finished")[0]] == []
    store.index.record(g, entry(7, "finished"))
    assert store.index.list_games()[g] == entry(7, "finished")
    assert [e["id"] for e in store.index.page_games("active")[0]] == []


def test_the_index_pages_in_id_order_and_by_status(store):
    ids = sorted(f"{n:016x}" for n in range(0, 250, 7))
    for n, g in enumerate(ids):
        store.index.record(g, entry(1))
        if n % 3 == 0:
            store.index.record(g, entry(2, "finished"))  # moves from one status list to the other
    pages, after = [], None
    while True:
        page, after = store.index.page_games(after=after, limit=10)
        pages.append(page)
        if after is None:
            break
    assert [e["id"] for page in pages for e in page] == ids and all(len(p) <= 10 for p in pages)
    assert pages[0][0] == {"id": ids[0], **entry(2, "finished")}
    finished = [e["id"] for e in store.index.page_games("finished", limit=500)[0]]
    active = [e["id"] for e in store.index.page_games("active", limit=500)[0]]
    assert finished == ids[::3] and sorted(active + finished) == ids
    assert store.index.page_games("paused") == ([], None)
    assert store.index.page_games(after=ids[-1]) == ([], None)


def test_the_index_pages_a_players_games(store):
    ids = sorted(gid() for _ in range(7))
    unindexed = "f" * 16  # after every other id
    for n, g in enumerate(ids):
        store.index.record(g, entry(1, "finished" if n % 2 else "active"))
        store.index.record_players(g, ["aaaaaaaaaaaaaaaa", None] if n < 5 else ["bbbbbbbbbbbbbbbb"])
    store.index.record_players(ids[0], ["aaaaaaaaaaaaaaaa"])  # again: listed once
    store.index.record_players(unindexed, ["aaaaaaaaaaaaaaaa"])  # a game not indexed (yet): left out of pages
    page, after = store.index.page_games(player="aaaaaaaaaaaaaaaa", limit=3)
    assert [e["id"] for e in page] == ids[:3] and after == ids[2]
    page, after = store.index.page_games(player="aaaaaaaaaaaaaaaa", after=after, limit=3)
    assert [e["id"] for e in page] == ids[3:5] and after is None
    finished, _ = store.index.page_games("finished", player="aaaaaaaaaaaaaaaa", limit=10)
    assert [e["id"] for e in finished] == [ids[1], ids[3]]
    assert [e["id"] for e in store.index.page_games(player="bbbbbbbbbbbbbbbb")[0]] == ids[5:]
    assert store.index.page_games(player="cccccccccccccccc") == ([], None)


def test_finished_games_are_due_for_the_archive_oldest_first(store):
    late, early, active, archived, unknown = (gid() for _ in range(5))
    store.index.record(late, entry(9, "finished", updated_at="2026-01-02T00:00:00.000Z"))
    store.index.record(early, entry(9, "finished", updated_at="2026-01-01T00:00:00.000Z"))
    store.index.record(active, entry(9, updated_at="2025-01-01T00:00:00.000Z"))
    store.index.record(archived, entry(9, "finished", archived=True, updated_at="2025-01-01T00:00:00.000Z"))
    store.index.record(unknown, entry(9, "finished"))  # no time: never due
    jan_2 = 1767312000.0  # 2026-01-02T00:00:00Z, counted by hand
    assert [g for g, _ in store.index.due_for_archive(jan_2 + 1)] == [early, late]
    assert [g for g, _ in store.index.due_for_archive(jan_2)] == [early, late]  # up to and including
    assert [g for g, _ in store.index.due_for_archive(jan_2 - 1)] == [early]
    assert [g for g, _ in store.index.due_for_archive(jan_2 + 1, limit=1)] == [early]
    assert dict(store.index.due_for_archive(jan_2))[late] == entry(9, "finished", updated_at="2026-01-02T00:00:00.000Z")
    store.index.not_due_for_archive(early)
    assert [g for g, _ in store.index.due_for_archive(jan_2)] == [late]
    store.index.record(late, entry(10, "finished", archived=True, updated_at="2026-01-02T00:00:00.000Z"))
    assert store.index.due_for_archive(jan_2) == []


# --- snapshots ----------------------------------------------------------------------------------------------------


def tiny():
    return registry.get("tiny")


def snapshot(version: int) -> Snapshot:
    return Snapshot(version, f"{version:064x}", Table.start(tiny(), seed=f"snap-{version}").table)


def test_snapshots_keep_the_newest_and_the_first_of_each_run(store):
    g = created(store, [doc(1)])
    assert store.snapshots.load(g, tiny()) is None and store.snapshots.load_at(g, tiny(), 99) is None
    for version in (3, 7, 12, 15, 26):
        assert store.snapshots.save(g, tiny(), snapshot(version))
    assert store.snapshots.load(g, tiny()) == snapshot(26)
    # kept: 3 (the first of 0-9), 12 (of 10-19), 26 (the newest); 7 and 15 were thinned out
    assert [store.snapshots.load_at(g, tiny(), until).version for until in (3, 9, 14, 25, 26, 99)] == [3, 3, 12, 12, 26, 26]
    assert store.snapshots.load_at(g, tiny(), 2) is None
    store.snapshots.drop(g)
    assert store.snapshots.load(g, tiny()) is None and store.snapshots.load_at(g, tiny(), 99) is None


def test_a_snapshot_of_other_rules_is_not_loaded(store, monkeypatch):
    g = created(store, [doc(1)])
    store.snapshots.save(g, tiny(), snapshot(4))
    monkeypatch.setattr("events.snapshots.fingerprint", lambda name: "rules-of-another-release")
    assert store.snapshots.load(g, tiny()) is None and store.snapshots.load_at(g, tiny(), 4) is None


def test_the_memory_store_and_the_contract_load_no_redis():
    """They run where no Redis is: importing them loads no Redis client, not even through what they import."""
    loaded = subprocess.run([sys.executable, "-c", "import sys, events.memory, events.store; "
                             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('redis', 'rq')))"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert loaded.returncode == 0 and loaded.stdout.strip() == "[]", loaded.stderr
