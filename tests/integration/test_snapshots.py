"""Snapshots are a cache: snapshot + tail equals a full replay; a stale or foreign snapshot is ignored."""

from dataclasses import replace

from domain import registry
from events.snapshots import Snapshot
from service.games import Games
from tests.support.driver import Table

registry.register("tiny", "tests.support.tiny_game")


def play_out(games: Games, seed: str):
    loaded, _tokens = games.create("tiny", 2, {}, seed)
    gid = loaded.meta.id
    while not loaded.finished:
        seat = loaded.meta.game.to_act(loaded.state)[0]
        games.command(gid, seat, {"type": "add", "amount": 1})
        if not games.load(gid).finished:
            games.command(gid, seat, {"type": "end_turn"})
        loaded = games.load(gid)
    return gid


def fresh(app):
    base = app.extensions["bazaar.games"]
    return Games(base.store, snapshot_every=2)


def test_snapshot_plus_tail_equals_full_replay(app):
    games = fresh(app)
    gid = play_out(games, "snap-1")
    full = Games(games.store, snapshot_every=0)
    games.snapshots.drop(gid)
    replayed = full.load(gid)
    midway = full.load(gid, until=4)
    games.save_snapshot(midway)
    reader = Games(games.store)
    assert reader._from_snapshot(midway.meta).version == replayed.version
    from_snap = reader.load(gid)
    assert from_snap.state == replayed.state and from_snap.version == replayed.version
    assert from_snap.draws == replayed.draws


def test_snapshot_not_on_this_history_is_ignored(app):
    games = fresh(app)
    gid = play_out(games, "snap-2")
    truth = Games(games.store, snapshot_every=0).load(gid)
    table = Table.start(registry.get("tiny"), seed=b"other")
    bogus = Games(games.store, snapshot_every=0).load(gid, until=4)
    games.snapshots.save(gid, "tiny", Snapshot(4, "f" * 64, 0, replace(bogus, state=table.state)))
    assert Games(games.store).load(gid).state == truth.state


def test_periodic_snapshots_are_written(app):
    games = fresh(app)
    gid = play_out(games, "snap-3")
    snap = games.snapshots.load(gid, "tiny")
    assert snap is not None and snap.version >= 2


def test_time_travel_starts_from_the_nearest_earlier_snapshot(app):
    from service.fold import Loaded, fold

    games = Games(app.extensions["bazaar.games"].store, snapshot_every=3)
    gid = play_out(games, "snap-history")
    envelopes = games.store.read(gid)
    meta = games.load(gid).meta
    assert len(games.store.redis.hkeys(f"game:{{game:{gid}}}:snaps")) >= 3
    for version in range(1, len(envelopes) + 1):
        travelled = Games(games.store).load(gid, until=version)
        full = fold(Loaded(meta, None), envelopes[:version])
        assert travelled.state == full.state and travelled.version == version == full.version
        assert travelled.head_hash == full.head_hash and travelled.checkpoints == full.checkpoints


def test_a_history_snapshot_off_this_history_is_ignored(app):
    import pickle

    from service.fold import Loaded, fold

    games = Games(app.extensions["bazaar.games"].store, snapshot_every=3)
    gid = play_out(games, "snap-history-forged")
    key = f"game:{{game:{gid}}}:snaps"
    version = max(int(v) for v in games.store.redis.hkeys(key))
    record = pickle.loads(games.store.redis.hget(key, str(version)))
    record["hash"] = "f" * 64  # not the hash of the event at that version
    games.store.redis.hset(key, str(version), pickle.dumps(record))
    full = fold(Loaded(games.load(gid).meta, None), games.store.read(gid, 0, version))
    assert Games(games.store).load(gid, until=version).state == full.state
