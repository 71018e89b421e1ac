"""Appends published on their game's live channel, and the process's one subscription to the channels its streams
follow (events/redis_live.py), on a real Redis: what is published is what was appended, a watcher hears of its
subscription taking effect (again after a reconnection) and then of every append, and a feed that missed a message
reads the log."""

import queue
import time
import uuid

import pytest
import redis

from events.envelope import GENESIS
from events.redis_live import CONFIRMED, LiveChannels, may_publish, parse
from events.redis_log import RedisGameLog
from events.store import VersionConflict
from tests.support.ports import free_port

DOCS = [{"type": "thing_happened", "v": 1, "at": "2026-12-05T00:00:00.000Z", "seat": None, "command": None,
         "visibility": "public", "payload": {"n": n}} for n in range(3)]


def gid():
    return uuid.uuid4().hex[:16]


def subscribed(redis_client, channel):
    """redis-py's own Pub/Sub, not the code under test, listening on `channel`."""
    listener = redis_client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe(channel)
    listener.get_message(timeout=5)  # the subscription's confirmation
    return listener


def messages(listener, wait=1.0):
    got, deadline = [], time.monotonic() + wait
    while time.monotonic() < deadline:
        message = listener.get_message(timeout=0.1)
        if message is not None:
            got.append(message["data"])
    return got


def test_an_append_is_published_with_the_entries_it_wrote_and_decodes_as_a_read(redis_client):
    log, g = RedisGameLog(redis_client), gid()
    listener = subscribed(redis_client, log.live_channel(g))
    log.append(g, DOCS[:1], 0, GENESIS)
    log.append(g, DOCS[1:], 1, log.head_hash(g))
    published = [parse(m) for m in messages(listener)]
    assert [first for first, _ in published] == [1, 2]
    assert [entry for _, entries in published for entry in entries] == log.entries(g)  # the stored bytes
    cold = RedisGameLog(redis_client)  # a process that appended none of them, nor read the game
    assert cold.decode_published(g, 0, published[0][1], cold.seed(g)) == log.read(g, 0, 1)
    assert cold.decode_published(g, 1, published[1][1], cold.seed(g)) == log.read(g, 1)


def test_sealed_events_published_decode_with_the_games_seed_as_a_read_decodes_them(redis_client):
    """A private event is stored compactly, its commitment recomputed from the game's seed: a process that appended
    nothing reads the seed (`seed`) and decodes what it hears exactly as its reads decode the stream."""
    log, g = RedisGameLog(redis_client), gid()
    log.create(g, {"game": "test", "seed": "a-seed"}, [])
    listener = subscribed(redis_client, log.live_channel(g))
    private = [{**doc, "visibility": "seat:0", "seat": 0, "payload": {"hand": ["gold"]}} for doc in DOCS[:2]]
    log.append(g, private, 0, GENESIS, seed="a-seed")
    [(first, entries)] = [parse(m) for m in messages(listener)]
    cold = RedisGameLog(redis_client)
    assert cold.seed(g) == "a-seed"
    assert cold.decode_published(g, first - 1, entries, cold.seed(g)) == log.read(g)
    with pytest.raises(ValueError):  # (the seed is what it decodes with)
        cold.decode_published(g, first - 1, entries, None)


def test_a_log_that_does_not_publish_publishes_nothing(redis_client):
    """On a cluster, or for a user without the game channels (service/operations/wiring.py): nothing is published,
    though the game's channel has a listener."""
    log, g = RedisGameLog(redis_client), gid()
    log.publishes = False
    listener = subscribed(redis_client, log.live_channel(g))
    log.append(g, DOCS, 0, GENESIS)
    assert messages(listener) == []


def test_an_append_nobody_listens_to_is_not_published(redis_client):
    """The script asks Redis whether any connection subscribes to the game's channel (PUBSUB NUMSUB) and builds no
    message otherwise: most games have no live stream. A pattern subscription is not asked about: the live channels
    are watched by name."""
    log, g = RedisGameLog(redis_client), gid()
    listener = redis_client.pubsub(ignore_subscribe_messages=True)
    listener.psubscribe(f"game:{{game:{g}}}:*")
    listener.get_message(timeout=5)
    before = redis_client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0)
    log.append(g, DOCS, 0, GENESIS)
    assert messages(listener) == []
    assert redis_client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0) == before


