"""Snapshots are only a cache: a game rebuilt from its newest snapshot plus the tail equals a full replay,
over random games (Jaipur matches to the end, Istanbul games cut at a random move)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import registry
from events.redis_store import redis_store
from events.snapshots import fingerprint
from service.games.commands import Commands
from service.games.repository import Loaded, Repository, fold
from tests.conftest import sized
from tests.support.play import play_randomly
from tests.support.service import InProcess

GAMES_PER_KIND = sized(ci=10, long=100)


@pytest.fixture(scope="module")
def store(redis_client):
    return redis_store(redis_client)


def service(store, every: int) -> InProcess:
    return InProcess(Commands(Repository(store, snapshot_every=every), store, inline_dealer=True))


def check(store, gid):
    cold = Repository(store, snapshot_every=0)
    from_snapshot = cold.load(gid)  # a new process: newest snapshot + tail
    full = fold(Loaded(from_snapshot.meta, None), store.log.read(gid))
    assert from_snapshot.table == full.table and from_snapshot.head_hash == full.head_hash
    return cold.folded, full.version


@settings(max_examples=GAMES_PER_KIND)
@given(seed=st.integers(0, 2**32), every=st.integers(3, 60))
def test_jaipur_snapshot_plus_tail_equals_full_replay(store, seed, every):
    gid, _ = play_randomly(service(store, every), "jaipur", 2, f"snap-j-{seed}", moves=10_000)
    assert store.snapshots.load(gid, registry.get("jaipur")) is not None
    folded, version = check(store, gid)
    assert folded < every  # only the tail after the newest snapshot was read


def istanbul_snapshot_plus_tail_equals_full_replay(store, used: list):
    @settings(max_examples=GAMES_PER_KIND)
    @given(seed=st.integers(0, 2**32), every=st.integers(3, 60), seats=st.integers(2, 5), moves=st.integers(1, 250))
    def run(seed, every, seats, moves):
        gid, _ = play_randomly(service(store, every), "istanbul", seats, f"snap-i-{seed}", moves=moves)
        folded, version = check(store, gid)
        if version >= every:  # a snapshot was taken, and the load used it: only the tail after it was read
            assert store.snapshots.load(gid, registry.get("istanbul")) is not None
            assert folded < every
            used.append(gid)
    run()


def test_istanbul_snapshot_plus_tail_equals_full_replay(store):
    used = []
    istanbul_snapshot_plus_tail_equals_full_replay(store, used)
    assert len(used) >= GAMES_PER_KIND // 2  # most games were long enough to have a snapshot, and loaded from it


def test_a_snapshot_of_other_rules_is_ignored(store, monkeypatch):
    gid, _ = play_randomly(service(store, 5), "jaipur", 2, "older-schema", moves=30)
    jaipur = registry.get("jaipur")
    assert store.snapshots.load(gid, jaipur) is not None
    fingerprint.cache_clear()
    monkeypatch.setattr("events.snapshots.fingerprint", lambda name: "rules-of-another-release")
    assert store.snapshots.load(gid, jaipur) is None  # written by other rules: not used
    folded, version = check(store, gid)
    assert folded == version
