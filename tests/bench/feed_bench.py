"""Cross-game feed and token figures: what the feed write adds to a game's creation, how fast the index consumer
drains the feed, what the start-up sweep costs per game, and what checking a scoped token costs."""

from __future__ import annotations

import statistics
import time

import redis

from events.feed import Feed
from events.redis_store import redis_store
from service.access.identities import Identities
from service.feed import lifecycle
from service.feed.consumers import Subscription
from service.feed.reactions import index_consumer, reconcile, update_index
from service.games import creation
from service.games.commands import Commands
from service.games.repository import Repository
from tests.bench.servers import private_redis

GAMES = 400


def _commands(client: redis.Redis, with_feed: bool) -> tuple[Commands, Feed]:
    store, feed = redis_store(client), Feed(client)
    commands = Commands(Repository(store), store)
    commands.after_append.append(update_index(store.index))
    if with_feed:
        commands.after_append.append(lifecycle.publish(feed))
    return commands, feed


def _create_ms(commands: Commands, games: int) -> float:
    started = time.perf_counter()
    for _ in range(games):
        creation.create(commands, "jaipur", 2, {})
    return (time.perf_counter() - started) * 1000 / games


def feed_costs() -> None:
    print("\n== cross-game feed ==")
    with private_redis() as url:
        client = redis.Redis.from_url(url)
        plain, _ = _commands(client, with_feed=False)
        fed, feed = _commands(client, with_feed=True)
        _create_ms(fed, 20)  # warm up the scripts and the imports
        runs = [(_create_ms(plain, GAMES // 4), _create_ms(fed, GAMES // 4)) for _ in range(4)]
        without, with_feed = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
        print(f"Jaipur creation, in process: {without:.2f} ms without the feed write, {with_feed:.2f} ms with it "
              f"(+{with_feed - without:.2f} ms, median of 4 runs of {GAMES // 4})")
        facts = len(feed.entries())
        subscription = Subscription(feed, index_consumer(redis_store(client).index), member="bench")
        started = time.perf_counter()
        handled = 0
        while (n := subscription.poll(count=500)) > 0:
            handled += n
        elapsed = time.perf_counter() - started
        print(f"index consumer: {handled} of {facts} facts handled and acknowledged in {elapsed * 1000:.0f} ms "
              f"({handled / elapsed:.0f} facts/s, batches of 500)")
        started = time.perf_counter()
        seen, _unreadable, republished = reconcile(Repository(redis_store(client)), feed)
        elapsed = time.perf_counter() - started
        print(f"start-up sweep: {seen} games in {elapsed:.2f} s ({elapsed * 1000 / seen:.2f} ms a game); it "
              f"republished {republished} created facts, those of the games created without the feed write")


def token_costs() -> None:
    print("\n== scoped tokens ==")
    with private_redis() as url:
        identities = Identities(redis.Redis.from_url(url), admin_tokens="a" * 40, organiser_tokens="o" * 40)
        issued = identities.create("player", "bench", "bench", 3600)
        for label, token in (("issued player token", issued.token), ("configured organiser token", "o" * 40),
                             ("unknown token", "x" * 40)):
            samples = []
            for _ in range(5):
                started = time.perf_counter()
                for _ in range(1000):
                    identities.verify(token)
                samples.append((time.perf_counter() - started) * 1000)
            print(f"verify {label}: {statistics.median(samples):.0f} µs a check (median of 5 x 1000)")


SECTIONS = [feed_costs, token_costs]