def test_a_refused_or_repeated_append_publishes_nothing(redis_client):
    log, g = RedisGameLog(redis_client), gid()
    log.append(g, DOCS[:1], 0, GENESIS, idempotency_key="k", fingerprint="f")
    listener = subscribed(redis_client, log.live_channel(g))
    assert log.append(g, DOCS[:1], 0, GENESIS, idempotency_key="k", fingerprint="f")[0].duplicate
    with pytest.raises(VersionConflict):
        log.append(g, DOCS[1:2], 0, GENESIS)
    assert messages(listener) == []


def test_the_channel_names_the_database(redis_url):
    """Pub/Sub is the server's, not a database's: two deployments on one Redis never hear each other's games."""
    a, b = (RedisGameLog(redis.Redis.from_url(redis_url.rsplit("/", 1)[0] + f"/{db}")) for db in (2, 3))  # (nothing is written)
    g = gid()
    assert a.live_channel(g) != b.live_channel(g) and a.live_channel(g).startswith(f"game:{{game:{g}}}:live")
    base = redis_url.rsplit("/", 1)[0]
    assert RedisGameLog(redis.Redis.from_url(base)).live_channel(g) == f"game:{{game:{g}}}:live:0"  # no database named


@pytest.fixture
def own_client(redis_url):
    """A client with a pool of its own: a LiveChannels keeps one of its connections for good, and these tests close
    some; the suite's shared client must not be handed them."""
    client = redis.Redis.from_url(redis_url)
    yield client
    client.connection_pool.disconnect()


def watched(channels, channel):
    heard = queue.SimpleQueue()
    channels.watch(channel, heard.put)
    return heard


def next_of(heard, wait=5.0):
    return heard.get(timeout=wait)


def test_a_watcher_hears_its_subscription_take_effect_then_every_append_and_nothing_once_it_leaves(redis_client, own_client):
    log, g = RedisGameLog(redis_client), gid()
    channels = LiveChannels(own_client, ping_s=5)
    heard = watched(channels, log.live_channel(g))
    assert next_of(heard) is CONFIRMED
    log.append(g, DOCS[:1], 0, GENESIS)
    log.append(g, DOCS[1:], 1, log.head_hash(g))
    assert [parse(next_of(heard))[0], parse(next_of(heard))[0]] == [1, 2]
    channels.unwatch(log.live_channel(g), heard.put)
    time.sleep(0.2)
    log.append(g, DOCS[:1], 3, log.head_hash(g))
    time.sleep(0.5)
    assert heard.empty() and channels.watching() == 0


def test_a_channel_watched_once_the_reader_is_connected_is_subscribed_then_and_let_go_on_leaving(redis_client, own_client):
    log, games = RedisGameLog(redis_client), [gid(), gid()]
    channels = LiveChannels(own_client, ping_s=5)
    first = watched(channels, log.live_channel(games[0]))
    assert next_of(first) is CONFIRMED  # the reader is connected: the next watch is sent on its connection
    connected = _local_port(channels)
    second = watched(channels, log.live_channel(games[1]))
    assert next_of(second) is CONFIRMED
    assert _local_port(channels) == connected and first.empty()  # subscribed on it, not by connecting again
    log.append(games[1], DOCS[:1], 0, GENESIS)
    assert parse(next_of(second))[0] == 1
    channels.unwatch(log.live_channel(games[1]), second.put)
    deadline = time.monotonic() + 5
    while redis_client.pubsub_numsub(log.live_channel(games[1]))[0][1]:  # Redis itself no longer sends it here
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert redis_client.pubsub_numsub(log.live_channel(games[0]))[0][1] == 1


