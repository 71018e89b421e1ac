"""Snapshots are a cache: snapshot + tail equals a full replay, and a load reads only the tail after the
snapshot; a stale, foreign, other-schema or crafted snapshot is ignored (never unpickled, never trusted)."""

import json
import pathlib
import pickle

import pytest

from domain import registry
from events.keys import key
from events.redis_store import redis_store
from events.snapshots import SCHEMA, Snapshot, record_json, snapshot_types
from service.games.commands import Commands
from service.games.repository import Loaded, Repository, fold
from tests.support.play import play_randomly
from tests.support.round_trips import count_round_trips
from tests.support.service import InProcess

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)

registry.register("tiny", "tests.support.tiny_game")


def service(app, every: int, keep_every: int = 0) -> InProcess:
    store = redis_store(InProcess.of(app).store.log.redis, snapshot_keep_every=keep_every)
    return InProcess(Commands(Repository(store, snapshot_every=every), store))


def play_out(svc: InProcess, seed: str) -> str:
    loaded, _tokens = svc.create("tiny", 2, {}, seed)
    gid = loaded.meta.id
    while not loaded.finished:
        seat = loaded.game.to_act(loaded.state)[0]
        svc.command(gid, seat, {"type": "add", "amount": 1})
        if not svc.load(gid).finished:
            svc.command(gid, seat, {"type": "end_turn"})
        loaded = svc.load(gid)
    return gid


def full_fold(store, gid: str, until: int | None = None) -> Loaded:
    meta = Repository(store).meta(gid)
    return fold(Loaded(meta, None), store.log.read(gid, 0, until))


def cold(store) -> Repository:
    """A repository as a new process has it: no cache."""
    return Repository(store, snapshot_every=0)


def test_a_load_reads_only_the_tail_after_the_newest_snapshot(app):
    svc = service(app, every=4)
    gid = play_out(svc, "snap-tail")
    snap = svc.repository.snapshots.load(gid, registry.get("tiny"))
    assert snap is not None and snap.version >= 4
    reader = cold(svc.store)
    loaded = reader.load(gid)
    truth = full_fold(svc.store, gid)
    assert loaded.table == truth.table and loaded.head_hash == truth.head_hash
    assert reader.folded == truth.version - snap.version  # the events before the snapshot were not read


def test_a_snapshot_not_on_this_history_is_ignored(app):
    svc = service(app, every=0)
    gid = play_out(svc, "snap-foreign")
    truth = full_fold(svc.store, gid)
    midway = full_fold(svc.store, gid, until=4)
    svc.repository.snapshots.save(gid, registry.get("tiny"), Snapshot(4, "f" * 64, midway.table))
    reader = cold(svc.store)
    assert reader.load(gid).table == truth.table
    assert reader.folded == truth.version  # rebuilt from the first event


def test_a_snapshot_of_another_schema_is_ignored(app):
    svc = service(app, every=3)
    gid = play_out(svc, "snap-schema")
    raw = json.loads(record_json(svc.store.log.redis.get(key(gid, "snap"))))
    raw["schema"] = SCHEMA + 1
    svc.store.log.redis.set(key(gid, "snap"), json.dumps(raw))
    reader = cold(svc.store)
    assert reader.load(gid).table == full_fold(svc.store, gid).table
    assert reader.folded == full_fold(svc.store, gid).version


class Boom:
    """A pickle that runs code when loaded."""

    def __reduce__(self):
        return (exec, ("import pathlib; pathlib.Path('/tmp/bazaar-pickle-ran').write_text('pwned')",))


def test_a_crafted_pickle_in_redis_is_never_loaded(app, tmp_path):
    marker = pathlib.Path("/tmp/bazaar-pickle-ran")
    marker.unlink(missing_ok=True)
    svc = service(app, every=3)
    gid = play_out(svc, "snap-pickle")
    bomb = pickle.dumps(Boom())
    svc.store.log.redis.set(key(gid, "snap"), bomb)
    for version in svc.store.log.redis.hkeys(key(gid, "snaps")):
        svc.store.log.redis.hset(key(gid, "snaps"), version, bomb)
    reader = cold(svc.store)
    assert reader.load(gid).table == full_fold(svc.store, gid).table
    assert reader.load(gid, until=5).table == full_fold(svc.store, gid, until=5).table
    assert not marker.exists()


