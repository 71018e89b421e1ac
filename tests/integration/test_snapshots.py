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
