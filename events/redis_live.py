"""A process's one subscription to the live channels of the games it follows.

Each append is published on its game's channel (events/append.lua, `RedisGameLog.publishes`) with the entries it
wrote, when any connection subscribes to that channel by name (the script asks Redis first). A process whose live
streams follow a game (service/streams/fanout.py) watches that game's channel here: one connection and one reader
for all of them, where a blocking XREAD per game held a connection each and cost a round trip (its answer, then
the next read sent) on every move.

Pub/Sub delivers at most once: what is published while a channel is not yet (or no longer) subscribed on this
connection is not delivered. So a watcher is told when its channel's subscription has taken effect (`CONFIRMED`),
also after every reconnection, and then reads the log itself from where it stands; the messages that follow
come after that in order. A watcher that gets a message beyond its next version (a gap) reads the log too.

A message is Redis's word as the stream's entries are, and is read as they are: its entries are decoded exactly as a
read of the stream decodes them, chained after the hash the watcher stands at (events/redis_log.py). One that does
not parse or decode is only a reason to read the log.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import redis

log = logging.getLogger("bazaar.live")

RETRY_S, RETRY_MAX_S = 0.1, 5.0  # the waits before connecting again: doubling from the first, up to the last
CONFIRMED = object()  # given to a watcher when its channel's subscription has taken effect (read the log now)


def parse(message: bytes) -> tuple[int, list[tuple[bytes, bytes]]]:
    """A published append: its first version and its entries (field, value), as append.lua writes them
    ("<first>\\n", then each field and value as "<length>:<bytes>"). ValueError if it is not one."""
    newline = message.index(b"\n")
    first = int(message[:newline])
    parts, at, end = [], newline + 1, len(message)
    while at < end:
        colon = message.index(b":", at)
        length = int(message[at:colon])
        at = colon + 1 + length
        if length < 0 or at > end:
            raise ValueError("a part runs past the message's end")
        parts.append(message[colon + 1:at])
    if first < 1 or not parts or len(parts) % 2:
        raise ValueError("not a published append")
    return first, list(zip(parts[::2], parts[1::2]))


def may_publish(client: redis.Redis, channel: str) -> bool:
    """Whether this Redis lets the client publish (and so subscribe) on game channels like `channel`: an ACL user
    set up before the channels existed may not (NOPERM). Anything else that goes wrong here (Redis not up yet) is
    not a refusal: the appends publish, and a refused one never fails an append (append.lua)."""
    try:
        client.publish(channel, b"")  # no game's message: a watcher reads the log, and nobody watches this one
    except redis.exceptions.NoPermissionError:
        return False
    except redis.RedisError:
        pass
    return True


def _as_it_is(reply):
    return reply


class LiveChannels:
    """The game channels this process watches, on one connection of `client`'s pool, read by one thread (a
    greenlet under gevent). `watch` and `unwatch` send at once; the reader delivers each message, and each
    subscription's confirmation (`CONFIRMED`), to the channel's watcher, a callable that must not block."""

    def __init__(self, client: redis.Redis, ping_s: float):
        self.pool = client.connection_pool
        self.ping_s = ping_s  # a quiet connection is asked for a PONG this often, and given up after two silences
        self._lock = threading.Lock()  # the map and every send, so that what Redis is told follows the map
        self._watchers: dict[bytes, Callable[[object], None]] = {}
        self._connection = None
        self._reader: threading.Thread | None = None

    def watch(self, channel: str, watcher: Callable[[object], None]) -> None:
        """From now on `watcher` gets the channel's messages (bytes), and CONFIRMED each time its subscription has
        taken effect; it replaces the channel's earlier watcher."""
        name = channel.encode()
        with self._lock:
            self._watchers[name] = watcher
            self._send("SUBSCRIBE", name)
            if self._reader is None:
                self._reader = threading.Thread(target=self._run, name="live-channels", daemon=True)
                self._reader.start()

    def unwatch(self, channel: str, watcher: Callable[[object], None]) -> None:
        """`watcher` gets nothing more; the channel is let go unless another watcher took it since."""
        name = channel.encode()
        with self._lock:
            if self._watchers.get(name) == watcher:
                del self._watchers[name]
                self._send("UNSUBSCRIBE", name)

    def watching(self) -> int:
        with self._lock:
            return len(self._watchers)

    def _send(self, *command) -> None:
        """(The caller holds the lock.) Lost with a broken connection: the reader's next connection subscribes
        to every watched channel again."""
        if self._connection is None:
            return
        try:
            self._connection.send_command(*command, check_health=False)
        except (redis.ConnectionError, redis.TimeoutError, OSError) as err:
            log.warning("live channels: %s not sent (%s); the reader connects again", command[0], err)
            self._connection.disconnect()

    def _run(self) -> None:
        failures = 0
        while True:
            connection = None
            try:
                connection = self.pool.get_connection()  # connected (the pool checks it before handing it out)
                # in RESP3 (redis-py's default) a message is a push, which the parser hands to a handler that
                # logs it (formatting it whatever the level): handed back as it is, read below
                connection._parser.set_pubsub_push_handler(_as_it_is)
                with self._lock:
                    self._connection = connection
                    if self._watchers:
                        self._send("SUBSCRIBE", *self._watchers)
                if failures:
                    log.warning("live channels: connected again after %d failed attempts", failures)
                failures = 0
                self._listen(connection)
            except Exception as err:  # noqa: BLE001 - Redis away for a moment: the reader connects again
                if not failures:  # once a spell: a Redis that is down for a minute is one line, not a hundred
                    log.warning("live channels: the subscription's connection failed (%s); connecting again", err)
                failures += 1
            finally:
                if connection is not None:
                    with self._lock:
                        if self._connection is connection:
                            self._connection = None
                    connection.disconnect()
                    self.pool.release(connection)
            threading.Event().wait(min(RETRY_S * 2 ** max(failures - 1, 0), RETRY_MAX_S))

    def _listen(self, connection) -> None:
        pinged = False
        while True:
            if not connection.can_read(timeout=self.ping_s):
                if pinged:
                    raise redis.ConnectionError(f"no answer to a PING in {self.ping_s} s")
                with self._lock:
                    self._send("PING")
                pinged = True
                continue
            pinged = False
            reply = connection.read_response(push_request=True)
            if not isinstance(reply, list) or len(reply) < 3:
                continue  # a PONG
            kind, channel = reply[0], reply[1]
            if kind == b"message":
                what = reply[2]
            elif kind == b"subscribe":
                what = CONFIRMED
            else:
                continue  # an unsubscription's confirmation, or a PING's answer in subscribed mode
            with self._lock:
                watcher = self._watchers.get(channel)
            if watcher is not None:
                watcher(what)
