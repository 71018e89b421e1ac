"""The cross-game feed on a real Redis: lifecycle facts written once after each game's append, consumer groups
that acknowledge and reclaim, the game index fed from it, and the sweep that repairs a crash between a game's
append and the feed write. Each test has a Redis database of its own (its feed is its own)."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest
import redis

from events.feed import Feed, GameCreated, GameFinished, SeatForfeited
from events.redis_store import redis_store
from service.feed import consumers, lifecycle
from service.feed.consumers import Consumer, Subscription, member_is_dead, member_name
from service.feed.reactions import index_consumer, reconcile, update_index
from service.games import creation
from service.games.commands import Commands, now_iso
from service.games.repository import Repository
from service.operations import embedded_redis
from tests.support.databases import url_of
from tests.support.ports import free_port
from tests.support.processes import ROOT, WorkerProcess, wait_for

FAR_FUTURE = "2999-01-01T00:00:00.000Z"


@pytest.fixture
def db_url(redis_url):
    """A Redis database of this test's own, emptied."""
    url = url_of(redis_url, "feed")
    redis.Redis.from_url(url).flushdb()
    return url


def parts(url: str, *reactions: str, clock=None):
    """A command path on `url` with only the named reactions after each append ("index": the request's own
    index write, "feed": the feed write): leaving one out is a crash between the game's append and it."""
    client = redis.Redis.from_url(url)
    store, feed = redis_store(client), Feed(client)
    repository = Repository(store)
    commands = Commands(repository, store, clock=clock) if clock else Commands(repository, store)
    chosen = {"index": update_index(store.index), "feed": lifecycle.publish(feed)}
    commands.after_append += [chosen[name] for name in reactions]
    return commands, feed


def create(commands: Commands, options: dict | None = None) -> str:
    loaded, _tokens = creation.create(commands, "tiny", 2, options or {"goal": 2})
    return loaded.meta.id


def finish(commands: Commands, game_id: str) -> None:
    """One move ends a tiny game whose goal is 2."""
    loaded = commands.repository.load(game_id)
    seat = loaded.game.to_act(loaded.state)[0]
    commands.command(game_id, seat, {"type": "add", "amount": 2})


def drain(subscription: Subscription) -> int:
    handled = 0
    while (n := subscription.poll()) > 0:
        handled += n
    return handled


def facts_of(feed: Feed, game_id: str):
    return [e.fact for e in feed.entries() if e.fact.game_id == game_id]


# --- writing -------------------------------------------------------------------------------------------------


def test_a_game_writes_created_then_finished_with_its_result_once(db_url):
    commands, feed = parts(db_url, "feed")
    gid = create(commands)
    assert facts_of(feed, gid) == [GameCreated(gid, "tiny", 2, facts_of(feed, gid)[0].at)]
    finish(commands, gid)
    created, finished = facts_of(feed, gid)
    assert isinstance(finished, GameFinished) and finished.version == commands.repository.load(gid).version
    assert finished.result["winners"] in ([0], [1])
    # offered again (a sweep, a retried reaction): nothing is written twice
    assert lifecycle.republish(feed, commands.repository, commands.repository.load(gid)) == 0
    assert feed.publish(finished) is False and len(facts_of(feed, gid)) == 2


def test_a_forfeit_on_time_is_a_fact_and_so_is_the_end_it_brings(db_url):
    times = [now_iso()]
    commands, feed = parts(db_url, "feed", clock=lambda: times[-1])
    gid = create(commands, {"goal": 2, "clock": {"per_move_s": 60}, "timeout_policy": "forfeit"})
    loaded = commands.repository.load(gid)
    late = loaded.game.to_act(loaded.state)[0]
    times.append(FAR_FUTURE)  # the seat's minute has long run out
    assert commands.timeout(gid, loaded.version) not in (None, "early")
    kinds = [type(f) for f in facts_of(feed, gid)]
    assert kinds == [GameCreated, SeatForfeited, GameFinished]
    assert facts_of(feed, gid)[1].seat == late and facts_of(feed, gid)[2].result["winners"] == [1 - late]


# --- consuming -----------------------------------------------------------------------------------------------


def tally(client: redis.Redis) -> Consumer:
    """A consumer whose effect is made idempotent on the fact's id, as the contract asks: the mark and the
    effect in one script (one slot: both keys carry the tag {tally})."""
    script = client.register_script(
        "if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then redis.call('INCR', KEYS[2]) end")
    return Consumer("tally", lambda entry: script(keys=["t:{tally}:done", "t:{tally}:count"], args=[entry.id]))


