"""The repository's load path (service/games/repository.py `Repository._load`), on both stores: where a load starts
(the process's cached table, a snapshot, the first event), what it reads in its one read, and what it does when the
log does not go on from where it started. The truth each test compares with is a fold of the whole log from its
first event (`fold`), which no cache or snapshot touches."""

import uuid

import pytest

from domain import registry
from events.keys import key
from events.memory import memory_store
from events.redis_store import redis_store
from service.games.commands import Commands
from service.games.repository import CorruptGame, Loaded, NotFound, Repository, fold
from tests.support.play import play_randomly
from tests.support.round_trips import count_round_trips
from tests.support.service import InProcess

pytestmark = pytest.mark.cluster  # also run against a Redis Cluster (Makefile)

registry.register("tiny", "tests.support.tiny_game")
NOWHERE = "0123456789abcdef"  # an id of the service's form that no game has


@pytest.fixture(params=["redis", "memory"])
def store(request):
    if request.param == "memory":
        return memory_store()
    return redis_store(request.getfixturevalue("redis_client"))


def played(store, seed: str, moves: int = 20, every: int = 0) -> str:
    gid, _ = play_randomly(InProcess(Commands(Repository(store, snapshot_every=every), store)), "jaipur", 2, seed,
                           moves=moves)
    return gid


def truth(store, gid: str, until: int | None = None) -> Loaded:
    return fold(Loaded(Repository(store).meta(gid), None), store.log.read(gid, 0, until))


def test_a_cached_game_is_caught_up_with_what_was_appended_since(store):
    gid = played(store, "load-cached", moves=6)
    reader = Repository(store, snapshot_every=0)
    first = reader.load(gid)
    played_on = InProcess(Commands(Repository(store, snapshot_every=0), store))
    loaded = played_on.load(gid)
    seat = loaded.game.to_act(loaded.state)[0]
    played_on.command(gid, seat, next(m for m in played_on.legal_moves(loaded, seat) if "undo" not in m["type"]))
    folded = reader.folded
    again = reader.load(gid)
    assert again.version > first.version and again.table == truth(store, gid).table
    assert reader.folded - folded == again.version - first.version  # only what was appended since


def test_a_cache_whose_log_is_not_this_one_is_folded_again_from_the_first_event(store):
    """A table cached from another log (here: another game's first events under this game's meta) is caught by the
    hash its next event follows on from, and the game is folded from its first event."""
    gid, other = played(store, "load-this"), played(store, "load-other")
    reader = Repository(store, snapshot_every=0)
    reader.remember(fold(Loaded(reader.meta(gid), None), store.log.read(other, 0, 5)))
    loaded = reader.load(gid)
    assert loaded.table == truth(store, gid).table and loaded.head_hash == truth(store, gid).head_hash
    assert reader.folded == loaded.version


def test_a_page_and_the_seats_come_with_the_game_cached_or_not(store):
    gid = played(store, "load-page")
    store.facts.replace_seat_token(gid, 1, "a-new-hash")
    log, reader = store.log.read(gid), Repository(store, snapshot_every=0)
    for cached in (False, True):
        assert (reader.cached(gid) is not None) == cached
        loaded, page, replaced = reader.load_with_page(gid, 3, 4, seats=True)
        assert page == log[3:7] and replaced == {1: "a-new-hash"} and loaded.table == truth(store, gid).table
    assert reader.load_with_page(gid, 3, 4)[2] == {}  # not asked for
    assert reader.load_with_seats(gid)[1] == {1: "a-new-hash"}
    assert Repository(store).load_with_seats(gid)[1] == {1: "a-new-hash"}


def test_time_travel_is_never_remembered_as_the_latest(store):
    gid = played(store, "load-travel", every=5)
    reader = Repository(store, snapshot_every=0)
    assert reader.load(gid, until=7).table == truth(store, gid, 7).table
    assert reader.cached(gid) is None
    assert reader.load(gid).table == truth(store, gid).table and reader.cached(gid).version == store.log.version(gid)


