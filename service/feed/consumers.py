"""Consumers of the cross-game feed (events/feed.py): register one, and the worker keeps it fed.

A `Consumer` is a name (its consumer group: its own position in the feed) and a `handle(entry)` function.
Delivery is at least once: `handle` runs, then the entry is acknowledged; an entry whose consumer died or
whose `handle` raised stays pending and, once idle for `claim_idle_ms`, is reclaimed (XAUTOCLAIM) by any
member of the group and handled again. So `handle` must make its effect idempotent on `entry.id` (the
fact's identity): the index writes versioned entries, a tournament appends to its own stream with the fact
id as idempotency key. Then each effect happens exactly once, however often a fact is delivered.

Each worker process is one member of every group (`member_name()`: host and pid); several workers share the
load. A worker that starts takes over at once what members on its host whose process is gone still held (a
worker killed and restarted resumes within a second, not after `claim_idle_ms`); members elsewhere are
reclaimed by idle time.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from redis import exceptions as redis_errors

from events.feed import Entry, Feed
from service.scheduling.liveness import dead_here

log = logging.getLogger("bazaar.consumers")

CLAIM_IDLE_MS = 30_000  # an entry held this long without an acknowledgement belongs to a dead or stuck member
BATCH = 100
BLOCK_MS = 1000
JOIN_RETRY_S = 1.0


@dataclass(frozen=True)
class Consumer:
    name: str
    handle: Callable[[Entry], None]


def member_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}"


def member_is_dead(member: str) -> bool:
    """True for a member (named by `member_name`) of this host whose process is gone."""
    host, _, pid = member.rpartition("-")
    return pid.isdigit() and dead_here(host, int(pid))


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

    def take_over_dead(self, dead: Callable[[str], bool], count: int = BATCH) -> int:
        """Handle what members `dead` says are gone still held, and remove those members; how many entries
        were acknowledged."""
        handled = 0
        for name, pending in self.feed.members(self.consumer.name).items():
            if name == self.member or not dead(name):
                continue
            while pending:
                taken = self.feed.take_over(self.consumer.name, self.member, name, count)
                if not taken:
                    break
                handled += self._handle(taken)
                pending = self.feed.members(self.consumer.name).get(name, 0)
            if not pending:
                self.feed.leave(self.consumer.name, name)
        return handled

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

    def run(self, stop: threading.Event, block_ms: int = BLOCK_MS, dead: Callable[[str], bool] | None = None
            ) -> None:
        """Handle entries until `stop` is set: first what dead members held, then new entries, reclaiming
        abandoned ones every claim_idle_ms."""
        next_claim = 0.0
        if dead is not None:
            try:
                self.take_over_dead(dead)
            except Exception:  # noqa: BLE001 - the idle-time reclaim below gets them later
                log.exception("taking over from dead members failed for consumer %s", self.consumer.name)
        while not stop.is_set():
            try:
                if time.monotonic() >= next_claim:
                    self.reclaim()
                    self.feed.trim()  # what every consumer has acknowledged is needed no more
                    next_claim = time.monotonic() + self.claim_idle_ms / 1000
                self.poll(block_ms)
            except Exception:  # noqa: BLE001 - Redis away for a moment: try again shortly
                log.exception("feed read failed for consumer %s", self.consumer.name)
                stop.wait(1.0)


def start(feed: Feed, consumers: list[Consumer], stop: threading.Event, dead: Callable[[str], bool] | None = None
          ) -> list[threading.Thread]:
    """A thread per consumer for this process (the worker), until `stop` is set; `dead` names members whose
    entries are taken over at once."""
    threads = []
    for consumer in consumers:
        thread = threading.Thread(target=_join_and_run, args=(feed, consumer, stop, dead), name=f"feed-{consumer.name}",
                                  daemon=True)
        thread.start()
        threads.append(thread)
    return threads


def _join_and_run(feed: Feed, consumer: Consumer, stop: threading.Event, dead: Callable[[str], bool] | None) -> None:
    """Joining the group writes to Redis: a worker started as Redis goes away (a restart, a failover) joins once
    it is back. Joined in the caller, the error killed the worker process."""
    while not stop.is_set():
        try:
            subscription = Subscription(feed, consumer)
        except redis_errors.RedisError:
            log.warning("consumer %s cannot join the feed yet (Redis away); trying again in %s s", consumer.name,
                        JOIN_RETRY_S)
            stop.wait(JOIN_RETRY_S)
            continue
        subscription.run(stop, BLOCK_MS, dead)
        return