def test_duplicate_delivery_has_each_effect_once(db_url):
    commands, feed = parts(db_url, "feed")
    client = feed.redis
    for _ in range(3):
        finish(commands, create(commands))
    consumer = tally(client)
    first = Subscription(feed, consumer, member="first")
    taken = feed.read("tally", "first", 100, None)  # the first member takes every entry...
    for entry in taken[:4]:
        consumer.handle(entry)  # ...applies some, and dies before acknowledging any
    assert len(taken) == 6 and feed.pending("tally") == 6
    second = Subscription(feed, consumer, member="second", claim_idle_ms=0)
    assert second.reclaim() == 6  # all six handed out again, four of them a second time
    assert first.poll() == 0 and second.poll() == 0 and feed.pending("tally") == 0
    assert int(client.get("t:{tally}:count")) == 6  # one effect per fact


def test_a_consumer_that_fails_leaves_the_entry_pending_until_it_succeeds(db_url):
    commands, feed = parts(db_url, "feed")
    create(commands)
    attempts = []

    def flaky(entry):
        attempts.append(entry.id)
        if len(attempts) == 1:
            raise RuntimeError("down for a moment")

    subscription = Subscription(feed, Consumer("flaky", flaky), member="only", claim_idle_ms=0)
    assert subscription.poll() == 0 and feed.pending("flaky") == 1
    assert subscription.reclaim() == 1 and feed.pending("flaky") == 0 and len(attempts) == 2


def test_consumers_started_while_redis_is_away_join_once_it_is_back(tmp_path):
    """The worker starts its consumers' threads right after its start-up sweep; a Redis restarting at that
    moment refused the group's creation, and the error killed the worker (seen in the fault test)."""
    port = free_port()
    feed, seen, stop = Feed(redis.Redis(port=port)), [], threading.Event()
    threads = consumers.start(feed, [Consumer("late", lambda entry: seen.append(entry.fact))], stop)
    try:
        time.sleep(0.5)  # the thread has tried to join and been refused
        server = embedded_redis.start(port, tmp_path, persistent=False)
        try:
            fact = GameCreated("ab" * 8, "tiny", 2, now_iso())
            feed.publish(fact)
            wait_for(lambda: seen == [fact], timeout=10)
        finally:
            stop.set()
            server.terminate()
            server.wait(timeout=10)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=5)


def test_entries_a_dead_consumer_process_held_are_reclaimed_by_another(db_url):
    commands, feed = parts(db_url, "feed")
    games = [create(commands) for _ in range(3)]
    holder = subprocess.Popen([sys.executable, "-m", "tests.support.feed_holder", db_url], cwd=ROOT, stdout=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        assert holder.stdout.readline().startswith("holding")
        wait_for(lambda: feed.pending("index") == 3)  # it took all three and acknowledged none
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=10)
    survivor = Subscription(feed, index_consumer(commands.store.index), member="survivor", claim_idle_ms=100)
    assert survivor.poll() == 0  # nothing new: the three are pending with the dead member
    assert survivor.take_over_dead(member_is_dead) == 0  # "doomed" names no process of this host: wait for idle
    time.sleep(0.15)
    assert survivor.reclaim() == 3 and feed.pending("index") == 0
    assert {e["id"] for e in commands.store.index.page_games("active")[0]} == set(games)


def test_the_index_pages_correctly_from_the_feed_alone(db_url):
    commands, feed = parts(db_url, "feed")  # no request-side index write: only the feed's consumer indexes
    games = [create(commands) for _ in range(7)]
    for gid in games[::3]:
        finish(commands, gid)
    index = commands.store.index
    assert index.page_games()[0] == []
    assert drain(Subscription(feed, index_consumer(index), member="w1")) == 10  # 7 created + 3 finished
    seen, after = [], None
    while True:
        page, after = index.page_games(after=after, limit=3)
        assert len(page) <= 3
        seen += page
        if after is None:
            break
    assert [e["id"] for e in seen] == sorted(games)
    finished = {e["id"] for e in index.page_games("finished")[0]}
    assert finished == set(games[::3])
    assert {e["id"] for e in index.page_games("active")[0]} == set(games) - finished
    versions = {e["id"]: e["version"] for e in seen}
    assert all(versions[g] == commands.repository.load(g).version for g in finished)


