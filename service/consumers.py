"""Consumers of the cross-game feed (events/feed.py): register one, and the worker keeps it fed.

A `Consumer` is a name (its consumer group: its own position in the feed) and a `handle(entry)` function.
Delivery is at least once: `handle` runs, then the entry is acknowledged; an entry whose consumer died or
whose `handle` raised stays pending and, once idle for `claim_idle_ms`, is reclaimed (XAUTOCLAIM) by any
member of the group and handled again. So `handle` must make its effect idempotent on `entry.id` (the
fact's identity): the index writes versioned entries, a tournament appends to its own stream with the fact
id as idempotency key. Then each effect happens exactly once, however often a fact is delivered.

Each worker process is one member of every group (`member_name()`); several workers share the load.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from events.feed import Entry, Feed

log = logging.getLogger("bazaar.consumers")

CLAIM_IDLE_MS = 30_000  # an entry held this long without an acknowledgement belongs to a dead or stuck member
BATCH = 100
BLOCK_MS = 1000


@dataclass(frozen=True)
class Consumer:
    name: str
    handle: Callable[[Entry], None]


def member_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}"


class Subscription:
    """One member of one consumer's group."""

    def __init__(self, feed: Feed, consumer: Consumer, member: str | None = None,
                 claim_idle_ms: int = CLAIM_IDLE_MS):
        self.feed, self.consumer = feed, consumer
        self.member = member or member_name()
        self.claim_idle_ms = claim_idle_ms
        feed.join(consumer.name)

    def poll(self, block_ms: int | None = None, count: int = BATCH) -> int:
        """Handle new entries (waiting up to block_ms for the first); how many were acknowledged."""
        return self._handle(self.feed.read(self.consumer.name, self.member, count, block_ms))

    def reclaim(self, count: int = BATCH) -> int:
        """Take over and handle entries other members left pending too long; how many were acknowledged."""
        return self._handle(self.feed.claim(self.consumer.name, self.member, self.claim_idle_ms, count))

    def _handle(self, entries: list[Entry]) -> int:
        done = []
        for entry in entries:
            try:
                self.consumer.handle(entry)
            except Exception:  # noqa: BLE001 - left pending: reclaimed and retried after claim_idle_ms
                log.exception("consumer %s failed on %s (%s)", self.consumer.name, entry.id, entry.entry_id)
                continue
            done.append(entry.entry_id)
        return self.feed.ack(self.consumer.name, done)

    def run(self, stop: threading.Event, block_ms: int = BLOCK_MS) -> None:
        """Handle entries until `stop` is set; reclaim abandoned ones at start and every claim_idle_ms."""
        next_claim = 0.0
        while not stop.is_set():
            try:
                if time.monotonic() >= next_claim:
                    self.reclaim()
                    next_claim = time.monotonic() + self.claim_idle_ms / 1000
                self.poll(block_ms)
            except Exception:  # noqa: BLE001 - Redis away for a moment: try again shortly
                log.exception("feed read failed for consumer %s", self.consumer.name)
                stop.wait(1.0)


def start(feed: Feed, consumers: list[Consumer], stop: threading.Event) -> list[threading.Thread]:
    """A thread per consumer for this process (the worker), until `stop` is set."""
    threads = []
    for consumer in consumers:
        subscription = Subscription(feed, consumer)
        thread = threading.Thread(target=subscription.run, args=(stop,), name=f"feed-{consumer.name}", daemon=True)
        thread.start()
        threads.append(thread)
    return threads
