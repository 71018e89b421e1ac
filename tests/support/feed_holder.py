"""`python -m tests.support.feed_holder REDIS_URL [GROUP]`: a feed consumer (of group GROUP, "index" by default)
that takes entries and never acknowledges them, so a test can kill it while it holds them (a dead consumer
process, for XAUTOCLAIM to reclaim)."""

import sys
import threading

import redis

from events.feed import Feed
from service.feed.consumers import Consumer, Subscription


def hold(entry) -> None:
    print("holding", entry.id, flush=True)
    threading.Event().wait()  # never acknowledges: the process is killed while it holds the entry


if __name__ == "__main__":
    feed = Feed(redis.Redis.from_url(sys.argv[1]))
    group = sys.argv[2] if len(sys.argv) > 2 else "index"
    Subscription(feed, Consumer(group, hold), member="doomed").poll(block_ms=5000, count=100)