def test_an_index_consumer_replaying_old_facts_never_moves_a_game_back(db_url):
    commands, feed = parts(db_url, "feed")
    gid = create(commands)
    finish(commands, gid)
    consumer = index_consumer(commands.store.index)
    entries = feed.entries()
    for entry in [*entries, *reversed(entries)]:  # duplicated and out of order
        consumer.handle(entry)
    assert commands.store.index.page_games("finished")[0][0]["id"] == gid


def test_the_feed_is_trimmed_only_of_what_every_consumer_acknowledged(db_url):
    commands, feed = parts(db_url, "feed")
    for _ in range(4):
        create(commands)
    assert feed.trim() == 0  # no consumer yet: the first one will read from the beginning
    fast = Subscription(feed, Consumer("fast", lambda entry: None), member="m")
    slow = Subscription(feed, Consumer("slow", lambda entry: None), member="m")
    assert fast.poll() == 4
    assert feed.trim() == 0  # "slow" has read nothing yet
    assert slow.poll(count=2) == 2
    assert feed.trim() == 2 and len(feed.entries()) == 2  # both have the first two: they go
    [third] = feed.read("slow", "m", 1, None)  # handed out, not yet acknowledged: it stays
    assert feed.trim() == 0 and len(feed.entries()) == 2
    assert Subscription(feed, slow.consumer, "m", claim_idle_ms=0).reclaim() == 1  # now acknowledged
    assert slow.poll() == 1 and feed.trim() == 2 and feed.entries() == []
    # the published ids stay: a sweep does not write a trimmed fact again
    assert lifecycle.republish(feed, commands.repository, commands.repository.load(third.fact.game_id)) == 0


# --- the sweep, the backstop ---------------------------------------------------------------------------------


def test_the_sweep_republishes_facts_lost_between_a_games_append_and_the_feed_write(db_url):
    crashed, feed = parts(db_url, "index")  # every feed write is lost, as if each process died just before it
    lost = [create(crashed) for _ in range(2)]
    finish(crashed, lost[0])
    assert feed.entries() == []
    seen, unreadable, republished = reconcile(crashed.repository, feed)
    assert (seen, unreadable, republished) == (2, [], 3)
    assert sorted((type(f).__name__, f.game_id) for f in (e.fact for e in feed.entries())) == sorted(
        [("GameCreated", lost[0]), ("GameCreated", lost[1]), ("GameFinished", lost[0])])
    assert reconcile(crashed.repository, feed)[2] == 0  # a second sweep finds nothing missing


def test_the_sweep_repairs_an_index_entry_the_consumer_never_wrote(db_url):
    commands, feed = parts(db_url, "feed")
    gid = create(commands)
    finish(commands, gid)
    assert commands.store.index.page_games()[0] == []  # the consumer has not run (the worker was down)
    reconcile(commands.repository, feed)
    [entry] = commands.store.index.page_games("finished")[0]
    assert entry["id"] == gid and entry["version"] == commands.repository.load(gid).version


# --- the worker runs the consumers ---------------------------------------------------------------------------


def dead_member() -> str:
    """The member name a worker that has exited on this host had."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    return member_name().rsplit("-", 1)[0] + f"-{gone.pid}"


def test_a_starting_worker_takes_over_at_once_what_a_dead_worker_of_its_host_held(db_url, tmp_path):
    commands, feed = parts(db_url, "feed")
    games = [create(commands) for _ in range(2)]
    dead = dead_member()
    Subscription(feed, index_consumer(commands.store.index), member=dead)  # joins the group
    assert len(feed.read("index", dead, 100, None)) == 2  # it took both, then its process died
    worker = WorkerProcess(db_url, tmp_path).start()
    try:
        # well before CLAIM_IDLE_MS (30 s): the new worker took them over as it started
        wait_for(lambda: len(commands.store.index.page_games("active")[0]) == 2, timeout=20)
        assert {e["id"] for e in commands.store.index.page_games("active")[0]} == set(games)
        wait_for(lambda: dead not in feed.members("index"))
        assert feed.pending("index") == 0
    finally:
        worker.stop()


def test_the_worker_keeps_the_index_from_the_feed(db_url, tmp_path):
    commands, feed = parts(db_url, "feed")
    worker = WorkerProcess(db_url, tmp_path).start()
    try:
        gid = create(commands)
        finish(commands, gid)
        wait_for(lambda: commands.store.index.page_games("finished")[0], timeout=30)
        assert commands.store.index.page_games("finished")[0][0]["id"] == gid
        wait_for(lambda: feed.pending("index") == 0)
    finally:
        worker.stop()
