"""One feed per game and process, fanned out to every live stream of that game in the process.

Each live stream (`GET …/events` as text/event-stream) subscribes to its game's `Feed`. A feed has one reader
(a thread, a greenlet under gevent). It hears of each append on the game's live channel, with the entries
appended (events/redis_live.py: one subscription per process for all its games), and reads the log only to catch
up: when its subscription takes effect, at a gap, and after a quiet keep-alive interval. Where appends are not
published (a Redis Cluster, a store in memory) it blocks in XREAD on the game's stream instead. It hands each
batch of new envelopes to every subscriber's bounded queue without ever waiting on one: a subscriber whose queue
is full (a reader that does not keep up) is dropped, and its stream ends; the client resumes with Last-Event-ID.
A stream catches up on history by itself (paged reads) before it reads its queue, and skips what it already
sent, so subscribing first and catching up second loses nothing. A feed keeps its last batches (`RECENT` events):
a stream that resumes within them (a client back after a dropped connection, with its Last-Event-ID) catches up
from memory, with no read, sharing the frames the batches' other streams made. The feed's reader stops when its last
subscriber leaves. Keep-alives come from the process's one heartbeat (service/streams/heartbeat.py), as `KEEPALIVE` in
the same queue: a stream blocks on its queue alone, with no timer of its own. A stream whose client has gone stops
counting against its client's cap as soon as the process notices (service/streams/departures.py), and is ended (`DROPPED`).
"""

from __future__ import annotations

import logging
import queue
import socket
import threading
from collections import OrderedDict, deque
from collections.abc import Callable

from events.redis_live import CONFIRMED, LiveChannels, parse
from events.redis_log import UNREAD
from events.store import GameLog
from service.streams.departures import Departures, gone
from service.streams.heartbeat import Heartbeat

log = logging.getLogger("bazaar.fanout")

PAGES = 32  # full catch-up pages a process keeps for its streams to share (see Pages)
# Events of its last batches a feed keeps for streams that resume (see Feed.remember). A resume comes seconds after
# a dropped connection, a few moves behind; a feed kept for every watched game is bounded memory (with their frames,
# tens of kilobytes a game).
RECENT = 16
DROPPED = object()  # put in a subscriber's queue when it fell too far behind, or its client has gone
KEEPALIVE = object()  # put in a subscriber's queue when its stream has been quiet for the keep-alive interval


class TooManyStreams(Exception):
    def __init__(self, limit: int):
        super().__init__(f"at most {limit} live streams per client at a time")


class Subscription:
    def __init__(self, feed: Feed, client: str, capacity: int, sock: socket.socket | None = None):
        self.feed, self.client, self.sock = feed, client, sock
        self.queue: queue.Queue = queue.Queue(maxsize=capacity)
        self.dropped = False
        self.watch = None  # its socket's watch for the client's departure (service/streams/departures.py)
        self.beat = feed.hub.heartbeat.add(self.keepalive)
        # The feed's batches offered before this subscription, and the version they follow on from (taken under the
        # hub's lock, as the feed adds a batch and reads its listeners): every event after that version is in one
        # of them or will be offered to this queue, never in both and never in neither.
        self.recent_from, self.recent = feed.recent_from, list(feed.recent)

    def offer(self, batch: list[dict]) -> None:
        if self.dropped:
            return
        try:
            self.queue.put_nowait(batch)
        except queue.Full:
            self.dropped = True
            self.queue = queue.Queue(maxsize=1)  # release what it held; only the drop notice is left
            self.queue.put_nowait(DROPPED)

    def end(self) -> None:
        """Its client has gone: the stream, waiting on its queue, is told to end (a full queue ends it anyway, at its
        next write)."""
        self.dropped = True
        try:
            self.queue.put_nowait(DROPPED)
        except queue.Full:
            pass

    def keepalive(self) -> None:
        """The heartbeat's call: a quiet stream owes its client a keep-alive (a busy one sends soon anyway)."""
        if not self.dropped and self.queue.empty():
            try:
                self.queue.put_nowait(KEEPALIVE)
            except queue.Full:  # filled meanwhile: it has something to send
                pass

    def take_recent(self) -> list[Batch]:
        """The recent batches this subscription began with, once: held no longer, they go with the feed's."""
        recent, self.recent = self.recent, []
        return recent

    def next(self):
        """A batch of envelopes, KEEPALIVE, or DROPPED; blocks until there is one."""
        return self.queue.get()

    def sent(self) -> None:
        """The stream wrote to its client: its next keep-alive is owed an interval from now."""
        self.feed.hub.heartbeat.sent(self.beat)