def test_an_unknown_game_is_not_found_and_a_game_the_registry_lacks_is_corrupt(store):
    with pytest.raises(NotFound):
        Repository(store).load(NOWHERE)
    gid = uuid.uuid4().hex[:16]
    store.log.create(gid, {"game": "a-game-never-registered", "seats": "2", "seed": "s", "tokens": "[]"}, [])
    with pytest.raises(CorruptGame):
        Repository(store).load(gid)


def test_a_cold_seated_page_is_one_read_after_the_meta_and_the_snapshot(redis_client, monkeypatch):
    """A process that has not loaded the game reads its meta, its snapshot, then the log's tail, a page of it and
    the seats in one round trip: three in all (a page and the seats were a round trip each before)."""
    store = redis_store(redis_client)
    gid = played(store, "load-cold-page", every=5)
    assert redis_client.exists(key(gid, "snap"))
    Repository(store).load_with_page(gid, 2, 3, seats=True)  # the server learns the scripts
    sent = count_round_trips(monkeypatch)
    loaded, page, _ = Repository(store).load_with_page(gid, 2, 3, seats=True)
    assert len(sent) == 3 and [e["version"] for e in page] == [3, 4, 5] and loaded.version == store.log.version(gid)
    sent.clear()
    warm = Repository(store)
    warm.load(gid)
    sent.clear()
    warm.load_with_page(gid, 2, 3, seats=True)
    assert len(sent) == 1  # cached: the tail, the page and the seats together


def test_a_live_batch_that_is_not_this_logs_next_is_never_folded_in_place(store):
    """A stream's batch numbered to follow on from the cached game but chained to another log (a feed mixed up, a
    log rewritten) makes the game load from the store instead."""
    gid, other = played(store, "advance-this"), played(store, "advance-other")
    reader = Repository(store, snapshot_every=0)
    reader.remember(fold(Loaded(reader.meta(gid), None), store.log.read(gid, 0, 8)))
    reader.advance(gid, store.log.read(other, 8, 10))
    assert reader.cached(gid).table == truth(store, gid).table


def test_a_command_on_a_cache_a_move_behind_reads_the_missed_move_alone(redis_client, monkeypatch):
    """Two processes serve one game's two seats (each seat's connection lands on a worker of its own), so each
    command finds its process's cached game a move behind: the decision on it is refused, and the process catches
    up with one XRANGE of what it missed, chained from the hash it remembers, with the seed its cached meta holds:
    not a pipeline that reads the seed and the game's presence again. Then it decides on the latest game."""
    store = redis_store(redis_client)
    gid = played(store, "load-behind", moves=2)
    workers = []
    for _ in range(2):  # each process has its own store objects (and memory of the heads it met) on one Redis
        own = redis_store(redis_client)
        workers.append(InProcess(Commands(Repository(own, snapshot_every=0), own)))
        workers[-1].load(gid)
    behind = 0
    for _ in range(8):
        latest = truth(store, gid)
        seat = latest.game.to_act(latest.state)[0]
        worker = workers[seat]
        was_behind = worker.repository.cached(gid).version < latest.version
        move = next(m for m in worker.legal_moves(latest, seat) if "undo" not in m["type"])
        pipelines, real_pipeline = [], store.log.redis.pipeline
        monkeypatch.setattr(store.log.redis, "pipeline",
                            lambda *a, p=real_pipeline, seen=pipelines, **k: seen.append(1) or p(*a, **k))
        sent = count_round_trips(monkeypatch)
        worker.command(gid, seat, move)
        assert len(sent) == (2 if was_behind else 1) and pipelines == []  # the catching up, then the append
        monkeypatch.undo()  # the truth is read with no spy
        assert worker.repository.cached(gid).table == truth(store, gid).table
        behind += was_behind
    assert behind >= 6
