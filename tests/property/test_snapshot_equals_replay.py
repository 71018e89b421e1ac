"""Snapshots are only a cache: a game rebuilt from its newest snapshot plus the tail equals a full replay,
over 200 random games (Jaipur matches to the end, Istanbul games cut at a random move)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.snapshots import Snapshots, fingerprint
from events.store import EventStore
from service.fold import Loaded, fold
from service.games import Games
from tests.conftest import GAMES_SCALE
from tests.support.play import play_randomly

GAMES_PER_KIND = 100 * GAMES_SCALE  # 200 games in all with the ci profile


@pytest.fixture(scope="module")
def store(redis_client):
    return EventStore(redis_client)


def play(games, name, seats, seed, moves):
    return play_randomly(games, name, seats, seed, moves)[0]


def check(store, gid):
    from_snapshot = Games(store).load(gid)  # a cold process: newest snapshot + tail
    full = fold(Loaded(from_snapshot.meta, None), store.read(gid))
    assert from_snapshot.version == full.version and from_snapshot.head_hash == full.head_hash
    assert from_snapshot.state == full.state and from_snapshot.draws == full.draws
    assert from_snapshot.checkpoints == full.checkpoints and from_snapshot.clocks == full.clocks


@settings(max_examples=GAMES_PER_KIND)
@given(seed=st.integers(0, 2**32), every=st.integers(3, 60))
def test_jaipur_snapshot_plus_tail_equals_full_replay(store, seed, every):
    games = Games(store, snapshot_every=every, inline_dealer=True)
    gid = play(games, "jaipur", 2, f"snap-j-{seed}", moves=10_000)
    assert Snapshots(store.redis).load(gid, "jaipur") is not None
    check(store, gid)


@settings(max_examples=GAMES_PER_KIND)
@given(seed=st.integers(0, 2**32), every=st.integers(3, 60), seats=st.integers(2, 5), moves=st.integers(1, 250))
def test_istanbul_snapshot_plus_tail_equals_full_replay(store, seed, every, seats, moves):
    games = Games(store, snapshot_every=every, inline_dealer=True)
    gid = play(games, "istanbul", seats, f"snap-i-{seed}", moves=moves)
    check(store, gid)


def test_a_snapshot_of_other_rules_is_ignored(store, monkeypatch):
    games = Games(store, snapshot_every=5, inline_dealer=True)
    gid = play(games, "jaipur", 2, "older-schema", moves=30)
    assert Snapshots(store.redis).load(gid, "jaipur") is not None
    fingerprint.cache_clear()
    monkeypatch.setattr("events.snapshots.fingerprint", lambda name: "rules-of-another-release")
    assert Snapshots(store.redis).load(gid, "jaipur") is None  # written by other rules: not used
    check(store, gid)