class Batch(list):
    """A feed's batch of new envelopes as every stream of the game receives it, with the frames streams made of it
    (`made`): streams of the same seat send the same frames, so the first one's work serves the others."""

    __slots__ = ("made",)

    def __init__(self, envelopes: list[dict]):
        super().__init__(envelopes)
        self.made: dict = {}


class Pages:
    """Full catch-up pages of the games' logs, shared by the streams of a process as a feed's batches are. A full page
    never changes, so a crowd opening a long game from its start reads it once, and each seat's frames of it are made
    once (`Batch.made`), not once a stream. Bounded: the `size` pages used last (a page is at most SSE_PAGE events)."""

    def __init__(self, size: int):
        self.size = size
        self._pages: OrderedDict[tuple[str, int], Batch] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, after: int) -> Batch | None:
        """The full page of the game's log after version `after`, if a stream read it lately."""
        with self._lock:
            found = self._pages.get((game_id, after))
            if found is not None:
                self._pages.move_to_end((game_id, after))
            return found

    def put(self, game_id: str, after: int, page: Batch) -> None:
        with self._lock:
            self._pages[(game_id, after)] = page
            self._pages.move_to_end((game_id, after))
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)


class Feed:
    def __init__(self, hub: Hub, game_id: str, position: int):
        self.hub, self.game_id, self.position = hub, game_id, position
        self.subscribers: set[Subscription] = set()
        self.recent: deque[Batch] = deque()  # the last batches read, RECENT events or the one last batch
        self.recent_from = position  # the version the recent batches follow on from

    def remember(self, batch: Batch) -> None:
        """Keep `batch` among the recent ones, forgetting the oldest beyond RECENT events (the caller holds the
        hub's lock)."""
        self.recent.append(batch)
        while len(self.recent) > 1 and sum(map(len, self.recent)) > RECENT:
            self.recent_from = self.recent.popleft()[-1]["version"]

    def run(self) -> None:
        if self.hub.channels is not None:
            self.run_live(self.hub.channels)
        else:
            self.run_tail()

    def ended(self) -> bool:
        """No stream listens any more: the feed leaves the hub (a stream subscribing next starts a new one)."""
        with self.hub.lock:
            if self.subscribers:
                return False
            del self.hub.feeds[self.game_id]
            return True

    def run_tail(self) -> None:
        """Blocking reads of the game's stream (XREAD): a store that publishes no appends (on a Redis Cluster, or
        in memory)."""
        store, block_ms, page = self.hub.store, self.hub.block_ms, self.hub.page
        while not self.ended():
            try:
                envelopes = store.tail(self.game_id, self.position, block_ms, page)
            except Exception:  # noqa: BLE001 - Redis away for a moment: the streams stay, the read is retried
                log.exception("reading game %s for its live streams failed", self.game_id)
                threading.Event().wait(1)
                continue
            self.deliver(envelopes)

    def run_live(self, channels: LiveChannels) -> None:
        """The appends published on the game's channel (events/redis_live.py), decoded as a read decodes them; the
        log itself is read when the subscription takes effect (before it, appends were not delivered), at a gap,
        and after a keep-alive interval without a message (whatever went missing, a stream waits no longer)."""
        log_, inbox = self.hub.store, queue.SimpleQueue()
        channel = log_.live_channel(self.game_id)
        seed = UNREAD
        channels.watch(channel, inbox.put)
        try:
            while not self.ended():
                try:
                    message = inbox.get(timeout=self.hub.block_ms / 1000)
                except queue.Empty:
                    message = None
                try:
                    published = parse(message) if isinstance(message, bytes) else None
                except ValueError:
                    log.warning("game %s: a message on its live channel is not an append; reading the log", self.game_id)
                    published = None
                try:
                    if published is None or published[0] > self.position + 1:  # confirmed, quiet, a gap: read
                        envelopes = log_.read(self.game_id, self.position, limit=self.hub.page)
                        if len(envelopes) == self.hub.page:
                            inbox.put(CONFIRMED)  # a page at a time: the next one after this one's streams
                    else:
                        first, entries = published
                        entries = entries[self.position + 1 - first:]  # what this feed has not delivered yet
                        if entries and seed is UNREAD:
                            seed = log_.seed(self.game_id)
                        envelopes = log_.decode_published(self.game_id, self.position, entries, seed)
                except Exception:  # noqa: BLE001 - Redis away, or an entry that does not decode: read again later
                    log.exception("reading game %s for its live streams failed", self.game_id)
                    threading.Event().wait(1)
                    inbox.put(CONFIRMED)
                    continue
                self.deliver(envelopes)
        finally:
            channels.unwatch(channel, inbox.put)

    def deliver(self, envelopes: list[dict]) -> None:
        """A batch of new envelopes, following on from `position`, to every stream of the game."""
        if not envelopes:
            return
        self.position = envelopes[-1]["version"]
        if self.hub.on_batch is not None:
            try:  # once per batch and process, not once per stream (see Hub)
                self.hub.on_batch(self.game_id, envelopes)
            except Exception:  # noqa: BLE001 - each stream then reads the game itself, and reports
                log.exception("bringing game %s up to its live streams' batch failed", self.game_id)
        # who listens is read after the read, not before, and under the lock that remembers the batch: a
        # stream that subscribed while this read was in flight gets the batch here, and one subscribing
        # later finds it among the recent batches (or, once they forgot it, in Redis on its catch-up read)
        batch = Batch(envelopes)
        with self.hub.lock:
            self.remember(batch)
            listeners = list(self.subscribers)
        for subscriber in listeners:
            subscriber.offer(batch)