def test_the_reader_never_keeps_a_process_from_ending(own_client):
    """Its thread is a daemon: a process that watched a channel ends when its own work is done."""
    channels = LiveChannels(own_client, ping_s=5)
    channels.watch("game:{game:0123456789abcdef}:live:0", print)
    assert channels._reader.daemon is True


def test_a_channel_taken_by_a_new_watcher_stays_subscribed_when_the_old_one_leaves(redis_client, own_client):
    """A game's feed ends as a new one starts (a stream left, another came): the old feed's leaving must not
    unsubscribe the new one."""
    log, g = RedisGameLog(redis_client), gid()
    channels = LiveChannels(own_client, ping_s=5)
    old = watched(channels, log.live_channel(g))
    new = watched(channels, log.live_channel(g))
    channels.unwatch(log.live_channel(g), old.put)
    assert next_of(new) is CONFIRMED
    log.append(g, DOCS[:1], 0, GENESIS)
    deadline = time.monotonic() + 5
    while (message := next_of(new)) is CONFIRMED:  # (the old watcher's confirmation may come to the new one)
        assert time.monotonic() < deadline
    assert parse(message)[0] == 1


def _kill_connection(redis_client, channels):
    port = channels._connection._sock.getsockname()[1]
    assert redis_client.client_kill(f"127.0.0.1:{port}")


def test_after_its_connection_is_lost_every_watcher_hears_its_subscription_take_effect_again(redis_client, own_client):
    """What was published while no connection listened is lost: each watcher is told to read the log itself."""
    log, games = RedisGameLog(redis_client), [gid(), gid()]
    channels = LiveChannels(own_client, ping_s=5)
    heard = [watched(channels, log.live_channel(g)) for g in games]
    assert [next_of(h) for h in heard] == [CONFIRMED, CONFIRMED]
    _kill_connection(redis_client, channels)
    assert [next_of(h) for h in heard] == [CONFIRMED, CONFIRMED]
    log.append(games[1], DOCS[:1], 0, GENESIS)
    assert parse(next_of(heard[1]))[0] == 1 and heard[0].empty()


def test_a_silent_connection_is_given_up_and_made_again(redis_client, own_client):
    """A connection that answers no PING (a Redis gone without a word) is not waited on for ever."""
    log, g = RedisGameLog(redis_client), gid()
    channels = LiveChannels(own_client, ping_s=0.3)
    heard = watched(channels, log.live_channel(g))
    assert next_of(heard) is CONFIRMED
    first = _local_port(channels)
    time.sleep(1)  # quiet: PINGs answered, the connection kept
    assert _local_port(channels) == first and heard.empty()
    real_send = channels._send
    channels._send = lambda *command: None if command[0] == "PING" else real_send(*command)  # its PINGs go unanswered
    assert next_of(heard, wait=5) is CONFIRMED  # given up after two silent intervals, subscribed again
    assert _local_port(channels) != first


def _local_port(channels):
    return channels._connection._sock.getsockname()[1]


@pytest.mark.parametrize("channels, expected", [("&*", True), ("&game:*", True), ("&rq:*", False), ("", False)])
def test_whether_a_user_may_publish_on_game_channels_is_asked_of_redis(redis_client, redis_url, channels, expected):
    """The service asks once at start (service/operations/wiring.py): an ACL user without the game channels gets
    streams that read the log instead of a move refused."""
    user = f"live-{uuid.uuid4().hex[:8]}"
    redis_client.execute_command("ACL", "SETUSER", user, "on", ">pw", "~*", "resetchannels", *channels.split(), "+@all")
    try:
        client = redis.Redis.from_url(redis_url, username=user, password="pw")
        assert may_publish(client, RedisGameLog(client).live_channel(gid())) is expected
    finally:
        redis_client.execute_command("ACL", "DELUSER", user)


def test_a_redis_that_does_not_answer_is_not_taken_for_a_refusal():
    """Redis not up yet when a process starts: its appends publish (a refused PUBLISH never fails an append)."""
    assert may_publish(redis.Redis(port=free_port(), socket_connect_timeout=1), "game:{game:0000000000000000}:live:0")