def test_time_travel_starts_from_the_nearest_earlier_snapshot(app, monkeypatch):
    """...in two round trips for a game the process has loaded (as GET /state has): the snapshot, found and read
    by one script, then the log after it."""
    svc = service(app, every=3)
    gid = play_out(svc, "snap-history")
    versions = sorted(int(v) for v in svc.store.log.redis.hkeys(key(gid, "snaps")))
    assert len(versions) >= 3
    last = svc.load(gid).version
    cold(svc.store).load(gid, until=1)  # the server learns the script (a first EVALSHA is refused, then loaded)
    sent = count_round_trips(monkeypatch)
    for version in range(1, last + 1):
        reader = cold(svc.store)
        reader.load(gid)
        sent.clear()
        folded = reader.folded
        travelled = reader.load(gid, until=version)
        assert len(sent) == 2, version
        truth = full_fold(svc.store, gid, until=version)
        assert travelled.table == truth.table and travelled.head_hash == truth.head_hash
        nearest = max((v for v in versions if v <= version), default=0)
        assert reader.folded - folded == version - nearest


def test_a_history_snapshot_off_this_history_is_ignored(app):
    svc = service(app, every=3)
    gid = play_out(svc, "snap-history-forged")
    versions = sorted(int(v) for v in svc.store.log.redis.hkeys(key(gid, "snaps")))
    version = versions[-1]
    record = json.loads(record_json(svc.store.log.redis.hget(key(gid, "snaps"), str(version))))
    record["hash"] = "f" * 64  # not the hash of the event at that version
    svc.store.log.redis.hset(key(gid, "snaps"), str(version), json.dumps(record))
    reader = cold(svc.store)
    assert reader.load(gid, until=version).table == full_fold(svc.store, gid, until=version).table
    assert reader.folded == version  # no earlier readable snapshot was a prefix either


def test_time_travel_past_an_unreadable_history_snapshot_starts_from_the_one_below(app):
    svc = service(app, every=3)
    gid = play_out(svc, "snap-history-unreadable")
    versions = sorted(int(v) for v in svc.store.log.redis.hkeys(key(gid, "snaps")))
    svc.store.log.redis.hset(key(gid, "snaps"), str(versions[-1]), b"not a snapshot")
    reader = cold(svc.store)
    assert reader.load(gid, until=versions[-1]).table == full_fold(svc.store, gid, until=versions[-1]).table
    assert reader.folded == versions[-1] - versions[-2]


@pytest.mark.parametrize("name, seats", [("jaipur", 2), ("istanbul", 3)])
def test_real_games_round_trip_through_the_snapshot_codec(app, name, seats):
    svc = service(app, every=25)
    gid, _ = play_randomly(svc, name, seats, f"snap-{name}", moves=120)
    game = registry.get(name)
    if getattr(game, "STATE", None) is None:
        pytest.skip(f"{name} names no STATE class")
    reader = cold(svc.store)
    truth = full_fold(svc.store, gid)
    assert reader.load(gid).table == truth.table
    assert reader.folded < truth.version


def test_a_live_batch_advances_the_cached_game_in_place_or_by_a_load(app, monkeypatch):
    """A live stream's feed hands each batch to Repository.advance: a batch that follows on from the cached game is
    folded in place, with no Redis read; one that does not (the cache is further behind) loads the game."""
    writer = service(app, every=0)
    gid, _ = play_randomly(writer, "jaipur", 2, "advance", moves=12)
    log = writer.store.log.read(gid)
    reader = Repository(redis_store(writer.store.log.redis), snapshot_every=0)
    reader.remember(fold(Loaded(reader.meta(gid), None), log[:8]))
    at_ten, at_end = full_fold(writer.store, gid, 10).table, full_fold(writer.store, gid).table
    sent = count_round_trips(monkeypatch)
    reader.advance(gid, log[8:10])
    assert reader.cached(gid).version == 10 and reader.cached(gid).table == at_ten
    assert sent == []
    reader.advance(gid, log[11:])  # a gap: version 11 was never seen here
    assert reader.cached(gid).table == at_end and len(sent) == 1
    sent.clear()
    reader.advance(gid, log[9:])  # already there
    assert sent == []


@pytest.mark.parametrize("name", registry.names())
def test_each_games_snapshot_types_are_one_set_whatever_was_imported(name):
    """The types a snapshot may construct come from every module of the game's package, each name once: a class
    of a picture or words module that shares a state type's name fails here, not in a game that happens to have
    drawn a picture before its snapshot was taken."""
    game = registry.get(name)
    snapshot_types.cache_clear()
    types = snapshot_types(game)
    assert all(t.__module__.startswith(game.__name__) or t is getattr(game, "STATE", None) for t in types.values())