class Hub:
    def __init__(self, store: GameLog, keepalive_s: float, page: int, capacity: int, per_client: int,
                 on_batch: Callable[[str, list[dict]], None] | None = None, channels: LiveChannels | None = None):
        # a feed's read blocks for a keep-alive interval: how long a feed nobody listens to any more lingers
        self.store, self.block_ms, self.page = store, int(keepalive_s * 1000), page
        # called by a feed with each batch before its streams get it: the service brings its cached game up to the
        # batch there, so that the streams, which redact against that game, do not each read it from Redis
        self.on_batch = on_batch
        # the process's subscription to its games' live channels, when the store publishes its appends (its
        # feeds then read no stream but at a gap: events/redis_live.py); None: each feed blocks in XREAD
        self.channels = channels
        self.capacity, self.per_client = capacity, per_client
        self.heartbeat = Heartbeat(keepalive_s)
        self.lock = threading.Lock()
        self.feeds: dict[str, Feed] = {}
        self.pages = Pages(PAGES)
        self.clients: dict[str, set[Subscription]] = {}  # each client's open streams, for its cap
        self.departures = Departures()

    def subscribe(self, game_id: str, client: str, sock: socket.socket | None = None) -> Subscription:
        """A stream's subscription to its game's feed; `sock` (its client's connection, when the server gives it)
        is watched so that the stream ends, and stops counting, as soon as its client has gone."""
        with self.lock:
            held = self.clients.setdefault(client, set())
            if len(held) >= self.per_client:
                # before a refusal, streams whose clients have gone leave now (their watcher may not have run yet)
                for left in [s for s in held if s.sock is not None and gone(s.sock)]:
                    self._leave(left)
                    left.end()
                held = self.clients.setdefault(client, set())  # (its last leaving removed the entry)
                if len(held) >= self.per_client:
                    raise TooManyStreams(self.per_client)
            feed = self.feeds.get(game_id)
            start = feed is None
            if start:
                feed = self.feeds[game_id] = Feed(self, game_id, self.store.version(game_id))
            subscription = Subscription(feed, client, self.capacity, sock)
            feed.subscribers.add(subscription)
            held.add(subscription)
        if start:
            threading.Thread(target=feed.run, name=f"feed-{game_id}", daemon=True).start()
        self.heartbeat.start()
        if sock is not None:
            subscription.watch = self.departures.watch(sock, lambda: self.departed(subscription))
        return subscription

    def departed(self, subscription: Subscription) -> None:
        """The watcher's call: the stream's client has gone."""
        self.unsubscribe(subscription)
        subscription.end()

    def unsubscribe(self, subscription: Subscription) -> None:
        """Idempotent: a stream's end, its response's close and its client's departure all call it."""
        if subscription.watch is not None:
            self.departures.forget(subscription.watch)  # before the server may reuse the socket
        with self.lock:
            self._leave(subscription)

    def _leave(self, subscription: Subscription) -> None:
        """(The caller holds the lock.)"""
        if subscription not in subscription.feed.subscribers:
            return
        subscription.feed.subscribers.discard(subscription)
        self.heartbeat.remove(subscription.beat)
        held = self.clients.get(subscription.client)
        if held is not None:
            held.discard(subscription)
            if not held:
                del self.clients[subscription.client]

    def streams(self) -> int:
        with self.lock:
            return sum(map(len, self.clients.values()))
